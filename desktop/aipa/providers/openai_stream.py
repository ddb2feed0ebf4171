"""The OpenAI chat-completions stream: ``chat.completion.chunk`` objects as our events
(text, thinking, llama.cpp's prompt progress, tool calls put together from fragments,
usage, the finish reason)."""

from __future__ import annotations

import json
from typing import Any

from aipa.providers.base import (
    Done,
    PromptProgress,
    StreamEvent,
    ThinkingDelta,
    ThinkSplitter,
    ToolCall,
    ToolCallEvent,
    Usage,
)


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


class StreamState:
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
