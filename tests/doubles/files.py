"""A small HTTP file server on 127.0.0.1 for download tests: serves files by path with
Range support (206 and Content-Range), 404 for anything else, slowly if asked, and can
drop the connection after some bytes (once) to simulate a cut; ``honour_range=False``
answers every request whole, as a server without Range support. ``async with`` on the
test's loop, ``with`` in a thread of its own (tests/doubles/base.py)."""

from __future__ import annotations

import asyncio
import hashlib

from tests.doubles.base import Answer, HttpDouble, Request, head


class FileServer(HttpDouble):
    keep_alive = False

    def __init__(self, files: dict[str, bytes], *, piece: int = 65536, delay: float = 0.0) -> None:
        super().__init__()
        self.files = dict(files)  # path ("/models/x.gguf") -> content
        self.piece, self.delay = piece, delay
        self.cut_after: int | None = None  # bytes sent before the connection drops (once)
        self.honour_range = True
        self.ranges: list[str | None] = []  # the Range header of each request for a file

    def record(self, request: Request) -> None:
        """``requests``: (path, start offset) of each request for a file."""

    def file_url(self, path: str) -> str:
        return self.root + path

    @staticmethod
    def sha256(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()

    async def route(self, req: Request, out: Answer) -> bool:
        data = self.files.get(req.path)
        if data is None:
            return await out.body(404, b"", "text/plain")
        asked = req.headers.get("range")
        self.ranges.append(asked)
        start = int(asked.removeprefix("bytes=").split("-")[0]) if asked and self.honour_range else 0
        self.requests.append((req.path, start))
        size = len(data)
        if start >= size:
            return await out.body(416, b"", "text/plain", {"Content-Range": f"bytes */{size}"})
        headers = {"Content-Length": str(size - start), "Accept-Ranges": "bytes", "Connection": "close"}
        if start:
            headers["Content-Range"] = f"bytes {start}-{size - 1}/{size}"
        out.writer.write(head(206 if start else 200, headers))
        cut, self.cut_after = self.cut_after, None
        end = size if cut is None else min(size, start + cut)
        for offset in range(start, end, self.piece):
            out.writer.write(data[offset : min(offset + self.piece, end)])
            await out.writer.drain()
            if self.delay:
                await asyncio.sleep(self.delay)
        return False


def catalogue_entry(server: FileServer, name: str, data: bytes, **changes):
    """A catalogue model served by ``server`` at /models/NAME.gguf (its real size and
    SHA-256 unless ``changes`` say otherwise)."""
    from aipa.core.setup.gguf_catalogue import GgufModel

    fields = {
        "name": name,
        "title": f"{name} · test",
        "description": "a test model served from 127.0.0.1",
        "file": f"{name}.gguf",
        "url": server.file_url(f"/models/{name}.gguf"),
        "size": len(data),
        "memory_gb": 1,
        "licence": "Apache-2.0",
        "sha256": FileServer.sha256(data),
    }
    return GgufModel(**{**fields, **changes})
