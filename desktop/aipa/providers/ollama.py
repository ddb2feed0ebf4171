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
import ipaddress
import logging
import os
import re
import shutil
import sys
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

from aipa.errors import (
    AuthError,
    BadResponseError,
    ContextTooLongError,
    ModelMissingError,
    NotInstalledError,
    ProviderError,
    ProviderTimeoutError,
    RateLimitError,
    ServerDownError,
)
from aipa.providers import bounds, images_wire
from aipa.providers.base import (
    ChatRequest,
    Done,
    Message,
    StreamEvent,
    ThinkingDelta,
    ThinkSplitter,
    ToolCall,
    ToolCallEvent,
    Usage,
)
from aipa.providers.context import fit, hand_window
from aipa.providers.deadline import http_alive
from aipa.providers.ollama_host import HOST_ENV, normal_host
from aipa.providers.retry import Backoff, RetryingProvider, Sleep, retry_after_seconds
from aipa.providers.window_probe import Size

if TYPE_CHECKING:
    import ollama

DEFAULT_NUM_CTX = 16384
DOWNLOAD_URL = "https://ollama.com/download"

_CONTEXT_TOO_LONG = re.compile(r"context (length|window|size)|exceeds .*context|too long", re.I)
_MODEL_MISSING = re.compile(r"model .*not found|not found.*pull|file does not exist|pull model manifest", re.I)
_BUSY = re.compile(r"server busy|try again|maximum pending", re.I)


class HTTPStatusFailure(Exception):
    """A 4xx/5xx answer, raised by the response hook with its body and headers."""

    def __init__(self, status: int, text: str, headers: Any) -> None:
        super().__init__(f"HTTP {status}: {text[:200]}")
        self.status = status
        self.text = text
        self.headers = headers


async def _raise_for_status(response: Any) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise HTTPStatusFailure(response.status_code, response.text, response.headers)


def _is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def ollama_installed(which: Callable[[str], str | None] = shutil.which) -> bool:
    """Whether an ``ollama`` program is on PATH or in its usual install places."""
    if which("ollama"):
        return True
    places = ["/usr/local/bin/ollama", "/usr/bin/ollama", "/opt/homebrew/bin/ollama"]
    if sys.platform == "darwin":
        places.append("/Applications/Ollama.app")
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        places.append(os.path.join(os.environ["LOCALAPPDATA"], "Programs", "Ollama", "ollama.exe"))
    return any(Path(p).exists() for p in places)


SHOW_TIMEOUT = 10.0  # seconds for the /api/show that tells a model's context length


