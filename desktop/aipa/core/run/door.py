"""The runs' door (``core.runs``): a session's runs and one run's record, its
revisions, tasks, model calls, raw replies, timeline, cost and usage, and which run
waits to be resumed or answered. Read from the store at call time; running a
directive is the ``Team``'s (core/facade.py)."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

from aipa.core.run import raw_replies as raw_record
from aipa.core.run import revisions as family

if TYPE_CHECKING:
    from aipa.core.parts import Parts
    from aipa.core.run.history import ListedRun
    from aipa.core.run.questions_waiting import QuestionsWaiting
    from aipa.core.run.trace import Trace
    from aipa.core.text.diff import Comparison
    from aipa.store.records import RunRecord

WAITING = ("suspended", "interrupted", "failed")  # a directive run in one of these can be resumed


class RunsDoor:
    """The runs of the store ``parts`` holds (``core.runs.get(run_id)``). ``list`` is a
    method here, so the other annotations name ``builtins.list``."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    @property
    def _store(self):
        return self._parts.store

    # --- the runs and one run ------------------------------------------------------------

    def list(self, session_id: str | None, limit: int = 100) -> builtins.list[RunRecord]:
        """The session's runs, newest first (none for no session)."""
        return self._store.list_runs(limit=limit, session_id=session_id) if session_id else []

    def get(self, run_id: str | None) -> RunRecord | None:
        return self._store.get_run(run_id) if run_id else None

    def history(self, limit: int) -> builtins.list[ListedRun]:
        """The latest runs of every session, each with its clarify gate (``aipa runs``)."""
        from aipa.core.run.history import listing

        return listing(self._store, self._parts.settings, limit)

    def resume_route(self, run_id: str | None) -> tuple[str, str, str] | None:
        """Put in force, for the resume of ``run_id``, the (provider, model, base URL) it
        was started with where this command line gave none; returns them (None: unchanged)."""
        from aipa.core.run.history import resume_route

        given = self._parts.providers.override
        route = resume_route(self.get(run_id), (given.provider, given.model, given.base_url))
        if route is not None:
            self._parts.providers = self._parts.providers.routed(type(given)(*route, send_key=given.send_key))
        return route

    def last_id(self, session_id: str | None) -> str | None:
        """The id of the session's latest run (None: no run yet)."""
        runs = self.list(session_id, limit=1)
        return runs[0].run_id if runs else None

    def waiting(self, session_id: str | None) -> str | None:
        """The session's latest directive run that can be resumed."""
        for run in self.list(session_id, limit=50):
            if run.status in WAITING and run.kind == "directive":
                return run.run_id
        return None

    def pending_question(self, session_id: str | None) -> str | None:
        """The directive run of the session whose clarifying questions are unanswered, or
        whose questions the ``proceed`` deadline policy answered while it waited (it goes
        on by itself when the window opens); a plan's questions belong to its plan window."""
        if not session_id:
            return None
        for question in self._store.pending_questions(session_id):
            run = self._store.get_run(question.run_id)
            if run is not None and run.kind == "directive":
                return run.run_id
        from aipa.core.run.clarify import goes_on_by_itself

        waiting = self.waiting(session_id)  # its deadline passed while it was closed (`aipa runs` applied it)
        return waiting if waiting and goes_on_by_itself(self._store, waiting) else None

    def questions_waiting(self, limit: int = 20) -> builtins.list[QuestionsWaiting]:
        """Every session's directive runs that wait for answers to their questions, with
        those questions, the latest asked first (the Inbox; core/run/questions_waiting.py)."""
        from aipa.core.run.questions_waiting import questions_waiting

        return questions_waiting(self._store, limit)

    def audit_target(self, session_id: str | None):
        """The session's latest run with a deliverable, for ``/audit``."""
        from aipa.core.run.reaudit import audit_target

        return audit_target(self._store, session_id)

    # --- revisions -----------------------------------------------------------------------

    def revisions(self, run_id: str) -> builtins.list[RunRecord]:
        """Every revision of the run ``run_id`` belongs to, oldest first ([] for no such run)."""
        return self._store.revisions(run_id) if self._store.get_run(run_id) else []

    def families(self, session_id: str) -> dict[str, tuple[str, ...]]:
        """Each run of the session -> the run ids of its revisions, oldest first."""
        return family.families(self._store, session_id)

    def shown_revision(self, run_id: str) -> str:
        """The revision of ``run_id``'s family the window shows (the latest unless one was chosen)."""
        return family.shown(self._store, run_id)

    def show_revision(self, run_id: str) -> None:
        """Show the revision ``run_id`` of its family from now on (it survives a restart)."""
        family.show(self._store, run_id)

    def compare(self, old_run: str, new_run: str) -> Comparison:
        """Two revisions' deliverables word by word (``core/text/diff.Comparison``)."""
        from aipa.core.text.diff import compare

        old, new = self._store.get_run(old_run), self._store.get_run(new_run)
        return compare((old.deliverable or "") if old else "", (new.deliverable or "") if new else "")

    # --- what a run did and cost ---------------------------------------------------------

    def tasks(self, run_id: str | None) -> builtins.list:
        return self._store.tasks(run_id) if run_id else []

    def call_states(self, run_id: str) -> dict:
        """Each model call of the run: ok, re-asked or fell back, and the replies cut at their budget."""
        from aipa.core.run import call_states

        return call_states.of_run(self._store, run_id)

    def raw_replies(self, run_id: str | None) -> builtins.list[raw_record.RawReply]:
        """What each agent of the run replied, unparsed, in order (``/debug``)."""
        return raw_record.of_run(self._store, run_id)

    def trace(self, run_id: str) -> Trace | None:
        """The run as a timeline (``core/run/trace.Trace``; None: no such run)."""
        from aipa.core.run import trace

        return trace.of_run(self._store, run_id)

    def cost(self, run_id: str) -> dict:
        """What the run cost: tokens, seconds, money; per stage, lead and revision."""
        from aipa.core.run import cost

        return cost.summary(self._store.calls(run_id=run_id), tasks=self._store.tasks(run_id))

    def usage(self, run_id: str) -> dict:
        """The run's token and call totals (``input_tokens``, ``output_tokens``, …)."""
        return self._store.usage_totals(run_id=run_id)
