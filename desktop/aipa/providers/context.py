"""Fitting a conversation into a model's context window.

Every provider calls :func:`fit` before sending. Tokens are estimated (no tokenizer is
loaded): about four characters per token plus a small per-message overhead, which is
close for English prose and errs on the generous side for code and JSON.

Trimming works at message boundaries only. Always kept: the leading system
message(s) and the current turn (the last user message and everything after it, e.g.
the tool calls and tool results of a running tool loop). Older history goes first, a
unit at a time, where a unit is one message, or an assistant message with tool calls
together with its tool results: a tool call is never separated from its results.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any

from aipa.providers.base import ChatRequest, Message

MESSAGE_OVERHEAD = 4  # role markers and separators, per message
DEFAULT_WINDOW = 8192
DEFAULT_RESERVE = 1024  # output room when the request sets no max_tokens
MIN_OUTPUT = 64  # never ask for fewer output tokens than this

# Context windows of well-known hosted models, by name prefix (longest prefix wins).
KNOWN_WINDOWS: dict[str, int] = {
    "claude-": 200_000,
    "gpt-4.1": 1_047_576,
    "gpt-4o": 128_000,
    "gpt-4-turbo": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "gpt-5": 400_000,
    "o1": 200_000,
    "o3": 200_000,
    "o4-mini": 200_000,
}


def estimate_tokens(text: str) -> int:
    """Rough token count of ``text`` (about 4 characters per token)."""
    return (len(text) + 3) // 4


IMAGE_TOKENS = 1_600  # a picture of 1,568 px: Anthropic counts ~1,600, OpenAI's high detail ~1,100, llava 576


def message_tokens(message: Message) -> int:
    n = MESSAGE_OVERHEAD + estimate_tokens(message.content) + IMAGE_TOKENS * len(message.images)
    for call in message.tool_calls:
        n += MESSAGE_OVERHEAD + estimate_tokens(call.name) + estimate_tokens(json.dumps(call.arguments))
    return n


def request_tokens(request: ChatRequest) -> int:
    """Estimated prompt size: messages, tool specs and the JSON schema."""
    n = sum(message_tokens(m) for m in request.messages)
    for tool in request.tools:
        n += estimate_tokens(tool.name + tool.description + json.dumps(tool.parameters))
    if request.json_schema is not None:
        n += estimate_tokens(json.dumps(request.json_schema))
    return n


def hand_window(options: dict[str, Any] | None) -> int:
    """The size the profile sets by hand (its ``context``; ``context_window``, the older
    name, too), 0 when it sets none. It is used before anything a server says."""
    for key in ("context", "context_window"):
        value = (options or {}).get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return 0


def known_window(model: str) -> int:
    """The window of a well-known hosted model (``KNOWN_WINDOWS``), 0 for another."""
    name = model.rsplit("/", 1)[-1].lower()
    matches = [prefix for prefix in KNOWN_WINDOWS if name.startswith(prefix)]
    return KNOWN_WINDOWS[max(matches, key=len)] if matches else 0


def context_window(model: str, options: dict[str, Any] | None = None, default: int = DEFAULT_WINDOW) -> int:
    """The window for ``model``: the profile's ``context`` (``hand_window``), else the
    known-models table, else option ``num_ctx``, else ``default``."""
    options = options or {}
    explicit = hand_window(options) or known_window(model)
    if explicit:
        return explicit
    num_ctx = options.get("num_ctx")
    if isinstance(num_ctx, int) and num_ctx > 0:
        return num_ctx
    return default


PROPS_TIMEOUT = 5.0


async def server_window(
    root: str, api_key: str | None, log: logging.Logger | None = None, timeout: float = PROPS_TIMEOUT
) -> int | None:
    """Tokens one request may use on a llama.cpp server: ``/props`` →
    ``default_generation_settings.n_ctx``, which is one slot's share of ``--ctx``.
    0 when the server does not say (other OpenAI-compatible servers, cloud APIs);
    None when it does not answer at all within ``timeout`` (a server that answers
    HTTP, even busy, answers this at once)."""
    from urllib.parse import urlsplit

    import httpx

    if (urlsplit(root).hostname or "").endswith("api.openai.com"):
        return 0  # OpenAI has no /props; its windows are in KNOWN_WINDOWS

    headers = {"Authorization": f"Bearer {api_key}"} if api_key else None
    try:
        async with httpx.AsyncClient(timeout=timeout, headers=headers) as client:
            response = await client.get(f"{root}/props")
        n_ctx = response.json()["default_generation_settings"]["n_ctx"] if response.status_code == 200 else 0
    except httpx.TimeoutException:
        return None
    except (httpx.HTTPError, OSError, ValueError, KeyError, TypeError):
        return 0
    if not isinstance(n_ctx, int) or n_ctx <= 0:
        return 0
    (log or logging.getLogger("aipa.providers.context")).info("%s: %d tokens per request (/props)", root, n_ctx)
    return n_ctx


def fit(request: ChatRequest, window: int, log: logging.Logger | None = None) -> ChatRequest:
    """``request`` with its oldest history dropped until the prompt fits ``window``
    tokens, leaving room for the output. Logs a warning when it cannot fit."""
    log = log or logging.getLogger("aipa.providers.context")
    reserve = min(request.max_tokens or DEFAULT_RESERVE, window // 2)
    budget = window - reserve
    if request_tokens(request) <= budget:
        return _cap_output(request, window)
    head, units, tail = _split(list(request.messages))
    fixed = request_tokens(replace(request, messages=tuple(head + tail)))
    kept: list[list[Message]] = []
    used = fixed
    for unit in reversed(units):  # newest first
        size = sum(message_tokens(m) for m in unit)
        if used + size > budget:
            break
        kept.insert(0, unit)
        used += size
    while kept and kept[0][0].role != "user":  # history restarts at a user turn
        used -= sum(message_tokens(m) for m in kept.pop(0))
    dropped = sum(len(u) for u in units) - sum(len(u) for u in kept)
    messages = head + [m for unit in kept for m in unit] + tail
    log.info(
        "trimmed %d old message(s) to fit the %d-token context window (about %d tokens left)", dropped, window, used
    )
    if used > budget:
        log.warning(
            "the prompt is about %d tokens, more than the %d-token context window allows with %d "
            "tokens for the answer, even after trimming the history; the model may truncate it or refuse",
            used,
            window,
            reserve,
        )
    return _cap_output(replace(request, messages=tuple(messages)), window)


def _cap_output(request: ChatRequest, window: int) -> ChatRequest:
    """Ask for no more output than the window has room for after the prompt (a server
    refuses, or stops mid-answer, when prompt + max_tokens exceeds its context)."""
    room = max(MIN_OUTPUT, window - request_tokens(request))
    if request.max_tokens is None or request.max_tokens <= room:
        return request
    return replace(request, max_tokens=room)


def _split(messages: list[Message]) -> tuple[list[Message], list[list[Message]], list[Message]]:
    """(leading system messages, history units, current turn)."""
    start = 0
    while start < len(messages) and messages[start].role == "system":
        start += 1
    last_user = max((i for i, m in enumerate(messages) if m.role == "user" and i >= start), default=len(messages))
    head, history, tail = messages[:start], messages[start:last_user], messages[last_user:]
    units: list[list[Message]] = []
    for message in history:
        if message.role == "tool" and units and (units[-1][0].tool_calls or units[-1][0].role == "tool"):
            units[-1].append(message)  # a tool result stays with its call
        else:
            units.append([message])
    return head, units, tail
