"""Every model stream is bounded, here: nothing a server sends (or does not send) once
the request is out can keep a run waiting, or fill memory or a terminal.

- **Idle timeout between chunks** (``stream_idle_timeout``, default 60 s): once a reply
  has started, a gap longer than that asks the liveness probe (``deadline.http_alive``):
  a server that does not answer is dead (``ServerDownError``, the run stays resumable);
  one that answers, or whose bytes still trickle in (a drip: bytes but no whole chunk),
  is *slow*: the stream yields ``Waiting("slow")`` and keeps waiting, up to the stage's
  deadline. Before the first token the first-token deadline applies (``deadline.py``),
  told "slow" instead of "queued" when bytes arrive.
- **Length cap per reply**, from the request's output budget (``max_tokens``, which each
  stage sets): ``max_reply_chars`` of text (whitespace runs count as one: they are one
  token) and ``max_reply_bytes`` on the wire (``Meter``, for the HTTP providers), so a
  server that ignores ``max_tokens`` (or sends 50 MB in one line) is stopped, with a
  message, long before memory or the terminal fill up.
- **A reply that repeats itself** (a small model's loop: one sentence again and again
  until its budget runs out, text nobody reads while a CPU writes it): when the last
  ``LOOP_WINDOW`` characters compress to under ``LOOP_RATIO`` of their size (measured on
  this repo's prose, code, tables and XML: 0.2 and above; SmolLM2's loops: under 0.07),
  the stream ends there as a reply cut at its length (``Done("length")``, so the next
  stage is told), with the usage estimated (the server's own count never comes for a
  stream closed early).
- **A deadline for every stage** (``stage_timeout``; the runner applies it to each call
  but a lead's, which keeps ``lead_timeout``): ``StageDeadline`` and ``until``.

Each ends in a ``ProviderError`` that is not retried and says what happened; the run
is left resumable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import zlib
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import aclosing
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from aipa.errors import BadResponseError, ProviderTimeoutError, ServerDownError
from aipa.providers.base import ContentDelta, Done, ThinkingDelta, Usage, Waiting

log = logging.getLogger("aipa.providers")

DEFAULT_IDLE_TIMEOUT = 60.0  # seconds between two chunks before the probe is asked
DEFAULT_STAGE_TIMEOUT = 1800.0  # seconds for one call of a stage (route, synthesis, audit, ...)
DEFAULT_BUDGET = 8192  # output tokens assumed for a request that names no max_tokens
CHARS_PER_TOKEN = 16  # four times what a token holds on average: a cap, not a budget
BYTES_PER_TOKEN = 1024  # SSE/NDJSON framing of one token is a few hundred bytes
SLACK_BYTES = 1 << 20

LOOP_WINDOW = 1200  # characters of the reply's end looked at for a loop
LOOP_EVERY = 200  # characters between two looks (one zlib call of 1.2 kB each: microseconds)
LOOP_RATIO = 0.1  # compressed / plain size under which the end is one phrase repeated
CHARS_PER_TOKEN_WRITTEN = 4  # the estimate of a stopped reply's tokens

Probe = Callable[[float], Awaitable[bool]]
_RUNS = re.compile(r"\s+")


def looping(text: str) -> bool:
    """Whether the end of ``text`` is one phrase repeated (see the module)."""
    text = _RUNS.sub(" ", text)  # whitespace runs as one (a padded table is no loop)
    if len(text) < LOOP_WINDOW:
        return False
    tail = text[-LOOP_WINDOW:].encode("utf-8", "replace")
    return len(zlib.compress(tail, 6)) < LOOP_RATIO * len(tail)


class LoopWatch:
    """The text of one reply (content and thinking apart), looked at every ``LOOP_EVERY`` characters."""

    def __init__(self) -> None:
        self.text = {"content": "", "thinking": ""}
        self.looked = {"content": 0, "thinking": 0}

    def add(self, kind: str, piece: str) -> bool:
        text = self.text[kind] = self.text[kind][-4 * LOOP_WINDOW :] + piece
        self.looked[kind] += len(piece)
        if self.looked[kind] < LOOP_EVERY:
            return False
        self.looked[kind] = 0
        return looping(text)


def max_reply_chars(max_tokens: int | None) -> int:
    """Characters of text (whitespace runs counted once) a reply may have."""
    return (max_tokens or DEFAULT_BUDGET) * CHARS_PER_TOKEN


def max_reply_bytes(max_tokens: int | None) -> int:
    """Bytes of one HTTP response carrying a reply of ``max_tokens`` tokens."""
    return (max_tokens or DEFAULT_BUDGET) * BYTES_PER_TOKEN + SLACK_BYTES


def text_length(text: str) -> int:
    return len(_RUNS.sub(" ", text))


def seconds(value: Any, default: float | None = None) -> float | None:
    """A positive number of seconds from a provider option, else ``default``."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
    return float(value) if ok else default


