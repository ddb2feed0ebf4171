"""A server on 127.0.0.1 that accepts connections and does not answer chat requests.

``health=False``: mute, it answers nothing at all (a hung server, a stuck proxy).
``health=True``: busy, it answers health probes (``/health``, ``/api/version``) at
once (and ``/props``, saying nothing of a context) and holds each chat request until ``release()``, then streams a short
OpenAI-style reply. Started with ``with``, it runs in its own thread (tests/doubles/base.py),
so a test can point a real ``aipa`` process at it as well as an in-process provider.
"""

from __future__ import annotations

import asyncio
import json

from tests.doubles.base import Answer, HttpDouble, Request

REPLY = "Hello from a busy server."


class SilentServer(HttpDouble):
    keep_alive = False

    def __init__(self, *, health: bool = False) -> None:
        super().__init__()
        self.health = health
        self._release = asyncio.Event()

    def record(self, request: Request) -> None:
        """``requests``: "METHOD PATH" of every request seen."""
        self.requests.append(f"{request.method} {request.path}")

    def release(self) -> None:
        """Let held chat requests through (busy server only)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._release.set)

    async def route(self, req: Request, out: Answer) -> bool:
        if not self.health:
            await out.hold()  # never answer; wait for the client to give up
            return False
        if req.path in ("/health", "/api/version", "/props"):
            return await out.json(200, {"status": "ok", "version": "0.0.0"})
        await self._release.wait()
        chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m"}
        events = [
            {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": REPLY}}]},
            {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        ]
        body = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events) + b"data: [DONE]\n\n"
        return await out.body(200, body, "text/event-stream")
