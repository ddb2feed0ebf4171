"""Checked work in the directive pipeline (issue 31): the run's checks are set after
routing (the finder's, the router's proposals, the Principal's), measured on each
deliverable, answered (the judged ones) by the audit, and a deliverable that fails a
measured check goes back to the orchestrator as the run's next revision, at most
``revise_rounds`` times. Part of ``Pipeline``.

Checkpoints: ``checks_asked`` (the Principal's own checks and removals, saved when the
run starts), ``checks_round`` (on a revision this loop made: which round it is),
``revised`` (on a run whose deliverable went back: the round, the failed ids, the
feedback and, once made, the next run's id)."""

from __future__ import annotations

import logging
from dataclasses import replace

from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure_all
from aipa.core.checks.merge import merge
from aipa.core.checks.model import Check, CheckKind, CheckSource, failed, number
from aipa.core.checks.rule import feedback, revising_words
from aipa.core.events import ChecksMeasured, ChecksSet, Notice, Revising, RunStarted
from aipa.core.kinds import Level, NoticeKind, RunStatus, Stage, Verdict
from aipa.core.material.cited_numbers import unsupported
from aipa.core.material.grounding import Grounding
from aipa.core.run.playbook import Playbook

log = logging.getLogger("aipa.pipeline")

ASKED = "checks_asked"
ROUND = "checks_round"
REVISED = "revised"
CITED_TEXT = "numbers in cited claims appear in the cited passage"


