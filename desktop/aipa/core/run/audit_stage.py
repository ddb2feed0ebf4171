"""The audit stage of the directive pipeline: the auditor reads the deliverable and
writes a memo ending in a VERDICT line; the memo and verdict are checkpointed.

A memo without a VERDICT line (small models often drop it) gets a short second call
that may only answer one of the four verdicts (a constrained field); when even that is
unusable, the verdict is FLAG, the stage fell back, and the memo says why. ``NONE``
stays for an audit that did not run.

A run with checks (issue 31) is audited with one structured call instead
(``audit_checks``: verdict, memo and the judged checks' rubric); when that is unusable
the memo path above is the fallback. Then the rule, in code: a failed measured check
means the verdict is at most FLAG, and the memo lists the failed checks first."""

from __future__ import annotations

import logging

from aipa.core.checks.model import Check, CheckKind
from aipa.core.checks.rule import capped, memo_with_checks
from aipa.core.events import AuditReady
from aipa.core.kinds import MessageKind, Purpose, Role, Stage, Verdict
from aipa.core.material.grounding import Grounding
from aipa.core.run import audit_checks, prompts, told
from aipa.core.run.call_states import REASKED
from aipa.core.run.checks_stage import CheckStage
from aipa.core.run.runner import output_budget
from aipa.core.text.parsing import VERDICT_SCHEMA, parse_verdict, parse_verdict_reply

log = logging.getLogger("aipa.pipeline")

VERDICT_TOKENS = 24  # {"verdict": "PASS WITH NOTES"} and a little room
VERDICT_LINE_TOKENS = 16  # "VERDICT: PASS WITH NOTES" and the blank line before it
WORDS_PER_TOKEN = 0.6  # markdown prose: about 0.75 words a token, less for headings and marks


def memo_words(budget: int) -> int:
    """How many words the memo may take so the VERDICT line still fits the budget: a
    memo cut at its budget has no verdict line and needs the second, verdict-only call."""
    return max(40, int((budget - VERDICT_LINE_TOKENS) * WORDS_PER_TOKEN))


class AuditStage(CheckStage):
    """The audit; part of ``Pipeline``."""

    grounding: Grounding  # set by Pipeline (the Principal's material)

    async def _audit_stage(
        self, run, deliverable: str, revision: int, checks: list[Check] | None = None
    ) -> tuple[str, str]:
        saved = self.store.get_checkpoint(run.run_id, Stage.AUDIT)
        if saved:
            return saved["verdict"], saved["memo"]
        if not self.settings.auto_audit:
            return Verdict.NONE, ""
        await self._stage(run, Stage.AUDIT)
        checks = list(checks or [])
        # one structured call (verdict, memo, rubric) with checks or without (issue 32): the
        # memo and verdict-only calls are its fallback
        answer = await self._checked_audit(run, deliverable, revision, checks)
        verdict: Verdict
        if answer is None:
            verdict, memo = await self._memo_audit(run, deliverable, revision)
            rubric: dict = {}
        else:
            verdict, memo, rubric = answer
            if verdict == Verdict.NONE:  # a memo without a verdict: the short verdict-only call
                verdict, memo = await self._verdict_call(run, memo, revision)
        if checks:
            checks = self._answer_judged(run, checks, rubric, revision)
            given = verdict
            verdict = capped(verdict, checks)
            memo = memo_with_checks(memo, checks, verdict, given)
        self.store.save_checkpoint(
            run.run_id,
            Stage.AUDIT,
            {"verdict": verdict, "memo": memo, "revision": revision, **self._fallback_mark(run, Stage.AUDIT)},
        )
        self.store.update_run(run.run_id, verdict=verdict)
        self.store.add_message(
            run.session_id, Role.ASSISTANT, memo, agent=self.auditor.name, run_id=run.run_id, kind=MessageKind.AUDIT
        )
        self.emit(AuditReady(run.run_id, memo, verdict))
        return verdict, memo

    async def _checked_audit(self, run, deliverable: str, revision: int, checks: list[Check]):
        """One structured call: (verdict, memo, rubric), or None (the memo path follows)."""
        words = memo_words(output_budget(self.auditor, self.settings, Purpose.AUDIT))
        judged = [c.id for c in checks if c.kind == CheckKind.JUDGED]
        text = audit_checks.prompt(run.directive, deliverable, checks, words=words, cut=self._deliverable_cut())
        text += self.grounding.audit_note(run.session_id, deliverable)
        return await self._structured(
            run,
            self.auditor,
            text,
            audit_checks.schema(judged, words),
            Purpose.AUDIT,
            lambda out: audit_checks.parse(out, judged),
            {"directive": run.directive, "checks": "yes" if checks else "no"},
            revision=revision,
            words=told.CHECKED,
        )

    def _deliverable_cut(self) -> bool:
        """Whether the synthesis (or direct answer) was cut at its limit: the auditor is told."""
        return bool({str(Purpose.SYNTHESIZE), str(Purpose.DIRECT)} & set(self.calls.cut))

    async def _memo_audit(self, run, deliverable: str, revision: int) -> tuple[Verdict, str]:
        """Today's audit: a prose memo ending in a VERDICT line (a verdict-only call when it has none)."""
        words = memo_words(output_budget(self.auditor, self.settings, Purpose.AUDIT))
        text = prompts.audit(run.directive, deliverable, words=words, cut=self._deliverable_cut())
        text += self.grounding.audit_note(run.session_id, deliverable)
        memo = await self._prose(
            run,
            self.auditor,
            text,
            Purpose.AUDIT,
            tags={"directive": run.directive},
            revision=revision,
        )
        if not memo.strip():
            self._fell_back(run, Purpose.AUDIT, "empty reply twice", agent=self.auditor.name, cause=told.EMPTY)
            said = told.fell_back(self.auditor.name, Purpose.AUDIT, told.EMPTY)
            verdict = Verdict.FLAG
            memo = f"({said})\n\nVERDICT: {verdict}"
        else:
            verdict = parse_verdict(memo)
        if verdict == Verdict.NONE:
            verdict, memo = await self._verdict_call(run, memo, revision)
        return verdict, memo

    async def _verdict_call(self, run, memo: str, revision: int) -> tuple[Verdict, str]:
        """The memo has no VERDICT line: ask for the verdict alone; the memo gets the line."""
        log.info("run %s: the audit memo has no VERDICT line; asking for the verdict alone", run.run_id)
        verdict = await self._structured(
            run,
            self.auditor,
            prompts.verdict(memo),
            VERDICT_SCHEMA,
            Purpose.AUDIT,
            parse_verdict_reply,
            {"directive": run.directive, "verdict": "yes"},
            revision=revision,
            max_tokens=VERDICT_TOKENS,
            words=told.VERDICT,
            system=prompts.verdict_system(self.auditor.name),
        )
        if verdict is None:  # _structured said it fell back (a notice in people's words)
            said = told.no_verdict(self.auditor.name)
            return Verdict.FLAG, memo.rstrip() + f"\n\n({said})\n\nVERDICT: FLAG"
        self._mark(run, str(Purpose.AUDIT), REASKED)
        return verdict, memo.rstrip() + f"\n\nVERDICT: {verdict}"
