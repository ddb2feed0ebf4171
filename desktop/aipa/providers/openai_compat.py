"""OpenAI and OpenAI-compatible servers (llama.cpp server, LM Studio, vLLM, Groq, ...).

One streaming ``chat.completions`` call per request through ``openai.AsyncOpenAI``.
``openai`` is imported lazily: importing this module stays cheap.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from typing import TYPE_CHECKING, Any

from aipa.errors import (
    AuthError,
    BadResponseError,
    ContextTooLongError,
    ModelMissingError,
    ProviderError,
    ProviderTimeoutError,
    RateLimitError,
    ServerDownError,
)
from aipa.providers import bounds
from aipa.providers.base import (
    Caution,
    ChatRequest,
    Done,
    PromptProgress,
    StreamEvent,
    ThinkingDelta,
    ThinkSplitter,
    ToolCall,
    ToolCallEvent,
    Usage,
)
from aipa.providers.context import PROPS_TIMEOUT, fit, hand_window
from aipa.providers.deadline import http_alive, mute_error, probe_seconds
from aipa.providers.openai_wire import refuses_constraint, request_args
from aipa.providers.retry import Backoff, RetryingProvider, Sleep
from aipa.providers.retry import retry_after_seconds as _retry_after
from aipa.providers.window_probe import Size, discover, settle

if TYPE_CHECKING:
    import openai

_CONTEXT_TOO_LONG = re.compile(
    r"context[ _](length|size|window)|maximum context|too many tokens|prompt is too long", re.I
)


class OpenAICompatProvider(RetryingProvider):
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
        self.window_guess = ""  # the warning when the context size is a guess ('' when known)
        self._refuses_schema = False  # the server refused a response_format once: prompt and parse from then on

    # --- Provider protocol -----------------------------------------------------

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        window = await self._window(request.model or self.default_model)
        if self.window_guess:
            yield Caution(self.window_guess)
        request = fit(request, window, self._log)
        events = self._with_retries(request, lambda: self._stream_once(request))
        async with aclosing(events):
            async for event in events:
                yield event

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

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

    async def _window(self, model: str) -> int:
        """The context window (``context_size``); a guess is kept in ``window_guess``,
        which ``stream`` tells as a Caution."""
        size = await self.context_size(model)
        self.window_guess = size.warning
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
            state = _StreamState()
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

    # --- errors ------------------------------------------------------------------

    def _map_error(self, err: Exception, model: str) -> ProviderError:
        import openai

        name, where = self.name, self._where
        if isinstance(err, openai.APITimeoutError):
            return ProviderTimeoutError(
                f"{name}: no answer from {where} within {self._timeout:g}s",
                hint="try a smaller model, or raise the timeout",
            )
        if isinstance(err, openai.APIConnectionError):
            return ServerDownError(f"{name}: cannot connect to {where}", hint=f"is the server running at {where}?")
        if isinstance(err, openai.APIStatusError):
            return self._map_status(err, model)
        if isinstance(err, openai.APIError):  # an error event inside the stream
            body = err.body if isinstance(err.body, dict) else {}
            status = body.get("code") if isinstance(body.get("code"), int) else None
            return self._map_message(err.message, status, model, code=err.code, type_=err.type)
        return self._bad(f"{name}: malformed response from {where}: {err}", retryable=False)

    def _map_status(self, err: openai.APIStatusError, model: str) -> ProviderError:
        status = err.status_code
        body = err.body
        message = body.get("message") if isinstance(body, dict) else None
        message = str(message or body or err.message)[:500]
        name, where = self.name, self._where
        if status in (401, 403):
            return AuthError(
                f"{name}: {where} refused the API key (HTTP {status}): {message}",
                hint="check the API key for this provider in Settings (and its billing)",
            )
        if status == 429:
            retry_after = _retry_after(err.response.headers)
            mapped = RateLimitError(
                f"{name}: rate limited by {where} (HTTP 429): {message}",
                hint="wait a little, or run fewer agents in parallel",
                retry_after=retry_after,
            )
            mapped.status = 429
            return mapped
        if status == 404:
            if err.code == "model_not_found" or "model" in message.lower():
                return ModelMissingError(
                    f"{name}: model {model!r} not found at {where}: {message}",
                    hint="pick a model the server lists (aipa models list)",
                )
            return self._bad(
                f"{name}: {where} has no chat completions endpoint (HTTP 404): {message}",
                hint="check the base URL; OpenAI-compatible servers usually serve under /v1",
                retryable=False,
            )
        return self._map_message(message, status, model, code=err.code, type_=err.type)

    def _map_message(
        self, message: str, status: int | None, model: str, *, code: str | None, type_: str | None
    ) -> ProviderError:
        name, where = self.name, self._where
        if (
            code == "context_length_exceeded"
            or type_ == "exceed_context_size_error"
            or (_CONTEXT_TOO_LONG.search(message) and (status is None or status < 500))
        ):
            return ContextTooLongError(
                f"{name}: the conversation is too long for model {model!r} at {where}: {message}",
                hint="shorten the history, or use a model (or server setting) with a larger context",
            )
        shown = f"HTTP {status}" if status else "error"
        return self._bad(
            f"{name}: {where} answered with an {shown}: {message}",
            retryable=status is not None and status >= 500,
            status=status,
        )

    def _bad(
        self, message: str, hint: str = "", *, retryable: bool = False, status: int | None = None
    ) -> BadResponseError:
        err = BadResponseError(message, hint or f"check the server log at {self._where}")
        err.retryable = retryable
        err.status = status
        return err


def _seconds(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def _parse_arguments(text: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {"_raw": text}
    return value if isinstance(value, dict) else {"_raw": text}


def _prompt_progress(value: Any) -> PromptProgress | None:
    """llama.cpp's ``prompt_progress`` object (``return_progress``), or None."""
    if not isinstance(value, dict):
        return None
    try:
        total, processed = int(value.get("total") or 0), int(value.get("processed") or 0)
        return PromptProgress(total, int(value.get("cache") or 0), processed, float(value.get("time_ms") or 0))
    except (TypeError, ValueError):
        return None