# --- bytes on the wire -----------------------------------------------------------------


class Meter:
    """The bytes of one reply's HTTP response as they arrive (``MeteredTransport``
    counts them while this meter is ``current``); past ``limit`` the response is cut."""

    def __init__(self, limit: int, name: str = "the server", where: str = "") -> None:
        self.limit = limit
        self.bytes = 0
        self.name, self.where = name, where

    def add(self, n: int) -> None:
        self.bytes += n
        if self.bytes > self.limit:
            raise too_large(self.name, self.where, self.limit)


# The meter of the reply being requested: set by ``bounded`` around the attempt, read by
# the HTTP client's response hook (a context variable: parallel leads each have theirs).
current_meter: ContextVar[Meter | None] = ContextVar("aipa_reply_meter", default=None)

_counted: dict[type, type] = {}  # the byte stream class of an httpx package -> its counting subclass


async def count_bytes(response: Any) -> None:
    """An httpx ``event_hooks["response"]`` hook: the body of a response to a request
    made while a ``Meter`` is current counts into it as it is read (headers are in, the
    body is not read yet). Works for any httpx-like package (openai's httpx,
    anthropic's httpx2): the counting stream subclasses the response's own stream base."""
    meter = current_meter.get()
    if meter is None:
        return
    import sys

    package = sys.modules[type(response).__module__.split(".")[0]]
    base = package.AsyncByteStream
    cls = _counted.get(base)
    if cls is None:

        class Counted(base):  # type: ignore[misc, valid-type]
            def __init__(self, inner: Any, meter: Meter) -> None:
                self.inner, self.meter = inner, meter

            async def __aiter__(self) -> AsyncIterator[bytes]:
                async for part in self.inner:
                    self.meter.add(len(part))
                    yield part

            async def aclose(self) -> None:
                await self.inner.aclose()

        cls = _counted[base] = Counted
    response.stream = cls(response.stream, meter)


# --- the stream ------------------------------------------------------------------------


