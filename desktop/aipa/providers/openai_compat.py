"""OpenAI and OpenAI-compatible servers (llama.cpp server, LM Studio, vLLM, Groq, ...).

One streaming ``chat.completions`` call per request through ``openai.AsyncOpenAI``.
``openai`` is imported lazily: importing this module stays cheap.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING, Any

from aipa.errors import ModelMissingError
from aipa.providers import bounds
from aipa.providers.adapter import Prepared, StreamingAdapter
from aipa.providers.base import Caution, ChatRequest, StreamEvent
from aipa.providers.context import PROPS_TIMEOUT, hand_window
from aipa.providers.deadline import http_alive, mute_error, probe_seconds
from aipa.providers.openai_errors import OpenAIErrors
from aipa.providers.openai_stream import StreamState
from aipa.providers.openai_wire import refuses_constraint, request_args
from aipa.providers.retry import Backoff, Sleep
from aipa.providers.window_probe import Size, discover, settle

if TYPE_CHECKING:
    import openai


class OpenAICompatProvider(OpenAIErrors, StreamingAdapter):
    """A Provider for any ``/v1/chat/completions`` server.

    ``base_url`` None means OpenAI itself; ``api_key`` None sends a placeholder (local
    servers ignore it). An empty model falls back to ``default_model``, then to the
    first model the server lists. Retryable failures (rate limit, server down, 5xx,
    timeout) are retried ``max_retries`` times before any output, sleeping with
    ``sleep`` (injectable for tests) as ``backoff`` says. Before sending, the history is
    trimmed to the model's context window (``context_options``: ``context_window`` or
    ``num_ctx``, see ``context.context_window``).
    """

    def __init__(
        self,
        base_url: str | None,
        api_key: str | None,
        default_model: str = "",
        *,
        name: str = "openai-compatible",
        timeout: float = 600,
        max_retries: int = 3,
        log: logging.Logger | None = None,
        sleep: Sleep = asyncio.sleep,
        backoff: Backoff = Backoff(),
        context_options: dict[str, Any] | None = None,
        extra_body: Callable[[ChatRequest], dict[str, Any]] | None = None,
    ) -> None:
        self.name = name
        self._extra_body = extra_body  # server-specific fields for a request (llama.cpp sampling, …)
        self.default_model = default_model
        self.base_url = base_url
        self._api_key = api_key or "not-needed"
        self._timeout = timeout
        self._max_retries = max_retries
        self._log = log or logging.getLogger("aipa.providers.openai_compat")
        self._sleep = sleep
        self._backoff = backoff
        self._context_options = dict(context_options or {})  # context_window / num_ctx
        self._first_token_timeout = _seconds(self._context_options.get("first_token_timeout"))
        self._stream_idle_timeout = bounds.seconds(
            self._context_options.get("stream_idle_timeout"), bounds.DEFAULT_IDLE_TIMEOUT
        )
        self._client: openai.AsyncOpenAI | None = None
        self._served_model = ""  # first model of /v1/models, found on demand
        self._server_window: int | None = None  # tokens per request the server reports; 0: it says nothing
        self._window_source = ""  # where the server said it ("/props", "/v1/models", ...)
        self._llama = False  # /props answered: a llama.cpp server (it streams its prompt progress)
        self.window_guess: Caution | None = None  # told when the context size is a guess (None when known)
        self._refuses_schema = False  # the server refused a response_format once: prompt and parse from then on

    # --- Provider protocol -----------------------------------------------------

    async def _prepare(self, request: ChatRequest) -> Prepared:
        window = await self._window(request.model or self.default_model)
        return Prepared(window, self.window_guess, self._stream_once)

    async def list_models(self) -> list[str]:
        import openai

        try:
            page = await self._get_client().models.list()
            return [m.id for m in page.data]
        except (openai.OpenAIError, ValueError) as err:
            raise self._map_error(err, "") from err

    async def embed(self, texts: list[str], model: str = "") -> list[list[float]]:
        """Embeddings from ``/v1/embeddings`` (OpenAI, llama.cpp started with ``--embedding``, vLLM…)."""
        import openai

        model = model or self.default_model
        try:
            response = await self._get_client().embeddings.create(model=model or "default", input=texts)
        except (openai.OpenAIError, ValueError) as err:
            raise self._map_error(err, model) from err
        return [list(d.embedding) for d in sorted(response.data, key=lambda d: d.index)]

    async def _window(self, model: str) -> int:
        """The context window (``context_size``); a guess is kept in ``window_guess``,
        which ``stream`` tells as a Caution."""
        size = await self.context_size(model)
        self.window_guess = size.caution
        return size.tokens

    async def context_size(self, model: str = "") -> Size:
        """Tokens one request may use (``window_probe.settle``): the profile's ``context``,
        else what the server reports (``window_probe.discover``: llama.cpp ``/props``, vLLM,
        LiteLLM, Ollama; asked once), else the known-models table or ``num_ctx``, else a guess."""
        model = model or self.default_model
        if hand_window(self._context_options):
            return settle(model, self._where, self._context_options)
        if self._server_window is None:
            deadline = self._first_token_timeout
            found = await discover(
                self._root,
                model,
                self._api_key if self._api_key != "not-needed" else None,
                timeout=probe_seconds(deadline) if deadline else PROPS_TIMEOUT,
                log=self._log,
            )
            if found is None and deadline:
                raise mute_error(self.name, self._where, probe_seconds(deadline))  # not even a GET is answered
            self._server_window, self._window_source = (found.tokens, found.source) if found else (0, "")
            self._llama = self._window_source == "/props"
        return settle(model, self._where, self._context_options, self._server_window, self._window_source)

    @property
    def _root(self) -> str:
        return str(self.base_url or "https://api.openai.com/v1").rstrip("/").removesuffix("/v1")

    async def _alive(self, timeout: float) -> bool:
        """llama.cpp answers ``/health`` even with every slot busy; any HTTP answer counts."""
        return await http_alive(f"{self._root}/health", timeout)

    # --- one attempt -------------------------------------------------------------

    async def _stream_once(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        import openai

        model = request.model or self.default_model or await self._first_served_model()
        try:
            stream = await self._create(request, model)
        except (openai.OpenAIError, ValueError) as err:
            raise self._map_error(err, model) from err
        async with stream:  # closes the HTTP response however we leave
            state = StreamState()
            try:
                async for chunk in stream:
                    for event in state.feed(chunk):
                        yield event
            except (openai.OpenAIError, ValueError) as err:
                raise self._map_error(err, model) from err
            if not state.seen_chunk:
                raise self._bad(f"{self.name}: {self._where} returned an empty stream for model {model!r}")
            for event in state.finish():
                yield event

    async def _create(self, request: ChatRequest, model: str) -> Any:
        """Open the stream. A structured request goes with its JSON schema as
        ``response_format``; a server that refuses the constraint (HTTP 400 or 422 naming
        it) gets the request again without it, and no constraint from then on: the reply
        is then parsed from the prompt's instructions (the caller re-asks if it must)."""
        import openai

        args = request_args(request, model, constrained=not self._refuses_schema)
        extra = self._extra_body(request) if self._extra_body is not None else None
        if isinstance(fixed := self._context_options.get("extra_body"), dict) and fixed:  # the profile's own
            extra = {**fixed, **(extra or {})}
        if self._llama:  # /props answered: a llama.cpp server, which streams its prompt progress
            extra = {"return_progress": True, **(extra or {})}
        if extra:
            args["extra_body"] = extra
        try:
            return await self._get_client().chat.completions.create(**args)
        except openai.APIStatusError as err:
            if "response_format" not in args or not refuses_constraint(err.status_code, str(err.body or err.message)):
                raise
            self._refuses_schema = True
            self._log.warning(
                "%s: %s refuses JSON-schema output (HTTP %s); asking in the prompt instead",
                self.name,
                self._where,
                err.status_code,
            )
            args.pop("response_format")
            return await self._get_client().chat.completions.create(**args)

    async def _first_served_model(self) -> str:
        if not self._served_model:
            models = await self.list_models()
            if not models:
                raise ModelMissingError(
                    f"{self.name}: no model is served at {self._where}",
                    hint="load a model in the server, or name one in the provider settings",
                )
            self._served_model = models[0]
        return self._served_model

    def _get_client(self) -> openai.AsyncOpenAI:
        if self._client is None:
            import openai

            timeout = openai.Timeout(self._timeout, connect=min(self._timeout, 15.0))
            self._client = openai.AsyncOpenAI(
                base_url=self.base_url,
                api_key=self._api_key,
                max_retries=0,
                timeout=timeout,
                # the SDK's own client, counting each reply's bytes (bounds.Meter)
                http_client=openai.DefaultAsyncHttpxClient(
                    timeout=timeout, event_hooks={"response": [bounds.count_bytes]}
                ),
            )
        return self._client

    @property
    def _where(self) -> str:
        if self._client is not None:
            return str(self._client.base_url).rstrip("/")
        return self.base_url or "the default OpenAI endpoint"


def _seconds(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None
