"""The one HTTP double base: a loopback HTTP/1.1 server every server double builds on.

A double subclasses ``HttpDouble`` and writes one method, ``route(request, answer)``: what
the server it stands in for answers. The base does the rest, the same for all of them:

- listens on 127.0.0.1, a free port; ``root`` is ``http://127.0.0.1:PORT``, ``base_url``
  the same with ``/v1``;
- runs on the test's own event loop (``async with Double(...) as server``: pytest-asyncio
  or the GUI tests' qasync loop) or on a loop of its own in a thread (``with Double(...)
  as server``: for a real ``aipa`` process pointed at it);
- reads each request (keep-alive, a JSON body parsed) and records it in ``requests``;
- answers through ``Answer``: a JSON or plain body with its length, or a chunked stream of
  SSE events (OpenAI's and Anthropic's streams), NDJSON lines (Ollama's) or raw bytes,
  noticing a client that went away (``disconnected``);
- on stop, ends the streams still open (held, endless), so no task is left pending.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from dataclasses import dataclass
from typing import Any

HOST = "127.0.0.1"

REASONS = {
    200: "OK",
    206: "Partial Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    413: "Payload Too Large",
    416: "Range Not Satisfiable",
    429: "Too Many Requests",
    500: "Internal Server Error",
    501: "Not Implemented",
    503: "Service Unavailable",
    529: "Overloaded",
}

# What a client that goes away, or a double that stops, raises inside a handler.
GONE = (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.CancelledError)


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (for a server a test starts itself,
    or for a connection that must be refused)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class Request:
    """One request as the double received it; ``body`` is the JSON body (None without one
    or when it is no JSON), ``raw`` the bytes."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes = b""

    @property
    def route(self) -> str:
        """The path without its query."""
        return self.path.split("?")[0]


def words(text: str) -> list[str]:
    """``text`` in the pieces a model streams: word by word, each with its space."""
    out, word = [], ""
    for ch in text:
        word += ch
        if ch == " ":
            out.append(word)
            word = ""
    return out + ([word] if word else [])


def head(status: int, headers: dict[str, str]) -> bytes:
    """A response's status line and headers."""
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def read_request(reader: asyncio.StreamReader) -> Request | None:
    """The next request on a connection; None when the client closed it."""
    try:
        top = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None
    line, *header_lines = top.decode("latin-1").split("\r\n")
    method, path, _ = line.split(" ", 2)
    headers = {}
    for h in header_lines:
        if ":" in h:
            key, value = h.split(":", 1)
            headers[key.strip().lower()] = value.strip()
    raw = await reader.readexactly(int(headers.get("content-length", 0)))
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        body = None
    return Request(method, path, headers, body, raw)


class Stream:
    """One chunked response body: SSE events, NDJSON lines or raw parts. Each write says
    whether the client is still there (False once it left; ``cut`` stays True)."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.cut = False

    async def part(self, data: bytes) -> bool:
        if self.cut:
            return False
        self.answer.writer.write(b"%x\r\n%s\r\n" % (len(data), data))
        try:
            await self.answer.writer.drain()
        except ConnectionError:
            self.cut = True
            return False
        return True

    async def sse(self, data: Any, event: str | None = None) -> bool:
        """One server-sent event: ``data`` a dict (as JSON) or a str as is."""
        text = data if isinstance(data, str) else json.dumps(data)
        name = f"event: {event}\n" if event else ""
        return await self.part(f"{name}data: {text}\n\n".encode())

    async def ndjson(self, obj: Any) -> bool:
        """One NDJSON line; False (sending nothing) once the client has closed its side."""
        if self.answer.reader.at_eof():
            self.cut = True
            return False
        return await self.part((json.dumps(obj) + "\n").encode())

    async def end(self) -> bool:
        if self.cut:
            return False
        self.answer.writer.write(b"0\r\n\r\n")
        try:
            await self.answer.writer.drain()
        except ConnectionError:
            return False
        return True


class Answer:
    """The way back to the client of one request."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, close: bool) -> None:
        self.reader, self.writer = reader, writer
        self._close = {"Connection": "close"} if close else {}

    async def body(self, status: int, payload: bytes, content_type: str, headers: dict[str, str] | None = None) -> bool:
        """A whole body with its length."""
        top = {"Content-Type": content_type, "Content-Length": str(len(payload))} | self._close | (headers or {})
        self.writer.write(head(status, top) + payload)
        await self.writer.drain()
        return True

    async def json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> bool:
        return await self.body(status, json.dumps(body).encode(), "application/json", headers)

    async def stream(self, content_type: str, headers: dict[str, str] | None = None, status: int = 200) -> Stream:
        """Start a chunked body (``text/event-stream``, ``application/x-ndjson``…)."""
        top = {"Content-Type": content_type, "Transfer-Encoding": "chunked"} | self._close | (headers or {})
        self.writer.write(head(status, top))
        return Stream(self)

    async def pause(self, seconds: float) -> bool:
        """Wait ``seconds``; False as soon as the client has closed its side."""
        if self.reader.at_eof():
            return False
        if seconds <= 0:
            return True
        try:
            data = await asyncio.wait_for(self.reader.read(1), seconds)
        except TimeoutError:
            return True
        return bool(data)

    async def hold(self) -> None:
        """Answer nothing more until the client gives up and closes the connection."""
        await self.reader.read()


class HttpDouble:
    """The base of every server double (see the module docstring)."""

    keep_alive = True  # False: one request a connection, answered with Connection: close

    def __init__(self) -> None:
        self.requests: list[Any] = []
        self.disconnected = asyncio.Event()  # a client left before its answer ended
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    # --- what a double writes ----------------------------------------------------------

    async def route(self, request: Request, reply: Answer) -> bool:
        """Answer one request; False closes the connection (a stream was cut)."""
        raise NotImplementedError

    def record(self, request: Request) -> None:
        """Keep what the tests look at (every request, by default)."""
        self.requests.append(request)

    async def started(self) -> None:
        """Called on the double's loop once it listens (open clients here)."""

    async def stopping(self) -> None:
        """Called on the double's loop before it stops (close clients here)."""

    def requests_to(self, path: str) -> list[Request]:
        """The requests whose path (without its query) ends in ``path``."""
        return [r for r in self.requests if r.route.endswith(path)]

    # --- addresses ---------------------------------------------------------------------

    @property
    def root(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def url(self) -> str:
        return self.root

    @property
    def base_url(self) -> str:
        return self.root + "/v1"

    # --- on the test's loop ------------------------------------------------------------

    async def __aenter__(self) -> Any:
        await self._start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stop()

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._handle, HOST, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        await self.started()

    async def _stop(self) -> None:
        assert self._server is not None
        self._server.close()
        tasks = [t for t in self._tasks if not t.done()]
        for task in tasks:  # the held and endless streams end first: no task left pending
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.stopping()

    # --- on a loop of its own, in a thread ---------------------------------------------

    def __enter__(self) -> Any:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self.call(self._start())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._loop is not None and self._thread is not None
        self.call(self._stop())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def call(self, coroutine: Any, timeout: float = 60) -> Any:
        """Run ``coroutine`` on a threaded double's loop and return its result."""
        assert self._loop is not None, "call() is for a double started with `with`"
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    # --- the connection ----------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            while (request := await read_request(reader)) is not None:
                self.record(request)
                if not await self.route(request, Answer(reader, writer, close=not self.keep_alive)):
                    break
                if not self.keep_alive:
                    break
        except GONE:
            pass  # the client went away, or the double is stopping
        finally:
            writer.close()
            if task is not None:
                self._tasks.discard(task)
