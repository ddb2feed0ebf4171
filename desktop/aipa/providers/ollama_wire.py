"""Ollama's ``/api/chat`` wire format: our messages as its JSON, its streamed lines as
our events."""

from __future__ import annotations

from typing import Any

from aipa.providers.base import Done, Message, StreamEvent, ThinkingDelta, ThinkSplitter, ToolCall, ToolCallEvent, Usage


def wire_message(m: Message) -> dict[str, Any]:
    if m.role == "tool":
        return {"role": "tool", "content": m.content, "tool_name": m.name or ""}
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.tool_calls:
        out["tool_calls"] = [{"function": {"name": c.name, "arguments": c.arguments}} for c in m.tool_calls]
    return out


class ChatState:
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
