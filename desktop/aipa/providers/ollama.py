"""Ollama (the default, local provider) through ``ollama.AsyncClient``.

``ollama`` is imported lazily. Things this module takes care of, because the client
does not:

- Timeouts: the client has none by default. Connecting gets ``connect_timeout``;
  reading gets a generous ``read_timeout``, because Ollama serves one request per
  model at a time by default and a queued request sees no byte (not even headers)
  until its turn comes.
- Status errors: an httpx response hook reads every 4xx/5xx body and raises it with its
  headers, so ``Retry-After`` survives (``ollama.ResponseError`` drops the headers).
- A refused connection while streaming surfaces as a raw ``httpx.ConnectError``; a
  ``{"error": ...}`` line can arrive inside a 200 stream. Both are mapped here.
- ``options.num_ctx`` is always sent (server defaults silently truncate prompts), and
  the history is trimmed to it first.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
from collections.abc import AsyncGenerator, Callable
from contextlib import aclosing
from typing import TYPE_CHECKING, Any, cast

from aipa.errors import ModelMissingError, ProviderError
from aipa.providers import bounds
from aipa.providers.adapter import Prepared, StreamingAdapter
from aipa.providers.base import ChatRequest, StreamEvent
from aipa.providers.context import hand_window
from aipa.providers.deadline import http_alive
from aipa.providers.ollama_errors import OllamaErrors, errors, raise_for_status
from aipa.providers.ollama_host import HOST_ENV, normal_host
from aipa.providers.ollama_wire import ChatState, wire_message
from aipa.providers.retry import Backoff, Sleep
from aipa.providers.window_probe import Size

if TYPE_CHECKING:
    import ollama


DEFAULT_NUM_CTX = 16384


SHOW_TIMEOUT = 10.0  # seconds for the /api/show that tells a model's context length


class OllamaProvider(OllamaErrors, StreamingAdapter):
    """A Provider for an Ollama server (``host`` None: ``OLLAMA_HOST``, else local).

    ``options``: ``num_ctx`` (default 16384), ``keep_alive`` (e.g. "10m"). An empty
    model means ``default_model``, else the first pulled model. Besides the Provider
    protocol: ``show``, ``ps``, ``version`` and ``pull`` (an async iterator of progress).
    """

    name = "ollama"

    def __init__(
        self,
        host: str | None = None,
        default_model: str = "",
        *,
        options: dict[str, Any] | None = None,
        connect_timeout: float = 10.0,
        read_timeout: float = 1800.0,
        max_retries: int = 3,
        log: logging.Logger | None = None,
        sleep: Sleep = asyncio.sleep,
        backoff: Backoff = Backoff(),
        which: Callable[[str], str | None] = shutil.which,
    ) -> None:
        options = options or {}
        self.default_model = default_model
        self.base_url = normal_host(host or os.environ.get(HOST_ENV))
        # the profile's ``context`` is sent as num_ctx as it is (set by hand: before /api/show)
        self._hand_ctx = hand_window(options)
        self.num_ctx = self._hand_ctx or int(options.get("num_ctx") or DEFAULT_NUM_CTX)
        self.keep_alive = options.get("keep_alive")
        ftt = options.get("first_token_timeout")
        self._first_token_timeout = float(ftt) if isinstance(ftt, (int, float)) and ftt > 0 else None
        self._stream_idle_timeout = bounds.seconds(options.get("stream_idle_timeout"), bounds.DEFAULT_IDLE_TIMEOUT)
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout
        self._max_retries = max_retries
        self._log = log or logging.getLogger("aipa.providers.ollama")
        self._sleep = sleep
        self._backoff = backoff
        self._which = which
        self._client: ollama.AsyncClient | None = None
        self._windows: dict[str, int] = {}  # model -> context window, learnt from /api/show

    # --- Provider protocol -----------------------------------------------------

    async def _prepare(self, request: ChatRequest) -> Prepared:
        return Prepared(await self._window(request.model or self.default_model), None, self._stream_once)

    async def list_models(self) -> list[str]:
        response = await self._call(lambda c: c.list())
        return [m.model for m in response.models if m.model]

    async def _window(self, model: str) -> int:
        """Tokens a request may use: the ``num_ctx`` we ask for, capped by the model's
        own context length (``/api/show`` → ``model_info.<arch>.context_length``)."""
        if not model or self._hand_ctx:
            return self.num_ctx
        if model not in self._windows:
            trained = 0
            try:
                info = await asyncio.wait_for(self.show(model), SHOW_TIMEOUT)
                lengths = [v for k, v in (info.get("model_info") or {}).items() if k.endswith(".context_length")]
                trained = int(lengths[0]) if lengths and isinstance(lengths[0], int) else 0
            except (ProviderError, TimeoutError):
                pass  # the chat call reports a missing model or a server down
            self._windows[model] = min(self.num_ctx, trained) if trained > 0 else self.num_ctx
        return self._windows[model]

    async def context_size(self, model: str = "") -> Size:
        """What ``_window`` uses, and where it comes from (for ``aipa doctor``): the
        profile's ``context``, else ``num_ctx`` capped by the model's own length."""
        model = model or self.default_model
        tokens = await self._window(model)
        source = "the profile" if self._hand_ctx else "/api/show" if tokens < self.num_ctx else "num_ctx"
        return Size(tokens, source)

    async def _alive(self, timeout: float) -> bool:
        """Ollama answers ``/api/version`` while it generates for someone else."""
        return await http_alive(f"{self.base_url}/api/version", timeout)

    # --- model management ----------------------------------------------------------

    async def show(self, name: str) -> dict[str, Any]:
        """``/api/show``: details, parameters, model_info, capabilities."""
        response = await self._call(lambda c: c.show(name), model=name)
        return response.model_dump(by_alias=True, exclude_none=True)

    async def ps(self) -> list[dict[str, Any]]:
        """``/api/ps``: the models loaded now."""
        response = await self._call(lambda c: c.ps())
        return [m.model_dump(exclude_none=True) for m in response.models]

    async def version(self) -> str:
        async def get(client: ollama.AsyncClient) -> Any:
            return await client._client.get("/api/version")  # the client has no version()

        response = await self._call(get)
        return str(response.json().get("version", ""))

    async def pull(self, name: str) -> AsyncGenerator[dict[str, Any], None]:
        """Pull ``name``; yields progress dicts (status, digest, total, completed).
        Closing the iterator cancels the download; pulling again resumes it."""
        try:
            # an async generator at run time (typed as AsyncIterator): aclose() ends the download
            parts = cast(
                "AsyncGenerator[ollama.ProgressResponse, None]", await self._get_client().pull(name, stream=True)
            )
            async with aclosing(parts):
                async for part in parts:
                    yield part.model_dump(exclude_none=True)
        except errors() as err:
            raise self._map_error(err, name, pulling=True) from err

    async def ensure_model(self, name: str) -> None:
        """Raise ModelMissingError unless ``name`` is pulled (``x`` matches ``x:latest``)."""
        have = await self.list_models()
        if name not in have and f"{name}:latest" not in have:
            raise self._missing(name)

    # --- one attempt -------------------------------------------------------------

    async def _stream_once(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        model = request.model or self.default_model or await self._first_model()
        state = ChatState()
        try:
            parts = await self._get_client().chat(**self._chat_args(request, model))
            async with aclosing(parts):  # closes the HTTP response however we leave
                async for part in parts:
                    for event in state.feed(part):
                        yield event
        except errors() as err:
            raise self._map_error(err, model) from err
        if not state.done:
            raise self._bad(f"ollama: the stream from {self.base_url} ended before it was done", retryable=True)
        for event in state.finish():
            yield event

    def _chat_args(self, request: ChatRequest, model: str) -> dict[str, Any]:
        options: dict[str, Any] = {"num_ctx": self.num_ctx}
        if request.temperature is not None:
            options["temperature"] = request.temperature
        if request.max_tokens:
            options["num_predict"] = request.max_tokens
        args: dict[str, Any] = {
            "model": model,
            "messages": [wire_message(m) for m in request.messages],
            "stream": True,
            "options": options,
        }
        if request.think is not None:
            args["think"] = request.think
        if request.json_schema is not None:  # structured calls only; prose is never constrained
            args["format"] = request.json_schema
        if request.tools:
            args["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in request.tools
            ]
        if self.keep_alive is not None:
            args["keep_alive"] = self.keep_alive
        return args

    async def _first_model(self) -> str:
        models = await self.list_models()
        if not models:
            raise ModelMissingError(
                f"ollama: no model is pulled at {self.base_url}",
                hint="pull one: `aipa models pull qwen3:8b` (or `ollama pull qwen3:8b`)",
            )
        return models[0]

    async def embed(self, texts: list[str], model: str = "") -> list[list[float]]:
        """Embeddings from Ollama's ``/api/embed`` (an embedding model, e.g. nomic-embed-text)."""
        model = model or self.default_model
        response = await self._call(lambda c: c.embed(model=model, input=texts), model=model)
        return [list(v) for v in response["embeddings"]]

    async def _call(self, fn: Callable[[ollama.AsyncClient], Any], *, model: str = "") -> Any:
        try:
            return await fn(self._get_client())
        except errors() as err:
            raise self._map_error(err, model) from err

    def _get_client(self) -> ollama.AsyncClient:
        if self._client is None:
            import httpx
            import ollama

            self._client = ollama.AsyncClient(
                host=self.base_url,
                timeout=httpx.Timeout(self._read_timeout, connect=self._connect_timeout),
                event_hooks={"response": [raise_for_status, bounds.count_bytes]},
            )
        return self._client
