"""How the Anthropic API's (or a gateway's) failures read to a person: timeouts, refused
connections, HTTP statuses and the error types its bodies name.

A mixin of AnthropicProvider (it reads the provider's ``_where`` and ``_timeout``),
apart so that the adapter reads as the calls it makes.
"""

from __future__ import annotations

import re
from typing import Any

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
from aipa.providers.retry import retry_after_seconds

KEY_HINT = "check the Anthropic API key: `aipa keys set anthropic` or ANTHROPIC_API_KEY"

_TOO_LONG = re.compile(r"prompt is too long|too many tokens|context (window|length)", re.I)


class AnthropicErrors:
    """The error mapping of AnthropicProvider."""

    _timeout: float

    @property
    def _where(self) -> str:
        raise NotImplementedError

    def _map_error(self, err: Exception, model: str) -> ProviderError:
        import anthropic
        import httpx2

        where = self._where
        if isinstance(err, anthropic.APITimeoutError):
            return ProviderTimeoutError(
                f"anthropic: no answer from {where} within {self._timeout:g} s",
                hint="try again, or a faster model (e.g. claude-haiku-4-5)",
            )
        if isinstance(err, anthropic.APIConnectionError):
            return ServerDownError(
                f"anthropic: cannot connect to {where}", hint="check the internet connection (and any proxy)"
            )
        if isinstance(err, anthropic.APIStatusError):
            body = err.body if isinstance(err.body, dict) else {}
            error = body.get("error")
            error = error if isinstance(error, dict) else {}
            message = str(error.get("message") or err.message)[:500]
            kind = str(error.get("type") or "")
            status = err.status_code if err.status_code != 200 else _STATUS_OF.get(kind)
            return self._map_status(status, kind, message, err.response.headers, model)
        if isinstance(err, anthropic.APIError):
            return self._bad(f"anthropic: {where} answered with an error: {err}")
        if isinstance(err, (ConnectionError, httpx2.TransportError)):
            return ServerDownError(
                f"anthropic: the connection to {where} was lost ({type(err).__name__})",
                hint="check the internet connection and try again",
            )
        return self._bad(f"anthropic: malformed answer from {where}: {err}")

    def _map_status(self, status: int | None, kind: str, message: str, headers: Any, model: str) -> ProviderError:
        where = self._where
        if status in (401, 403) or kind in ("authentication_error", "permission_error"):
            return AuthError(f"anthropic: {where} refused the API key (HTTP {status}): {message}", hint=KEY_HINT)
        if status == 402 or kind == "billing_error":
            return AuthError(
                f"anthropic: billing problem (HTTP {status}): {message}",
                hint="check the plan and credits of the Anthropic account",
            )
        if status == 429 or kind == "rate_limit_error":
            err = RateLimitError(
                f"anthropic: rate limited (HTTP 429): {message}",
                hint="wait a little, or run fewer agents in parallel",
                retry_after=retry_after_seconds(headers),
            )
            err.status = 429
            return err
        if status == 404 or kind == "not_found_error":
            return ModelMissingError(
                f"anthropic: model {model!r} not found: {message}",
                hint="pick a model Anthropic lists (`aipa models list --provider anthropic`)",
            )
        if status == 413 or _TOO_LONG.search(message):
            return ContextTooLongError(
                f"anthropic: the conversation is too long for {model!r}: {message}",
                hint="shorten the history, or start a new session",
            )
        retryable = status is not None and status >= 500
        return self._bad(
            f"anthropic: {where} answered with HTTP {status} ({kind or 'error'}): {message}",
            retryable=retryable,
            status=status,
        )

    def _bad(self, message: str, *, retryable: bool = False, status: int | None = None) -> BadResponseError:
        hint = (
            "Anthropic is overloaded; try again shortly"
            if status == 529
            else "try again; if it persists, check status.anthropic.com"
        )
        err = BadResponseError(message, hint)
        err.retryable = retryable
        err.status = status
        return err


_STATUS_OF = {
    "overloaded_error": 529,
    "api_error": 500,
    "rate_limit_error": 429,
    "authentication_error": 401,
    "permission_error": 403,
    "not_found_error": 404,
    "invalid_request_error": 400,
    "request_too_large": 413,
    "timeout_error": 504,
}


def errors() -> tuple[type[Exception], ...]:
    import anthropic
    import httpx2

    return (anthropic.AnthropicError, httpx2.HTTPError, ConnectionError, ValueError)
