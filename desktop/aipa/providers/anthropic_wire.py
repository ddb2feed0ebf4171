"""The Anthropic Messages API's wire format: our messages as its turns, and its stream
events (``message_start``, ``content_block_*``, ``message_delta``, ``message_stop``) as
our events. Token counts come from ``message_start`` and ``message_delta`` (gateways
often send the prompt's count in ``message_delta`` only)."""

from __future__ import annotations

import functools
import inspect
import json
import re
from typing import Any

from aipa.providers import images_wire
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


@functools.cache
def adaptive_only() -> frozenset[str]:
    """Models for which the SDK deprecates ``thinking.type=enabled`` (use adaptive)."""
    try:
        from anthropic._data import MODELS_TO_WARN_WITH_THINKING_ENABLED
    except ImportError:
        return frozenset()
    return frozenset(MODELS_TO_WARN_WITH_THINKING_ENABLED)


@functools.cache
def sdk_takes(parameter: str) -> bool:
    """Whether this SDK's ``messages.create`` has ``parameter`` (recent ones dropped the
    sampling parameters: the API sets them)."""
    from anthropic.resources.messages import AsyncMessages

    return parameter in inspect.signature(AsyncMessages.create).parameters


TOOL, FORMAT, PROMPT = "tool", "format", "prompt"  # a structured call's constraints, strongest first
WHAT = {TOOL: "a forced tool", FORMAT: "the JSON-schema format", PROMPT: "asking in the prompt"}
_REFUSED = {
    TOOL: re.compile(r"tool_choice|tool choice|forced tool|tool use|tools? (is|are) not supported", re.I),
    FORMAT: re.compile(r"output_config|output_format|json_schema|json schema|response_format|structured output", re.I),
}


def refuses(mode: str, err: Exception) -> bool:
    """An HTTP 400/422/501 whose message names the constraint: the server cannot honour it."""
    import anthropic

    if not isinstance(err, anthropic.APIStatusError) or err.status_code not in (400, 422, 501):
        return False
    return bool(_REFUSED[mode].search(str(err.body or err.message)))


def status_of(err: Exception) -> str:
    status = getattr(err, "status_code", None)
    return f"HTTP {status}" if status else type(err).__name__


_STOP = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "pause_turn": "stop",
    "refusal": "stop",
    "model_context_window_exceeded": "length",
}


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
    if m.images:  # pictures before the text of their turn
        blocks = images_wire.anthropic_blocks(m) + blocks
    return "user", blocks or [{"type": "text", "text": "(empty)"}]


def in_tool_loop(messages: tuple[Message, ...]) -> bool:
    return bool(messages) and messages[-1].role == "tool"


def wrapped(request: ChatRequest) -> bool:
    """A non-object schema goes inside {"value": ...}: tool inputs are objects."""
    return request.json_schema is not None and request.json_schema.get("type", "object") != "object"


def tool_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name or "output")[:64] or "output"


class StreamState:
    """Turns Messages-API stream events into our events."""

    def __init__(self, *, structured: bool, wrapped: bool) -> None:
        self.stopped = False
        self._structured = structured
        self.wrapped = wrapped
        self._blocks: dict[int, dict[str, Any]] = {}  # index -> {"type", "id", "name", "json"}
        self._calls: list[ToolCall] = []
        self._input = 0
        self._cached = 0  # of the input, read from the prompt cache
        self._output = 0
        self._reason = "stop"
        self._text = ""  # text of a structured reply: the answer when no tool input comes
        self._tool_input = False
        self.ignored_tool = False  # a structured reply came as text: the server ignored the forced tool

    def feed(self, event: Any) -> list[StreamEvent]:
        kind = event.type
        if kind == "message_start":
            self._count(event.message.usage)
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
            if event.usage is not None:  # gateways often say the prompt's tokens here only
                self._count(event.usage)
        elif kind == "message_stop":
            self.stopped = True
        return []

    def _count(self, usage: Any) -> None:
        """Token counts from ``message_start`` or ``message_delta`` (the later one's, where
        it has them: they are cumulative). The input counts the cached tokens too."""
        if usage is None:
            return
        keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        parts = [getattr(usage, k, None) for k in keys]
        if any(isinstance(p, int) and p > 0 for p in parts):
            self._input = sum(p for p in parts if isinstance(p, int))
            self._cached = parts[2] if isinstance(parts[2], int) else 0
        output = getattr(usage, "output_tokens", None)
        if isinstance(output, int) and output > 0:
            self._output = output

    def _delta(self, index: int, delta: Any) -> list[StreamEvent]:
        if delta.type == "text_delta" and delta.text:
            if self._structured:
                self._text += delta.text  # prose around the tool call; kept in case no tool input comes
                return []
            return [ContentDelta(delta.text)]
        if delta.type == "thinking_delta" and delta.thinking:
            return [ThinkingDelta(delta.thinking)]
        if delta.type == "input_json_delta" and index in self._blocks:
            self._blocks[index]["json"] += delta.partial_json
            if self._structured and not self.wrapped and delta.partial_json:
                return [ContentDelta(delta.partial_json)]  # the answer, streaming
        return []

    def _stop_block(self, index: int) -> list[StreamEvent]:
        block = self._blocks.get(index)
        if block is None or block["type"] != "tool_use":
            return []
        self._tool_input = True
        text = block["json"]
        try:
            value = json.loads(text) if text.strip() else {}
        except ValueError:
            value = {"_raw": text}
        if self._structured:
            if self.wrapped:
                return [ContentDelta(json.dumps(value.get("value") if isinstance(value, dict) else value))]
            return [] if text.strip() else [ContentDelta("{}")]
        arguments = value if isinstance(value, dict) else {"_raw": text}
        self._calls.append(ToolCall(block["id"] or f"toolu_{index}", block["name"], arguments))
        return []

    def finish(self) -> list[StreamEvent]:
        out: list[StreamEvent] = [ToolCallEvent(c) for c in self._calls]
        if self._structured and not self._tool_input and self._text.strip():
            self.ignored_tool = True
            out.insert(0, ContentDelta(self._text))
        out.append(Usage(self._input, self._output, self._cached))
        reason = self._reason
        if self._structured and reason == "tool_calls":
            reason = "stop"  # the forced tool was the answer
        out.append(Done(reason))
        return out
