"""What every playbook shares (DESIGN §1): run status transitions, stages and their
checkpoints, fallbacks, structured calls with parse → re-ask → fallback, prose calls,
the gates. The directive pipeline and the planning playbook build on it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable

from aipa import errors
from aipa.core import prompts
from aipa.core.agents import AgentDef, AgentRegistry
from aipa.core.events import EventSink, Notice, ReviewDecided, RunFailed, RunStarted, RunSuspended, StageStarted
from aipa.core.memory import StandingBrief
from aipa.core.parsing import ParseError
from aipa.core.reviewer import Decision, Reviewer, ReviewItem
from aipa.core.runner import Runner
from aipa.core.secrets import redact
from aipa.core.settings import Settings
from aipa.core.tools import ToolRegistry
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")

REASK_ECHO = 400  # characters of an invalid reply quoted back in the re-ask

HISTORY_KINDS = {"directive", "deliverable", "brief", "task_output", "chat"}


class Suspend(Exception):
    """A gate left the run waiting for the Principal."""


class Rejected(Exception):
    """The Principal rejected at a gate."""


class Playbook:
    """Base of the playbooks. Subclasses set ``kind`` and ``resume_command`` and
    implement ``_stages(run)``, ``_result(run_id, status)`` and ``_finished(result)``."""

    kind = ""
    resume_command = "aipa run --resume"

    def __init__(
        self,
        *,
        store,
        agents: AgentRegistry,
        settings: Settings,
        runner: Runner,
        reviewer: Reviewer,
        emit: EventSink,
        tools: ToolRegistry | None = None,
        brief: StandingBrief | None = None,
    ) -> None:
        self.store = store
        self.agents = agents
        self.settings = settings
        self.runner = runner
        self.reviewer = reviewer
        self.emit = emit
        self.tools = tools
        self.brief = brief or StandingBrief(store, settings.brief_retention)
        self._fallbacks: list[str] = []

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
        session_id = session_id or self.store.create_session(text[:80])
        run_id = self.store.create_run(session_id, text, kind=self.kind, pid=os.getpid())
        self.store.claim_run(run_id)
        self.store.add_message(session_id, "user", text, agent=self.orchestrator.name, run_id=run_id, kind="directive")
        self.emit(RunStarted(run_id, session_id, text))
        return run_id

    async def resume(self, run_id: str):
        run = self.store.get_run(run_id)
        if run is None:
            raise errors.UsageError(f"no run {run_id}", "list runs with `aipa runs`")
        if run.kind != self.kind:
            raise errors.UsageError(f"run {run_id} is a {run.kind} run", "resume it with the matching command")
        if run.status == "done":
            raise errors.UsageError(f"run {run_id} is already done", "start a new run instead")
        self.store.claim_run(run_id)  # one process drives a run: refuses if another one does
        if self.store.get_run(run_id).status == "done":  # finished while we waited for it
            self.store.release_run(run_id)
            raise errors.UsageError(f"run {run_id} is already done", "start a new run instead")
        self.store.update_run(run_id, status="running", pid=os.getpid(), error="")
        self.emit(RunStarted(run_id, run.session_id, run.directive, resumed=True))
        return await self._drive(run_id)

    async def _drive(self, run_id: str):
        self.agents.reload_if_changed()  # edits to agent files apply to the next run
        run = self.store.get_run(run_id)
        saved = self.store.get_checkpoint(run_id, "fallbacks")
        self._fallbacks = list(saved.get("stages", [])) if saved else []
        try:
            suspended = await self._drive_stages(run_id, run)
            if suspended is not None:
                return suspended
            result = self._result(run_id, "done")
            self._finished(result)
            return result
        finally:
            self.store.release_run(run_id)

    async def _drive_stages(self, run_id: str, run):
        try:
            await self._stages(run)
        except Suspend as exc:
            self.store.update_run(run_id, status="suspended")
            self.emit(RunSuspended(run_id, str(exc)))
            return self._result(run_id, "suspended")
        except Rejected:
            pass
        except asyncio.CancelledError:
            self.store.update_run(run_id, status="interrupted", error="stopped by the Principal")
            self.emit(RunFailed(run_id, "stopped", f"continue with `{self.resume_command} {run_id}`", "cancelled"))
            raise
        except errors.AipaError as exc:
            self.store.update_run(run_id, status="failed", error=redact(str(exc)))  # an error may echo a key
            self.emit(RunFailed(run_id, redact(exc.message), redact(exc.hint), exc.kind))
            raise
        except Exception as exc:  # a bug: record it, keep the run resumable
            log.exception("run %s crashed", run_id)
            self.store.update_run(run_id, status="failed", error=redact(f"internal error: {exc!r}"))
            self.emit(RunFailed(run_id, f"internal error: {exc!r}", "see the log file"))
            raise

    async def _stages(self, run) -> None:
        raise NotImplementedError

    def _result(self, run_id: str, status: str):
        raise NotImplementedError

    def _finished(self, result) -> None:
        raise NotImplementedError

    async def _gate(self, run, item: ReviewItem) -> Decision:
        """Ask the Principal; record the decision. None from the reviewer suspends."""
        await asyncio.sleep(0)  # the stage's result reaches a window before the gate asks about it
        decision = await self.reviewer.review(item)
        if decision is None:
            raise Suspend(f"waiting for the Principal to review: {item.title}")
        self.store.add_review(run.run_id, item.stage, decision.action, decision.feedback)
        self.emit(ReviewDecided(run.run_id, item.stage, decision.action, decision.feedback))
        return decision

    # --- stages and calls ---------------------------------------------------------------

    async def _stage(self, run, stage: str) -> None:
        await asyncio.sleep(0)  # the last stage's results reach a window before the next one starts
        self.store.update_run(run.run_id, stage=stage)
        self.emit(StageStarted(run.run_id, stage))

    def _fell_back(self, run, stage: str, why: str) -> None:
        text = f"{stage}: model output unusable ({why}); used the deterministic fallback"
        log.warning("run %s: %s", run.run_id, text)
        self.emit(Notice(run.run_id, "warning", text))
        if stage not in self._fallbacks:
            self._fallbacks.append(stage)
            self.store.save_checkpoint(run.run_id, "fallbacks", {"stages": self._fallbacks})

    async def _structured(self, run, agent: AgentDef, text: str, schema: dict, stage: str, parse: Callable, tags: dict):
        """parse → one re-ask → None (the caller falls back)."""
        messages = self.messages_for(agent, run.session_id, text, with_brief=agent.name == self.orchestrator.name)
        try:
            result = await self.runner.call(
                agent,
                messages,
                run_id=run.run_id,
                session_id=run.session_id,
                purpose=stage,
                json_schema=schema,
                tags=tags,
            )
        except errors.ContextTooLongError as exc:  # cannot fit even trimmed: unusable output
            self._fell_back(run, stage, f"the request does not fit the model's context: {exc.message}")
            return None
        try:
            return parse(result.content)
        except ParseError as first:
            log.warning("run %s: %s output invalid (%s); asking again", run.run_id, stage, first)
            self.emit(Notice(run.run_id, "warning", f"{stage}: invalid output ({first}); asking again"))
            # The re-ask needs the error, not the whole bad reply: a long one would crowd a small context.
            bad = result.content if len(result.content) <= REASK_ECHO else result.content[:REASK_ECHO] + " …"
            messages += [Message("assistant", bad), Message("user", prompts.reask(str(first)))]
            try:
                retry = await self.runner.call(
                    agent,
                    messages,
                    run_id=run.run_id,
                    session_id=run.session_id,
                    purpose=stage,
                    json_schema=schema,
                    tags={**tags, "reask": "yes"},
                )
                return parse(retry.content)
            except (ParseError, errors.ContextTooLongError) as second:
                self._fell_back(run, stage, str(second))
                return None

    async def _prose(
        self,
        run,
        agent: AgentDef,
        text: str,
        purpose: str,
        *,
        task_id=None,
        tags=None,
        on_progress=None,
        with_brief=False,
    ) -> str:
        """A prose call; an empty reply is asked for once more. Returns '' if still empty."""
        messages = self.messages_for(agent, run.session_id, text, with_brief=with_brief)
        kwargs = dict(
            run_id=run.run_id,
            session_id=run.session_id,
            purpose=purpose,
            task_id=task_id,
            tools=self.tools,
            tags=tags or {},
            on_progress=on_progress,
        )
        try:
            result = await self.runner.call(agent, messages, **kwargs)
            if result.content.strip():
                return result.content
            log.warning("run %s: %s returned an empty reply; asking again", run.run_id, agent.name)
            messages += [Message("assistant", ""), Message("user", prompts.empty_reply())]
            result = await self.runner.call(agent, messages, **kwargs)
        except errors.ContextTooLongError as exc:  # unusable like an empty reply: the caller falls back
            log.warning("run %s: %s: the request does not fit the model's context (%s)", run.run_id, purpose, exc)
            self.emit(Notice(run.run_id, "warning", f"{purpose}: the request does not fit the model's context"))
            return ""
        return result.content

    def messages_for(self, agent: AgentDef, session_id: str, text: str, *, with_brief=False) -> list[Message]:
        system = agent.prompt
        if with_brief:
            system += "\n\n# Your standing brief (working memory)\n\n" + self.brief.text()
        messages = [Message("system", system)]
        if agent.stateful and self.settings.history_exchanges:
            past = [
                m
                for m in self.store.messages(session_id, agent=agent.name)
                if m.kind in HISTORY_KINDS and m.role in ("user", "assistant")
            ]
            past = past[-2 * self.settings.history_exchanges :]
            while past and past[0].role != "user":
                past = past[1:]
            messages += [Message(m.role, m.content) for m in past]
            if past and past[-1].role == "user" and past[-1].content == text:
                messages.pop()
        messages.append(Message("user", text))
        return messages
