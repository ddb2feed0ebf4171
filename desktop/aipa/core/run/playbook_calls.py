"""The calls a playbook makes to its agents, and what it does when one gives nothing
usable: a structured call (parse, one re-ask, else None for the caller's fallback), a
prose call (an empty reply is asked for once more), and the record of each call's
outcome (ok, re-asked, fell back, cut) in the run's ``fallbacks`` checkpoint.

A mixin of ``Playbook`` (playbook.py), which holds the state it reads and writes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from aipa import errors
from aipa.core.events import EventSink, StageFellBack
from aipa.core.kinds import Purpose, Stage, stage_of
from aipa.core.run import call_states, prompts, told
from aipa.core.run.call_states import FELL_BACK, OK, REASKED, CallStates
from aipa.core.run.runner import Runner
from aipa.core.run.tools import ToolRegistry
from aipa.core.team.agents import AgentDef
from aipa.core.text.parsing import ParseError
from aipa.core.text.truncated import parse_closed
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")

FALLBACKS = call_states.CHECKPOINT  # the checkpoint listing the stages that fell back (by purpose)
REASK_ECHO = 400  # characters of an invalid reply quoted back in the re-ask


class PlaybookCalls:
    """Structured and prose calls with their re-asks and fallbacks."""

    store: Any
    runner: Runner
    emit: EventSink
    tools: ToolRegistry | None
    calls: CallStates
    _fallbacks: list[str]
    _fallback_reasons: dict[Stage, list[str]]
    _unfit: set[str]

    @property
    def orchestrator(self) -> AgentDef:
        raise NotImplementedError

    @property
    def auditor(self) -> AgentDef:
        raise NotImplementedError

    def messages_for(self, agent: AgentDef, session_id: str, text: str, *, with_brief=False) -> list[Message]:
        raise NotImplementedError

    def _fell_back(
        self,
        run,
        purpose: Purpose,
        why: str,
        task_id: str | None = None,
        *,
        agent: str = "",
        cause: str = told.UNUSABLE,
        title: str = "",
        words: str = "",
        instead: str = "",
    ) -> None:
        """The call for ``purpose`` gave nothing usable: say so (a warning Notice in
        people's words, which the CLI prints, and ``StageFellBack``) and remember it for
        the stage's checkpoint. ``why`` is the technical reason (the log, the checkpoint);
        ``agent`` who was called, ``cause`` why it was unusable, ``words`` what it wrote
        when the purpose does not say it, ``instead`` what was done (told.py)."""
        label = f"{purpose} {task_id}" if task_id else str(purpose)
        log.warning("run %s: %s: model output unusable (%s); used the deterministic fallback", run.run_id, label, why)
        stage = stage_of(purpose)
        if stage is None:
            raise ValueError(f"a {purpose!r} call belongs to no stage: it has no fallback")
        self._fallback_reasons.setdefault(stage, []).append(f"{task_id}: {why}" if task_id else why)
        if label not in self._fallbacks:
            self._fallbacks.append(label)
        self._mark(run, label, FELL_BACK)
        if cause == told.EMPTY and label in self._unfit:  # empty because it could not be asked
            cause = told.TOO_LONG
        speaker = agent or self._speaker(purpose)
        self.emit(told.fell_back_notice(run.run_id, speaker, words or purpose, cause, title, instead, about=label))
        self.emit(StageFellBack(run.run_id, stage, why, task_id))

    def _speaker(self, purpose: str) -> str:
        """Who makes a call of ``purpose`` when the caller did not say (its role's agent)."""
        return self.auditor.name if purpose == Purpose.AUDIT else self.orchestrator.name

    def _fallback_mark(self, run, stage: Stage) -> dict:
        """What the stage's checkpoint records about fallbacks since it was last saved:
        ``{"fallback": bool}``, plus ``"fallback_reason"`` when it fell back. The reasons
        wait in the ``fallbacks`` checkpoint until then (a suspended stage keeps them)."""
        reasons = self._fallback_reasons.pop(stage, [])
        if not reasons:
            return {"fallback": False}
        self._save_fallbacks(run.run_id)
        return {"fallback": True, "fallback_reason": "; ".join(reasons)}

    def _save_fallbacks(self, run_id: str) -> None:
        payload = {"stages": self._fallbacks, "pending": self._fallback_reasons, **self.calls.payload()}
        self.store.save_checkpoint(run_id, FALLBACKS, payload)

    def _mark(self, run, label: str, state: str, *, cut: bool = False) -> None:
        """Record how a call went (see ``call_states``) in the run's checkpoint."""
        self.calls.mark(label, state, cut=cut)
        self._save_fallbacks(run.run_id)

    async def _structured(
        self,
        run,
        agent: AgentDef,
        text: str,
        schema: dict,
        stage: Purpose,
        parse: Callable,
        tags: dict,
        *,
        revision: int = 0,
        max_tokens: int = 0,
        words: str = "",
        system: str = "",
    ):
        """parse → one re-ask → None (the caller falls back). ``stage`` is the call's purpose;
        ``max_tokens`` its output budget (default: the stage's); ``words`` what the reply
        is, for the notices, when the purpose does not say it (told.py). ``system``, when
        given, replaces the agent's system prompt and history: a call that needs only ``text``."""
        if system:
            messages = [Message("system", system), Message("user", text)]
        else:
            messages = self.messages_for(agent, run.session_id, text, with_brief=agent.name == self.orchestrator.name)

        cut = False

        async def call(extra_tags: dict) -> str:
            nonlocal cut
            result = await self.runner.call(
                agent,
                messages,
                run_id=run.run_id,
                session_id=run.session_id,
                purpose=stage,
                revision=revision,
                json_schema=schema,
                tags={**tags, **extra_tags},
                max_tokens=max_tokens,
            )
            cut = result.cut
            return result.content

        try:
            content = await call({})
        except errors.ContextTooLongError as exc:  # cannot fit even trimmed: unusable output
            why = f"the request does not fit the model's context: {exc.message}"
            self._fell_back(run, stage, why, agent=agent.name, cause=told.TOO_LONG, words=words)
            return None
        try:
            parsed = parse(content)
            self._mark(run, str(stage), OK, cut=cut)
            return parsed
        except ParseError as first:
            repaired = parse_closed(content, parse) if cut else None
            if repaired is not None:  # cut at its budget, but what came before the cut is usable
                self._mark(run, str(stage), OK, cut=True)
                return repaired
            log.warning("run %s: %s output invalid (%s); asking again", run.run_id, stage, first)
            self.emit(told.reasking_notice(run.run_id, agent.name, words or stage))
            # The re-ask needs the error, not the whole bad reply: a long one would crowd a small context.
            bad = content if len(content) <= REASK_ECHO else content[:REASK_ECHO] + " …"
            messages += [Message("assistant", bad), Message("user", prompts.reask(str(first)))]
            try:
                again = await call({"reask": "yes"})
                if prompts.echoes_reask(again):  # the model repeated our words: never an answer
                    raise ParseError("the reply to the re-ask only repeated it")
                try:
                    parsed = parse(again)
                except ParseError:
                    parsed = parse_closed(again, parse) if cut else None
                    if parsed is None:
                        raise
            except (ParseError, errors.ContextTooLongError) as second:
                cause = told.TOO_LONG if isinstance(second, errors.ContextTooLongError) else told.UNUSABLE
                self._fell_back(run, stage, str(second), agent=agent.name, cause=cause, words=words)
                return None
            self._mark(run, str(stage), REASKED, cut=cut)
            return parsed

    async def _prose(
        self,
        run,
        agent: AgentDef,
        text: str,
        purpose: Purpose,
        *,
        task_id=None,
        tags=None,
        on_progress=None,
        with_brief=False,
        revision: int = 0,
        tools: ToolRegistry | None = None,
    ) -> str:
        """A prose call; an empty reply is asked for once more. Returns '' if still empty."""
        messages = self.messages_for(agent, run.session_id, text, with_brief=with_brief)
        kwargs = dict(
            run_id=run.run_id,
            session_id=run.session_id,
            purpose=purpose,
            task_id=task_id,
            revision=revision,
            tools=tools if tools is not None else self.tools,
            tags=tags or {},
            on_progress=on_progress,
        )
        label = f"{purpose} {task_id}" if task_id else str(purpose)
        try:
            result = await self.runner.call(agent, messages, **kwargs)
            if result.content.strip():
                self._mark(run, label, OK, cut=result.cut)
                return result.content
            log.warning("run %s: %s returned an empty reply; asking again", run.run_id, agent.name)
            messages += [Message("assistant", ""), Message("user", prompts.empty_reply())]
            result = await self.runner.call(agent, messages, **kwargs)
            if result.content.strip():  # an empty one falls back: the caller says so
                self._mark(run, label, REASKED, cut=result.cut)
        except errors.ContextTooLongError as exc:  # unusable like an empty reply: the caller falls back
            log.warning("run %s: %s: the request does not fit the model's context (%s)", run.run_id, purpose, exc)
            self._unfit.add(label)  # the caller's fallback says so
            return ""
        return result.content
