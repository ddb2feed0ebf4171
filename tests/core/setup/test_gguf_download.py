"""Downloading a catalogue model (core/setup/gguf_download.py through SetupService),
offline against a local HTTP server with Range support: progress with bytes, rate and
time left; an interrupted download resumes with a Range request; cancel keeps what
arrived; a checksum mismatch deletes the data and says so; a 404, an unreachable host
and too little disk space are one clear line each."""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.setup.gguf_catalogue import GgufModel
from aipa.core.setup.service import SetupService
from tests.doubles.files import FileServer, catalogue_entry

DATA = b"GGUF" + os.urandom(3 * 1024 * 1024)


def entry(server: FileServer, name: str, data: bytes, *, sha256: str = "") -> GgufModel:
    return catalogue_entry(server, name, data, **({"sha256": sha256} if sha256 else {}))


@pytest.fixture
async def server():
    async with FileServer({"/models/tiny.gguf": DATA}) as s:
        yield s


@pytest.fixture
async def app(tmp_path):
    app = build(Override(), Paths(tmp_path / "home"))
    yield app
    await app.aclose()


def service(app, *models: GgufModel, free=lambda _p: 1 << 40) -> SetupService:
    return SetupService.of(app, catalogue=models, disk_free=free)


async def run(job) -> list:
    return [p async for p in job]


async def test_a_download_reports_bytes_rate_and_time_left_then_is_ready(app, server):
    setup = service(app, entry(server, "tiny", DATA))
    progress = await run(setup.download_model("tiny"))
    assert setup.paths.models.joinpath("tiny.gguf").read_bytes() == DATA
    assert not setup.paths.models.joinpath("tiny.gguf.part").exists()
    assert progress[-1].completed == progress[-1].total == len(DATA)
    assert any("MB / 3.0 MB" in p.text and "/s" in p.text for p in progress)
    rows = {r.model.name: r for r in await setup.catalogue_rows()}
    assert rows["tiny"].downloaded and rows["tiny"].state == "downloaded"
    again = setup.download_model("tiny")  # already there: nothing is fetched
    await run(again)
    assert again.outcome.state == "done" and server.requests == [("/models/tiny.gguf", 0)]


async def test_an_interrupted_download_resumes_with_a_range_request(app, server):
    setup = service(app, entry(server, "tiny", DATA))
    server.cut_after = 1_000_000
    first = setup.download_model("tiny")
    await run(first)
    assert first.outcome.state == "error" and "resumes" in first.outcome.message
    assert "\n" not in first.outcome.message
    part = setup.paths.models / "tiny.gguf.part"
    assert part.stat().st_size == 1_000_000
    rows = {r.model.name: r for r in await setup.catalogue_rows()}
    assert rows["tiny"].state == "paused at 31%"
    second = setup.download_model("tiny")
    progress = await run(second)
    assert second.outcome.state == "done" and progress[0].text.startswith("Resuming at")
    assert server.requests == [("/models/tiny.gguf", 0), ("/models/tiny.gguf", 1_000_000)]
    assert (setup.paths.models / "tiny.gguf").read_bytes() == DATA


async def test_cancel_keeps_what_arrived_and_the_next_download_resumes(app):
    async with FileServer({"/models/tiny.gguf": DATA}, delay=0.01) as slow:
        setup = service(app, entry(slow, "tiny", DATA))
        job = setup.download_model("tiny")
        seen = []
        async for p in job:
            seen.append(p)
            if (p.completed or 0) >= 512 * 1024:
                assert job.cancel()
        assert job.outcome.state == "cancelled" and "resume" in job.outcome.message
        kept = (setup.paths.models / "tiny.gguf.part").stat().st_size
        assert 0 < kept < len(DATA)
        again = setup.download_model("tiny")
        await run(again)
        assert again.outcome.state == "done" and slow.requests[-1] == ("/models/tiny.gguf", kept)


async def test_a_checksum_mismatch_deletes_the_data_and_says_so(app, server):
    setup = service(app, entry(server, "tiny", DATA, sha256="0" * 64))
    job = setup.download_model("tiny")
    await run(job)
    assert job.outcome.state == "error"
    assert "failed its checksum" in job.outcome.message and "deleted" in job.outcome.message
    assert list(setup.paths.models.iterdir()) == []


async def test_a_missing_file_is_one_line_with_what_to_do(app, server):
    setup = service(app, entry(server, "gone", DATA))
    job = setup.download_model("gone")
    await run(job)
    assert job.outcome.state == "error" and "HTTP 404" in job.outcome.message
    assert "import it" in job.outcome.message and "\n" not in job.outcome.message


async def test_an_unreachable_host_says_the_network_may_be_down(app, server):
    model = entry(server, "tiny", DATA).model_copy(update={"url": "http://127.0.0.1:9/models/tiny.gguf"})
    setup = service(app, model)
    job = setup.download_model("tiny")
    await run(job)
    assert job.outcome.state == "error" and "Could not reach 127.0.0.1" in job.outcome.message
    assert "network" in job.outcome.message


async def test_too_little_disk_space_stops_before_the_first_byte(app, server):
    setup = service(app, entry(server, "tiny", DATA), free=lambda _p: 1024)
    job = setup.download_model("tiny")
    await run(job)
    assert job.outcome.state == "error" and "Not enough disk space" in job.outcome.message
    assert "smaller model" in job.outcome.message and server.requests == []


async def test_a_full_disk_while_writing_is_one_line_and_keeps_the_data(app, server, monkeypatch):
    import aipa.providers.gguf_files as gguf_files

    real_open = open

    class FullDisk:
        def __init__(self, f) -> None:
            self.f, self.written = f, 0

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, chunk: bytes) -> int:
            if self.written > 500_000:
                raise OSError(errno.ENOSPC, "No space left on device")
            self.written += len(chunk)
            return self.f.write(chunk)

    def opener(path, mode="r", *args, **kwargs):
        f = real_open(path, mode, *args, **kwargs)
        return FullDisk(f) if str(path).endswith(".part") and "b" in mode and "r" not in mode else f

    monkeypatch.setattr(gguf_files, "open", opener, raising=False)
    setup = service(app, entry(server, "tiny", DATA))
    job = setup.download_model("tiny")
    await run(job)
    assert job.outcome.state == "error" and job.outcome.message.startswith("The disk is full")
    assert Path(setup.paths.models / "tiny.gguf.part").stat().st_size > 0  # kept for the resume


async def test_an_unknown_name_lists_the_catalogue(app, server):
    setup = service(app, entry(server, "tiny", DATA))
    job = setup.download_model("huge")
    await run(job)
    assert job.outcome.state == "error" and "no model called 'huge'" in job.outcome.message
    assert "tiny" in job.outcome.message
    await asyncio.sleep(0)
