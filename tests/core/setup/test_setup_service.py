"""The setup operations without Qt (core/setup/service.py) against the protocol-faithful
Ollama double: the check, a pull's progress and outcome, cancel then resume (from the
iterating task or with ``Job.cancel``), a stall; GGUF import; the test run through the
whole team on the scripted provider; the settings the choice makes."""

import asyncio

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.setup.job import Outcome
from aipa.core.setup.service import Choice, SetupService
from tests.doubles.ollama import OllamaDouble, layers_for

NOWHERE = "http://127.0.0.1:9"  # nothing listens there
TOTAL = sum(layer.size for layer in layers_for("qwen3:1.7b"))


@pytest.fixture
async def app(tmp_path):
    app = build(Override(), Paths(tmp_path / "home"))
    yield app
    await app.aclose()


@pytest.fixture
async def setup(app):
    service = SetupService.of(app, stall_after=0.5)
    yield service
    await service.aclose()


async def settled(server, digest: str) -> int:
    """The bytes the double keeps for ``digest`` once they stop changing."""
    last = -1
    while (now := server.pulled.get(digest, 0)) != last:
        last = now
        await asyncio.sleep(0.15)
    return now


async def test_check_finds_the_server_its_models_and_an_old_version(setup):
    async with OllamaDouble(models=("smollm2:135m",)) as server:
        report = await setup.check_ollama(server.url)
        assert (report.state, report.version, report.models) == ("ok", "0.12.6", ("smollm2:135m",))
        assert report.message == f"Ollama 0.12.6 is running at {server.url}."
    async with OllamaDouble(version="0.4.7") as server:
        report = await setup.check_ollama(server.url)
        assert report.state == "too_old" and "0.5.0 or newer" in report.message and "Upgrade" in report.hint


async def test_check_tells_not_running_from_not_installed(app):
    installed = SetupService.of(app, which=lambda _name: "/usr/bin/ollama")
    missing = SetupService.of(app, which=lambda _name: None)
    try:
        report = await installed.check_ollama(NOWHERE)
        assert report.state == "not_running" and "installed but not running" in report.message
        assert "ollama serve" in report.hint
        report = await missing.check_ollama(NOWHERE)
        assert report.state == "not_installed" and "built-in engine" in report.hint
    finally:
        await installed.aclose()
        await missing.aclose()


async def test_pull_reports_rising_progress_and_ends_ready(setup):
    async with OllamaDouble(models=(), library=("qwen3:1.7b",), pull_step=400_000) as server:
        job = setup.pull(server.url, " qwen3:1.7b ")
        done = [p.completed async for p in job]
        assert job.outcome == Outcome("ready", "qwen3:1.7b is ready")
        assert done == sorted(done) and done[-1] == TOTAL and len(done) >= 5
        assert server.requests[-1].path == "/api/show" and "qwen3:1.7b" in server.models
        assert await setup.confirm_model(server.url, "qwen3:1.7b") == (True, "qwen3:1.7b is ready")
        ready, message = await setup.confirm_model(server.url, "nope:1b")
        assert not ready and message


async def test_cancel_then_resume_continues_from_the_bytes_kept(setup):
    big = layers_for("qwen3:1.7b")[0]
    async with OllamaDouble(models=(), library=("qwen3:1.7b",), pull_step=50_000, pull_delay=0.01) as server:
        job = setup.pull(server.url, "qwen3:1.7b")
        seen = []
        async for p in job:
            seen.append(p.completed)
            if p.completed >= 600_000:
                assert job.cancel()
        assert job.outcome.state == "cancelled" and "Press Pull again to resume" in job.outcome.message
        kept = await settled(server, big.digest)
        assert seen[-1] <= kept < big.size
        again = setup.pull(server.url, "qwen3:1.7b")
        resumed = [p.completed async for p in again]
        assert again.outcome.state == "ready"
        first = next(c for c in resumed if c)  # the first layer's progress starts where it stopped
        assert first >= kept and resumed[-1] == TOTAL


async def test_cancelling_the_iterating_task_still_gives_the_outcome(setup):
    async with OllamaDouble(models=(), library=("qwen3:1.7b",), pull_step=50_000, pull_delay=0.01) as server:
        job = setup.pull(server.url, "qwen3:1.7b")
        moving = asyncio.Event()

        async def consume():
            async for p in job:
                if p.completed:
                    moving.set()

        task = asyncio.ensure_future(consume())
        await moving.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert job.outcome.state == "cancelled"


async def test_a_stall_and_a_missing_model_end_the_pull_with_a_reason(setup):
    async with OllamaDouble(
        models=(), library=("qwen3:0.6b",), pull_step=100_000, pull_delay=0.005, stall_pull_after=6
    ) as server:
        job = setup.pull(server.url, "qwen3:0.6b")
        [p async for p in job]
        assert job.outcome.state == "stalled" and "no data for 0.5 s" in job.outcome.message
        missing = setup.pull(server.url, "nope:1b")
        [p async for p in missing]
        assert missing.outcome.state == "error" and "does not exist" in missing.outcome.message


async def test_import_copies_a_gguf_file_and_refuses_others(setup, tmp_path):
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF" + bytes(2048))
    job = setup.import_file(str(model))
    progress = [(p.completed, p.total) async for p in job]
    assert job.outcome == Outcome("done", "tiny.gguf") and progress == [(0, 2052), (2052, 2052)]
    assert await setup.builtin_models() == ["tiny.gguf"]
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    refused = setup.import_file(str(other))
    [p async for p in refused]
    assert refused.outcome.state == "error" and "not a GGUF model file" in refused.outcome.message
    bad_url = setup.download("ftp://example.invalid/x.gguf")
    assert [p async for p in bad_url] == [] and bad_url.outcome.state == "error"


async def test_the_choice_makes_the_settings_and_the_test_run_goes_through_the_team(app, setup):
    choice = Choice(provider="scripted", model="demo")
    settings = setup.candidate(choice)
    assert (settings.provider, settings.model, settings.base_url) == ("scripted", "demo", "")
    assert setup.settings.provider != "scripted" or setup.settings.model != "demo"  # nothing saved yet
    pinned = setup.candidate(Choice(provider="ollama", model="m", base_url="http://10.0.0.2:11434"))
    assert pinned.providers["ollama"]["base_url"] == "http://10.0.0.2:11434"
    job = setup.test_run(choice)
    texts = [p.text async for p in job]
    assert texts[0].startswith("Sending “Say hello") and "Miranda reads the directive…" in texts
    assert job.outcome.state == "ok" and job.outcome.message.strip()
    report = job.outcome.report
    assert report.who == "Miranda" and report.words > 0 and report.seconds > 0 and report.verdict
    assert app.store.list_runs() == []  # a test run never enters the session history
