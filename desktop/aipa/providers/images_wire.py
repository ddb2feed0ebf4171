"""Pictures on the wire: the one place where each kind's form of an image is spelled.

- Ollama ``/api/chat``: the message's ``images`` list, plain base64 (no ``data:`` prefix);
- OpenAI and OpenAI-compatible servers (llama.cpp with ``--mmproj``, vLLM, LM Studio,
  LiteLLM, the built-in engine): ``content`` parts, text first, then ``image_url`` parts
  whose ``url`` is a ``data:`` URI;
- Anthropic Messages: ``image`` content blocks with a base64 ``source`` and its
  ``media_type``, before the text (as Anthropic's guide advises).

Which form a kind uses is its record's ``images`` field in ``providers/kinds.py``;
``sent_bytes`` is what the usage figures show as the pictures' size on the wire.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from typing import Any

from aipa.providers.base import ImagePart, Message

OLLAMA = "ollama"
OPENAI = "openai"
ANTHROPIC = "anthropic"


def plain_base64(image: ImagePart) -> str:
    return base64.b64encode(image.data).decode("ascii")


def data_uri(image: ImagePart) -> str:
    return f"data:{image.media_type};base64,{plain_base64(image)}"


def ollama_images(m: Message) -> list[str]:
    """The ``images`` field of an Ollama chat message."""
    return [plain_base64(i) for i in m.images]


def openai_content(m: Message) -> list[dict[str, Any]]:
    """The ``content`` of an OpenAI chat message that carries pictures: text part, then image parts."""
    parts: list[dict[str, Any]] = [{"type": "text", "text": m.content}] if m.content else []
    parts += [{"type": "image_url", "image_url": {"url": data_uri(i)}} for i in m.images]
    return parts


def anthropic_blocks(m: Message) -> list[dict[str, Any]]:
    """The image blocks of an Anthropic user turn (the text block follows them)."""
    return [
        {"type": "image", "source": {"type": "base64", "media_type": i.media_type, "data": plain_base64(i)}}
        for i in m.images
    ]


def sent_bytes(messages: Iterable[Message]) -> int:
    """The pictures' bytes in these messages, as base64 puts them on the wire."""
    return sum(4 * ((len(i.data) + 2) // 3) for m in messages for i in m.images)


def count(messages: Iterable[Message]) -> int:
    return sum(len(m.images) for m in messages)
