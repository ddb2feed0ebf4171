"""The setup wizard's work: finding Ollama, pulling, importing and downloading models,
checking keys, the test run. Every network or disk operation is an asyncio task on
the qasync loop; results come back as signals. Each kind of operation is a named task
that a new one of the same kind replaces, and ``shutdown()`` cancels them all.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import time
from collections.abc import Callable
from contextlib import aclosing
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from aipa import errors
from aipa.core import events as ev
from aipa.core import keyring_check
from aipa.core.keyring_check import KeyringStatus
from aipa.core.reviewer import AutoReviewer
from aipa.core.settings import Settings
from aipa.core.setup.pull_progress import PullTracker, describe, human_bytes
from aipa.core.setup.recommend import (
    MIN_OLLAMA_VERSION,
    OLLAMA_DOWNLOAD,
    machine_memory,
    ollama_too_old,
    recommend,
)

log = logging.getLogger("aipa.ui.wizard.window")

STALL_SECONDS = 30.0
CHECK_TIMEOUT = 8.0
KEY_CHECK_TIMEOUT = 20.0
TEST_DIRECTIVE = "Say hello to the Principal and name the team in two short sentences."


@dataclass(frozen=True)
class OllamaReport:
    state: str  # ok | not_installed | not_running | too_old | error
    url: str
    version: str = ""
    message: str = ""
    hint: str = ""
    models: tuple[str, ...] = ()


@dataclass
class Choice:
    """What the Principal picked, page by page."""

    provider: str = "ollama"
    model: str = ""
    base_url: str = ""
    ready: set[str] = field(default_factory=set)  # models the server confirmed
    models: list[str] = field(default_factory=list)  # the chosen provider's models


class WizardController(QObject):
    keyringChecked = Signal(object)  # KeyringStatus
    ollamaChecked = Signal(object)  # OllamaReport
    modelConfirmed = Signal(str, bool, str)  # name, ready, message
    pullProgress = Signal(str, object, object, str)  # name, bytes done, total bytes, text
    pullFinished = Signal(str, str, str)  # name, state (ready|cancelled|stalled|error), message
    builtinModels = Signal(list)  # GGUF file names
    transferProgress = Signal(object, object, str)  # bytes done, total or None, text (import/download)
    transferFinished = Signal(str, str)  # state (done|cancelled|error), message or file name
    keyChecked = Signal(str, str, str, list)  # provider, state (ok|unverified|auth|unreachable|error), text, models
    testProgress = Signal(str)
    testFinished = Signal(bool, str, str)  # ok, text, hint

    def __init__(
        self,
        app,
        *,
        which: Callable[[str], str | None] = shutil.which,
        stall_after: float = STALL_SECONDS,
        memory: int | None = None,
        parent=None,
    ) -> None:
        super().__init__(parent)
        self.app = app
        self.which = which
        self.stall_after = stall_after
        self.memory = machine_memory() if memory is None else memory
        self.choice = Choice(
            provider=app.settings.provider if app.settings.provider != "scripted" else "ollama",
            model=app.settings.model,
        )
        self.keyring: KeyringStatus | None = None
        self.ollama: OllamaReport | None = None
        self._ollama_provider = None
        self._tasks: dict[str, asyncio.Task] = {}
        self._closing: set[asyncio.Future] = set()  # providers closing in the background

    # --- tasks -----------------------------------------------------------------------------

    async def _named(self, name: str, coro):
        """Run ``coro`` as the task ``name`` (replacing a running one); None if it was
        cancelled by ``cancel(name)`` or a successor."""
        old = self._tasks.get(name)
        if old is not None and not old.done():
            old.cancel()
        task = asyncio.ensure_future(coro)
        self._tasks[name] = task
        try:
            return await task
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if me is not None and me.cancelling():
                raise
            return None
        finally:
            if self._tasks.get(name) is task:
                del self._tasks[name]

    def busy(self, name: str) -> bool:
        task = self._tasks.get(name)
        return task is not None and not task.done()

    def cancel(self, name: str) -> None:
        task = self._tasks.get(name)
        if task is not None and not task.done():
            task.cancel()

    async def shutdown(self) -> None:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=15)
        if self._ollama_provider is not None:
            provider, self._ollama_provider = self._ollama_provider, None
            await provider.aclose()

    # --- keyring ---------------------------------------------------------------------------

    async def check_keyring(self) -> KeyringStatus:
        if self.busy("keyring"):  # one probe at a time: wait for the running one
            await asyncio.wait({self._tasks["keyring"]})
            if self.keyring is not None:
                return self.keyring
        status = await self._named("keyring", keyring_check.probe())
        if status is not None:
            self.keyring = status
            self.keyringChecked.emit(status)
        return self.keyring or status or KeyringStatus("unknown", False, "the keyring check was stopped")

    # --- Ollama ----------------------------------------------------------------------------

    def default_host(self) -> str:
        from aipa.providers.ollama import normal_host

        configured = self.app.settings.providers.get("ollama", {}).get("base_url")
        if self.app.settings.provider == "ollama" and self.app.settings.base_url:
            configured = self.app.settings.base_url
        return normal_host(configured or os.environ.get("OLLAMA_HOST"))

    def _provider_for(self, host: str):
        from aipa.providers.ollama import OllamaProvider, normal_host

        url = normal_host(host or None)
        current = self._ollama_provider
        if current is None or current.base_url != url:
            if current is not None:
                closing = asyncio.ensure_future(current.aclose())
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
            self._ollama_provider = OllamaProvider(url, connect_timeout=3.0, max_retries=0, which=self.which)
        return self._ollama_provider

    async def check_ollama(self, host: str) -> OllamaReport:
        """Not installed, installed but not running, too old, or ready with its models."""
        return await self._named("ollama", self._check_ollama(host))

    async def _check_ollama(self, host: str) -> OllamaReport:
        provider = self._provider_for(host)
        url = provider.base_url
        try:
            version = await asyncio.wait_for(provider.version(), CHECK_TIMEOUT)
            models = tuple(await asyncio.wait_for(provider.list_models(), CHECK_TIMEOUT))
        except errors.NotInstalledError as exc:
            report = OllamaReport(
                "not_installed",
                url,
                message="Ollama is not installed on this computer.",
                hint=f"Download it from <a href='{OLLAMA_DOWNLOAD}'>{OLLAMA_DOWNLOAD}</a>, start it "
                "(open the Ollama app, or run <code>ollama serve</code>), then press "
                "<i>Check again</i>. Or use the built-in engine: nothing to install.",
            )
            log.info("wizard: %s", exc.message)
        except (TimeoutError, errors.ServerDownError) as exc:
            remote = "127.0.0.1" not in url and "localhost" not in url and "[::1]" not in url
            message = (
                f"Nothing answers at {url}."
                if remote
                else f"Ollama is installed but not running (nothing answers at {url})."
            )
            hint = (
                (
                    "Start it: open the Ollama app, or run <code>ollama serve</code> in a terminal, then press "
                    "<i>Check again</i>."
                )
                if not remote
                else ("Check the address (OLLAMA_HOST) and that <code>ollama serve</code> runs there.")
            )
            report = OllamaReport("not_running", url, message=message, hint=hint)
            log.info("wizard: %s", getattr(exc, "message", exc))
        except errors.AipaError as exc:
            report = OllamaReport("error", url, message=exc.message, hint=exc.hint)
        else:
            if ollama_too_old(version):
                report = OllamaReport(
                    "too_old",
                    url,
                    version,
                    models=models,
                    message=f"Ollama {version} is too old: AIPA needs {MIN_OLLAMA_VERSION} or newer "
                    "(structured outputs).",
                    hint=f"Upgrade it from <a href='{OLLAMA_DOWNLOAD}'>{OLLAMA_DOWNLOAD}</a> (your models stay), "
                    "restart it, then press <i>Check again</i>.",
                )
            else:
                report = OllamaReport(
                    "ok", url, version, message=f"Ollama {version} is running at {url}.", models=models
                )
        self.ollama = report
        self.ollamaChecked.emit(report)
        return report

    def suggestions(self):
        return recommend(self.memory)

    async def confirm_model(self, host: str, name: str) -> bool:
        """Ready only once the server confirms it (``/api/show``)."""
        return bool(await self._named("confirm", self._confirm(host, name)))

    async def _confirm(self, host: str, name: str) -> bool:
        provider = self._provider_for(host)
        try:
            await asyncio.wait_for(provider.show(name), CHECK_TIMEOUT)
        except (TimeoutError, errors.AipaError) as exc:
            message = getattr(exc, "message", "") or "the server did not answer"
            hint = getattr(exc, "hint", "")
            self.choice.ready.discard(name)
            self.modelConfirmed.emit(name, False, message + (f" — {hint}" if hint else ""))
            return False
        self.choice.ready.add(name)
        self.modelConfirmed.emit(name, True, f"{name} is ready")
        return True

    async def pull(self, host: str, name: str) -> str:
        """Pull ``name`` with progress; the final state is also signalled."""
        name = name.strip()
        if not name:
            return "error"
        return await self._named("pull", self._pull(host, name)) or "cancelled"

    async def _pull(self, host: str, name: str) -> str:
        provider = self._provider_for(host)
        tracker = PullTracker(stall_after=self.stall_after)
        last_message = [time.monotonic()]

        async def read() -> None:  # one task reads the whole stream: its HTTP state never changes task
            async with aclosing(provider.pull(name)) as parts:
                async for part in parts:
                    last_message[0] = time.monotonic()
                    progress = tracker.feed(part)
                    self.pullProgress.emit(name, progress.completed, progress.total, describe(progress))

        reader = asyncio.ensure_future(read())
        tick = min(0.25, self.stall_after / 4)
        state, message = "error", f"the pull of {name} failed"
        try:
            while not reader.done():  # the watchdog: no data for stall_after seconds is a stall
                await asyncio.wait({reader}, timeout=tick)
                quiet = time.monotonic() - last_message[0] > self.stall_after
                if not reader.done() and (quiet or tracker.stalled()):
                    raise _Stalled()
            reader.result()
            if not tracker.state.done:
                raise errors.BadResponseError(
                    f"the pull of {name} ended without success", "press Pull again: it resumes where it stopped"
                )
            await asyncio.wait_for(provider.show(name), CHECK_TIMEOUT)
            self.choice.ready.add(name)
            state, message = "ready", f"{name} is ready"
        except _Stalled:
            state = "stalled"
            message = (
                f"The download of {name} stalled: no data for {self.stall_after:g} s. Check the network, "
                "then press Pull again: it resumes where it stopped."
            )
        except asyncio.CancelledError:
            state = "cancelled"
            message = (
                f"Pull of {name} cancelled at {human_bytes(tracker.completed)}. Press Pull again to resume "
                "where it stopped."
            )
            raise
        except (TimeoutError, errors.AipaError) as exc:
            message = getattr(exc, "message", "") or "the server did not answer in time"
            if getattr(exc, "hint", ""):
                message += f" — {exc.hint}"
        finally:
            if not reader.done():
                reader.cancel()  # closes the HTTP stream: the server keeps what it has
                await asyncio.wait({reader})
            self.pullFinished.emit(name, state, message)
        return state

    # --- built-in engine -----------------------------------------------------------------------

    async def list_builtin(self) -> list[str]:
        folder = self.app.paths.models
        names = await asyncio.to_thread(lambda: sorted(p.name for p in folder.glob("*.gguf") if p.is_file()))
        self.builtinModels.emit(names)
        return names

    async def import_file(self, path: str) -> str:
        return await self._named("transfer", self._import(path)) or ""

    async def _import(self, path: str) -> str:
        from aipa.providers.gguf_files import import_model

        source = Path(path).expanduser()
        size = source.stat().st_size if source.is_file() else None
        self.transferProgress.emit(0, size, f"Copying {source.name} into {self.app.paths.models}…")
        try:
            target = await asyncio.to_thread(import_model, source, self.app.paths.models)
        except errors.AipaError as exc:
            self.transferFinished.emit("error", exc.message + (f" — {exc.hint}" if exc.hint else ""))
            return ""
        except OSError as exc:
            self.transferFinished.emit("error", f"could not copy {source}: {exc.strerror or exc}")
            return ""
        self.transferProgress.emit(size, size, f"Imported {target.name}")
        await self.list_builtin()
        self.transferFinished.emit("done", target.name)
        return target.name

    async def download(self, url: str, sha256: str = "") -> str:
        return await self._named("transfer", self._download(url.strip(), sha256.strip())) or ""

    async def _download(self, url: str, sha256: str) -> str:
        from aipa.providers.gguf_files import download_model

        tracker = PullTracker(stall_after=self.stall_after)

        def progress(done: int, total: int | None) -> None:
            state = tracker.feed({"status": "downloading", "digest": "file", "completed": done, "total": total or 0})
            text = describe(state) if total else f"downloading · {human_bytes(done)}"
            self.transferProgress.emit(done, total, text)

        if not url.startswith(("http://", "https://")):
            self.transferFinished.emit("error", "give the http(s) address of a .gguf file")
            return ""
        self.transferProgress.emit(0, None, "Connecting…")
        try:
            target = await download_model(url, self.app.paths.models, sha256=sha256 or None, progress=progress)
        except asyncio.CancelledError:
            self.transferFinished.emit(
                "cancelled",
                f"Download cancelled at {human_bytes(tracker.completed)}. "
                "Press Download again to resume where it stopped.",
            )
            raise
        except errors.AipaError as exc:
            self.transferFinished.emit("error", exc.message + (f" — {exc.hint}" if exc.hint else ""))
            return ""
        except OSError as exc:  # disk full, no permission: the partial file stays for a retry
            self.transferFinished.emit("error", f"could not write the model file: {exc.strerror or exc}")
            return ""
        await self.list_builtin()
        self.transferFinished.emit("done", target.name)
        return target.name

    # --- cloud keys ------------------------------------------------------------------------------

    async def check_key(self, provider: str, base_url: str, key: str) -> str:
        """Validate with one cheap call (list models); store the key unless refused."""
        return await self._named("key", self._check_key(provider, base_url.strip(), key.strip())) or "cancelled"

    async def _check_key(self, name: str, base_url: str, key: str) -> str:
        from aipa.core import secrets
        from aipa.providers.factory import make_provider

        status = self.keyring or await self.check_keyring()
        try:  # the stored key (or the environment's); never on the UI thread: a keyring can hang
            known = await keyring_check.in_thread(secrets.get_key, name, timeout=keyring_check.PROBE_TIMEOUT) or ""
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
            known = ""
        key = key or known
        if not key and name != "openai-compatible":
            self.keyChecked.emit(name, "auth", "Paste an API key first.", [])
            return "auth"
        state, text, models = "error", "", []
        provider = None
        try:
            provider = make_provider(name, base_url=base_url, api_key=key or None)
            models = sorted(await asyncio.wait_for(provider.list_models(), KEY_CHECK_TIMEOUT))
            state, text = "ok", f"Connected: {len(models)} models available."
        except errors.AuthError as exc:
            state, text = "auth", f"The key was refused: {exc.message}. Check that it is complete and still valid."
        except (TimeoutError, errors.ServerDownError, errors.ProviderTimeoutError, errors.NotInstalledError) as exc:
            where = base_url or "the server"
            detail = getattr(exc, "message", "") or f"no answer within {KEY_CHECK_TIMEOUT:g} s"
            state, text = "unreachable", f"Could not reach {where}, so the key was not checked: {detail}"
        except errors.AipaError as exc:
            text = exc.message + (f" — {exc.hint}" if exc.hint else "")
        finally:
            if provider is not None:
                await provider.aclose()
        if key and state in ("ok", "unreachable") and key != known:
            where = await keyring_check.store_key(name, key, status)
            text += f" The key was {where}."
            if state == "unreachable":
                state = "unverified"
        elif state == "unreachable":
            state = "unverified" if key else "unreachable"
        if state in ("ok", "unverified"):
            self.choice.models = models
        self.keyChecked.emit(name, state, text, models)
        return state

    # --- the test directive -------------------------------------------------------------------------

    def candidate(self) -> Settings:
        """The settings the wizard would save."""
        c = self.choice
        settings = self.app.settings
        providers = {k: dict(v) for k, v in settings.providers.items()}
        if c.base_url:
            providers.setdefault(c.provider, {})["base_url"] = c.base_url
        elif c.provider in providers:
            providers[c.provider].pop("base_url", None)
        return settings.with_changes(provider=c.provider, model=c.model, base_url=c.base_url, providers=providers)

    async def run_test(self, directive: str = TEST_DIRECTIVE) -> bool:
        return bool(await self._named("test", self._run_test(directive)))

    async def _run_test(self, directive: str) -> bool:
        from aipa.app import Override, Providers

        settings = self.candidate()
        providers = Providers(settings, Override(), self.app.paths)
        trial = replace(self.app, settings=settings, providers=providers)
        pipeline = trial.pipeline(AutoReviewer(confirm_tools=False), self._on_event)
        self.testProgress.emit(f"Running “{directive}” with {settings.provider} · {settings.model or 'default model'}…")
        start = time.monotonic()
        try:
            result = await pipeline.run(directive)
        except asyncio.CancelledError:
            self.testFinished.emit(False, "The test run was stopped.", "")
            raise
        except errors.AipaError as exc:
            self.testFinished.emit(False, exc.message, exc.hint)
            return False
        except Exception as exc:  # a bug: show it, keep the wizard alive
            log.exception("test run crashed")
            self.testFinished.emit(False, f"internal error: {exc!r}", "see the log file")
            return False
        finally:
            await providers.aclose()
        text = result.deliverable.strip() or "(the team sent an empty answer)"
        took = time.monotonic() - start
        self.testFinished.emit(True, f"{text}\n\nVerdict: {result.verdict} · run {result.run_id} · {took:.0f} s", "")
        return True

    def _on_event(self, event) -> None:
        if isinstance(event, ev.StageStarted):
            self.testProgress.emit(f"Stage: {event.stage}…")
        elif isinstance(event, ev.AgentState) and event.state in ("thinking", "streaming"):
            self.testProgress.emit(f"{event.agent} is {event.state}…")


class _Stalled(Exception):
    pass
