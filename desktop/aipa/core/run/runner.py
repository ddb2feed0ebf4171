"""One agent call: stream from the provider, emit events, run the tool loop, record
usage. Everything the pipeline and the chat mode say to a model goes through here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aipa.core.config.settings import Settings, SettingsSource, as_source
from aipa.core.events import AgentMessage, AgentState, EventSink, ToolUsed, UsageRecorded
from aipa.core.kinds import Activity, MessageKind, Purpose, Role
from aipa.core.run import asking, live, raw_replies, told
from aipa.core.run.exchange import Exchange, Progress, Tally, log_call, tick
from aipa.core.run.tools import ToolRegistry
from aipa.core.team.agents import AgentDef
from aipa.providers import bounds
from aipa.providers.base import (
    ChatRequest,
    Message,
    Provider,
    ToolCall,
    strip_think,
)
from aipa.providers.context import request_tokens

log = logging.getLogger("aipa.runner")

MAX_STORED_RESULT = 4000  # characters of a tool result kept with the call (the lead's card shows less)

Resolver = Callable[[AgentDef], tuple[Provider, str]]
# What a call cost in money: (provider profile, model, input, output, cached input tokens)
# -> amount, or None for a local model or one the price table lacks (core/run/cost.py).
Pricer = Callable[[str, str, int, int, int], float | None]


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

    def __init__(
        self,
        resolve: Resolver,
        store,
        emit: EventSink,
        settings: Settings | SettingsSource | None = None,
        price: Pricer | None = None,
    ):
        self.resolve = resolve
        self.store = store
        self.emit = emit
        self.settings = as_source(settings if settings is not None else Settings())
        self.price = price
        # Awaited before each call of a run with its run id (the playbook's budget gate,
        # core/run/cost.py); it may pause the run there.
        self.before_call: Callable[[str], Awaitable[None]] | None = None
        self.desk = live.Desk()  # the open calls (whom a queued call waits behind) and reading rates
        self._cautions: set[tuple[str, str]] = set()  # (run id, text): a provider's caution is told once a run

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
        if run_id and self.before_call is not None:
            await self.before_call(run_id)
        provider, model = self.resolve(agent)
        tally = Tally(time.monotonic())
        try:
            result = await self._exchange(
                provider,
                model,
                agent,
                messages,
                tally,
                run_id=run_id,
                session_id=session_id,
                purpose=purpose,
                task_id=task_id,
                revision=revision,
                json_schema=json_schema,
                tools=tools,
                tags=tags,
                on_progress=on_progress,
                max_tokens=max_tokens,
            )
            tally.outcome = "ok"
            return result
        except asyncio.CancelledError:  # Stop, or a lead's timeout
            tally.outcome = "cancelled"
            raise
        except Exception as exc:
            tally.outcome = getattr(exc, "kind", type(exc).__name__)  # the error's kind, never its text
            raise
        finally:
            log_call(tally, agent, provider, model, purpose, run_id, task_id)

    async def _exchange(
        self,
        provider: Provider,
        model: str,
        agent: AgentDef,
        messages: list[Message],
        tally: Tally,
        *,
        run_id: str,
        session_id: str,
        purpose: Purpose | str,
        task_id: str | None,
        revision: int,
        json_schema: dict | None,
        tools: ToolRegistry | None,
        tags: dict[str, str] | None,
        on_progress: Progress | None,
        max_tokens: int,
    ) -> CallResult:
        """The call itself: stream, run the tools the model asks for, record the reply."""
        limits = self.settings.current  # read now: a change reaches the next call
        specs = tools.specs(agent.tools) if tools is not None and agent.tools else ()
        history = list(messages)
        budget = output_budget(agent, limits, purpose, max_tokens)
        ex = Exchange(
            self.emit,
            self._cautions,
            tally,
            run_id=run_id,
            agent=agent.name,
            provider=provider.name,
            task_id=task_id,
            purpose=purpose,
            revision=revision,
            on_progress=on_progress,
        )
        # every stage's call ends within stage_timeout (all its turns); a lead keeps lead_timeout
        what = f"{agent.name}, writing the {told.what(purpose)}"  # "Miranda, writing the routing reply: …"
        deadline = None if purpose == Purpose.LEAD else bounds.StageDeadline.start(limits.stage_timeout, what)
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
            ex.begin()
            ex.watch = watch = live.Watch(agent.name, provider.name, self.desk, request_tokens(request))
            ex.show()
            ticker = asyncio.ensure_future(tick(ex.show))
            try:
                async for event in bounds.until(provider.stream(request), deadline):
                    ex.feed(event)
            finally:
                ticker.cancel()
                watch.close()
            tally.tool_calls += len(ex.calls)
            if not ex.calls or tools is None:
                break
            history.append(Message("assistant", ex.content, tool_calls=tuple(ex.calls)))
            for call in ex.calls:
                history.append(await self._run_tool(tools, call, agent, run_id, task_id, session_id, purpose))
        else:
            ex.content += "\n\n(Stopped: the tool-call limit was reached.)"
            log.warning("%s hit the tool-call limit (%d)", agent.name, limits.max_tool_iterations)
        return self._conclude(ex, provider, model, agent, session_id, budget, tags)

    def _conclude(
        self,
        ex: Exchange,
        provider: Provider,
        model: str,
        agent: AgentDef,
        session_id: str,
        budget: int,
        tags: dict[str, str] | None,
    ) -> CallResult:
        """The call's end: its raw reply kept, its final text told, its usage recorded."""
        run_id, task_id, purpose, revision = ex.run_id, ex.task_id, ex.purpose, ex.revision
        content, thinking, in_tok, out_tok, tally = ex.content, ex.thinking, ex.in_tok, ex.out_tok, ex.tally
        seconds = time.monotonic() - tally.started
        cut = ex.finish == "length"
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
        if ex.on_progress:
            ex.on_progress(content, thinking)
        self.emit(AgentMessage(run_id, agent.name, content, thinking, task_id, purpose, ex.stage, revision, cut))
        self.emit(AgentState(run_id, agent.name, Activity.DONE, task_id))
        reask = (tags or {}).get("reask") == "yes"
        self._record(agent, provider, model, run_id, session_id, purpose, in_tok, out_tok, seconds)
        self._record_call(tally, agent, provider, model, run_id, session_id, purpose, seconds, task_id, revision, reask)
        return CallResult(content, thinking, in_tok, out_tok, seconds, provider.name, model, cut)

    async def _run_tool(
        self,
        tools: ToolRegistry,
        call: ToolCall,
        agent: AgentDef,
        run_id: str,
        task_id: str | None = None,
        session_id: str = "",
        purpose: Purpose | str = "",
    ) -> Message:
        if call.name not in agent.tools:
            result = f"Error: tool '{call.name}' is not available to {agent.name}."
        else:  # (a tool that asks the Principal first says who waits: asking.py)
            caller = asking.CALLER.set(asking.Caller(self.emit, run_id, agent.name, task_id, purpose))
            try:
                result = await tools.call(call.name, call.arguments)
            finally:
                asking.CALLER.reset(caller)
        log.info("%s called the tool %s", agent.name, call.name)  # not its arguments: they are content
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
        """The event of a finished call (the row is ``_record_call``'s)."""
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

    def _record_call(
        self, tally, agent, provider, model, run_id, session_id, purpose, seconds, task_id, revision, reask
    ) -> None:
        """The call's usage row: tokens, its place in time, its tools and its cost."""
        if self.store is None or getattr(self.store, "read_only", False):
            return
        model = model or getattr(provider, "default_model", "") or ""
        cached = tally.cached_input_tokens
        cost = self.price(provider.name, model, tally.input_tokens, tally.output_tokens, cached) if self.price else None
        self.store.record_usage(
            run_id=run_id or None,
            session_id=session_id,
            agent=agent.name,
            provider=provider.name,
            model=model,
            input_tokens=tally.input_tokens,
            output_tokens=tally.output_tokens,
            seconds=seconds,
            purpose=purpose,
            started_at=tally.began,
            task_id=task_id,
            revision=revision,
            reask=reask,
            tool_calls=tally.tool_calls,
            cached_input_tokens=cached,
            cost=cost,
        )


def output_budget(agent: AgentDef, limits: Settings, purpose: Purpose | str, explicit: int = 0) -> int:
    """A call's max_tokens: the agent's own, no more than the call's budget (``explicit``,
    else the stage's setting) and no more than the global ``max_output_tokens`` cap."""
    budget = agent.max_tokens
    for cap in (explicit or limits.output_budget(str(purpose)), limits.max_output_tokens):
        if cap:
            budget = min(budget, cap)
    return budget
