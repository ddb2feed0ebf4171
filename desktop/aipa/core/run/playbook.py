"""What every playbook shares (ARCHITECTURE §1): run status transitions, stages and their
checkpoints, fallbacks, structured calls with parse → re-ask → fallback, prose calls,
the gates. The directive pipeline and the planning playbook build on it.
"""

from __future__ import annotations

import asyncio
import logging
import os

from aipa import errors
from aipa.core.config.secrets import redact
from aipa.core.config.settings import Settings, SettingsSource, as_source
from aipa.core.events import (
    EventSink,
    Notice,
    ReviewDecided,
    RunFailed,
    RunStarted,
    RunSuspended,
    StageStarted,
)
from aipa.core.kinds import Action, Level, MessageKind, NoticeKind, Role, RunStatus, Stage
from aipa.core.run import agent_history
from aipa.core.run.call_states import CallStates
from aipa.core.run.playbook_calls import FALLBACKS, PlaybookCalls
from aipa.core.run.reviewer import Decision, Reviewer, ReviewItem, log_gate
from aipa.core.run.runner import Runner
from aipa.core.run.tools import ToolRegistry
from aipa.core.session.closing import session_title
from aipa.core.session.memory import StandingBrief
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import AgentDef
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")


class Suspend(Exception):
    """A gate left the run waiting for the Principal."""


class Rejected(Exception):
    """The Principal rejected at a gate."""


