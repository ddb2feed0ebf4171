"""How an OpenAI-compatible server's failures read to a person: timeouts, refused
connections, HTTP statuses and error events inside the stream.

A mixin of OpenAICompatProvider (it reads the provider's ``name``, ``_where`` and
``_timeout``), apart so that the adapter reads as the calls it makes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

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
from aipa.providers.retry import retry_after_seconds as _retry_after

if TYPE_CHECKING:
    import openai

_CONTEXT_TOO_LONG = re.compile(
    r"context[ _](length|size|window)|maximum context|too many tokens|prompt is too long", re.I
)


class OpenAIErrors:
    """The error mapping of OpenAICompatProvider."""

    name: str
    _timeout: float

    @property
    def _where(self) -> str:
        raise NotImplementedError

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
