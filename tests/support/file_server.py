"""A small HTTP file server on 127.0.0.1 for download tests: serves files by path with
Range support (206 and Content-Range), 404 for anything else, slowly if asked, and can
drop the connection after some bytes (once) to simulate a cut. It runs on the test's
asyncio loop (plain pytest-asyncio or qasync)."""

from __future__ import annotations

import asyncio
import hashlib


class FileServer:
    def __init__(self, files: dict[str, bytes], *, piece: int = 65536, delay: float = 0.0) -> None:
        self.files = dict(files)  # path ("/models/x.gguf") -> content
        self.piece, self.delay = piece, delay
        self.cut_after: int | None = None  # bytes sent before the connection drops (once)
        self.requests: list[tuple[str, int]] = []  # (path, start offset) of each request
        self._server: asyncio.Server | None = None

    def url(self, path: str) -> str:
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}{path}"

    @staticmethod
    def sha256(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()

    async def __aenter__(self) -> FileServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc) -> None:
        self._server.close()

    async def _handle(self, reader, writer) -> None:
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            path = head[0].split(" ")[1]
            headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
            data = self.files.get(path)
            if data is None:
                writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            start = int(headers["range"].removeprefix("bytes=").split("-")[0]) if "range" in headers else 0
            self.requests.append((path, start))
            size = len(data)
            if start >= size:
                writer.write(f"HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */{size}\r\n".encode())
                writer.write(b"Content-Length: 0\r\nConnection: close\r\n\r\n")
                return
            status = "206 Partial Content" if start else "200 OK"
            extra = f"Content-Range: bytes {start}-{size - 1}/{size}\r\n" if start else ""
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Length: {size - start}\r\n{extra}Accept-Ranges: bytes\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            cut, self.cut_after = self.cut_after, None
            end = size if cut is None else min(size, start + cut)
            for offset in range(start, end, self.piece):
                writer.write(data[offset : min(offset + self.piece, end)])
                await writer.drain()
                if self.delay:
                    await asyncio.sleep(self.delay)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()


def catalogue_entry(server: FileServer, name: str, data: bytes, **changes):
    """A catalogue model served by ``server`` at /models/NAME.gguf (its real size and
    SHA-256 unless ``changes`` say otherwise)."""
    from aipa.core.setup.gguf_catalogue import GgufModel

    fields = {
        "name": name,
        "title": f"{name} · test",
        "description": "a test model served from 127.0.0.1",
        "file": f"{name}.gguf",
        "url": server.url(f"/models/{name}.gguf"),
        "size": len(data),
        "memory_gb": 1,
        "licence": "Apache-2.0",
        "sha256": FileServer.sha256(data),
    }
    return GgufModel(**{**fields, **changes})
