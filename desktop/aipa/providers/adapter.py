"""What the HTTP adapters (Ollama, OpenAI-compatible, Anthropic) do alike around one
streamed call: fit the history to the context window, tell the run when that window is
a guess, wrap each attempt in the retry policy and its bounds, and close the SDK client.

An adapter says in ``_prepare`` what differs: the window, the caution (None for none) and
the attempt (one streamed call for the fitted request).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any

from aipa.providers.base import Caution, ChatRequest, StreamEvent
from aipa.providers.context import fit
from aipa.providers.retry import RetryingProvider


@dataclass(frozen=True)
class Prepared:
    """What one adapter found before a call: the tokens a request may use, the warning
    when that is a guess, and the attempt for the fitted request."""

    window: int
    caution: Caution | None
    attempt: Callable[[ChatRequest], AsyncGenerator[StreamEvent, None]]


class StreamingAdapter(RetryingProvider):
    """The shared ``stream`` and ``aclose`` of the adapters (``_client``: the SDK's
    client, made on first use; ``_prepare``: the adapter's own part)."""

    _client: Any

    async def _prepare(self, request: ChatRequest) -> Prepared:
        raise NotImplementedError

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        ready = await self._prepare(request)
        if ready.caution is not None:
            yield ready.caution
        fitted = fit(request, ready.window, self._log)
        events = self._with_retries(fitted, lambda: ready.attempt(fitted))
        async with aclosing(events):
            async for event in events:
                yield event

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()
