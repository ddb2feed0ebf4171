"""The built-in engine: a GGUF model served by llama.cpp (``xllamacpp``, the optional
``builtin`` extra) on 127.0.0.1, no install needed.

The engine for a model starts on first use, in a child process (see
``builtin_engine`` for why), and stops on ``aclose()`` or when the app exits (the
child exits when its stdin closes, so it cannot outlive the app, even a killed one). Requests go
through ``OpenAICompatProvider`` to the engine's OpenAI-compatible endpoint.

Models live in the models folder (``<AIPA_HOME>/models``). A request's model is a
``.gguf`` file name there (with or without the suffix) or an absolute path; no model
means ``default_model``, else the first ``.gguf`` file in the folder.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from aipa.errors import ModelMissingError, NotInstalledError, ProviderError, ServerDownError
from aipa.providers.base import ChatRequest, StreamEvent
from aipa.providers.context import hand_window
from aipa.providers.engine_threads import choose as choose_threads
from aipa.providers.openai_compat import OpenAICompatProvider
from aipa.providers.vision import is_projector, projector_for

INSTALL_HINT = "install the built-in engine: pip install aipa-desktop[builtin]"
IMPORT_HINT = "import a GGUF file (Settings → Models) or `aipa models import PATH`"
DEFAULT_NUM_CTX = 16384


def engine_installed() -> bool:
    return importlib.util.find_spec("xllamacpp") is not None


def engine_command() -> list[str]:
    """How to start the engine's process: ``python -m`` from a Python install; a frozen
    (packaged) app has no interpreter to give ``-m`` to, so it runs itself with a flag."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--builtin-engine"]
    return [sys.executable, "-m", "aipa.providers.builtin_engine"]


class _Engine:
    """One running engine process and the provider that talks to it."""

    def __init__(self, process: subprocess.Popen[bytes], provider: OpenAICompatProvider) -> None:
        self.process = process
        self.provider = provider

    def alive(self) -> bool:
        return self.process.poll() is None

    async def stop(self) -> None:
        await self.provider.aclose()
        await asyncio.to_thread(_stop, self.process)


