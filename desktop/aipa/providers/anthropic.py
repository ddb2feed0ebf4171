"""Anthropic's Messages API through ``anthropic.AsyncAnthropic`` (imported lazily: it
costs about a second).

- System messages go in ``system``; tool results go back as ``tool_result`` blocks of a
  user message; consecutive messages of one role are merged (the API wants turns to
  alternate, and all results of a tool turn in the next message).
- Thinking (``thinking={"type": "enabled", "budget_tokens": N}``; ``adaptive`` for the
  models the SDK says need it) is requested only when ``request.think`` is True; the
  budget comes on top of ``max_tokens``, so the answer keeps the room it asked for.
  Thinking blocks arrive as ThinkingDelta.
- Structured calls: a forced tool. The schema becomes the ``input_schema`` of a tool
  named after ``schema_name``, ``tool_choice`` forces it, and the tool input streams out
  as ContentDelta JSON text. Every Claude model supports this (the newer native
  ``output_config.format`` is not available on all models), and the API validates the
  input against the schema's shape. The API refuses thinking with a forced tool, so a
  structured call never thinks; a tool-loop turn does not either (its earlier thinking
  blocks, with their signatures, are not kept in the history).
- ``max_tokens`` is required by the API: default 4096 (option ``max_tokens``).
- ``temperature`` is sent only where the installed SDK still has the parameter.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import logging
import re
from collections.abc import AsyncGenerator, AsyncIterator
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
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    StreamEvent,
    ThinkingDelta,
    ToolCall,
    ToolCallEvent,
    Usage,
)
from aipa.providers.context import context_window, fit
from aipa.providers.deadline import http_alive
from aipa.providers.retry import Backoff, RetryingProvider, Sleep, retry_after_seconds

if TYPE_CHECKING:
    import anthropic

FALLBACK_MODEL = "claude-sonnet-4-6"  # when no model is set and the model list cannot be read
DEFAULT_MAX_TOKENS = 4096
DEFAULT_THINKING_BUDGET = 4096
KEY_HINT = "check the Anthropic API key: `aipa keys set anthropic` or ANTHROPIC_API_KEY"

_TOO_LONG = re.compile(r"prompt is too long|too many tokens|context (window|length)", re.I)
_STOP = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "pause_turn": "stop",
    "refusal": "stop",
    "model_context_window_exceeded": "length",
}


class AnthropicProvider(RetryingProvider):
    """A Provider for the Anthropic Messages API (``base_url`` None: the real one).

    ``options``: ``max_tokens`` (default output cap), ``thinking_budget``,
    ``context_window``. No model set: the newest Sonnet the key can use (the first one
    ``/v1/models`` lists), found once.
    """

    name = "anthropic"

    def __init__(
        self,
        api_key: str | None,
        default_model: str = "",
        *,
        base_url: str | None = None,
        options: dict[str, Any] | None = None,
        timeout: float = 600,
        max_retries: int = 3,
        log: logging.Logger | None = None,
        sleep: Sleep = asyncio.sleep,
        backoff: Backoff = Backoff(),
    ) -> None:
        self.default_model = default_model
        self._listed_model = ""
        self.base_url = base_url or None
        self._api_key = api_key
        self._options = dict(options or {})
        ftt = self._options.get("first_token_timeout")
        self._first_token_timeout = float(ftt) if isinstance(ftt, (int, float)) and ftt > 0 else None
        self._stream_idle_timeout = bounds.seconds(
            self._options.get("stream_idle_timeout"), bounds.DEFAULT_IDLE_TIMEOUT
        )
        self._timeout = timeout
        self._max_retries = max_retries
        self._log = log or logging.getLogger("aipa.providers.anthropic")
        self._sleep = sleep
        self._backoff = backoff
        self._client: anthropic.AsyncAnthropic | None = None

    # --- Provider protocol -----------------------------------------------------

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        model = request.model or self.default_model or await self._newest_sonnet()
        request = fit(request, context_window(model, self._options), self._log)
        events = self._with_retries(request, lambda: self._stream_once(request, model))
        async with aclosing(events):
            async for event in events:
                yield event

    async def _alive(self, timeout: float) -> bool:
        return await http_alive(str(self.base_url or "https://api.anthropic.com").rstrip("/") + "/v1/models", timeout)

    async def list_models(self) -> list[str]:
        """The models the key may use: one cheap authenticated call."""
        try:
            page = await self._get_client().models.list(limit=100)
            return [m.id for m in page.data]
        except _errors() as err:
            raise self._map_error(err, "") from err

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

    async def _newest_sonnet(self) -> str:
        if not self._listed_model:
            try:
                models = await self.list_models()
            except AuthError:
                raise
            except ProviderError:  # the chat call will say what is wrong, with retries
                return FALLBACK_MODEL
            self._listed_model = next((m for m in models if "sonnet" in m), models[0] if models else FALLBACK_MODEL)
        return self._listed_model

    # --- one attempt -------------------------------------------------------------

    async def _stream_once(self, request: ChatRequest, model: str) -> AsyncGenerator[StreamEvent, None]:
        args = self._request_args(request, model)
        state = _StreamState(structured=request.json_schema is not None, wrapped=_wrapped(request))
        try:
            stream = await self._get_client().messages.create(**args, stream=True)
            async with stream:  # closes the HTTP response however we leave
                async for event in stream:
                    for out in state.feed(event):
                        yield out
        except _errors() as err:
            raise self._map_error(err, model) from err
        if not state.stopped:
            raise self._bad(f"anthropic: the stream for {model!r} ended before message_stop", retryable=True)
        for out in state.finish():
            yield out

    def _request_args(self, request: ChatRequest, model: str) -> dict[str, Any]:
        system = "\n\n".join(m.content for m in request.messages if m.role == "system" and m.content)
        max_tokens = request.max_tokens or int(self._options.get("max_tokens") or DEFAULT_MAX_TOKENS)
        args: dict[str, Any] = {"model": model, "messages": wire_messages(request.messages), "max_tokens": max_tokens}
        if system:
            args["system"] = system
        tools = [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in request.tools]
        if request.json_schema is not None:
            name = _tool_name(request.schema_name)
            schema = (
                request.json_schema
                if not _wrapped(request)
                else {"type": "object", "properties": {"value": request.json_schema}, "required": ["value"]}
            )
            tools = [{"name": name, "description": "Give your answer as this tool's input.", "input_schema": schema}]
            args["tool_choice"] = {"type": "tool", "name": name}
        if tools:
            args["tools"] = tools
        thinking = request.think is True and request.json_schema is None and not _in_tool_loop(request.messages)
        if thinking:
            budget = max(1024, int(self._options.get("thinking_budget") or DEFAULT_THINKING_BUDGET))
            args["max_tokens"] = max_tokens + budget  # thinking counts against max_tokens
            if model in _adaptive_only():
                args["thinking"] = {"type": "adaptive"}
            else:
                args["thinking"] = {"type": "enabled", "budget_tokens": budget}
        elif request.temperature is not None and _sdk_takes("temperature"):
            args["temperature"] = request.temperature  # with thinking, only the default is accepted
        return args

    def _get_client(self) -> anthropic.AsyncAnthropic:
        if self._client is None:
            import anthropic

            timeout = anthropic.Timeout(self._timeout, connect=min(self._timeout, 15.0))
            self._client = anthropic.AsyncAnthropic(
                api_key=self._api_key or "missing",
                base_url=self.base_url,
                max_retries=0,  # we retry, before the first token only
                timeout=timeout,
                # the SDK's own client, counting each reply's bytes (bounds.Meter)
                http_client=anthropic.DefaultAsyncHttpxClient(
                    timeout=timeout, event_hooks={"response": [bounds.count_bytes]}
                ),
            )
        return self._client

    @property
    def _where(self) -> str:
        return self.base_url or "api.anthropic.com"

    # --- errors ------------------------------------------------------------------

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


@functools.cache
def _adaptive_only() -> frozenset[str]:
    """Models for which the SDK deprecates ``thinking.type=enabled`` (use adaptive)."""
    try:
        from anthropic._data import MODELS_TO_WARN_WITH_THINKING_ENABLED
    except ImportError:
        return frozenset()
    return frozenset(MODELS_TO_WARN_WITH_THINKING_ENABLED)


@functools.cache
def _sdk_takes(parameter: str) -> bool:
    """Whether this SDK's ``messages.create`` has ``parameter`` (recent ones dropped the
    sampling parameters: the API sets them)."""
    from anthropic.resources.messages import AsyncMessages

    return parameter in inspect.signature(AsyncMessages.create).parameters


def _errors() -> tuple[type[Exception], ...]:
    import anthropic
    import httpx2

    return (anthropic.AnthropicError, httpx2.HTTPError, ConnectionError, ValueError)


# --- wire format ---------------------------------------------------------------------


def wire_messages(messages: tuple[Message, ...]) -> list[dict[str, Any]]:
    """Our messages as Messages-API turns: no system, tool results in user turns,
    one turn per role in a row, starting with the user."""
    turns: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "system":
            continue
        role, blocks = _blocks(m)
        if not blocks:
            continue
        if turns and turns[-1]["role"] == role:
            previous = turns[-1]["content"]
            tool_results = [b for b in blocks if b["type"] == "tool_result"]
            others = [b for b in blocks if b["type"] != "tool_result"]
            # tool results first in a user turn, as the API wants
            turns[-1]["content"] = (
                [b for b in previous if b["type"] == "tool_result"]
                + tool_results
                + [b for b in previous if b["type"] != "tool_result"]
                + others
            )
        else:
            turns.append({"role": role, "content": blocks})
    if turns and turns[0]["role"] != "user":
        turns.insert(0, {"role": "user", "content": [{"type": "text", "text": "(continuing the conversation)"}]})
    return turns


def _blocks(m: Message) -> tuple[str, list[dict[str, Any]]]:
    if m.role == "tool":
        return "user", [{"type": "tool_result", "tool_use_id": m.tool_call_id or "", "content": m.content or "(empty)"}]
    blocks: list[dict[str, Any]] = [{"type": "text", "text": m.content}] if m.content.strip() else []
    if m.role == "assistant":
        blocks += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in m.tool_calls]
        return "assistant", blocks
    return "user", blocks or [{"type": "text", "text": "(empty)"}]


def _in_tool_loop(messages: tuple[Message, ...]) -> bool:
    return bool(messages) and messages[-1].role == "tool"


def _wrapped(request: ChatRequest) -> bool:
    """A non-object schema goes inside {"value": ...}: tool inputs are objects."""
    return request.json_schema is not None and request.json_schema.get("type", "object") != "object"


def _tool_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name or "output")[:64] or "output"


class _StreamState:
    """Turns Messages-API stream events into our events."""

    def __init__(self, *, structured: bool, wrapped: bool) -> None:
        self.stopped = False
        self._structured = structured
        self._wrapped = wrapped
        self._blocks: dict[int, dict[str, Any]] = {}  # index -> {"type", "id", "name", "json"}
        self._calls: list[ToolCall] = []
        self._input = 0
        self._cached = 0  # of the input, read from the prompt cache
        self._output = 0
        self._reason = "stop"

    def feed(self, event: Any) -> list[StreamEvent]:
        kind = event.type
        if kind == "message_start":
            usage = event.message.usage
            self._input = (
                (usage.input_tokens or 0)
                + (getattr(usage, "cache_creation_input_tokens", 0) or 0)
                + (getattr(usage, "cache_read_input_tokens", 0) or 0)
            )
            self._cached = getattr(usage, "cache_read_input_tokens", 0) or 0
            self._output = usage.output_tokens or 0
        elif kind == "content_block_start":
            block = event.content_block
            self._blocks[event.index] = {
                "type": block.type,
                "id": getattr(block, "id", ""),
                "name": getattr(block, "name", ""),
                "json": "",
            }
        elif kind == "content_block_delta":
            return self._delta(event.index, event.delta)
        elif kind == "content_block_stop":
            return self._stop_block(event.index)
        elif kind == "message_delta":
            if event.delta.stop_reason:
                self._reason = _STOP.get(event.delta.stop_reason, "stop")
            if event.usage is not None and event.usage.output_tokens is not None:
                self._output = event.usage.output_tokens
        elif kind == "message_stop":
            self.stopped = True
        return []

    def _delta(self, index: int, delta: Any) -> list[StreamEvent]:
        if delta.type == "text_delta" and delta.text and not self._structured:
            return [ContentDelta(delta.text)]
        if delta.type == "thinking_delta" and delta.thinking:
            return [ThinkingDelta(delta.thinking)]
        if delta.type == "input_json_delta" and index in self._blocks:
            self._blocks[index]["json"] += delta.partial_json
            if self._structured and not self._wrapped and delta.partial_json:
                return [ContentDelta(delta.partial_json)]  # the answer, streaming
        return []

    def _stop_block(self, index: int) -> list[StreamEvent]:
        block = self._blocks.get(index)
        if block is None or block["type"] != "tool_use":
            return []
        text = block["json"]
        try:
            value = json.loads(text) if text.strip() else {}
        except ValueError:
            value = {"_raw": text}
        if self._structured:
            if self._wrapped:
                return [ContentDelta(json.dumps(value.get("value") if isinstance(value, dict) else value))]
            return [] if text.strip() else [ContentDelta("{}")]
        arguments = value if isinstance(value, dict) else {"_raw": text}
        self._calls.append(ToolCall(block["id"] or f"toolu_{index}", block["name"], arguments))
        return []

    def finish(self) -> list[StreamEvent]:
        out: list[StreamEvent] = [ToolCallEvent(c) for c in self._calls]
        out.append(Usage(self._input, self._output, self._cached))
        reason = self._reason
        if self._structured and reason == "tool_calls":
            reason = "stop"  # the forced tool was the answer
        out.append(Done(reason))
        return out
