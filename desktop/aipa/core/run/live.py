"""What an open model call is doing, in words for people: queued (behind whom), reading
the prompt (how far), thinking, writing (how fast).

One ``Watch`` per call: the runner feeds it the stream's events and sends its
``snapshot`` (an ``AgentProgress`` event) when the state changes and every
``TICK_SECONDS`` while the call is open, so nothing on screen stands still for long
while a model works (issue 20: windows that said "waiting for the model…" for minutes).
``Desk`` holds the open calls per provider, to say whom a queued call waits behind, and
the prompt-reading rate each provider last showed, for an estimate where the server does
not report its progress.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from aipa.core.events import AgentProgress
from aipa.core.kinds import Activity, Purpose

TICK_SECONDS = 1.0  # the elapsed seconds on screen change at least this often
MIN_RATE_SECONDS = 0.5  # a rate measured over less time than this is noise

Clock = Callable[[], float]


@dataclass
class Watch:
    """One open call's live state. ``prompt_estimate`` is the prompt's size as counted
    here (the server's own count replaces it when it reports one)."""

    agent: str
    provider: str
    desk: Desk
    prompt_estimate: int = 0
    clock: Clock = time.monotonic
    state: Activity = Activity.QUEUED
    started: float = 0.0
    reading_since: float | None = None
    first_token_at: float | None = None
    prompt_total: int = 0  # reported by the server
    prompt_cached: int = 0
    prompt_processed: int = 0
    prompt_ms: float = 0.0
    tokens: int = 0
    waited: bool = False  # the server said it is busy (``Waiting``)

    def __post_init__(self) -> None:
        self.started = self.clock()
        self.desk.open(self)
        # A server known to report its progress reads this prompt when it says so; one
        # that does not is taken to read at once unless another call holds it.
        if not self.desk.reports(self.provider) and not self.desk.ahead(self):
            self._reading()

    # --- what the stream says ----------------------------------------------------

    def waiting(self) -> None:
        """The server answered its health check but has sent nothing: it is busy."""
        self.waited = True
        if self.state in (Activity.QUEUED, Activity.READING):
            self.state, self.reading_since = Activity.QUEUED, None

    def prompt_progress(self, total: int, cached: int, processed: int, ms: float) -> None:
        self.desk.reported(self.provider)
        self.prompt_total, self.prompt_cached, self.prompt_processed, self.prompt_ms = total, cached, processed, ms
        if self.state == Activity.QUEUED:
            self._reading()
        read = processed - cached
        if ms >= MIN_RATE_SECONDS * 1000 and read > 0:
            self.desk.rate[self.provider] = read / (ms / 1000)

    def token(self, thinking: bool) -> None:
        now = self.clock()
        if self.first_token_at is None:
            self.first_token_at = now
            self._measure_prompt(now)
        self.tokens += 1
        self.state = Activity.THINKING if thinking else Activity.STREAMING

    def close(self) -> None:
        self.desk.close(self)

    def tick(self) -> None:
        """Time passed: a queued call whose blocker finished starts reading."""
        if self.state != Activity.QUEUED or self.waited or self.desk.reports(self.provider):
            return
        if not self.desk.ahead(self):
            self._reading()

    # --- what it shows -------------------------------------------------------------

    def snapshot(self, run_id: str, task_id: str | None = None, purpose: Purpose | str = "") -> AgentProgress:
        self.tick()
        now = self.clock()
        seconds = now - self.started
        behind = ""
        total = done = 0
        estimated = False
        rate = expected = 0.0
        if self.state == Activity.QUEUED:
            ahead = self.desk.ahead(self)
            behind = ahead.agent if ahead is not None else ""
        elif self.state == Activity.READING:
            total, done, estimated, rate = self._reading_progress(now)
            expected = self._expected(total, rate)
        elif self.first_token_at is not None:
            writing = now - self.first_token_at
            rate = self.tokens / writing if writing >= MIN_RATE_SECONDS else 0.0
        text = describe(self.state, seconds, behind, total, done, estimated, self.tokens, rate, expected)
        return AgentProgress(
            run_id,
            self.agent,
            self.state,
            text,
            task_id,
            purpose,
            round(seconds, 1),
            behind,
            total,
            done,
            estimated,
            self.tokens,
            round(rate, 1),
            expected=round(expected),
        )

    # --- inside --------------------------------------------------------------------

    def _reading(self) -> None:
        self.state, self.reading_since = Activity.READING, self.clock()

    def _reading_progress(self, now: float) -> tuple[int, int, bool, float]:
        """(prompt tokens, of them read, estimated?, reading rate) at ``now``."""
        since = self.reading_since if self.reading_since is not None else now
        rate = self.desk.rate.get(self.provider, 0.0)
        if self.prompt_total:
            done = self.prompt_processed
            if self.prompt_ms:
                rate = (self.prompt_processed - self.prompt_cached) / (self.prompt_ms / 1000)
            # llama.cpp reports once per batch; between reports the rate fills the gap.
            if rate and done < self.prompt_total:
                guess = self.prompt_cached + rate * (now - since)
                if guess > done:
                    return self.prompt_total, min(int(guess), self.prompt_total - 1), True, rate
            return self.prompt_total, done, False, rate
        if not self.prompt_estimate:
            return 0, 0, True, rate
        done = min(int(rate * (now - since)), self.prompt_estimate - 1) if rate else 0
        return self.prompt_estimate, max(done, 0), True, rate

    def _expected(self, total: int, rate: float) -> float:
        """When (in the call's seconds) the prompt should be read: its size over the rate
        measured on this engine (a batch report refines the rate), 0 when either is unknown."""
        if not total or not rate or self.reading_since is None:
            return 0.0
        return (self.reading_since - self.started) + max(total - self.prompt_cached, 0) / rate

    def _measure_prompt(self, now: float) -> None:
        """The first token ends the reading: how fast was it (where the server did not say)?"""
        if self.prompt_ms or self.reading_since is None:
            return
        took = now - self.reading_since
        size = self.prompt_total - self.prompt_cached if self.prompt_total else self.prompt_estimate
        if took >= MIN_RATE_SECONDS and size > 0:
            self.desk.rate[self.provider] = size / took


@dataclass
class Desk:
    """The calls open now, per provider (in the order they were sent), and what each
    provider showed of itself: whether it reports prompt progress, how fast it reads."""

    calls: dict[str, list[Watch]] = field(default_factory=dict)
    rate: dict[str, float] = field(default_factory=dict)  # prompt tokens per second
    _reporting: set[str] = field(default_factory=set)

    def open(self, watch: Watch) -> None:
        self.calls.setdefault(watch.provider, []).append(watch)

    def close(self, watch: Watch) -> None:
        open_calls = self.calls.get(watch.provider, [])
        if watch in open_calls:
            open_calls.remove(watch)

    def ahead(self, watch: Watch) -> Watch | None:
        """The call that holds the server while ``watch`` waits: the first earlier call
        on the same provider that is working (reading or writing), else the first earlier one."""
        earlier = []
        for other in self.calls.get(watch.provider, []):
            if other is watch:
                break
            earlier.append(other)
        working = [w for w in earlier if w.state != Activity.QUEUED]
        pick = working or earlier
        return pick[0] if pick else None

    def reports(self, provider: str) -> bool:
        return provider in self._reporting

    def reported(self, provider: str) -> None:
        self._reporting.add(provider)


def describe(
    state: Activity,
    seconds: float,
    behind: str = "",
    prompt_tokens: int = 0,
    prompt_done: int = 0,
    estimated: bool = False,
    tokens: int = 0,
    rate: float = 0.0,
    expected: float = 0.0,
) -> str:
    """One line for people: "queued behind Rafael · 12 s", "reading the prompt · 640 of
    1,531 tokens (42%) · 6 s of about 15 s", "writing · 340 tokens · 9.8 tokens/s"."""
    clock = f"{seconds:.0f} s"
    if state == Activity.READING and expected > seconds:  # the estimate, until it is passed
        clock += f" of about {expected:.0f} s"
    if state == Activity.QUEUED:
        who = f"queued behind {behind}" if behind else "waiting for the server"
        return f"{who} · {clock}"
    if state == Activity.READING:
        if not prompt_tokens:
            return f"reading the prompt · {clock}"
        percent = round(100 * prompt_done / prompt_tokens)
        if not prompt_done:  # nothing read that anyone knows of: no "0 of N (0%)" that looks stuck
            return f"reading the prompt · {'about ' if estimated else ''}{prompt_tokens:,} tokens · {clock}"
        about = "about " if estimated else ""
        return f"reading the prompt · {prompt_done:,} of {prompt_tokens:,} tokens ({about}{percent}%) · {clock}"
    verb = "thinking" if state == Activity.THINKING else "writing"
    speed = f" · {rate:.1f} tokens/s" if rate else ""
    return f"{verb} · {tokens:,} token{'' if tokens == 1 else 's'}{speed} · {clock}"
