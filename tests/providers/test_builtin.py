"""The built-in engine: model selection, its process (start, stop, death, never
outliving the app) and its errors. The conformance suite runs it on the real model."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from aipa.errors import ModelMissingError, NotInstalledError, ServerDownError
from aipa.providers.base import ChatRequest, ContentDelta, Done, Message
from aipa.providers.builtin import BuiltinProvider
from tests.support.llama_server import ROOT
from tests.support.processes import gone

HELLO = ChatRequest(model="", messages=(Message("user", "Say hi."),), max_tokens=4)


@pytest.fixture
def models(tmp_path, model_path) -> Path:
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / model_path.name).symlink_to(model_path)
    return folder


# --- choosing the model file --------------------------------------------------------------


def test_model_names_resolve_in_the_models_folder(tmp_path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    for name in ("b-model.gguf", "a-model.gguf", "notes.txt"):
        (folder / name).write_bytes(b"GGUF")
    p = BuiltinProvider(folder)
    assert p.resolve("") == folder / "a-model.gguf"  # none set: the first .gguf
    assert p.resolve("b-model") == p.resolve("b-model.gguf") == folder / "b-model.gguf"
    outside = tmp_path / "elsewhere.gguf"
    outside.write_bytes(b"GGUF")
    assert p.resolve(str(outside)) == outside
    assert BuiltinProvider(folder, "b-model.gguf").resolve("") == folder / "b-model.gguf"
    with pytest.raises(ModelMissingError) as info:
        p.resolve("c-model")
    assert "a-model.gguf, b-model.gguf" in info.value.message and "aipa models import" in info.value.hint


async def test_an_empty_models_folder_says_how_to_import_one(tmp_path) -> None:
    p = BuiltinProvider(tmp_path / "models")
    assert await p.list_models() == []
    with pytest.raises(ModelMissingError) as info:
        [e async for e in p.stream(HELLO)]
    assert info.value.hint == "import a GGUF file (Settings → Models) or `aipa models import PATH`"


async def test_without_xllamacpp_it_says_how_to_install_it(monkeypatch, models) -> None:
    monkeypatch.setattr("aipa.providers.builtin.engine_installed", lambda: False)
    with pytest.raises(NotInstalledError) as info:
        [e async for e in BuiltinProvider(models).stream(HELLO)]
    assert info.value.hint == "install the built-in engine: pip install aipa-desktop[builtin]"


async def test_a_broken_gguf_file_is_reported_with_its_log(tmp_path) -> None:
    folder, logs = tmp_path / "models", tmp_path / "logs"
    folder.mkdir()
    logs.mkdir()
    (folder / "broken.gguf").write_bytes(b"GGUF" + b"\0" * 64)
    p = BuiltinProvider(folder, options={"log_dir": str(logs)})
    with pytest.raises(ModelMissingError) as info:
        [e async for e in p.stream(HELLO)]
    assert "could not load broken.gguf" in info.value.message
    assert str(logs / "builtin-broken.log") in info.value.hint and (logs / "builtin-broken.log").stat().st_size


# --- the engine process (real model) ---------------------------------------------------------


@pytest.mark.llm
async def test_the_engine_listens_on_loopback_and_stops_on_aclose(models) -> None:
    p = BuiltinProvider(models, options={"num_ctx": 2048, "threads": 2})
    events = [e async for e in p.stream(HELLO)]
    assert isinstance(events[-1], Done)
    (address,) = p.running().values()
    assert address.startswith("http://127.0.0.1:")
    process = next(iter(p._engines.values())).process
    await p.aclose()
    assert process.poll() is not None and p.running() == {}


@pytest.mark.llm
async def test_a_packaged_app_starts_the_engine_by_running_itself(models, monkeypatch) -> None:
    """A frozen app (PyInstaller) has no ``python -m``: it starts the engine as
    ``APP --builtin-engine …``. The ``aipa`` console script stands in for the app binary."""
    app_binary = Path(sys.executable).with_name("aipa")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app_binary))
    p = BuiltinProvider(models, options={"num_ctx": 2048, "threads": 2})
    try:
        events = [e async for e in p.stream(HELLO)]
        process = next(iter(p._engines.values())).process
        assert process.args[:2] == [str(app_binary), "--builtin-engine"]
        assert isinstance(events[-1], Done)
    finally:
        await p.aclose()


@pytest.mark.llm
async def test_the_engine_samples_with_a_repeat_penalty(models) -> None:
    """llama.cpp's server applies no repeat penalty; small models then loop on a line
    until max_tokens. The engine gets Ollama's defaults (1.1 over 64 tokens): the
    streamed answer is what the server gives with them, not without (greedy, so exact)."""
    p = BuiltinProvider(models, options={"num_ctx": 2048, "threads": 2})
    ask = ChatRequest(
        model="",
        messages=(Message("user", "List the numbers from one to forty as words, one per line."),),
        max_tokens=120,
        temperature=0.0,
    )
    try:
        streamed = "".join(e.text for e in [e async for e in p.stream(ask)] if isinstance(e, ContentDelta))
        assert p.request_extras(ask) == {"repeat_penalty": 1.1, "repeat_last_n": 64, "cache_prompt": True}
        url = next(iter(p.running().values()))
        body = {
            "messages": [{"role": "user", "content": ask.messages[0].content}],
            "max_tokens": 120,
            "temperature": 0.0,
        }
        async with httpx.AsyncClient(timeout=120) as http:
            plain = (await http.post(url + "/chat/completions", json=body)).json()
            penalised = (await http.post(url + "/chat/completions", json={**body, **p.request_extras(ask)})).json()
        assert streamed == penalised["choices"][0]["message"]["content"] != plain["choices"][0]["message"]["content"]
    finally:
        await p.aclose()


def test_thinking_reaches_the_chat_template(tmp_path) -> None:
    p = BuiltinProvider(tmp_path)
    assert p.request_extras(replace(HELLO, think=False))["chat_template_kwargs"] == {"enable_thinking": False}
    assert "chat_template_kwargs" not in p.request_extras(HELLO)  # the model's default


@pytest.mark.llm
async def test_an_engine_dying_mid_answer_is_reported_then_restarted(models, caplog) -> None:
    p = BuiltinProvider(models, options={"num_ctx": 2048, "threads": 2})
    story = ChatRequest(model="", messages=(Message("user", "Write a long story."),), max_tokens=400)
    got = []
    with pytest.raises(ServerDownError) as info:
        async for event in p.stream(story):
            got.append(event)
            engine = next(iter(p._engines.values()))
            if engine.alive():
                engine.process.send_signal(signal.SIGKILL)  # e.g. the kernel's out-of-memory killer
    assert got and "stopped" in info.value.message and "smaller model" in info.value.hint
    events = [e async for e in p.stream(HELLO)]  # the next call starts a new engine
    assert isinstance(events[-1], Done)
    dead = next(iter(p._engines.values())).process
    dead.kill()  # and one that died between calls ...
    dead.wait()
    events = [e async for e in p.stream(HELLO)]  # ... is restarted too, with a warning in the log
    assert isinstance(events[-1], Done) and "had stopped" in caplog.text
    await p.aclose()


CHILD = """
import asyncio, json, sys
from aipa.providers.builtin import BuiltinProvider
from aipa.providers.base import ChatRequest, Message

async def main():
    p = BuiltinProvider(sys.argv[1], options={"num_ctx": 2048, "threads": 2})
    [e async for e in p.stream(ChatRequest(model="", messages=(Message("user", "hi"),), max_tokens=2))]
    engine = next(iter(p._engines.values()))
    print(json.dumps({"engine": engine.process.pid}), flush=True)
    if sys.argv[2] == "hang":
        await asyncio.sleep(3600)  # killed from outside
    # "exit": leave without aclose()

asyncio.run(main())
"""


@pytest.mark.llm
@pytest.mark.parametrize("how", ["exit", "kill -9"])
def test_the_engine_never_outlives_the_app(models, how) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "desktop")}
    app = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(models), "hang" if how == "kill -9" else "exit"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    engine = json.loads(app.stdout.readline())["engine"]
    if how == "kill -9":
        app.kill()
    app.wait(30)
    assert gone(engine, 10), f"the engine (pid {engine}) is still running after the app ended ({how})"
