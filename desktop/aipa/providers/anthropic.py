"""Anthropic's Messages API through ``anthropic.AsyncAnthropic`` (imported lazily: it
costs about a second).

- System messages go in ``system``; tool results go back as ``tool_result`` blocks of a
  user message; consecutive messages of one role are merged (the API wants turns to
  alternate, and all results of a tool turn in the next message).
- Thinking (``thinking={"type": "enabled", "budget_tokens": N}``; ``adaptive`` for the
  models the SDK says need it) is requested only when ``request.think`` is True; the
  budget comes on top of ``max_tokens``, so the answer keeps the room it asked for.
  Thinking blocks arrive as ThinkingDelta.
- Structured calls: a forced tool (``_stream_once``: what a server that refuses it gets).
  The schema becomes the ``input_schema`` of a tool
  named after ``schema_name``, ``tool_choice`` forces it, and the tool input streams out
  as ContentDelta JSON text. Every Claude model supports this (the newer native
  ``output_config.format`` is not available on all models), and the API validates the
  input against the schema's shape. The API refuses thinking with a forced tool, so a
  structured call never thinks; a tool-loop turn does not either (its earlier thinking
  blocks, with their signatures, are not kept in the history).
- ``max_tokens`` is required by the API: the request's (the stage's budget), else 4096
  (option ``max_tokens``).
- Usage: from ``message_start`` and ``message_delta`` (a gateway such as LiteLLM's proxy
  says the prompt's tokens in ``message_delta`` only); cached input tokens as such.
- The context size: the profile's ``context``, the known Claude sizes, else what a gateway
  says (``window_probe``), else a guess that the run is told about (a Caution).
- ``temperature`` is sent only where the installed SDK still has the parameter.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aipa.errors import AuthError, ProviderError
from aipa.providers import bounds
from aipa.providers.adapter import Prepared, StreamingAdapter
from aipa.providers.anthropic_errors import AnthropicErrors, errors
from aipa.providers.anthropic_wire import (
    FORMAT,
    PROMPT,
    TOOL,
    WHAT,
    StreamState,
    adaptive_only,
    in_tool_loop,
    refuses,
    sdk_takes,
    status_of,
    tool_name,
    wire_messages,
    wrapped,
)
from aipa.providers.base import Caution, ChatRequest, StreamEvent
from aipa.providers.context import PROPS_TIMEOUT, hand_window, known_window
from aipa.providers.deadline import http_alive
from aipa.providers.retry import Backoff, Sleep
from aipa.providers.window_probe import Size, discover, settle

if TYPE_CHECKING:
    import anthropic

CACHE_MARK = {"cache_control": {"type": "ephemeral"}}  # a prompt-cache breakpoint (5 minutes)
FALLBACK_MODEL = "claude-sonnet-4-6"  # when no model is set and the model list cannot be read
DEFAULT_MAX_TOKENS = 4096
DEFAULT_THINKING_BUDGET = 4096


class AnthropicProvider(AnthropicErrors, StreamingAdapter):
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
        self._windows: dict[str, tuple[int, str]] = {}  # model -> what a gateway said, and where (0: nothing)
        self._structure = TOOL  # how structured calls go: TOOL, then FORMAT, then PROMPT where refused

    # --- Provider protocol -----------------------------------------------------

    async def _prepare(self, request: ChatRequest) -> Prepared:
        model = request.model or self.default_model or await self._newest_sonnet()
        window, guess = await self._window(model)
        return Prepared(window, guess, lambda fitted: self._stream_once(fitted, model))

    async def _window(self, model: str) -> tuple[int, Caution | None]:
        """Tokens a request may use, and the caution when that is a guess (None when not)."""
        size = await self.context_size(model)
        return size.tokens, size.caution

    async def context_size(self, model: str = "") -> Size:
        """The profile's ``context``, else the known-models table (every Claude), else what a
        gateway at ``base_url`` says (``window_probe.discover``: LiteLLM's ``/model/info``,
        vLLM's ``/v1/models``, ...; asked once per model), else ``num_ctx``, else a guess."""
        model = model or self.default_model
        if not hand_window(self._options) and not known_window(model) and self.base_url:
            if model not in self._windows:
                found = await discover(self._root, model, self._api_key, timeout=PROPS_TIMEOUT, log=self._log)
                self._windows[model] = (found.tokens, found.source) if found else (0, "")
            return settle(model, self._where, self._options, *self._windows[model])
        return settle(model, self._where, self._options)

    @property
    def _root(self) -> str:
        return str(self.base_url or "").rstrip("/").removesuffix("/v1")

    async def _alive(self, timeout: float) -> bool:
        return await http_alive(str(self.base_url or "https://api.anthropic.com").rstrip("/") + "/v1/models", timeout)

    async def list_models(self) -> list[str]:
        """The models the key may use: one cheap authenticated call."""
        try:
            page = await self._get_client().models.list(limit=100)
            return [m.id for m in page.data]
        except errors() as err:
            raise self._map_error(err, "") from err

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
        """One call. A structured request goes with the strongest constraint the server
        takes: a forced tool; where a server refuses it (an HTTP 400 naming it) or ignores
        it (the reply comes as text), the native JSON-schema format (``output_config``:
        a gateway such as LiteLLM turns it into the backend's ``response_format``); where
        that is refused too, the prompt alone (it says what JSON to give), like
        openai_compat's fallback. A refusal is retried at once one step down; what a
        server refused once it is not asked again."""
        structured = request.json_schema is not None
        while True:
            mode = self._structure if structured else PROMPT
            args = self._request_args(request, model, mode=mode)
            state = StreamState(structured=mode == TOOL, wrapped=wrapped(request))
            try:
                stream = await self._get_client().messages.create(**args, stream=True)
            except errors() as err:
                if mode == PROMPT or not refuses(mode, err):
                    raise self._map_error(err, model) from err
                self._step_down(mode, f"refuses {WHAT[mode]} ({status_of(err)})")
                continue
            break
        try:
            async with stream:  # closes the HTTP response however we leave
                async for event in stream:
                    for out in state.feed(event):
                        yield out
        except errors() as err:
            raise self._map_error(err, model) from err
        if not state.stopped:
            raise self._bad(f"anthropic: the stream for {model!r} ended before message_stop", retryable=True)
        tail = state.finish()
        if state.ignored_tool:  # answered in text, not with the forced tool: that text is the answer
            self._step_down(TOOL, "answered a forced tool in text")
        for out in tail:
            yield out

    def _step_down(self, mode: str, why: str) -> None:
        """Structured calls use the next weaker constraint from now on."""
        weaker = FORMAT if mode == TOOL else PROMPT
        if self._structure == mode:
            self._log.warning("%s: %s %s; %s instead", self.name, self._where, why, WHAT[weaker])
            self._structure = weaker

    def _request_args(self, request: ChatRequest, model: str, *, mode: str = TOOL) -> dict[str, Any]:
        """The ``messages.create`` arguments. ``max_tokens`` is the request's (the stage's
        budget), else the option, else 4096. ``mode``: how a structured request goes (a
        forced tool, the JSON-schema format, or the prompt alone). On the
        real API the stable prefix (tools, then the system prompt) carries ``cache_control``
        breakpoints, so a call that repeats it (a lead's tool loop, a re-ask, the verdict call
        after the memo) reads it from the prompt cache (``usage.cache_read_input_tokens``,
        priced lower; a prefix under the model's minimum, about 1,024 tokens, is not cached)."""
        system = "\n\n".join(m.content for m in request.messages if m.role == "system" and m.content)
        max_tokens = request.max_tokens or int(self._options.get("max_tokens") or DEFAULT_MAX_TOKENS)
        args: dict[str, Any] = {"model": model, "messages": wire_messages(request.messages), "max_tokens": max_tokens}
        cache = self._caches
        if system:
            args["system"] = [{"type": "text", "text": system, **CACHE_MARK}] if cache else system
        tools = [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in request.tools]
        if request.json_schema is not None and mode == FORMAT:
            output = {"format": {"type": "json_schema", "schema": request.json_schema}}
            if sdk_takes("output_config"):
                args["output_config"] = output
            else:
                args.setdefault("extra_body", {})["output_config"] = output
        if request.json_schema is not None and mode == TOOL:
            name = tool_name(request.schema_name)
            schema = (
                request.json_schema
                if not wrapped(request)
                else {"type": "object", "properties": {"value": request.json_schema}, "required": ["value"]}
            )
            tools = [{"name": name, "description": "Give your answer as this tool's input.", "input_schema": schema}]
            args["tool_choice"] = {"type": "tool", "name": name}
        if tools:
            if cache:  # a breakpoint on the last tool caches all of them (tools come first in the prefix)
                tools[-1] = {**tools[-1], **CACHE_MARK}
            args["tools"] = tools
        if isinstance(extra := self._options.get("extra_body"), dict) and extra:  # the profile's own fields
            args["extra_body"] = {**extra, **args.get("extra_body", {})}
        thinking = request.think is True and request.json_schema is None and not in_tool_loop(request.messages)
        if thinking:
            budget = max(1024, int(self._options.get("thinking_budget") or DEFAULT_THINKING_BUDGET))
            args["max_tokens"] = max_tokens + budget  # thinking counts against max_tokens
            if model in adaptive_only():
                args["thinking"] = {"type": "adaptive"}
            else:
                args["thinking"] = {"type": "enabled", "budget_tokens": budget}
        elif request.temperature is not None and sdk_takes("temperature"):
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

    @property
    def _caches(self) -> bool:
        """Whether requests mark their stable prefix for the prompt cache: on Anthropic's
        own API (a gateway may not take ``cache_control``; option ``prompt_cache`` says)."""
        chosen = self._options.get("prompt_cache")
        if isinstance(chosen, bool):
            return chosen
        return not self.base_url or (urlsplit(self.base_url).hostname or "") == "api.anthropic.com"
