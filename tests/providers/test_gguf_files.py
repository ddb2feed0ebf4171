"""Importing and downloading GGUF files (against a local HTTP server with Range support)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from aipa.errors import BadResponseError, ConfigError, ModelMissingError, ServerDownError
from aipa.providers.gguf_files import download_model, import_model

PAYLOAD = b"GGUF" + bytes(range(256)) * 4000  # ~1 MB
SHA = hashlib.sha256(PAYLOAD).hexdigest()


class FileServer:
    """Serves PAYLOAD at /model.gguf with Range support; can cut a response short."""

    def __init__(self) -> None:
        self.cut_after: int | None = None  # bytes sent before dropping the connection (once)
        self.ranges: list[str | None] = []
        self.honour_range = True
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                if self.path != "/model.gguf":
                    self.send_error(404)
                    return
                asked = self.headers.get("Range")
                outer.ranges.append(asked)
                start = int(asked.split("=")[1].split("-")[0]) if asked and outer.honour_range else 0
                if start >= len(PAYLOAD):
                    self.send_response(416)
                    self.send_header("Content-Range", f"bytes */{len(PAYLOAD)}")
                    self.end_headers()
                    return
                body = PAYLOAD[start:]
                self.send_response(206 if start else 200)
                if start:
                    self.send_header("Content-Range", f"bytes {start}-{len(PAYLOAD) - 1}/{len(PAYLOAD)}")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Accept-Ranges", "bytes")
                self.end_headers()
                if outer.cut_after is not None:
                    self.wfile.write(body[: outer.cut_after])
                    self.wfile.flush()
                    outer.cut_after = None
                    self.close_connection = True
                    return
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/model.gguf"

    def __enter__(self) -> FileServer:
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[FileServer]:
    with FileServer() as s:
        yield s


def test_import_copies_atomically_and_checks_the_format(tmp_path) -> None:
    src = tmp_path / "My Model.Q4.gguf"
    src.write_bytes(PAYLOAD)
    models = tmp_path / "models"
    target = import_model(src, models)
    assert target == models / "My Model.Q4.gguf" and target.read_bytes() == PAYLOAD
    assert [p.name for p in models.iterdir()] == ["My Model.Q4.gguf"]  # no partial file left
    assert import_model(src, models) == target  # again: kept as is
    text = tmp_path / "notes.gguf"
    text.write_text("not a model")
    with pytest.raises(ConfigError):
        import_model(text, models)
    with pytest.raises(ConfigError):
        import_model(tmp_path / "missing.gguf", models)


async def test_download_verifies_the_checksum_and_reports_progress(server, tmp_path) -> None:
    seen: list[tuple[int, int | None]] = []
    path = await download_model(server.url, tmp_path, sha256=SHA, progress=lambda d, t: seen.append((d, t)))
    assert path == tmp_path / "model.gguf" and path.read_bytes() == PAYLOAD
    assert seen[-1] == (len(PAYLOAD), len(PAYLOAD)) and all(t == len(PAYLOAD) for _, t in seen)
    assert not (tmp_path / "model.gguf.part").exists()


async def test_an_interrupted_download_resumes_with_a_range_request(server, tmp_path) -> None:
    server.cut_after = 300_000
    with pytest.raises(ServerDownError) as info:
        await download_model(server.url, tmp_path, sha256=SHA)
    assert "resumes" in info.value.hint
    assert (tmp_path / "model.gguf.part").stat().st_size == 300_000 and not (tmp_path / "model.gguf").exists()
    path = await download_model(server.url, tmp_path, sha256=SHA)
    assert server.ranges == [None, "bytes=300000-"] and path.read_bytes() == PAYLOAD


async def test_a_complete_part_file_is_finished_without_downloading(server, tmp_path) -> None:
    (tmp_path / "model.gguf.part").write_bytes(PAYLOAD)
    path = await download_model(server.url, tmp_path, sha256=SHA)
    assert path.read_bytes() == PAYLOAD and server.ranges == [f"bytes={len(PAYLOAD)}-"]


async def test_a_server_that_ignores_range_restarts_cleanly(server, tmp_path) -> None:
    server.honour_range = False
    (tmp_path / "model.gguf.part").write_bytes(PAYLOAD[:1000])
    path = await download_model(server.url, tmp_path, sha256=SHA)
    assert path.read_bytes() == PAYLOAD


async def test_a_checksum_mismatch_removes_the_file(server, tmp_path) -> None:
    with pytest.raises(BadResponseError) as info:
        await download_model(server.url, tmp_path, sha256="0" * 64)
    assert "checksum" in info.value.message
    assert list(Path(tmp_path).iterdir()) == []


async def test_a_missing_file_is_model_missing(server, tmp_path) -> None:
    with pytest.raises(ModelMissingError):
        await download_model(server.url.replace("model.gguf", "other.gguf"), tmp_path)
