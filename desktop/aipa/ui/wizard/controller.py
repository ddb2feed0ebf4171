"""The setup wizard's Qt side: the core's setup operations (``SetupService``) run as
asyncio tasks on the qasync loop and their results come back as signals. Each kind of
operation is a named task that a new one of the same kind replaces, and ``shutdown()``
cancels them all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from contextlib import aclosing
from typing import Any

from PySide6.QtCore import QObject, Signal

from aipa import errors
from aipa.core.config.keyring_check import KeyringStatus
from aipa.core.setup.job import Job
from aipa.core.setup.service import TEST_DIRECTIVE, Choice, OllamaReport, SetupService

__all__ = ["TEST_DIRECTIVE", "Choice", "OllamaReport", "Spawn", "WizardController"]

# How a page or view starts a piece of its work: its window keeps the task until it ends.
Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]


class WizardController(QObject):
    keyringChecked = Signal(object)  # KeyringStatus
    ollamaChecked = Signal(object)  # OllamaReport
    modelConfirmed = Signal(str, bool, str)  # name, ready, message
    pullProgress = Signal(str, object, object, str)  # name, bytes done, total bytes, text
    pullFinished = Signal(str, str, str)  # name, state (ready|cancelled|stalled|error), message
    builtinModels = Signal(list)  # GGUF file names
    transferProgress = Signal(object, object, str)  # bytes done, total or None, text (import/download)
    transferFinished = Signal(str, str)  # state (done|cancelled|error), message or file name
    catalogueRows = Signal(list)  # gguf_catalogue.Row: the recommended models, downloaded or not
    catalogueFailed = Signal(str)  # why the catalogue could not be read (one line)
    keyChecked = Signal(str, str, str, list)  # provider, state (ok|unverified|auth|unreachable|error), text, models
    testProgress = Signal(str)
    testFinished = Signal(bool, str, str)  # ok, text, hint

    def __init__(self, setup: SetupService, parent=None) -> None:
        super().__init__(parent)
        self.setup = setup
        settings = setup.settings
        self.choice = Choice(
            provider=settings.provider if settings.provider != "scripted" else "ollama",
            model=settings.model,
        )
        self.keyring: KeyringStatus | None = None
        self.keyed = False  # the last key check used a key (given or stored)
        self.ollama: OllamaReport | None = None
        self._tasks: dict[str, asyncio.Task] = {}

    @property
    def memory(self) -> int:
        return self.setup.memory

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
        await self.setup.aclose()

    # --- keyring ---------------------------------------------------------------------------

    async def check_keyring(self) -> KeyringStatus:
        if self.busy("keyring"):  # one probe at a time: wait for the running one
            await asyncio.wait({self._tasks["keyring"]})
            if self.keyring is not None:
                return self.keyring
        status = await self._named("keyring", self.setup.check_keyring())
        if status is not None:
            self.keyring = status
            self.keyringChecked.emit(status)
        return self.keyring or status or KeyringStatus("unknown", False, "the keyring check was stopped")

    # --- Ollama ----------------------------------------------------------------------------

    def default_host(self) -> str:
        return self.setup.default_host()

    async def check_ollama(self, host: str) -> OllamaReport:
        """Not installed, installed but not running, too old, or ready with its models."""
        return await self._named("ollama", self._check_ollama(host))

    async def _check_ollama(self, host: str) -> OllamaReport:
        report = await self.setup.check_ollama(host)
        self.ollama = report
        self.ollamaChecked.emit(report)
        return report

    def suggestions(self):
        return self.setup.suggestions()

    async def confirm_model(self, host: str, name: str) -> bool:
        """Ready only once the server confirms it (``/api/show``)."""
        return bool(await self._named("confirm", self._confirm(host, name)))

    async def _confirm(self, host: str, name: str) -> bool:
        ready, message = await self.setup.confirm_model(host, name)
        if ready:
            self.choice.ready.add(name)
        else:
            self.choice.ready.discard(name)
        self.modelConfirmed.emit(name, ready, message)
        return ready

    async def pull(self, host: str, name: str) -> str:
        """Pull ``name`` with progress; the final state is also signalled."""
        name = name.strip()
        if not name:
            return "error"
        return await self._named("pull", self._pull(host, name)) or "cancelled"

    async def _pull(self, host: str, name: str) -> str:
        job = self.setup.pull(host, name)
        try:
            async with aclosing(job.__aiter__()) as progress:
                async for p in progress:
                    self.pullProgress.emit(name, p.completed, p.total, p.text)
        finally:
            if job.outcome is not None:
                if job.outcome.state == "ready":
                    self.choice.ready.add(name)
                self.pullFinished.emit(name, job.outcome.state, job.outcome.message)
        return job.outcome.state if job.outcome else "error"

    # --- built-in engine -----------------------------------------------------------------------

    async def list_builtin(self) -> list[str]:
        names = await self.setup.builtin_models()
        self.builtinModels.emit(names)
        return names

    async def import_file(self, path: str) -> str:
        file = await self._named("transfer", self._transfer(self.setup.import_file(path))) or ""
        await self.list_catalogue()  # a catalogue model imported from its file is downloaded now
        return file

    async def list_catalogue(self) -> list:
        """The recommended models with their fit and status (signalled)."""
        return await self._named("catalogue", self._list_catalogue()) or []

    async def _list_catalogue(self) -> list:
        try:
            rows = await self.setup.catalogue_rows()
        except errors.AipaError as exc:
            self.catalogueFailed.emit(exc.message + (f" — {exc.hint}" if exc.hint else ""))
            return []
        self.catalogueRows.emit(rows)
        return rows

    async def download_model(self, name: str) -> str:
        """Download the catalogue's model ``name`` (progress and outcome signalled as a
        transfer); the file's name when done, "" otherwise."""
        file = await self._named("transfer", self._transfer(self.setup.download_model(name))) or ""
        await self.list_catalogue()  # its status now: downloaded, paused at n %, or not
        return file

    async def _transfer(self, job: Job) -> str:
        try:
            async with aclosing(job.__aiter__()) as progress:
                async for p in progress:
                    self.transferProgress.emit(p.completed, p.total, p.text)
        finally:
            if job.outcome is not None and job.outcome.state != "done":
                self.transferFinished.emit(job.outcome.state, job.outcome.message)
        if job.outcome is None or job.outcome.state != "done":
            return ""
        await self.list_builtin()
        self.transferFinished.emit("done", job.outcome.message)
        return job.outcome.message

    # --- cloud keys ------------------------------------------------------------------------------

    async def check_key(self, provider: str, base_url: str, key: str) -> str:
        """Validate with one cheap call (list models); store the key unless refused."""
        return await self._named("key", self._check_key(provider, base_url, key)) or "cancelled"

    async def _check_key(self, name: str, base_url: str, key: str) -> str:
        status = self.keyring or await self.check_keyring()
        check = await self.setup.check_key(name, base_url, key, status)
        if check.state in ("ok", "unverified"):
            self.choice.models = check.models
        self.keyed = check.keyed  # read by the page on keyChecked: say "a key is set" only when one is
        self.keyChecked.emit(name, check.state, check.text, check.models)
        return check.state

    # --- the test directive -------------------------------------------------------------------------

    def candidate(self):
        """The settings the wizard would save."""
        return self.setup.candidate(self.choice)

    async def run_test(self, directive: str = TEST_DIRECTIVE) -> bool:
        return bool(await self._named("test", self._run_test(directive)))

    async def _run_test(self, directive: str) -> bool:
        job = self.setup.test_run(self.choice, directive)
        try:
            async with aclosing(job.__aiter__()) as progress:
                async for p in progress:
                    self.testProgress.emit(p.text)
        finally:
            if job.outcome is not None:
                self.testFinished.emit(job.outcome.state == "ok", job.outcome.message, job.outcome.hint)
        return job.outcome is not None and job.outcome.state == "ok"
