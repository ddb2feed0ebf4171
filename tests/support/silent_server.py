"""A server on 127.0.0.1 that accepts connections and does not answer chat requests.

``health=False``: mute, it answers nothing at all (a hung server, a stuck proxy).
``health=True``: busy, it answers health probes (``/health``, ``/api/version``) at
once (and ``/props``, saying nothing of a context) and holds each chat request until ``release()``, then streams a short
OpenAI-style reply. It runs in its own thread, so a test can point a real ``aipa``
process at it as well as an in-process provider.
"""

from __future__ import annotations

import asyncio
import json
import threading

REPLY = "Hello from a busy server."


class SilentServer:
    def __init__(self, *, health: bool = False) -> None:
        self.health = health
        self.requests: list[str] = []  # "METHOD PATH" of every request seen
        self._loop = asyncio.new_event_loop()
        self._release: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, daemon=True)
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> SilentServer:
        self._thread.start()
        self._ready.wait(60)
        return self

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def release(self) -> None:
        """Let held chat requests through (busy server only)."""
        self._loop.call_soon_threadsafe(self._release.set)

    def _main(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._release = asyncio.Event()
        server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        method, path = head.split(b" ", 2)[:2]
        self.requests.append(f"{method.decode()} {path.decode()}")
        if not self.health:
            await reader.read()  # never answer; wait for the client to give up
            writer.close()
            return
        if path in (b"/health", b"/api/version", b"/props"):
            body = b'{"status": "ok", "version": "0.0.0"}'
            writer.write(_head(200, "application/json", len(body)) + body)
            await writer.drain()
            writer.close()
            return
        await self._release.wait()
        chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m"}
        events = [
            {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": REPLY}}]},
            {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        ]
        body = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events) + b"data: [DONE]\n\n"
        writer.write(_head(200, "text/event-stream", len(body)) + body)
        await writer.drain()
        writer.close()


def _head(status: int, content_type: str, length: int) -> bytes:
    return (
        f"HTTP/1.1 {status} OK\r\ncontent-type: {content_type}\r\ncontent-length: {length}\r\nconnection: close\r\n\r\n"
    ).encode()
