"""Importing and downloading GGUF files (against a local HTTP server with Range support)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from aipa.errors import BadResponseError, ConfigError, ModelMissingError, ServerDownError
from aipa.providers.gguf_files import download_model, import_model
from tests.doubles.files import FileServer

PATH = "/model.gguf"
PAYLOAD = b"GGUF" + bytes(range(256)) * 4000  # ~1 MB
SHA = hashlib.sha256(PAYLOAD).hexdigest()


@pytest.fixture
def server() -> Iterator[FileServer]:
    with FileServer({PATH: PAYLOAD}) as s:  # in a thread of its own: a plain fixture
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
    path = await download_model(server.file_url(PATH), tmp_path, sha256=SHA, progress=lambda d, t: seen.append((d, t)))
    assert path == tmp_path / "model.gguf" and path.read_bytes() == PAYLOAD
    assert seen[-1] == (len(PAYLOAD), len(PAYLOAD)) and all(t == len(PAYLOAD) for _, t in seen)
    assert not (tmp_path / "model.gguf.part").exists()


async def test_an_interrupted_download_resumes_with_a_range_request(server, tmp_path) -> None:
    server.cut_after = 300_000
    with pytest.raises(ServerDownError) as info:
        await download_model(server.file_url(PATH), tmp_path, sha256=SHA)
    assert "resumes" in info.value.hint
    assert (tmp_path / "model.gguf.part").stat().st_size == 300_000 and not (tmp_path / "model.gguf").exists()
    path = await download_model(server.file_url(PATH), tmp_path, sha256=SHA)
    assert server.ranges == [None, "bytes=300000-"] and path.read_bytes() == PAYLOAD


async def test_a_complete_part_file_is_finished_without_downloading(server, tmp_path) -> None:
    (tmp_path / "model.gguf.part").write_bytes(PAYLOAD)
    path = await download_model(server.file_url(PATH), tmp_path, sha256=SHA)
    assert path.read_bytes() == PAYLOAD and server.ranges == [f"bytes={len(PAYLOAD)}-"]


async def test_a_server_that_ignores_range_restarts_cleanly(server, tmp_path) -> None:
    server.honour_range = False
    (tmp_path / "model.gguf.part").write_bytes(PAYLOAD[:1000])
    path = await download_model(server.file_url(PATH), tmp_path, sha256=SHA)
    assert path.read_bytes() == PAYLOAD


async def test_a_checksum_mismatch_removes_the_file(server, tmp_path) -> None:
    with pytest.raises(BadResponseError) as info:
        await download_model(server.file_url(PATH), tmp_path, sha256="0" * 64)
    assert "checksum" in info.value.message
    assert list(Path(tmp_path).iterdir()) == []


async def test_a_missing_file_is_model_missing(server, tmp_path) -> None:
    with pytest.raises(ModelMissingError):
        await download_model(server.file_url("/other.gguf"), tmp_path)
