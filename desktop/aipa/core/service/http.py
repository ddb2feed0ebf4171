"""The little HTTP/1.1 the endpoint needs, on asyncio streams (no web framework): read
one request (bounded in size and time), write one response, or an event stream. Every
connection carries one request and is closed after it (``Connection: close``), so a
stream needs no chunked encoding: its end is the connection's."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

MAX_HEAD = 16 * 1024
MAX_BODY = 4 * 1024 * 1024
READ_TIMEOUT = 30.0
REASONS = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    413: "Payload Too Large",
    429: "Too Many Requests",
    500: "Internal Server Error",
}


class BadRequest(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)  # names lower-cased
    body: bytes = b""

    def json(self) -> Any:
        try:
            return json.loads(self.body or b"{}")
        except ValueError as exc:
            raise BadRequest(400, f"the body is not JSON: {exc}") from None


async def read_request(reader: asyncio.StreamReader) -> Request:
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_TIMEOUT)
    except asyncio.LimitOverrunError:
        raise BadRequest(413, "headers too large") from None
    except asyncio.IncompleteReadError:
        raise BadRequest(400, "incomplete request") from None
    if len(head) > MAX_HEAD:
        raise BadRequest(413, "headers too large")
    lines = head.decode("latin-1").split("\r\n")
    try:
        method, target, _version = lines[0].split(" ", 2)
    except ValueError:
        raise BadRequest(400, "bad request line") from None
    headers: dict[str, str] = {}
    for raw in lines[1:]:
        if not raw:
            continue
        name, sep, value = raw.partition(":")
        if not sep:
            raise BadRequest(400, "bad header line")
        headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raise BadRequest(400, "chunked request bodies are not accepted; send Content-Length")
    try:
        length = int(headers.get("content-length", "0") or 0)
    except ValueError:
        raise BadRequest(400, "bad Content-Length") from None
    if length < 0 or length > MAX_BODY:
        raise BadRequest(413, f"the body may be at most {MAX_BODY} bytes")
    try:
        body = await asyncio.wait_for(reader.readexactly(length), READ_TIMEOUT) if length else b""
    except asyncio.IncompleteReadError:
        raise BadRequest(400, "the body is shorter than Content-Length") from None
    return Request(method.upper(), target.split("?", 1)[0], headers, body)


def _head(status: int, content_type: str, extra: dict[str, str] | None = None, length: int | None = None) -> bytes:
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}", f"Content-Type: {content_type}", "Connection: close"]
    lines += ["Cache-Control: no-store", "X-Content-Type-Options: nosniff"]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    lines += [f"{k}: {v}" for k, v in (extra or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def send_json(writer: asyncio.StreamWriter, status: int, data: Any, extra: dict[str, str] | None = None) -> None:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    writer.write(_head(status, "application/json", extra, len(body)) + body)
    await writer.drain()


async def send_error(writer: asyncio.StreamWriter, status: int, message: str, kind: str, code: str = "") -> None:
    """An error in the shape OpenAI clients read (``error.message``, ``type``, ``code``)."""
    extra = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    await send_json(writer, status, {"error": {"message": message, "type": kind, "code": code or None}}, extra)


async def start_events(writer: asyncio.StreamWriter) -> None:
    writer.write(_head(200, "text/event-stream"))
    await writer.drain()


async def send_event(writer: asyncio.StreamWriter, data: Any) -> None:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    writer.write(f"data: {text}\n\n".encode())
    await writer.drain()