class OllamaProvider(RetryingProvider):
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

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        request = fit(request, await self._window(request.model or self.default_model), self._log)
        events = self._with_retries(request, lambda: self._stream_once(request))
        async with aclosing(events):
            async for event in events:
                yield event

    async def list_models(self) -> list[str]:
        response = await self._call(lambda c: c.list())
        return [m.model for m in response.models if m.model]

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

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
        except _errors() as err:
            raise self._map_error(err, name, pulling=True) from err

    async def ensure_model(self, name: str) -> None:
        """Raise ModelMissingError unless ``name`` is pulled (``x`` matches ``x:latest``)."""
        have = await self.list_models()
        if name not in have and f"{name}:latest" not in have:
            raise self._missing(name)

    # --- one attempt -------------------------------------------------------------

    async def _stream_once(self, request: ChatRequest) -> AsyncGenerator[StreamEvent, None]:
        model = request.model or self.default_model or await self._first_model()
        state = _ChatState()
        try:
            parts = await self._get_client().chat(**self._chat_args(request, model))
            async with aclosing(parts):  # closes the HTTP response however we leave
                async for part in parts:
                    for event in state.feed(part):
                        yield event
        except _errors() as err:
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
            "messages": [_wire_message(m) for m in request.messages],
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
        except _errors() as err:
            raise self._map_error(err, model) from err

    def _get_client(self) -> ollama.AsyncClient:
        if self._client is None:
            import httpx
            import ollama

            self._client = ollama.AsyncClient(
                host=self.base_url,
                timeout=httpx.Timeout(self._read_timeout, connect=self._connect_timeout),
                event_hooks={"response": [_raise_for_status, bounds.count_bytes]},
            )
        return self._client

    # --- errors ------------------------------------------------------------------

    def _map_error(self, err: Exception, model: str, *, pulling: bool = False) -> ProviderError:
        import httpx
        import ollama

        where = self.base_url
        if isinstance(err, HTTPStatusFailure):
            return self._map_status(err.status, _error_text(err.text), err.headers, model, pulling)
        if isinstance(err, ollama.ResponseError):  # an {"error": ...} line inside a 200 stream
            status = err.status_code if err.status_code > 0 else None
            return self._map_message(str(err.error), status, model, pulling)
        if isinstance(err, (httpx.ConnectError, httpx.ConnectTimeout, ConnectionRefusedError)) or (
            type(err) is ConnectionError  # what ollama's non-streaming calls raise
        ):
            return self._unreachable()
        if isinstance(err, httpx.TimeoutException):
            return ProviderTimeoutError(
                f"ollama: no answer from {where} within {self._read_timeout:g} s",
                hint="try a smaller model, or check that the Ollama server is not stuck",
            )
        if isinstance(err, (httpx.TransportError, ConnectionError)):
            return ServerDownError(
                f"ollama: the connection to {where} was lost ({type(err).__name__})",
                hint="check that Ollama is still running (`ollama serve`)",
            )
        return self._bad(f"ollama: malformed answer from {where}: {err}")

    def _map_status(self, status: int, message: str, headers: Any, model: str, pulling: bool) -> ProviderError:
        where = self.base_url
        if status in (401, 403):
            return AuthError(
                f"ollama: {where} refused the request (HTTP {status}): {message}",
                hint="check OLLAMA_API_KEY, or the credentials of the proxy in front of Ollama",
            )
        if status == 429:
            err = RateLimitError(
                f"ollama: rate limited by {where} (HTTP 429): {message}",
                hint="wait a little, or run fewer agents in parallel",
                retry_after=retry_after_seconds(headers),
            )
            err.status = 429
            return err
        if status == 404 and not _MODEL_MISSING.search(message):
            return self._bad(
                f"ollama: {where} has no such endpoint (HTTP 404): {message}",
                hint="is this an Ollama server? check OLLAMA_HOST or the base URL",
            )
        return self._map_message(message, status, model, pulling)

    def _map_message(self, message: str, status: int | None, model: str, pulling: bool) -> ProviderError:
        where = self.base_url
        if _MODEL_MISSING.search(message) or status == 404:
            if pulling:
                return ModelMissingError(
                    f"ollama: there is no model named {model!r} to pull: {message}",
                    hint="check the name at https://ollama.com/library",
                )
            return self._missing(model, message)
        if _CONTEXT_TOO_LONG.search(message) and (status is None or status < 500):
            return ContextTooLongError(
                f"ollama: the conversation is too long for {model!r} (num_ctx {self.num_ctx}): {message}",
                hint="shorten the history, or raise the context size (num_ctx) in Settings",
            )
        hint = "check the Ollama server log (`ollama serve` output, or ~/.ollama/logs/server.log)"
        if "does not support tools" in message:
            hint = "this model cannot call tools: pick one that can (e.g. qwen3, llama3.1), or remove the agent's tools"
        elif "does not support thinking" in message:
            hint = "this model cannot think: pick a thinking model (e.g. qwen3, deepseek-r1) or turn thinking off"
        shown = f"HTTP {status}" if status else "error"
        retryable = (status is not None and status >= 500) or bool(_BUSY.search(message))
        return self._bad(
            f"ollama: {where} answered with an {shown}: {message}", hint, retryable=retryable, status=status
        )

    def _missing(self, model: str, detail: str = "") -> ModelMissingError:
        suffix = f": {detail}" if detail else ""
        return ModelMissingError(
            f"ollama: model {model!r} is not pulled at {self.base_url}{suffix}",
            hint=f"pull it: `aipa models pull {model}`",
        )

    def _unreachable(self) -> ProviderError:
        where = self.base_url
        if not _is_loopback(where):
            return ServerDownError(
                f"ollama: cannot reach the Ollama server at {where}",
                hint="check OLLAMA_HOST (or the base URL) and that `ollama serve` runs there",
            )
        if not ollama_installed(self._which):
            return NotInstalledError(
                f"ollama: nothing answers at {where} and Ollama does not seem to be installed",
                hint=f"install it from {DOWNLOAD_URL} and start it with `ollama serve`, or choose another provider",
            )
        return ServerDownError(
            f"ollama: Ollama is not running at {where}", hint="start it with `ollama serve`, or open the Ollama app"
        )

    def _bad(
        self, message: str, hint: str = "", *, retryable: bool = False, status: int | None = None
    ) -> BadResponseError:
        err = BadResponseError(message, hint or "check the Ollama server log")
        err.retryable = retryable
        err.status = status
        return err


def _errors() -> tuple[type[Exception], ...]:
    import httpx
    import ollama

    return (HTTPStatusFailure, ollama.ResponseError, httpx.HTTPError, ConnectionError, ValueError)


def _error_text(text: str) -> str:
    import json

    try:
        body = json.loads(text)
    except ValueError:
        return text.strip()[:500]
    return str(body.get("error", body) if isinstance(body, dict) else body)[:500]


# --- wire format ---------------------------------------------------------------------


def _wire_message(m: Message) -> dict[str, Any]:
    if m.role == "tool":
        return {"role": "tool", "content": m.content, "tool_name": m.name or ""}
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.images:
        out["images"] = images_wire.ollama_images(m)
    if m.tool_calls:
        out["tool_calls"] = [{"function": {"name": c.name, "arguments": c.arguments}} for c in m.tool_calls]
    return out


class _ChatState:
    """Turns /api/chat lines into events; tool calls and usage wait for the end."""

    def __init__(self) -> None:
        self.done = False
        self._think = ThinkSplitter()
        self._calls: list[ToolCall] = []
        self._usage = Usage(0, 0)
        self._reason = "stop"

    def feed(self, part: Any) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        message = part.message
        if message is not None:
            if message.thinking:
                out.append(ThinkingDelta(message.thinking))
            if message.content:
                out.extend(self._think.feed(message.content))
            for call in message.tool_calls or ():
                arguments = dict(call.function.arguments or {})
                self._calls.append(ToolCall(f"call_{len(self._calls)}", call.function.name, arguments))
        if part.done:
            self.done = True
            self._usage = Usage(part.prompt_eval_count or 0, part.eval_count or 0)
            self._reason = part.done_reason or "stop"
        return out

    def finish(self) -> list[StreamEvent]:
        out: list[StreamEvent] = list(self._think.flush())
        out += [ToolCallEvent(c) for c in self._calls]
        out.append(self._usage)
        reason = "tool_calls" if self._calls else ("length" if self._reason == "length" else "stop")
        out.append(Done(reason))
        return out