class _StreamState:
    """Turns chat.completion.chunk objects into events; tool calls wait for the end."""

    def __init__(self) -> None:
        self.seen_chunk = False
        self._think = ThinkSplitter()
        self._tools: dict[int, dict[str, Any]] = {}  # index -> {"id", "name", "args"}
        self._usage: Usage | None = None
        self._finish: str | None = None

    def feed(self, chunk: Any) -> list[StreamEvent]:
        self.seen_chunk = True
        out: list[StreamEvent] = []
        progress = _prompt_progress((getattr(chunk, "model_extra", None) or {}).get("prompt_progress"))
        if progress is not None:
            out.append(progress)
        if chunk.usage is not None:
            details = getattr(chunk.usage, "prompt_tokens_details", None)
            cached = getattr(details, "cached_tokens", 0) or 0
            self._usage = Usage(chunk.usage.prompt_tokens or 0, chunk.usage.completion_tokens or 0, cached)
        for choice in chunk.choices or ():
            if choice.index not in (0, None):
                continue
            delta = choice.delta
            if delta is not None:
                extra = delta.model_extra or {}
                reasoning = extra.get("reasoning_content") or extra.get("reasoning")
                if isinstance(reasoning, str) and reasoning:
                    out.append(ThinkingDelta(reasoning))
                if delta.content:
                    out.extend(self._think.feed(delta.content))
                for fragment in delta.tool_calls or ():
                    self._add_tool_fragment(fragment)
            if choice.finish_reason:
                self._finish = choice.finish_reason
        return out

    def _add_tool_fragment(self, fragment: Any) -> None:
        slot = self._tools.setdefault(fragment.index or 0, {"id": "", "name": "", "args": ""})
        if fragment.id:
            slot["id"] = fragment.id
        function = fragment.function
        if function is not None:
            if function.name and function.name != slot["name"]:  # some servers repeat it
                slot["name"] += function.name
            if function.arguments:
                slot["args"] += function.arguments

    def finish(self) -> list[StreamEvent]:
        out: list[StreamEvent] = list(self._think.flush())
        for index in sorted(self._tools):
            slot = self._tools[index]
            call_id = slot["id"] or f"call_{index}"
            out.append(ToolCallEvent(ToolCall(call_id, slot["name"], _parse_arguments(slot["args"]))))
        if self._usage is not None:
            out.append(self._usage)
        finish = self._finish or "stop"
        if finish == "function_call" or (self._tools and finish == "stop"):
            finish = "tool_calls"
        out.append(Done(finish))
        return out
