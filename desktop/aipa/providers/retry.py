"""Retrying a provider stream: exponential backoff with jitter, honouring Retry-After.

A stream is retried only while it has yielded nothing: once output has reached the
caller, a failure is raised as is (the caller keeps what arrived).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from time import time
from typing import Any, TypeVar

from aipa.errors import ProviderError
from aipa.providers import bounds
from aipa.providers.base import Caution, PromptProgress, Waiting
from aipa.providers.deadline import first_token_bounded, mute_error

T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]

_REASONS = {
    "rate_limit": "rate limited",
    "server_down": "server unreachable",
    "timeout": "timed out",
    "bad_response": "server error",
}


@dataclass(frozen=True)
class Backoff:
    base: float = 0.5  # first delay, seconds (before jitter)
    cap: float = 30.0  # longest computed delay
    max_retry_after: float = 120.0  # a longer Retry-After is not waited for: raise

    def delay(self, retry: int, retry_after: float | None = None) -> float | None:
        """Seconds to wait before retry number ``retry`` (1-based); None: give up."""
        if retry_after is not None:
            return max(0.0, retry_after) if retry_after <= self.max_retry_after else None
        ceiling = min(self.cap, self.base * 2 ** (retry - 1))
        return ceiling / 2 + random.uniform(0, ceiling / 2)  # "equal jitter"


def retry_after_seconds(headers: Any) -> float | None:
    """Seconds from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    try:
        if ms := headers.get("retry-after-ms"):
            return float(ms) / 1000
        value = headers.get("retry-after")
        if not value:
            return None
        try:
            return float(value)
        except ValueError:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time())
    except (TypeError, ValueError):
        return None


def call_label(provider: str, request: Any) -> str:
    """``provider``, with the agent and purpose of the call when known: with several
    agents at work, a retry line says whose call it was."""
    agent = request.tags.get("agent") if request.tags else None
    return f"{provider} [{agent} · {request.purpose}]" if agent else provider


class RetryingProvider:
    """Mixin for providers that keep ``name``, ``_max_retries``, ``_log``, ``_sleep``
    and ``_backoff``: one place that wraps an attempt in the retry policy."""

    name: str
    _max_retries: int
    _log: logging.Logger
    _sleep: Sleep
    _backoff: Backoff
    _first_token_timeout: float | None = None  # seconds; None: no first-token deadline
    _stream_idle_timeout: float | None = bounds.DEFAULT_IDLE_TIMEOUT  # seconds between chunks (bounds.py)

    async def _alive(self, timeout: float) -> bool:
        """Does the server answer a cheap request within ``timeout``? (busy vs mute)"""
        return False

    def _mute_error(self) -> Exception:
        return mute_error(self.name, str(getattr(self, "base_url", "") or "the server"), self._first_token_timeout or 0)

    def _with_retries(self, request: Any, attempt: Callable[[], AsyncGenerator[T, None]]) -> AsyncGenerator[T, None]:
        """``attempt`` retried as the policy says, each try bounded: the first-token
        deadline, then the idle timeout and the length cap (``bounds.bounded``)."""
        deadline = self._first_token_timeout
        where = str(getattr(self, "base_url", "") or "the server")

        def bounded_attempt() -> AsyncGenerator[T, None]:
            meter = bounds.Meter(bounds.max_reply_bytes(request.max_tokens), self.name, where)
            events = attempt()
            if deadline:
                events = first_token_bounded(
                    events,
                    deadline=deadline,
                    probe=self._alive,
                    on_mute=self._mute_error,
                    received=lambda: meter.bytes,
                )
            return bounds.bounded(
                events,
                idle=self._stream_idle_timeout,
                max_tokens=request.max_tokens,
                probe=self._alive,
                name=self.name,
                where=where,
                meter=meter,
                prompt_tokens=lambda: _estimated_prompt(request),
            )

        return retrying(
            bounded_attempt,
            label=call_label(self.name, request),
            max_retries=self._max_retries,
            log=self._log,
            sleep=self._sleep,
            backoff=self._backoff,
        )


def _estimated_prompt(request: Any) -> int:
    """The request's size estimated (a stream stopped early never gets the server's count)."""
    from aipa.providers.context import request_tokens

    try:
        return request_tokens(request)
    except (AttributeError, TypeError):  # not a ChatRequest (a test's stand-in)
        return 0


def describe(err: ProviderError) -> str:
    """Short reason for a retry log line, e.g. '429 rate limited'."""
    status = getattr(err, "status", None)
    reason = _REASONS.get(err.kind, err.kind)
    return f"{status} {reason}" if status else reason


async def retrying(
    attempt: Callable[[], AsyncGenerator[T, None]],
    *,
    label: str,
    max_retries: int,
    log: logging.Logger,
    sleep: Sleep = asyncio.sleep,
    backoff: Backoff = Backoff(),
) -> AsyncGenerator[T, None]:
    """Yield from ``attempt()``, starting it again on retryable errors before output."""
    retry = 0
    while True:
        started = False
        try:
            async with aclosing(attempt()) as stream:
                async for item in stream:
                    started = started or not isinstance(item, (Waiting, PromptProgress, Caution))
                    yield item
            return
        except ProviderError as err:
            if started or not err.retryable or retry >= max_retries:
                raise
            delay = backoff.delay(retry + 1, getattr(err, "retry_after", None))
            if delay is None:
                raise
            retry += 1
            log.warning("%s: %s, retry %d/%d in %.1fs", label, describe(err), retry, max_retries, delay)
            await sleep(delay)