class CheckStage(Playbook):
    """Set, measure and answer the checks; send a failing deliverable back."""

    grounding: Grounding  # set by Pipeline (the Principal's material)

    def ask_checks(self, run_id: str, texts: list[str] | tuple[str, ...] = (), removed=()) -> None:
        """The Principal's own checks for a run not yet routed (``aipa run --check``)."""
        self.store.save_checkpoint(run_id, ASKED, {"principal": list(texts), "removed": list(removed)})

    def run_checks(self, run_id: str) -> list[Check]:
        return [Check.from_dict(d) for d in self.store.checks(run_id)]

    def _set_checks(self, run, proposed: tuple[str, ...] | list[str]) -> list[Check]:
        saved = self.run_checks(run.run_id)
        if saved:
            return saved
        parent = self.store.get_run(run.parent_id) if run.parent_id else None
        if parent is not None and parent.directive == run.directive and self.store.checks(parent.run_id):
            checks = [replace(c, passed=None, detail="") for c in self.run_checks(parent.run_id)]
            checks = [c for c in checks if c.kind != CheckKind.CITED_NUMBERS]  # measured again when cited
        else:
            asked = self.store.get_checkpoint(run.run_id, ASKED) or {}
            checks = merge(find_checks(run.directive), proposed, asked.get("principal", ()), asked.get("removed", ()))
        self.store.save_checks(run.run_id, [c.to_dict() for c in checks])
        self.emit(ChecksSet(run.run_id, tuple(c.to_dict() for c in checks)))
        return checks

    def _measure_checks(self, run, deliverable: str, revision: int) -> list[Check]:
        checks = [c for c in self.run_checks(run.run_id) if c.kind != CheckKind.CITED_NUMBERS]
        checks = measure_all(checks, deliverable)
        cited = self._cited_numbers(run, deliverable)
        if cited is not None:
            checks.append(cited)
        checks = number(checks)
        self.store.save_checks(run.run_id, [c.to_dict() for c in checks])
        self.emit(ChecksMeasured(run.run_id, revision, tuple(c.to_dict() for c in checks)))
        return checks

    def _cited_numbers(self, run, deliverable: str) -> Check | None:
        """The measured citation audit, when the deliverable cites the Principal's material."""

        def passage(name: str, place: str) -> str:
            return "\n".join(e.text for e in self.grounding.at(run.session_id, name, place))

        try:
            checked, problems = unsupported(deliverable, passage)
        except Exception:
            log.warning("run %s: the cited numbers could not be checked", run.run_id, exc_info=True)
            return None
        if not checked:
            return None
        detail = f"{checked} number{'s' if checked != 1 else ''} checked"
        detail += f"; {len(problems)} not in the cited passage: " + "; ".join(problems) if problems else ", all found"
        check = Check("", CITED_TEXT, CheckKind.CITED_NUMBERS, CheckSource.DIRECTIVE)
        return check.with_result(not problems, detail)

    def _answer_judged(self, run, checks: list[Check], rubric: dict[str, tuple[bool, str]], revision: int):
        """The auditor's answers on the judged checks (``rubric``: id -> (met, reason))."""
        if not any(c.kind == CheckKind.JUDGED for c in checks):
            return checks
        answered = [
            c.with_result(rubric[c.id][0], rubric[c.id][1]) if c.kind == CheckKind.JUDGED and c.id in rubric else c
            for c in checks
        ]
        self.store.save_checks(run.run_id, [c.to_dict() for c in answered])
        self.emit(ChecksMeasured(run.run_id, revision, tuple(c.to_dict() for c in answered)))
        return answered

    # --- sent back, bounded -------------------------------------------------------------

    def _revise_round(self, run) -> int:
        return int((self.store.get_checkpoint(run.run_id, ROUND) or {}).get("round", 0))

    def _send_back(self, run, checks: list[Check], verdict: str, memo: str) -> bool:
        """Whether the deliverable goes back (then the ``revised`` checkpoint says how):
        a measured check failed, or (with every measured check passing there is nothing
        to fix, so only without measured checks) the auditor's own verdict is FLAG (not
        the FLAG of an audit that fell back: a model that cannot audit cannot say what to
        fix); at most ``revise_rounds`` rounds; not past the run's budget."""
        bad = failed(checks)
        measured = [c for c in checks if c.measured]
        audit = self.store.get_checkpoint(run.run_id, Stage.AUDIT) or {}
        flagged = verdict == Verdict.FLAG and not measured and not audit.get("fallback")
        if not bad and not flagged:
            return False
        done = self._revise_round(run)
        if done >= self.settings.revise_rounds:
            if self.settings.revise_rounds:
                ids = ", ".join(c.id for c in bad) or str(verdict)
                text = f"not revising again: {done} rounds done ({ids})"
                fields: dict[str, str | int] = {"rounds": done, "ids": ids}
                self.emit(Notice(run.run_id, Level.INFO, text, kind=NoticeKind.NOT_REVISING_AGAIN, fields=fields))
            return False
        if self._family_spent(run):
            text = "not revising: the run's budget is spent"
            self.emit(Notice(run.run_id, Level.WARNING, text, kind=NoticeKind.NOT_REVISING_BUDGET))
            return False
        self.store.save_checkpoint(
            run.run_id,
            REVISED,
            {"round": done + 1, "failed": [c.id for c in bad], "feedback": feedback(checks, verdict, memo)},
        )
        return True

    def _family_spent(self, run) -> bool:
        from aipa.core.run import cost

        budget = self.settings.run_budget
        if not budget:
            return False
        spent = sum(cost.spent(self.store.calls(run_id=r.run_id)) for r in self.store.revisions(run.run_id))
        return spent >= budget

    def _next_revision(self, run_id: str) -> str | None:
        """The revision that follows a run sent back (made now if it is not yet), announced."""
        from aipa.core.run import rerun

        sent = self.store.get_checkpoint(run_id, REVISED)
        if not sent:
            return None
        if sent.get("to"):  # made before (a process stopped between the two): drive it if it is not finished
            made = self.store.get_run(sent["to"])
            return None if made is None or made.status in (RunStatus.DONE, RunStatus.REJECTED) else made.run_id
        request = rerun.RerunRequest(stage="synthesize", feedback=(sent["feedback"],))
        new_id = rerun.prepare(self.store, run_id, request)
        self.store.save_checkpoint(new_id, ROUND, {"round": sent["round"]})
        self.store.save_checkpoint(run_id, REVISED, {**sent, "to": new_id})
        used = self.store.usage_totals(run_id=run_id)
        tokens = used.get("input_tokens", 0) + used.get("output_tokens", 0)
        self.emit(revising_notice(run_id, sent["failed"], sent["round"], self.settings.revise_rounds, tokens))
        self.emit(Revising(run_id, sent["round"], tuple(sent["failed"]), new_id))
        return new_id

    async def _follow(self, result):
        """Drive the revisions a run was sent back into, one after another; the result
        is the last revision's, with every revision's record (``RunResult.revisions``)."""
        history = [self._revision_entry(result)]
        while result.status == RunStatus.DONE:
            new_id = self._next_revision(result.run_id)
            if new_id is None:
                break
            self.store.claim_run(new_id)
            run = self.store.get_run(new_id)
            self.emit(RunStarted(new_id, run.session_id, run.directive))
            result = await self._drive(new_id)
            history.append(self._revision_entry(result))
        return replace(result, revisions=history if len(history) > 1 else [])

    def _revision_entry(self, result) -> dict:
        run = self.store.get_run(result.run_id)
        sent = self.store.get_checkpoint(result.run_id, REVISED) or {}
        return {
            "run_id": result.run_id,
            "revision": run.revision if run else 1,
            "verdict": result.verdict,
            "failed": [  # the measured checks it failed (a judged one never sends it back)
                c["id"] for c in self.store.checks(result.run_id) if c.get("passed") is False and c["kind"] != "judged"
            ],
            "sent_back": bool(sent),
            "usage": self.store.usage_totals(run_id=result.run_id),
        }


def revising_notice(run_id: str, failed_ids: list[str], round_: int, rounds: int, tokens: int) -> Notice:
    """The deliverable goes back: which checks failed (none: the audit flagged it), the
    round of how many, the tokens the revision used."""
    text = f"{revising_words(failed_ids)} (round {round_} of {rounds}; this revision used {tokens} tokens)"
    fields: dict[str, str | int] = {"round": round_, "rounds": rounds, "tokens": tokens}
    if not failed_ids:
        return Notice(run_id, Level.INFO, text, kind=NoticeKind.REVISING_FLAGGED, fields=fields)
    fields |= {"count": len(failed_ids), "ids": ", ".join(failed_ids)}
    return Notice(run_id, Level.INFO, text, kind=NoticeKind.REVISING_CHECKS, fields=fields)