def _exits_within(process: subprocess.Popen[bytes], seconds: float) -> bool:
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        return False
    return True


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Close the engine's stdin (it exits), then make sure it is gone."""
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            pipe.close()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class BuiltinProvider:
    """A Provider running GGUF models on the built-in llama.cpp engine.

    ``options``: ``num_ctx`` (default 16384, the engine's context, shared by its
    ``n_parallel`` (4) slots), ``threads`` (default: chosen from the physical cores, see
    ``engine_threads``), ``log_dir`` (where each engine writes
    llama.cpp's log, ``builtin-<model>.log``, rewritten at each start; none: quiet),
    ``repeat_penalty`` / ``repeat_last_n`` (1.1 over the last 64 tokens, Ollama's
    defaults: llama.cpp's server applies none, and small models then loop on one line
    until max_tokens).

    An agent's ``thinking`` setting reaches the model's chat template as
    ``enable_thinking`` (Qwen3 and similar templates read it).
    """

    name = "builtin"

    def __init__(
        self,
        models_dir: Path | str | None,
        default_model: str = "",
        *,
        options: dict[str, Any] | None = None,
        start_timeout: float = 300.0,
        log: logging.Logger | None = None,
    ) -> None:
        options = options or {}
        self.models_dir = Path(models_dir) if models_dir else None
        self.default_model = default_model
        self.num_ctx = hand_window(options) or int(options.get("num_ctx") or DEFAULT_NUM_CTX)  # its `context` first
        self.n_parallel = int(options.get("n_parallel") or 4)
        self.first_token_timeout = options.get("first_token_timeout")
        self.stream_idle_timeout = options.get("stream_idle_timeout")
        # always an explicit count: llama.cpp's own default fights for busy cores
        self.thread_choice = choose_threads(int(options.get("threads") or 0))
        self.threads = self.thread_choice.count
        self.log_dir = Path(options["log_dir"]) if options.get("log_dir") else None
        self.sampling = {
            "repeat_penalty": float(options.get("repeat_penalty") or 1.1),
            "repeat_last_n": int(options.get("repeat_last_n") or 64),
        }
        self._start_timeout = start_timeout
        self._log = log or logging.getLogger("aipa.providers.builtin")
        self._engines: dict[Path, _Engine] = {}
        self._starting: dict[Path, asyncio.Lock] = {}

    # --- Provider protocol -----------------------------------------------------

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        path = self.resolve(request.model)
        engine = await self._engine(path)
        try:
            async for event in engine.provider.stream(replace(request, model=path.name)):
                yield event
        except ServerDownError as err:
            if not await asyncio.to_thread(_exits_within, engine.process, 1.0):
                raise
            self._engines.pop(path, None)
            raise ServerDownError(
                f"builtin: the engine for {path.name} stopped (exit code {engine.process.returncode})",
                hint="it may have run out of memory: try a smaller model or a smaller context (num_ctx)",
            ) from err

    async def list_models(self) -> list[str]:
        """The ``.gguf`` files in the models folder (a picture projector is no model of its own)."""
        if self.models_dir is None or not self.models_dir.is_dir():
            return []
        return sorted(p.name for p in self.models_dir.glob("*.gguf") if p.is_file() and not is_projector(p))

    async def aclose(self) -> None:
        engines, self._engines = list(self._engines.values()), {}
        for engine in engines:
            await engine.stop()

    # --- models and engines --------------------------------------------------------

    def resolve(self, model: str) -> Path:
        """The GGUF file for ``model`` (see the module docstring)."""
        name = model or self.default_model
        if name and Path(name).is_absolute():
            if Path(name).is_file():
                return Path(name)
            raise ModelMissingError(f"builtin: no model file at {name}", hint=IMPORT_HINT)
        folder = self.models_dir
        found = sorted(folder.glob("*.gguf")) if folder is not None and folder.is_dir() else []
        available = [p for p in found if not is_projector(p)]
        if not name:
            if available:
                return available[0]
            raise ModelMissingError(f"builtin: no GGUF model in {folder or 'the models folder'}", hint=IMPORT_HINT)
        for candidate in (name, name + ".gguf"):
            if folder is not None and (folder / candidate).is_file():
                return folder / candidate
        have = ", ".join(p.name for p in available) or "none"
        raise ModelMissingError(f"builtin: model {name!r} is not in {folder} (available: {have})", hint=IMPORT_HINT)

    def request_extras(self, request: ChatRequest) -> dict[str, Any]:
        """llama.cpp's own request fields: sampling, thinking on or off, and the prompt
        cache (its default, said explicitly: every run's calls share their first words,
        ``prompts.TEAM``, and an agent's route and synthesis calls their system prompt)."""
        extras: dict[str, Any] = {**self.sampling, "cache_prompt": True}
        if request.think is not None:
            extras["chat_template_kwargs"] = {"enable_thinking": request.think}
        return extras

    def running(self) -> dict[str, str]:
        """Model file name -> engine address, for the engines running now."""
        return {path.name: engine.provider.base_url or "" for path, engine in self._engines.items()}

    async def _engine(self, path: Path) -> _Engine:
        lock = self._starting.setdefault(path, asyncio.Lock())
        async with lock:  # concurrent first calls start one engine
            engine = self._engines.get(path)
            if engine is not None and not engine.alive():
                self._log.warning(
                    "the built-in engine for %s had stopped (exit code %s); starting it again",
                    path.name,
                    engine.process.returncode,
                )
                await engine.provider.aclose()
                engine = None
            if engine is None:
                engine = await self._start(path)
                self._engines[path] = engine
            return engine

    async def _start(self, path: Path) -> _Engine:
        if not engine_installed():
            raise NotInstalledError("builtin: the built-in engine (xllamacpp) is not installed", hint=INSTALL_HINT)
        self._log.info(
            "starting the built-in engine for %s (n_ctx %d, %s)", path.name, self.num_ctx, self.thread_choice.describe()
        )
        process = await asyncio.to_thread(self._spawn, path)
        assert process.stdout is not None  # spawned with stdout=PIPE
        try:
            line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), self._start_timeout)
        except BaseException:  # timed out or cancelled: the engine goes too
            await asyncio.to_thread(_stop, process)
            raise
        try:
            message = json.loads(line) if line.strip() else {"error": "exited", "message": ""}
        except ValueError:
            message = {"error": "load_failed", "message": line.decode(errors="replace")[:300]}
        if "ready" not in message:
            await asyncio.to_thread(_stop, process)
            raise self._start_error(path, message)
        address = str(message["ready"]).rstrip("/")
        self._log.info("built-in engine for %s listening on %s (pid %d)", path.name, address, process.pid)
        provider = OpenAICompatProvider(
            address + "/v1",
            None,
            path.name,
            name=self.name,
            # the engine's /props says each slot's share of num_ctx (context.py asks it)
            context_options={
                "first_token_timeout": self.first_token_timeout,
                "stream_idle_timeout": self.stream_idle_timeout,
            },
            extra_body=self.request_extras,
            log=self._log,
        )
        return _Engine(process, provider)

    def _spawn(self, path: Path) -> subprocess.Popen[bytes]:
        cmd = [*engine_command(), "--model", str(path), "--ctx", str(self.num_ctx), "--parallel", str(self.n_parallel)]
        cmd += ["--threads", str(self.threads)]
        projector = projector_for(path)
        if projector is not None:  # the model then reads pictures (llama.cpp's multimodal path)
            cmd += ["--mmproj", str(projector)]
        log_file = self._log_file(path)
        if log_file:
            cmd.append("--verbose")
        env = dict(os.environ)
        package_root = str(Path(__file__).resolve().parents[2])  # aipa importable in the child
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        stderr = open(log_file, "wb") if log_file else subprocess.DEVNULL  # noqa: SIM115
        try:
            return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env)
        finally:
            if not isinstance(stderr, int):  # a log file, not subprocess.DEVNULL
                stderr.close()

    def _log_file(self, path: Path) -> Path | None:
        return self.log_dir / f"builtin-{path.stem}.log" if self.log_dir else None

    def _start_error(self, path: Path, message: dict[str, Any]) -> ProviderError:
        kind, detail = message.get("error"), message.get("message", "")
        if kind == "not_installed":
            return NotInstalledError(f"builtin: the built-in engine cannot be loaded: {detail}", hint=INSTALL_HINT)
        if kind == "exited":
            return ServerDownError(
                f"builtin: the engine for {path.name} exited while loading it",
                hint="it may have run out of memory: try a smaller model or context",
            )
        log_file = self._log_file(path)
        where = f"; its log: {log_file}" if log_file else ""
        return ModelMissingError(
            f"builtin: llama.cpp could not load {path.name}: {detail}",
            hint=f"is it a complete GGUF file? re-import or re-download it{where}",
        )
