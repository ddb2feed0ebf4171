"""The first-token deadline: a busy server is waited for, a mute one is given up on.

A request that has produced nothing after ``deadline`` seconds is not simply cut:
the server may be serving other requests first (Ollama serves one request per model
at a time, a llama.cpp server has a fixed number of slots). A cheap liveness probe
(``/api/version``, ``/health``) tells the two apart. A server that answers its probe
is busy: the stream yields ``Waiting`` and keeps waiting, one more deadline at a
time. A server that answers neither is mute: ``ServerDownError`` (exit 3), not
retried, so the run stops there and can be resumed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing
from typing import Any

from aipa.errors import ServerDownError
from aipa.providers.base import Waiting

Probe = Callable[[float], Awaitable[bool]]  # (timeout in seconds) -> the server answered

MAX_PROBE_SECONDS = 5.0


def probe_seconds(deadline: float) -> float:
    """How long a probe may take: part of the deadline, never more than 5 s."""
    return min(MAX_PROBE_SECONDS, deadline / 2)


async def http_alive(url: str, timeout: float, headers: dict[str, str] | None = None) -> bool:
    """True when ``url`` gives any HTTP answer within ``timeout`` seconds (even an error
    status: a server that answers is alive)."""
    import httpx

    try:
        async with httpx.AsyncClient(timeout=timeout, headers=headers) as client:
            await client.get(url)
    except (httpx.HTTPError, OSError):
        return False
    return True


def mute_error(name: str, where: str, deadline: float) -> ServerDownError:
    err = ServerDownError(
        f"{name}: {where} accepted the request but sent nothing for {deadline:g} s, "
        "and does not answer its health check",
        hint="restart the server (or pick another), then resume the run (`aipa runs` lists it); "
        "the time allowed for the first token is first_token_timeout in settings.json",
    )
    err.retryable = False  # another attempt would wait as long again
    return err


async def first_token_bounded(
    events: AsyncGenerator[Any, None],
    *,
    deadline: float,
    probe: Probe,
    on_mute: Callable[[], Exception],
    received: Callable[[], int] | None = None,
) -> AsyncGenerator[Any, None]:
    """Yield ``events``; until the first one arrives, apply the deadline and the probe.
    ``received()``: the reply's bytes so far (``bounds.Meter``): bytes that arrive without
    a whole event make the server *slow* (a drip), not queued, and need no probe."""
    async with aclosing(events) as it:
        pending = asyncio.ensure_future(anext(it))
        seen = 0
        try:
            while True:
                wait = max(0.0, deadline - probe_seconds(deadline))
                done, _ = await asyncio.wait({pending}, timeout=wait)
                if done:
                    break
                if received is not None and received() > seen:
                    seen = received()
                    yield Waiting("slow")  # it is answering, very slowly
                    continue
                alive = await probe(probe_seconds(deadline))
                if pending.done():
                    break
                if not alive:
                    raise on_mute()
                yield Waiting("queued")  # busy with other requests: keep waiting
        except BaseException:
            pending.cancel()
            with contextlib.suppress(BaseException):
                await pending
            raise
        try:
            first = pending.result()
        except StopAsyncIteration:
            return
        yield first
        async for event in it:
            yield event
