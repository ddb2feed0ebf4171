"""One model call's stream as it arrives, turn by turn (a turn ends where the model asks
for tools): the text and thinking it writes, its tokens and finish reason, the tool
calls it asks for, the live state on screen (AgentState and the card's progress), the
cautions and waiting notices the provider sends. The runner (runner.py) drives the
turns and records the call; ``Tally`` and ``log_call`` are its one log line.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from aipa.core.events import AgentDelta, AgentState, EventSink, Notice
from aipa.core.kinds import Activity, Level, NoticeKind, Purpose, stage_of
from aipa.core.run import live
from aipa.core.team.agents import AgentDef
from aipa.providers import bounds
from aipa.providers.base import (
    Caution,
    ContentDelta,
    Done,
    PromptProgress,
    Provider,
    StreamEvent,
    ThinkingDelta,
    ToolCall,
    ToolCallEvent,
    Usage,
    Waiting,
)

log = logging.getLogger("aipa.runner")

FLUSH_SECONDS = 0.5  # streamed text reaches the database at most this often

Progress = Callable[[str, str], None]  # (content so far, thinking so far)


@dataclass
class Tally:
    """What the log says about one call: counted as it goes, so a failed call is logged too."""

    started: float  # time.monotonic() at the start
    began: datetime = field(default_factory=lambda: datetime.now(UTC))  # the same moment, on the clock
    input_tokens: int = 0
    cached_input_tokens: int = 0
    tool_calls: int = 0
    output_tokens: int = 0
    outcome: str = "error"  # "ok", "cancelled", or the error's kind ("auth", "timeout", ...)


def log_call(tally: Tally, agent: AgentDef, provider: Provider, model: str, purpose, run_id: str, task_id) -> None:
    """One DEBUG line per model call: who was called, for what, how long, how it ended.
    Never the prompt, the reply or a key (names and counts only)."""
    log.debug(
        "model call stage=%s purpose=%s agent=%s profile=%s model=%s prompt_tokens=%d completion_tokens=%d "
        "seconds=%.2f outcome=%s run=%s task=%s",
        stage_of(purpose) or "-",
        purpose,
        agent.name,
        provider.name,
        model or getattr(provider, "default_model", "") or "-",  # "" asks for the provider's default
        tally.input_tokens,
        tally.output_tokens,
        time.monotonic() - tally.started,
        tally.outcome,
        run_id or "-",
        task_id or "-",
    )


async def tick(show: Callable[[], None]) -> None:
    """Show an open call's state every second: its seconds move while nothing else does."""
    while True:
        await asyncio.sleep(live.TICK_SECONDS)
        show()


class Exchange:
    """What one call has gathered so far. ``begin`` starts a turn (its text and tool
    calls start empty; the thinking and the tokens add up over the turns), ``feed``
    takes each streamed event, ``show`` puts the live state on screen."""

    watch: live.Watch  # the turn's live state (set by the runner at each turn)

    def __init__(
        self,
        emit: EventSink,
        cautions: set[tuple[str, str]],
        tally: Tally,
        *,
        run_id: str,
        agent: str,
        provider: str,
        task_id: str | None,
        purpose: Purpose | str,
        revision: int,
        on_progress: Progress | None,
    ) -> None:
        self.emit = emit
        self._cautions = cautions  # (run, text): each caution is told once per run
        self.tally = tally
        self.run_id = run_id
        self.agent = agent
        self.provider = provider
        self.task_id = task_id
        self.purpose = purpose
        self.stage = stage_of(purpose)
        self.revision = revision
        self.on_progress = on_progress
        self.content = self.thinking = ""
        self.in_tok = self.out_tok = 0
        self.finish = ""
        self.calls: list[ToolCall] = []
        self.state: Activity | None = None
        self.last_flush = 0.0

    def begin(self) -> None:
        self.calls = []
        self.content = ""
        self.state = None
        self.last_flush = time.monotonic()

    def show(self) -> None:
        """The call's live state: its AgentState when it changed, its progress always."""
        watch = self.watch
        if watch.state != self.state:
            self.state = watch.state
            self.emit(AgentState(self.run_id, self.agent, watch.state, self.task_id))
        self.emit(watch.snapshot(self.run_id, self.task_id, self.purpose))

    def feed(self, event: StreamEvent) -> None:
        watch, run_id = self.watch, self.run_id
        if isinstance(event, ThinkingDelta):
            watch.token(thinking=True)
            if self.state != watch.state:
                self.show()
            self.thinking += event.text
            self._delta("thinking", event.text, self.thinking)
        elif isinstance(event, ContentDelta):
            watch.token(thinking=False)
            if self.state != watch.state:
                self.show()
            self.content += event.text
            self._delta("content", event.text, self.content)
        elif isinstance(event, ToolCallEvent):
            self.calls.append(event.call)
        elif isinstance(event, Usage):
            self.in_tok += event.input_tokens
            self.out_tok += event.output_tokens
            self.tally.input_tokens, self.tally.output_tokens = self.in_tok, self.out_tok
            self.tally.cached_input_tokens += getattr(event, "cached_input_tokens", 0)
        elif isinstance(event, Done):
            self.finish = event.finish_reason
        elif isinstance(event, PromptProgress):
            watch.prompt_progress(event.total, event.cached, event.processed, event.ms)
            self.show()
        elif isinstance(event, Caution):  # e.g. a guessed context size: told once per run
            if (run_id, event.text) not in self._cautions:
                self._cautions.add((run_id, event.text))
                self.emit(
                    Notice(run_id, Level.WARNING, event.text, kind=NoticeKind(event.kind), fields=dict(event.fields))
                )
        elif isinstance(event, Waiting):  # no output for a while, but the server answers (bounds.py)
            if event.reason == "slow":  # a drip or a quiet reply: said once, as slow (never "queued")
                text = bounds.waiting_text(self.agent, self.provider, event)
                fields: dict[str, str | int] = {"agent": self.agent, "provider": self.provider}
                self.emit(Notice(run_id, Level.INFO, text, kind=NoticeKind.SERVER_SLOW, fields=fields))
            else:  # busy with other requests: the card says queued
                watch.waiting()
            self.show()
        if self.on_progress and time.monotonic() - self.last_flush >= FLUSH_SECONDS:
            self.last_flush = time.monotonic()
            self.on_progress(self.content, self.thinking)

    def _delta(self, kind: str, text: str, so_far: str) -> None:
        self.emit(
            AgentDelta(
                self.run_id, self.agent, kind, text, so_far, self.task_id, self.purpose, self.stage, self.revision
            )
        )
