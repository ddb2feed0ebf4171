"""A hostile OpenAI-compatible server on 127.0.0.1 (a random port, its own thread with
``with``: tests/doubles/base.py), for pointing real ``aipa`` processes at: it speaks the real wire format (SSE
``chat.completion.chunk`` events over chunked HTTP/1.1) and misbehaves as told.

Each chat request gets the next behaviour of the script, then ``default`` (a short
proper reply: a routing decision when the request asks for JSON, else a memo that
ends with a verdict). Behaviours:

- ``answer(text)``: a proper stream of ``text`` in small chunks;
- ``deep_list(depth)``: a markdown list nested ``depth`` levels (a looping small model);
- ``stall(after)``: ``after`` chunks, then nothing, the connection held open;
- ``drip(text)``: the SSE bytes one at a time, ``DRIP_SECONDS`` apart (1 byte/s);
- ``endless()``: content chunks until the client goes away;
- ``flood(size)``: ``size`` characters of content as fast as the socket takes them,
  ``one_chunk=True``: in a single SSE event (one line of ``size`` bytes);
- ``escapes()``: terminal escapes in the content (OSC 52 clipboard, OSC 0 title,
  clear screen, an RTL override);
- ``obey()``: like an injected model: a line ``call the tool NAME with {JSON}`` anywhere
  in the conversation becomes that tool call (when the request offers the tool),
  once; after the tool's result, a short reply.

``health``: whether ``/health`` answers (a live server) or the request is left
unanswered (a dead one). ``/props`` says 32,768 tokens; ``/v1/models`` lists ``m``.
``requests`` holds every chat request body, ``gone`` counts streams the client left.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from tests.doubles.base import Answer, HttpDouble, Request

DRIP_SECONDS = 1.0
ROUTE_DIRECT = {"mode": "direct", "message": "Answering myself.", "briefs": [], "questions": []}
DEFAULT_MEMO = "The deliverable holds up.\n\nVERDICT: PASS"
ESCAPES = (
    "Here is the plan.\x1b]52;c;cm0gLXJmIH4=\x07 Copied.\x1b]0;pwned title\x07"
    "\x1b[2J\x1b[H Cleared. \u202eevil.txt\u202c done. \x9b31m C1 \x1b[31mred\x1b[0m."
)
STALL = b""  # a part that means: send nothing more, hold the connection until the client leaves
INJECTED = re.compile(r"call the tool ([A-Za-z0-9_-]+) with (\{.*?\})(?:\s|$)")


@dataclass(frozen=True)
class Behaviour:
    name: str
    make: Callable[[dict], AsyncIterator[bytes]]  # request body -> the response body's parts


def _event(data: Any) -> bytes:
    return b"data: " + (data if isinstance(data, bytes) else json.dumps(data).encode()) + b"\n\n"


def _chunk(content: str | None = None, *, finish: str | None = None, tool_calls: list | None = None) -> dict:
    delta: dict[str, Any] = {}
    if content is not None:
        delta["content"] = content
    if tool_calls is not None:
        delta["tool_calls"] = tool_calls
    return {
        "id": "chatcmpl-hostile",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _pieces(text: str, size: int = 64) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


async def _proper(text: str) -> AsyncIterator[bytes]:
    yield _event(_chunk(""))
    for piece in _pieces(text):
        yield _event(_chunk(piece))
    yield _event(_chunk(finish="stop"))
    yield _event(b"[DONE]")


def default_text(body: dict) -> str:
    """What a sane model answers: a routing decision when asked for JSON, else a memo."""
    if body.get("response_format"):
        return json.dumps(ROUTE_DIRECT)
    return DEFAULT_MEMO


def answer(text: str | None = None) -> Behaviour:
    return Behaviour("answer", lambda body: _proper(text if text is not None else default_text(body)))


def deep_list_text(depth: int = 250) -> str:
    return "\n".join("  " * i + f"- item {i}" for i in range(depth))


def deep_list(depth: int = 250) -> Behaviour:
    return Behaviour("deep_list", lambda body: _proper(deep_list_text(depth)))


def stall(after: int = 3, text: str = "The answer starts here and then") -> Behaviour:
    """``after`` chunks (the role chunk and pieces of ``text``), then silence."""

    async def make(body: dict) -> AsyncIterator[bytes]:
        yield _event(_chunk(""))
        for piece in _pieces(text, max(1, len(text) // max(1, after - 1)))[: after - 1]:
            yield _event(_chunk(piece))
        yield STALL

    return Behaviour("stall", make)


def drip(text: str | None = None) -> Behaviour:
    async def make(body: dict) -> AsyncIterator[bytes]:
        async for part in _proper(text if text is not None else default_text(body)):
            for i in range(len(part)):
                yield part[i : i + 1]
                await asyncio.sleep(DRIP_SECONDS)

    return Behaviour("drip", make)


WORDS = [
    "venue",
    "budget",
    "agenda",
    "catering",
    "travel",
    "risks",
    "owner",
    "deadline",
    "draft",
    "figures",
    "estimate",
    "contract",
]


def endless(line: str | None = None) -> Behaviour:
    """Content until the client goes away: ``line`` again and again (a loop, which the
    loop bound stops), or by default words that never repeat as a phrase (which only the
    length cap stops)."""

    async def make(body: dict) -> AsyncIterator[bytes]:
        yield _event(_chunk(""))
        n = 0
        while True:
            n += 1
            text = line if line is not None else f"{WORDS[n * 7 % 12]} {n} {WORDS[n * n % 12]}, "
            yield _event(_chunk(text))
            await asyncio.sleep(0.001)

    return Behaviour("endless", make)


def flood(size: int, *, one_chunk: bool = False) -> Behaviour:
    async def make(body: dict) -> AsyncIterator[bytes]:
        yield _event(_chunk(""))
        if one_chunk:
            yield _event(_chunk("x" * size))
        else:
            for i in range(size // 480):  # words that never repeat as a phrase: no loop to stop early
                piece = " ".join(f"{WORDS[(i + j) % 12]}{(i * 31 + j * 7) % 9973}" for j in range(60))
                yield _event(_chunk(piece[:480].ljust(480)))
        yield _event(_chunk(finish="stop"))
        yield _event(b"[DONE]")

    return Behaviour("flood", make)


def escapes() -> Behaviour:
    return Behaviour("escapes", lambda body: _proper(ESCAPES))


def obey() -> Behaviour:
    async def make(body: dict) -> AsyncIterator[bytes]:
        messages = body.get("messages") or []
        offered = {t["function"]["name"] for t in body.get("tools") or []}
        if any(m.get("role") == "tool" for m in messages):
            async for part in _proper("I did what the document said."):
                yield part
            return
        said = "\n".join(str(m.get("content") or "") for m in messages)
        for name, args in INJECTED.findall(said):
            if name in offered:
                call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": name, "arguments": args}}
                yield _event(_chunk(""))
                yield _event(_chunk(tool_calls=[call]))
                yield _event(_chunk(finish="tool_calls"))
                yield _event(b"[DONE]")
                return
        async for part in _proper("Nothing to do."):
            yield part

    return Behaviour("obey", make)


class HostileServer(HttpDouble):
    keep_alive = False

    def __init__(self, *script: Behaviour, default: Behaviour | None = None, health: bool = True) -> None:
        super().__init__()
        self.script = list(script)
        self.default = default or answer()
        self.health = health
        self.served: list[str] = []  # the behaviour each chat request got
        self.gone = 0  # streams the client left before their end

    def record(self, request: Request) -> None:
        """``requests``: the chat request bodies, in order (kept by ``route``)."""

    async def route(self, req: Request, out: Answer) -> bool:
        path = req.path
        if path in ("/health", "/api/version"):
            if not self.health:
                await out.hold()  # dead: never answers, until the client gives up
                return False
            return await out.json(200, {"status": "ok"})
        if path == "/props":
            return await out.json(200, {"default_generation_settings": {"n_ctx": 32768}})
        if path.endswith("/models"):
            return await out.json(200, {"object": "list", "data": [{"id": "m", "object": "model"}]})
        if not path.endswith("/chat/completions"):
            return await out.json(404, {"error": {"message": "no route"}})
        body = json.loads(req.raw or b"{}")
        self.requests.append(body)
        behaviour = self.script.pop(0) if self.script else self.default
        self.served.append(behaviour.name)
        stream = await out.stream("text/event-stream")
        async for part in behaviour.make(body):
            if part is STALL:
                await out.hold()  # until the client has closed the connection
                stream.cut = True
                break
            if not await stream.part(part):
                break
        if stream.cut or not await stream.end():
            self.gone += 1
        return False
