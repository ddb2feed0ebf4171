"""How an Ollama server's failures read to a person: HTTP statuses, ``{"error": ...}``
lines inside a 200 stream, refused connections, a server that is not installed.

A mixin of OllamaProvider (it reads the provider's ``base_url``, ``num_ctx``,
``_read_timeout`` and ``_which``), apart so that the adapter reads as the calls it makes.
"""

from __future__ import annotations

import ipaddress
import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
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
from aipa.providers.retry import retry_after_seconds

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


async def raise_for_status(response: Any) -> None:
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


class OllamaErrors:
    """The error mapping of OllamaProvider."""

    base_url: str
    num_ctx: int
    _read_timeout: float
    _which: Callable[[str], str | None]

    def _map_error(self, err: Exception, model: str, *, pulling: bool = False) -> ProviderError:
        import httpx
        import ollama

        where = self.base_url
        if isinstance(err, HTTPStatusFailure):
            return self._map_status(err.status, error_text(err.text), err.headers, model, pulling)
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


def errors() -> tuple[type[Exception], ...]:
    import httpx
    import ollama

    return (HTTPStatusFailure, ollama.ResponseError, httpx.HTTPError, ConnectionError, ValueError)


def error_text(text: str) -> str:
    import json

    try:
        body = json.loads(text)
    except ValueError:
        return text.strip()[:500]
    return str(body.get("error", body) if isinstance(body, dict) else body)[:500]