async def bounded(
    events: AsyncGenerator[Any, None],
    *,
    idle: float | None,
    max_tokens: int | None,
    probe: Probe,
    name: str,
    where: str,
    meter: Meter | None = None,
    prompt_tokens: Callable[[], int] | None = None,
) -> AsyncGenerator[Any, None]:
    """Yield ``events`` (one attempt at a reply) within the idle timeout, the length cap
    and the loop bound (see the module). ``meter``: the attempt's bytes (made current for
    its requests); ``prompt_tokens``: the request's estimated size, for a stopped loop's usage."""
    from aipa.providers.deadline import probe_seconds

    cap, length, started = max_reply_chars(max_tokens), 0, False
    loops, written = LoopWatch(), 0
    token = current_meter.set(meter)
    try:
        async with aclosing(events) as it:
            pending: asyncio.Future | None = None
            try:
                while True:
                    if not started or not idle:
                        try:
                            event = await anext(it)
                        except StopAsyncIteration:
                            return
                    else:
                        pending = asyncio.ensure_future(anext(it))
                        seen = meter.bytes if meter is not None else 0
                        while True:
                            done, _ = await asyncio.wait({pending}, timeout=idle)
                            if done:
                                break
                            if meter is not None and meter.bytes > seen:  # a drip: bytes, but no whole chunk
                                seen = meter.bytes
                                yield Waiting("slow")
                                continue
                            alive = await probe(probe_seconds(idle))
                            if pending.done():
                                break
                            if not alive:
                                raise stalled(name, where, idle)
                            yield Waiting("slow")  # silent but alive: the stage's deadline bounds the wait
                        done_task, pending = pending, None
                        try:
                            event = done_task.result()
                        except StopAsyncIteration:
                            return
                    if isinstance(event, Waiting):
                        yield event
                        continue
                    started = True
                    if isinstance(event, (ContentDelta, ThinkingDelta)):
                        length += text_length(event.text)
                        if length > cap:
                            raise too_long(name, where, cap, max_tokens)
                        kind = "thinking" if isinstance(event, ThinkingDelta) else "content"
                        written += len(event.text)
                        if loops.add(kind, event.text):
                            yield event
                            log.info("%s (%s): the reply repeats itself; stopped at %d chars", name, where, written)
                            yield Usage(prompt_tokens() if prompt_tokens else 0, written // CHARS_PER_TOKEN_WRITTEN)
                            yield Done("length")
                            return
                    yield event
            finally:
                if pending is not None:  # before the stream is closed: it may be inside it
                    pending.cancel()
                    with contextlib.suppress(BaseException):
                        await pending
    finally:
        with contextlib.suppress(ValueError):  # (reset from another context: left as it is)
            current_meter.reset(token)


@dataclass(frozen=True)
class StageDeadline:
    """When one call of a stage (``what``, e.g. "Miranda (synthesize)") must have ended."""

    seconds: float
    what: str
    ends_at: float  # on the event loop's clock

    @classmethod
    def start(cls, seconds: float, what: str) -> StageDeadline:
        return cls(seconds, what, asyncio.get_running_loop().time() + seconds)

    def error(self) -> ProviderTimeoutError:
        err = ProviderTimeoutError(
            f"{self.what}: no complete reply within {self.seconds:g} s",
            hint="the server is very slow or never ends its reply; resume the run (`aipa runs` lists it) "
            "once it answers normally; the time allowed is stage_timeout in settings.json",
        )
        err.retryable = False
        return err


async def until(events: AsyncIterator[Any], deadline: StageDeadline | None) -> AsyncGenerator[Any, None]:
    """Yield ``events`` until ``deadline`` (None: no end), then raise its error. The
    deadline is applied to each wait for the next event, so it never fires while the
    caller handles one."""
    async with aclosing(events) as it:  # type: ignore[type-var]
        while True:
            timer = asyncio.timeout_at(deadline.ends_at if deadline is not None else None)
            try:
                async with timer:
                    event = await anext(it)
            except StopAsyncIteration:
                return
            except TimeoutError:
                if deadline is None or not timer.expired():
                    raise  # someone else's timeout
                raise deadline.error() from None
            yield event


# --- what is said -----------------------------------------------------------------------


SERVER_WORDS = {"builtin": "the built-in engine", "scripted": "the scripted provider"}


def waiting_text(agent: str, provider: str, event: Waiting) -> str:
    """The notice for a ``Waiting`` event of ``agent``'s call, in words that stay true
    after the call ends (a notice stays in the transcript; the card shows the live state)."""
    where = SERVER_WORDS.get(provider, provider)
    if event.reason == "slow":
        return f"{agent}: {where} answered very slowly for a while (little or no new output); AIPA kept waiting"
    return f"{agent}: {where} was busy with another request; the call waited its turn"


def stalled(name: str, where: str, idle: float) -> ServerDownError:
    err = ServerDownError(
        f"{name}: {where} stopped sending in the middle of its reply (nothing for {idle:g} s) "
        "and does not answer its health check",
        hint="restart the server (or pick another), then resume the run (`aipa runs` lists it); "
        "the time allowed is stream_idle_timeout in settings.json",
    )
    err.retryable = False
    return err


def too_long(name: str, where: str, cap: int, max_tokens: int | None) -> BadResponseError:
    budget = f"its budget of {max_tokens:,} tokens" if max_tokens else "any reasonable length"
    err = BadResponseError(
        f"{name}: the reply from {where} ran past {cap:,} characters, far over {budget}, and was stopped "
        "(a model repeating itself, or a server that ignores max_tokens)",
        "resume the run (`aipa runs` lists it) with a model or server that keeps to the budget",
    )
    err.retryable = False
    return err


def too_large(name: str, where: str, limit: int) -> BadResponseError:
    err = BadResponseError(
        f"{name}: the reply from {where} ran past {limit / (1 << 20):.1f} MB on the wire and was stopped",
        "resume the run (`aipa runs` lists it) with a server that keeps to max_tokens",
    )
    err.retryable = False
    return err
