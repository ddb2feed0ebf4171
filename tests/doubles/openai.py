"""An in-process OpenAI-compatible HTTP server double speaking the real wire format.

Scripted replies are served in order to ``POST /v1/chat/completions``: either a JSON
body (errors) or an SSE stream of ``chat.completion.chunk`` events, optionally slow,
optionally dropped mid-stream. ``GET /v1/models`` lists ``models``. Every request is
recorded (tests/doubles/base.py), and so is a client that goes away while a stream is still being sent.

    async with OpenAIDouble(stream_reply("Hel", "lo")) as server:
        provider = OpenAICompatProvider(server.base_url, None, "m")
"""

from __future__ import annotations

import asyncio
import base64
import binascii
from dataclasses import dataclass, field
from typing import Any

from tests.doubles.base import Answer, HttpDouble, Request

MODEL = "double-model"


@dataclass
class Reply:
    status: int = 200
    events: list[Any] = field(default_factory=list)  # SSE data: dict -> JSON, str as is
    body: Any = None  # JSON body when there are no events
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before each SSE event
    head_delay: float = 0.0  # seconds before the status line
    drop_after: int | None = None  # close the connection after this many events


class OpenAIDouble(HttpDouble):
    def __init__(self, *replies: Reply, models: tuple[str, ...] = (MODEL,)) -> None:
        super().__init__()
        self.replies = list(replies)
        self.models = models
        self.sent: list[int] = []  # SSE events sent, per stream

    @property
    def chat_requests(self) -> list[Request]:
        return self.requests_to("/chat/completions")

    async def route(self, req: Request, out: Answer) -> bool:
        if req.method == "GET" and req.path.endswith("/models"):
            data = [{"id": m, "object": "model", "created": 0, "owned_by": "double"} for m in self.models]
            reply = Reply(body={"object": "list", "data": data})
        elif req.method == "POST" and req.path.endswith("/chat/completions"):
            problem = content_problem(req.body if isinstance(req.body, dict) else {})
            if problem:
                reply = error_reply(400, problem)
            else:
                reply = self.replies.pop(0) if self.replies else error_reply(500, "double: no reply scripted")
        else:
            reply = error_reply(404, f"double: no route {req.method} {req.path}")
        await asyncio.sleep(reply.head_delay)
        if not reply.events:
            return await out.json(reply.status, reply.body, reply.headers)
        stream = await out.stream("text/event-stream", reply.headers, status=reply.status)
        self.sent.append(0)
        for n, event in enumerate(reply.events):
            if n == reply.drop_after:
                return False  # the connection closes with the chunked body unfinished
            if not await out.pause(reply.delay) or not await stream.sse(event):
                self.disconnected.set()
                return False
            self.sent[-1] += 1
        return await stream.end()


def content_problem(body: dict[str, Any]) -> str:
    """The API's checks of a message's content parts ('' when they pass): a list of
    ``text`` and ``image_url`` parts; an image's ``url`` a ``data:`` URI of base64 (or http)."""
    for i, m in enumerate(body.get("messages") or []):
        content = m.get("content")
        if not isinstance(content, list):
            continue
        for j, part in enumerate(content):
            kind = part.get("type")
            if kind == "text":
                continue
            if kind != "image_url":
                return f"Invalid value: '{kind}'. Supported values are: 'text' and 'image_url'."
            url = (part.get("image_url") or {}).get("url", "")
            if url.startswith("http"):
                continue
            head, _, data = url.partition(",")
            if not (head.startswith("data:image/") and head.endswith(";base64")):
                return f"messages[{i}].content[{j}].image_url.url: Invalid image URL"
            try:
                base64.b64decode(data, validate=True)
            except (binascii.Error, ValueError):
                return f"messages[{i}].content[{j}]: Invalid base64 image_url."
    return ""


# --- the wire format -------------------------------------------------------------------


def chunk(
    content: str | None = None,
    *,
    reasoning: str | None = None,
    reasoning_field: str = "reasoning_content",
    tool_calls: list[dict[str, Any]] | None = None,
    finish: str | None = None,
    role: str | None = None,
    usage: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """One ``chat.completion.chunk``; ``usage`` makes the final, choice-less one."""
    out: dict[str, Any] = {
        "id": "chatcmpl-double",
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": MODEL,
        "system_fingerprint": "double",
    }
    if usage is not None:
        prompt, completion = usage
        out["choices"] = []
        out["usage"] = {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
        return out
    delta: dict[str, Any] = {}
    if role:
        delta["role"] = role
    if content is not None:
        delta["content"] = content
    if reasoning is not None:
        delta[reasoning_field] = reasoning
    if tool_calls is not None:
        delta["tool_calls"] = tool_calls
    out["choices"] = [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]
    return out


def tool_fragment(index: int, *, id: str | None = None, name: str | None = None, args: str = "") -> dict[str, Any]:
    """One streamed ``tool_calls`` entry (the first carries id and name)."""
    function: dict[str, Any] = {"arguments": args}
    out: dict[str, Any] = {"index": index, "function": function}
    if id is not None:
        out["id"] = id
        out["type"] = "function"
    if name is not None:
        function["name"] = name
    return out


def stream_reply(
    *contents: str,
    reasoning: tuple[str, ...] = (),
    reasoning_field: str = "reasoning_content",
    finish: str = "stop",
    usage: tuple[int, int] | None = (11, 7),
    **kw: Any,
) -> Reply:
    """A complete stream: role, reasoning, content chunks, finish, usage, [DONE]."""
    events: list[Any] = [chunk(role="assistant", content="")]
    events += [chunk(reasoning=r, reasoning_field=reasoning_field) for r in reasoning]
    events += [chunk(c) for c in contents]
    events.append(chunk(finish=finish))
    if usage is not None:
        events.append(chunk(usage=usage))
    events.append("[DONE]")
    return Reply(events=events, **kw)


def error_reply(
    status: int,
    message: str,
    *,
    type: str = "invalid_request_error",
    code: str | None = None,
    headers: dict[str, str] | None = None,
) -> Reply:
    """An error in OpenAI's JSON shape."""
    body = {"error": {"message": message, "type": type, "param": None, "code": code}}
    return Reply(status=status, body=body, headers=headers or {})
