"""One agent call: stream from the provider, emit events, run the tool loop, record
usage. Everything the pipeline and the chat mode say to a model goes through here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from aipa.core.config.settings import Settings, SettingsSource, as_source
from aipa.core.events import AgentDelta, AgentMessage, AgentState, EventSink, Notice, ToolUsed, UsageRecorded
from aipa.core.kinds import Activity, Level, MessageKind, Purpose, Role, stage_of
from aipa.core.run import raw_replies
from aipa.core.run.tools import ToolRegistry
from aipa.core.team.agents import AgentDef
from aipa.providers.base import (
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    Provider,
    ThinkingDelta,
    ToolCall,
    ToolCallEvent,
    Usage,
    Waiting,
    strip_think,
)

log = logging.getLogger("aipa.runner")

FLUSH_SECONDS = 0.5  # streamed text reaches the database at most this often
MAX_STORED_RESULT = 4000  # characters of a tool result kept with the call (the lead's card shows less)

Resolver = Callable[[AgentDef], tuple[Provider, str]]
Progress = Callable[[str, str], None]  # (content so far, thinking so far)


@dataclass(frozen=True)
class CallResult:
    content: str
    thinking: str
    input_tokens: int
    output_tokens: int
    seconds: float
    provider: str
    model: str
    cut: bool = False  # the reply reached its output budget (finish reason "length")


class Runner:
    """Makes agent calls. ``resolve`` picks the provider and model for an agent; the
    output and tool-call limits are read from ``settings`` at each call."""

    def __init__(self, resolve: Resolver, store, emit: EventSink, settings: Settings | SettingsSource | None = None):
        self.resolve = resolve
        self.store = store
        self.emit = emit
        self.settings = as_source(settings if settings is not None else Settings())

    @property
    def max_tool_iterations(self) -> int:
        return self.settings.current.max_tool_iterations

    @max_tool_iterations.setter
    def max_tool_iterations(self, value: int) -> None:  # changes the live settings (not saved)
        self.settings.use(self.settings.current.with_changes(max_tool_iterations=value))

    @property
    def max_output_tokens(self) -> int:
        return self.settings.current.max_output_tokens

    @max_output_tokens.setter
    def max_output_tokens(self, value: int) -> None:  # changes the live settings (not saved)
        self.settings.use(self.settings.current.with_changes(max_output_tokens=value))

    async def call(
        self,
        agent: AgentDef,
        messages: list[Message],
        *,
        run_id: str,
        session_id: str,
        purpose: Purpose | str,
        task_id: str | None = None,
        revision: int = 0,
        json_schema: dict | None = None,
        tools: ToolRegistry | None = None,
        tags: dict[str, str] | None = None,
        on_progress: Progress | None = None,
        max_tokens: int = 0,
    ) -> CallResult:
        """Run one call (and its tool loop). Raises ProviderError subclasses. ``revision``
        counts regenerations of the stage's output after an Edit (carried by its events).
        ``max_tokens``: this call's output budget (default: the stage's, from the settings)."""
        await asyncio.sleep(0)  # the previous stage's writes and events are done: let a window paint them
        provider, model = self.resolve(agent)
        stage = stage_of(purpose)
        limits = self.settings.current  # read now: a change reaches the next call
        specs = tools.specs(agent.tools) if tools is not None and agent.tools else ()
        history = list(messages)
        content = thinking = ""
        in_tok = out_tok = 0
        budget = output_budget(agent, limits, purpose, max_tokens)
        finish = ""
        started = time.monotonic()
        for _ in range(limits.max_tool_iterations + 1):
            request = ChatRequest(
                model=model,
                messages=tuple(history),
                temperature=agent.temperature,
                max_tokens=budget,
                tools=specs,
                json_schema=json_schema,
                think=agent.think,
                purpose=purpose,
                tags={"agent": agent.name, **(tags or {})},
            )
            calls: list[ToolCall] = []
            content = ""
            state: Activity | None = None
            last_flush = time.monotonic()

            def set_state(new: Activity) -> None:
                nonlocal state
                if new != state:
                    state = new
                    self.emit(AgentState(run_id, agent.name, new, task_id))

            set_state(Activity.QUEUED)  # until the first token: the server may be serving others
            async for event in provider.stream(request):
                if isinstance(event, ThinkingDelta):
                    set_state(Activity.THINKING)
                    thinking += event.text
                    self.emit(
                        AgentDelta(
                            run_id, agent.name, "thinking", event.text, thinking, task_id, purpose, stage, revision
                        )
                    )
                elif isinstance(event, ContentDelta):
                    set_state(Activity.STREAMING)
                    content += event.text
                    self.emit(
                        AgentDelta(
                            run_id, agent.name, "content", event.text, content, task_id, purpose, stage, revision
                        )
                    )
                elif isinstance(event, ToolCallEvent):
                    calls.append(event.call)
                elif isinstance(event, Usage):
                    in_tok += event.input_tokens
                    out_tok += event.output_tokens
                elif isinstance(event, Done):
                    finish = event.finish_reason
                elif isinstance(event, Waiting):  # no token yet, but the server answers its health check
                    text = f"{agent.name}: {provider.name} is busy; queued behind another request, still waiting"
                    self.emit(Notice(run_id, Level.INFO, text))
                if on_progress and time.monotonic() - last_flush >= FLUSH_SECONDS:
                    last_flush = time.monotonic()
                    on_progress(content, thinking)
            if not calls or tools is None:
                break
            history.append(Message("assistant", content, tool_calls=tuple(calls)))
            for call in calls:
                history.append(await self._run_tool(tools, call, agent, run_id, task_id, session_id))
        else:
            content += "\n\n(Stopped: the tool-call limit was reached.)"
            log.warning("%s hit the tool-call limit (%d)", agent.name, limits.max_tool_iterations)
        seconds = time.monotonic() - started
        cut = finish == "length"
        if cut:
            log.info("%s's %s reply was cut at its budget of %d tokens", agent.name, purpose, budget)
        raw = raw_replies.RawReply(
            agent.name,
            str(purpose),
            content,
            thinking,
            task_id or "",
            provider.name,
            model,
            in_tok,
            out_tok,
            round(seconds, 2),
            reask=(tags or {}).get("reask") == "yes",
        )
        raw_replies.record(self.store, run_id, raw)
        content = strip_think(content) if "<think>" in content else content.strip()
        if on_progress:
            on_progress(content, thinking)
        self.emit(AgentMessage(run_id, agent.name, content, thinking, task_id, purpose, stage, revision, cut))
        self.emit(AgentState(run_id, agent.name, Activity.DONE, task_id))
        self._record(agent, provider, model, run_id, session_id, purpose, in_tok, out_tok, seconds)
        return CallResult(content, thinking, in_tok, out_tok, seconds, provider.name, model, cut)

    async def _run_tool(
        self,
        tools: ToolRegistry,
        call: ToolCall,
        agent: AgentDef,
        run_id: str,
        task_id: str | None = None,
        session_id: str = "",
    ) -> Message:
        if call.name not in agent.tools:
            result = f"Error: tool '{call.name}' is not available to {agent.name}."
        else:
            result = await tools.call(call.name, call.arguments)
        log.info("%s called %s(%s)", agent.name, call.name, call.arguments)
        self.emit(ToolUsed(run_id, agent.name, call.name, dict(call.arguments), result, task_id))
        if task_id and session_id and self.store is not None and not getattr(self.store, "read_only", False):
            record = {"tool": call.name, "arguments": dict(call.arguments), "result": result[:MAX_STORED_RESULT]}
            self.store.add_message(
                session_id,
                Role.ASSISTANT,
                json.dumps(record, ensure_ascii=False, default=str),
                agent=agent.name,
                run_id=run_id,
                task_id=task_id,
                kind=MessageKind.TOOL,
            )
        return Message("tool", result, tool_call_id=call.id, name=call.name)

    def _record(self, agent, provider, model, run_id, session_id, purpose, in_tok, out_tok, seconds):
        self.emit(
            UsageRecorded(
                run_id,
                agent.name,
                in_tok,
                out_tok,
                seconds,
                {"provider": provider.name, "model": model, "purpose": purpose},
            )
        )
        if self.store is None or getattr(self.store, "read_only", False):
            return
        self.store.record_usage(
            run_id=run_id or None,
            session_id=session_id,
            agent=agent.name,
            provider=provider.name,
            model=model,
            input_tokens=in_tok,
            output_tokens=out_tok,
            seconds=seconds,
            purpose=purpose,
        )


def output_budget(agent: AgentDef, limits: Settings, purpose: Purpose | str, explicit: int = 0) -> int:
    """A call's max_tokens: the agent's own, no more than the call's budget (``explicit``,
    else the stage's setting) and no more than the global ``max_output_tokens`` cap."""
    budget = agent.max_tokens
    for cap in (explicit or limits.output_budget(str(purpose)), limits.max_output_tokens):
        if cap:
            budget = min(budget, cap)
    return budget
