"""The checks' door (``core.checks``): what the window's routing card and review card
need of a run's checks (issue 31), Qt-free. The live view comes from the events
(``ChecksSet`` after routing, ``ChecksMeasured`` after each measuring, ``Revising`` when
a deliverable goes back); this door reads and edits the stored list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aipa.core.checks.model import Check, CheckSource

if TYPE_CHECKING:
    from aipa.core.parts import Parts

_ORDER = {False: 0, None: 1, True: 2}
SENT_BACK = (
    "revised"  # the checkpoint of a run whose work went back (run/checks_stage.REVISED: run imports checks, not back)
)


class ChecksDoor:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def of_run(self, run_id: str) -> list[Check]:
        """The run's checks in their order ([] for a run without any)."""
        return [Check.from_dict(d) for d in self._parts.store.checks(run_id)]

    def preview(self, directive: str, added: tuple[str, ...] = (), removed: tuple[str, ...] = ()) -> list[Check]:
        """The checks a directive would get before it is sent (the finder's and the
        Principal's; the router's proposals come with routing)."""
        from aipa.core.checks.find import find_checks
        from aipa.core.checks.merge import merge

        return merge(find_checks(directive), (), added, removed)

    def edit(self, run_id: str, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> list[Check]:
        """The Principal adds ("must mention the deposit") or removes (by id) checks of a
        routed run; the measuring after synthesis uses the edited list. Returns it."""
        from aipa.core.checks.merge import merge

        current = self.of_run(run_id)
        kept = [c for c in current if c.id not in set(remove)]
        edited = merge(kept, (), add)
        self._parts.store.save_checks(run_id, [c.to_dict() for c in edited])
        return edited

    def sent_back(self, run_id: str) -> list[list[str]]:
        """The automatic rounds before ``run_id`` in its family: each round's failed check
        ids ([] for a round only the audit's FLAG sent back), oldest first."""
        store = self._parts.store
        rounds: list[list[str]] = []
        for revision in store.revisions(run_id):
            if revision.run_id == run_id:
                break
            sent = store.get_checkpoint(revision.run_id, SENT_BACK)
            if sent:
                rounds.append([str(i) for i in sent.get("failed", [])])
        return rounds

    def suite(self, path: str | None = None, limit: int | None = None):
        """The ``aipa eval`` suite at ``path`` (the shipped one when None), its first
        ``limit`` directives. Raises UsageError (exit 2) for a file that is wrong."""
        from aipa.core.checks.eval_suite import load

        return load(path).limited(limit)

    async def evaluate(self, suite, arms: tuple[str, ...], progress=None):
        """``aipa eval``: every directive of ``suite`` in each arm (single, team, checked)
        on the same model, in a temporary database (never the session history); a
        ``Report`` (figures per arm, a Markdown table, JSON). core/checks/eval_run.py."""
        from aipa.core.checks.eval_run import Evaluation

        return await Evaluation(self._parts, suite, arms, progress).run()

    @staticmethod
    def arms(text: str) -> tuple[str, ...]:
        """``--arms single,team,checked`` read (UsageError for an unknown arm)."""
        from aipa.core.checks.eval_run import parse_arms

        return parse_arms(text)

    @staticmethod
    def failed_first(checks: list[Check]) -> list[Check]:
        """The review card's order: failed, then unanswered, then passed (stable)."""
        return sorted(checks, key=lambda c: _ORDER[c.passed])

    @staticmethod
    def line(check: Check) -> str:
        """One check for people: "✗ bullets (Use exactly 3 bullet points): 0 bullet points; 3 asked"."""
        from aipa.core.checks.rule import line

        return line(check)

    @staticmethod
    def revising_words(failed_ids: list[str]) -> str:
        """ "revising: 2 checks failed: bullets, ending"."""
        from aipa.core.checks.rule import revising_words

        return revising_words(failed_ids)

    @staticmethod
    def principal(checks: list[Check]) -> list[Check]:
        return [c for c in checks if c.source == CheckSource.PRINCIPAL]
