"""The provider interface: a request in, typed stream events out.

A provider is one small class whose ``stream`` yields events. Providers never import
``aipa.core``, ``aipa.store`` or Qt; they may import ``aipa.errors``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

# --- request -----------------------------------------------------------------------


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class ImagePart:
    """A picture in a message: its encoded bytes (PNG or JPEG, already made fit to send by
    core/material/images.py) and their media type; each kind's wire form is in
    ``images_wire``."""

    media_type: str
    data: bytes = field(repr=False)
    name: str = ""


@dataclass(frozen=True)
class Message:
    """One chat message. role: system | user | assistant | tool. ``images``: pictures
    that go with a user message (sent only to a model that can see)."""

    role: str
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None  # for role == "tool"
    name: str | None = None  # tool name for role == "tool"
    images: tuple[ImagePart, ...] = ()


@dataclass(frozen=True)
class ToolSpec:
    """A tool offered to the model: JSON schema of its parameters."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class ChatRequest:
    model: str
    messages: tuple[Message, ...]
    temperature: float | None = None
    max_tokens: int | None = None
    tools: tuple[ToolSpec, ...] = ()
    # A JSON schema for structured calls (constrained decoding where the provider has
    # it). None for prose calls, which are never constrained.
    json_schema: dict[str, Any] | None = None
    schema_name: str = "output"
    think: bool | None = None
    # What the call is for: "route", "lead", "synthesize", "audit", "memory", "chat", ...
    # Used for logging and by the scripted provider; real providers ignore it.
    purpose: str = "chat"
    # Free-form context for the scripted provider and logs (agent name, task id, ...).
    tags: dict[str, str] = field(default_factory=dict)


# --- stream events -----------------------------------------------------------------


@dataclass(frozen=True)
class ThinkingDelta:
    text: str


@dataclass(frozen=True)
class ContentDelta:
    text: str


@dataclass(frozen=True)
class ToolCallEvent:
    call: ToolCall


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    output_tokens: int
    cached_input_tokens: int = 0  # of input_tokens, served from the provider's prompt cache (priced lower)


@dataclass(frozen=True)
class Done:
    finish_reason: str = "stop"  # stop | length | tool_calls | cancelled


@dataclass(frozen=True)
class Waiting:
    """The stream is waiting on a live server. ``reason``: "queued" (no output yet, and
    the server answers its health check: busy with other requests; once per first-token
    deadline) or "slow" (bytes trickle in without a whole chunk, or a started reply went
    quiet while the server answers; once per deadline or idle timeout: see bounds.py)."""

    reason: str = "queued"


@dataclass(frozen=True)
class PromptProgress:
    """How far the server has read the prompt (llama.cpp's ``prompt_progress``): of
    ``total`` tokens, ``cached`` came from its prompt cache and ``processed`` (cache
    included) are read, in ``ms`` milliseconds. Not output: a stream that has sent only
    these may still be retried."""

    total: int
    cached: int
    processed: int
    ms: float


@dataclass(frozen=True)
class Caution:
    """Something the person should know about this call that is not an error (the
    context size is a guess: ``window_probe.guess_caution``). Not output; the runner
    tells it once per run, as a Notice of the same ``kind`` (a ``core.kinds.NoticeKind``
    value: "context_guessed") and ``fields``; ``text`` is its English sentence."""

    text: str
    kind: str
    fields: dict[str, str | int] = field(default_factory=dict)


StreamEvent = ThinkingDelta | ContentDelta | ToolCallEvent | Usage | Done | Waiting | PromptProgress | Caution


@runtime_checkable
class Provider(Protocol):
    """What every provider implements."""

    name: str  # "scripted", "openai-compatible", "openai", "ollama", ...
    default_model: str

    def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        """Yield events for one chat call. Cancelling the consumer closes the HTTP
        stream. Raises ``aipa.errors.ProviderError`` subclasses."""
        ...

    async def list_models(self) -> list[str]: ...

    async def aclose(self) -> None: ...


# --- helpers shared by providers --------------------------------------------------

_THINK_OPEN = "<think>"
_THINK_CLOSE = "</think>"


class ThinkSplitter:
    """Splits inline ``<think>…</think>`` out of streamed content.

    Feed content chunks; get back a list of ThinkingDelta/ContentDelta. Tags split
    across chunks are handled by holding back a possible tag prefix.
    """

    def __init__(self) -> None:
        self._inside = False
        self._held = ""

    def feed(self, text: str) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        buf = self._held + text
        self._held = ""
        while buf:
            tag = _THINK_CLOSE if self._inside else _THINK_OPEN
            idx = buf.find(tag)
            if idx >= 0:
                self._emit(out, buf[:idx])
                buf = buf[idx + len(tag) :]
                self._inside = not self._inside
                continue
            keep = _partial_suffix(buf, tag)
            self._emit(out, buf[: len(buf) - keep])
            self._held = buf[len(buf) - keep :]
            break
        return out

    def flush(self) -> list[StreamEvent]:
        out: list[StreamEvent] = []
        self._emit(out, self._held)
        self._held = ""
        return out

    def _emit(self, out: list[StreamEvent], text: str) -> None:
        if text:
            out.append(ThinkingDelta(text) if self._inside else ContentDelta(text))


def _partial_suffix(buf: str, tag: str) -> int:
    """Length of the longest suffix of buf that is a proper prefix of tag."""
    for n in range(min(len(tag) - 1, len(buf)), 0, -1):
        if buf.endswith(tag[:n]):
            return n
    return 0


_THINK_BLOCK = re.compile(r"<think>.*?(</think>|$)", re.S)


def strip_think(text: str) -> str:
    """Remove inline thinking from a complete text."""
    return _THINK_BLOCK.sub("", text).strip()