class Playbook(PlaybookCalls):
    """Base of the playbooks. Subclasses set ``kind`` and ``resume_command`` and
    implement ``_stages(run)``, ``_result(run_id, status)`` and ``_finished(result)``."""

    kind = ""
    resume_command = "aipa run --resume"

    def __init__(
        self,
        *,
        store,
        agents: AgentRegistry,
        settings: Settings | SettingsSource,
        runner: Runner,
        reviewer: Reviewer,
        emit: EventSink,
        tools: ToolRegistry | None = None,
        brief: StandingBrief | None = None,
    ) -> None:
        self.store = store
        self.agents = agents
        self.settings_source = as_source(settings)
        self.runner = runner
        self.reviewer = reviewer
        self.emit = emit
        self.tools = tools
        self.brief = brief or StandingBrief(store, lambda: self.settings.brief_retention)
        self._fallbacks: list[str] = []
        self._fallback_reasons: dict[Stage, list[str]] = {}  # not yet written to the stage's checkpoint
        self._budget_lock = asyncio.Lock()  # parallel leads: one asks at the budget gate, the others wait
        runner.before_call = self._budget_gate
        self._unfit: set[str] = set()  # prose calls whose request did not fit the context
        self.calls = CallStates()  # how each call went (ok, re-asked, fell back) and which were cut

    @property
    def settings(self) -> Settings:
        """The settings in force now (read at each use: a change reaches the next stage)."""
        return self.settings_source.current

    @settings.setter
    def settings(self, value: Settings) -> None:  # puts them in force (not saved)
        self.settings_source.use(value)

    # --- roles ------------------------------------------------------------------------

    @property
    def orchestrator(self) -> AgentDef:
        return self.agents.get(self.settings.roles["orchestrator"])

    @property
    def auditor(self) -> AgentDef:
        return self.agents.get(self.settings.roles["auditor"])

    def leads(self) -> list[AgentDef]:
        return self.agents.leads(self.settings.roles)

    # --- runs -------------------------------------------------------------------------

    def _start(self, text: str, session_id: str | None) -> str:
        """Create the session (if needed) and the run; returns the run id."""
        session_id = session_id or self.store.create_session(session_title(text))
        run_id = self.store.create_run(session_id, text, kind=self.kind, pid=os.getpid())
        self.store.claim_run(run_id)
        self.store.add_message(
            session_id, Role.USER, text, agent=self.orchestrator.name, run_id=run_id, kind=MessageKind.DIRECTIVE
        )
        self.emit(RunStarted(run_id, session_id, text))
        return run_id

    async def resume(self, run_id: str):
        run = self.store.get_run(run_id)
        if run is None:
            raise errors.UsageError(f"no run {run_id}", "list runs with `aipa runs`")
        if run.kind != self.kind:
            raise errors.UsageError(f"run {run_id} is a {run.kind} run", "resume it with the matching command")
        if run.status in (RunStatus.DONE, RunStatus.REJECTED):
            raise errors.UsageError(f"run {run_id} is already {run.status}", "start a new run instead")
        self.store.claim_run(run_id)  # one process drives a run: refuses if another one does
        now = self.store.get_run(run_id).status
        if now in (RunStatus.DONE, RunStatus.REJECTED):  # finished while we waited for it
            self.store.release_run(run_id)
            raise errors.UsageError(f"run {run_id} is already {now}", "start a new run instead")
        self.store.update_run(run_id, status=RunStatus.RUNNING, pid=os.getpid(), error="")
        self.emit(RunStarted(run_id, run.session_id, run.directive, resumed=True))
        return await self._drive(run_id)

    async def _drive(self, run_id: str):
        self.agents.reload_if_changed()  # edits to agent files apply to the next run
        run = self.store.get_run(run_id)
        saved = self.store.get_checkpoint(run_id, FALLBACKS)
        self._fallbacks = list(saved.get("stages", [])) if saved else []
        self._fallback_reasons = {Stage(k): v for k, v in (saved or {}).get("pending", {}).items()}
        self.calls = CallStates(saved)
        try:
            suspended = await self._drive_stages(run_id, run)
            if suspended is not None:
                return suspended
            review = self.store.get_checkpoint(run_id, Stage.REVIEW) or {}
            status = RunStatus.REJECTED if review.get("action") == Action.REJECT else RunStatus.DONE
            result = self._result(run_id, status)
            self._finished(result)
            return result
        finally:
            self.store.release_run(run_id)

    async def _drive_stages(self, run_id: str, run):
        try:
            try:
                await self._stages(run)
            except BaseExceptionGroup as group:  # parallel leads: the first reason that has a message
                raise _first_reason(group) from None
        except Suspend as exc:
            if self._owns(run_id):
                self.store.update_run(run_id, status=RunStatus.SUSPENDED)
            self.emit(RunSuspended(run_id, str(exc)))
            return self._result(run_id, RunStatus.SUSPENDED)
        except Rejected:
            pass
        except asyncio.CancelledError:
            if self._owns(run_id):
                self.store.update_run(run_id, status=RunStatus.INTERRUPTED, error="stopped by the Principal")
            self.emit(RunFailed(run_id, "stopped", f"continue with `{self.resume_command} {run_id}`", "cancelled"))
            raise
        except errors.AlreadyAnswered:
            # Another answer won. Nobody drives the run: it waits with that answer, not
            # failed. The winner drives it: leave it to them. The caller tells the Principal.
            if self._owns(run_id):
                self.store.update_run(run_id, status=RunStatus.SUSPENDED)
            raise
        except errors.DiskFullError as exc:
            hint = f"free some space on that disk, then continue with `{self.resume_command} {run_id}`"
            hint += " (nothing saved is lost)"
            if self._owns(run_id):
                self.store.interrupt_on_full_disk(run_id, exc.message)
            self.emit(RunFailed(run_id, exc.message, hint, exc.kind))
            raise errors.DiskFullError(exc.message, hint) from None
        except errors.AipaError as exc:
            if self._owns(run_id):  # an error may echo a key
                self.store.update_run(run_id, status=RunStatus.FAILED, error=redact(str(exc)))
            self.emit(RunFailed(run_id, redact(exc.message), redact(exc.hint), exc.kind))
            raise
        except Exception as exc:  # a bug: record it, keep the run resumable
            log.exception("run %s crashed", run_id)
            if self._owns(run_id):
                self.store.update_run(run_id, status=RunStatus.FAILED, error=redact(f"internal error: {exc!r}"))
            self.emit(RunFailed(run_id, f"internal error: {exc!r}", "see the log file"))
            raise

    def _claim_again(self, run_id: str) -> None:
        """Drive the run again after a person answered (another process may have resumed
        it meanwhile: the run names this process again, or its end would read as a crash)."""
        self.store.claim_run(run_id)
        self.store.update_run(run_id, status=RunStatus.RUNNING, pid=os.getpid())

    def _owns(self, run_id: str) -> bool:
        """Whether this process drives the run, claiming it when nobody does. While a
        person is asked at the clarify gate nobody does, and another front end (the
        window, a terminal) may have taken the run over: its state is theirs to write."""
        if self.store.holds_run(run_id):
            return True
        try:
            self.store.claim_run(run_id)
        except errors.RunBusyError:
            return False
        return True

    async def _stages(self, run) -> None:
        raise NotImplementedError

    def _result(self, run_id: str, status: RunStatus):
        raise NotImplementedError

    def _finished(self, result) -> None:
        raise NotImplementedError

    async def _gate(self, run, item: ReviewItem) -> Decision:
        """Ask the Principal; record the decision. None from the reviewer suspends."""
        await asyncio.sleep(0)  # the stage's result reaches a window before the gate asks about it
        decision = await self.reviewer.review(item)
        log_gate(item.stage, decision.action if decision is not None else "suspended", run.run_id)
        if decision is None:
            raise Suspend(f"waiting for the Principal to review: {item.title}")
        self.store.add_review(run.run_id, item.stage, decision.action, decision.feedback)
        self.emit(ReviewDecided(run.run_id, item.stage, decision.action, decision.feedback))
        return decision

    async def _budget_gate(self, run_id: str) -> None:
        """Before a call that would pass the run's budget (``run_budget``, ``--budget``):
        a gate. The next call is taken to cost what the run's priciest call so far did.
        Accept lets the run spend a budget more; Reject ends it; no answer suspends it."""
        from aipa.core.run import cost

        budget = self.settings.run_budget
        if not budget:
            return
        async with self._budget_lock:
            calls = self.store.calls(run_id=run_id)
            spent = cost.spent(calls)
            allowed = max(budget, (self.store.get_checkpoint(run_id, Stage.BUDGET) or {}).get("allowed", 0.0))
            next_call = max((c.cost or 0.0 for c in calls), default=0.0)
            if spent + next_call <= allowed + 1e-12:
                return
            run = self.store.get_run(run_id)
            text = f"this run has spent {cost.money(spent)} of {cost.money(allowed)}; continue?"
            fields: dict[str, str | int] = {"spent": cost.money(spent), "allowed": cost.money(allowed)}
            self.emit(Notice(run_id, Level.WARNING, f"budget: {text}", kind=NoticeKind.BUDGET, fields=fields))
            decision = await self._gate(run, ReviewItem(run_id, Stage.BUDGET, "Budget", text))
            if decision.action == Action.REJECT:
                self.store.save_checkpoint(run_id, Stage.REVIEW, {"action": Action.REJECT})
                raise Rejected()
            self.store.save_checkpoint(run_id, Stage.BUDGET, {"allowed": spent + budget})

    # --- stages and calls ---------------------------------------------------------------

    async def _stage(self, run, stage: Stage) -> None:
        await asyncio.sleep(0)  # the last stage's results reach a window before the next one starts
        self.store.update_run(run.run_id, stage=stage)
        self.emit(StageStarted(run.run_id, stage))

    def messages_for(self, agent: AgentDef, session_id: str, text: str, *, with_brief=False) -> list[Message]:
        """What ``agent`` is sent for ``text`` in the session (agent_history.py)."""
        exchanges = self.settings.history_exchanges
        return agent_history.messages_for(
            self.store, self.brief, exchanges, agent, session_id, text, with_brief=with_brief
        )


def _first_reason(group: BaseExceptionGroup) -> BaseException:
    """The first member of ``group`` that says what went wrong (an ``AipaError``, a
    suspension), else the group itself."""
    for item in group.exceptions:
        found = _first_reason(item) if isinstance(item, BaseExceptionGroup) else item
        if isinstance(found, (errors.AipaError, Suspend)):
            return found
    return group
