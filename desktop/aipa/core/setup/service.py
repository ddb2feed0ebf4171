"""The setup operations the wizard offers, Qt-free: finding Ollama, pulling a model,
the built-in engine's GGUF files (list, import, the catalogue of recommended models to
download with a disk-space check, resume and a pinned checksum), checking a
cloud key against its server, a test directive through the whole team, and the
settings the Principal's choice makes. Long operations are ``Job``s: iterate them for
progress, read their ``outcome`` when they end (also when cancelled).
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from aipa import errors
from aipa.core.config import keyring_check, secrets
from aipa.core.config.keyring_check import KeyringStatus
from aipa.core.config.model_names import shown
from aipa.core.config.paths import Paths
from aipa.core.config.provider_book import configured_url
from aipa.core.config.settings import Settings
from aipa.core.events import EventSink
from aipa.core.parts import Parts
from aipa.core.run.pipeline import Pipeline
from aipa.core.run.reviewer import AutoReviewer, Reviewer
from aipa.core.setup import gguf_catalogue, gguf_download, ollama
from aipa.core.setup.gguf_catalogue import GgufModel, Row
from aipa.core.setup.job import Job, Outcome, Progress
from aipa.core.setup.ollama import CHECK_TIMEOUT, OllamaReport
from aipa.core.setup.recommend import Suggestion, machine_memory, recommend
from aipa.core.setup.trial import TrialWatch
from aipa.core.team.agents import AgentDef
from aipa.providers import builtin
from aipa.providers.factory import make_provider
from aipa.providers.gguf_files import download_model, import_model
from aipa.providers.kinds import KINDS
from aipa.providers.ollama import OllamaProvider
from aipa.providers.ollama_host import normal_host

log = logging.getLogger("aipa.setup")

STALL_SECONDS = 30.0
KEY_CHECK_TIMEOUT = 20.0
TEST_DIRECTIVE = "Say hello to the Principal and name the team in two short sentences."

# Builds a pipeline for the candidate settings (providers of its own, no command-line
# override); returns it with the coroutine function that closes those providers.
Trial = Callable[[Settings, Reviewer, EventSink], tuple[Pipeline, Callable[[], Awaitable[None]]]]


@dataclass
class Choice:
    """What the Principal picked, page by page."""

    provider: str = "ollama"
    model: str = ""
    base_url: str = ""
    ready: set[str] = field(default_factory=set)  # models the server confirmed
    models: list[str] = field(default_factory=list)  # the chosen provider's models


@dataclass(frozen=True)
class KeyCheck:
    state: str  # ok | unverified | auth | unreachable | error
    text: str
    models: list[str] = field(default_factory=list)
    keyed: bool = False  # a key (given now or stored before) was used: the wizard may say "a key is set"


class SetupService:
    def __init__(
        self,
        settings: Callable[[], Settings],
        paths: Paths,
        agents: Callable[[], list[AgentDef]],
        trial: Trial,
        *,
        which: Callable[[str], str | None] = shutil.which,
        stall_after: float = STALL_SECONDS,
        memory: int | None = None,
        catalogue: tuple[GgufModel, ...] | None = None,
        disk_free: Callable[[Path], int] = gguf_download.disk_free,
    ) -> None:
        """``settings`` and ``agents`` are read at call time; ``trial`` builds the test
        run's pipeline."""
        self._settings = settings
        self.paths = paths
        self._agents = agents
        self._trial = trial
        self.which = which
        self.stall_after = stall_after
        self.memory = machine_memory() if memory is None else memory
        self._catalogue = catalogue
        self.disk_free = disk_free
        self._ollama_provider: OllamaProvider | None = None
        self._closing: set[asyncio.Future] = set()  # providers closing in the background

    @classmethod
    def of(cls, parts: Parts, **options) -> SetupService:
        """Built from the core's parts: their settings, paths and agents, and their
        ``trial`` (a pipeline with providers of its own) for the test run."""
        return cls(lambda: parts.settings, parts.paths, parts.agents.all, parts.trial, **options)

    @property
    def settings(self) -> Settings:
        return self._settings()

    def agents(self) -> list[AgentDef]:
        return self._agents()

    async def aclose(self) -> None:
        if self._ollama_provider is not None:
            provider, self._ollama_provider = self._ollama_provider, None
            await provider.aclose()

    # --- keyring ---------------------------------------------------------------------------

    async def check_keyring(self) -> KeyringStatus:
        return await keyring_check.probe()

    # --- Ollama ----------------------------------------------------------------------------

    def server_url(self, kind: str) -> str:
        """The server the settings give the profile named after ``kind`` (the wizard
        configures that one), else the kind's own (its URL variable, else its default)."""
        return KINDS[kind].url(configured_url(self.settings, kind))

    def default_host(self) -> str:
        return normal_host(self.server_url("ollama"))

    def pinned_host(self, host: str) -> str:
        """The base URL to save for ``host``: empty when OLLAMA_HOST (or the default) finds it."""
        url = normal_host(host or None)
        return "" if url == normal_host(KINDS["ollama"].url()) else url

    def _provider_for(self, host: str) -> OllamaProvider:
        url = normal_host(host or None)
        current = self._ollama_provider
        if current is not None and current.base_url == url:
            return current
        if current is not None:
            closing = asyncio.ensure_future(current.aclose())
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
        self._ollama_provider = OllamaProvider(url, connect_timeout=3.0, max_retries=0, which=self.which)
        return self._ollama_provider

    async def check_ollama(self, host: str) -> OllamaReport:
        """Not installed, installed but not running, too old, or ready with its models."""
        return await ollama.check(self._provider_for(host))

    def suggestions(self) -> list[Suggestion]:
        return recommend(self.memory)

    async def confirm_model(self, host: str, name: str) -> tuple[bool, str]:
        """Ready only once the server confirms it (``/api/show``): (ready, message)."""
        provider = self._provider_for(host)
        try:
            await asyncio.wait_for(provider.show(name), CHECK_TIMEOUT)
        except (TimeoutError, errors.AipaError) as exc:
            message = getattr(exc, "message", "") or "the server did not answer"
            hint = getattr(exc, "hint", "")
            return False, message + (f" — {hint}" if hint else "")
        return True, f"{name} is ready"

    def pull(self, host: str, name: str) -> Job:
        """Pull ``name`` with progress (bytes summed over its layers); the outcome is ready
        (the server confirmed the model), cancelled, stalled (no data for ``stall_after``
        seconds) or error. Pulling again resumes where it stopped."""
        return Job(lambda job: ollama.pull(job, self._provider_for(host), name.strip(), self.stall_after))

    # --- built-in engine -----------------------------------------------------------------------

    def builtin_engine(self) -> tuple[bool, str]:
        """Whether the built-in engine is installed, and how to install it."""
        return builtin.engine_installed(), builtin.INSTALL_HINT

    async def builtin_models(self) -> list[str]:
        """The GGUF files in the models folder."""
        folder = self.paths.models
        return await asyncio.to_thread(lambda: sorted(p.name for p in folder.glob("*.gguf") if p.is_file()))

    def import_file(self, path: str) -> Job:
        """Copy a GGUF file into the models folder; the outcome's message is the file's name when done."""
        return Job(lambda job: self._import(job, path))

    async def _import(self, job: Job, path: str) -> None:
        source = Path(path).expanduser()
        size = source.stat().st_size if source.is_file() else None
        job.report(Progress(f"Copying {source.name} into {self.paths.models}…", 0, size))
        try:
            target = await asyncio.to_thread(import_model, source, self.paths.models)
        except errors.AipaError as exc:
            job.outcome = Outcome("error", exc.message + (f" — {exc.hint}" if exc.hint else ""))
            return
        except OSError as exc:
            job.outcome = Outcome("error", f"could not copy {source}: {exc.strerror or exc}")
            return
        job.report(Progress(f"Imported {target.name}", size, size))
        job.outcome = Outcome("done", target.name)

    def download(self, url: str, sha256: str = "") -> Job:
        """Download a GGUF file (resuming a partial one), checked against ``sha256`` when
        given; the outcome's message is the file's name when done."""
        url = url.strip()
        if not url.startswith(("http://", "https://")):
            return Job(self._refuse("give the http(s) address of a .gguf file"))
        return Job(lambda job: gguf_download.fetch(job, url, self.paths.models, sha256=sha256.strip()))

    async def import_gguf(self, path: str) -> Path:
        """``import_file`` without a job (``aipa models import``): the file copied into the
        models folder, or the error raised."""
        return await asyncio.to_thread(import_model, path, self.paths.models)

    async def download_gguf(
        self, url: str, *, sha256: str | None = None, progress: Callable[[int, int | None], None] | None = None
    ) -> Path:
        """``download`` without a job (``aipa models download``): ``progress(done, total)``
        as bytes arrive; the file kept in the models folder, or the error raised."""
        return await download_model(url, self.paths.models, sha256=sha256, progress=progress)

    @staticmethod
    def _refuse(message: str) -> Callable[[Job], Awaitable[None]]:
        async def work(job: Job) -> None:
            job.outcome = Outcome("error", message)

        return work

    # --- the catalogue of recommended GGUF models ---------------------------------------------

    def gguf_catalogue(self) -> tuple[GgufModel, ...]:
        """The recommended models (read once; a damaged file is a ConfigError)."""
        if self._catalogue is None:
            self._catalogue = gguf_catalogue.load()
        return self._catalogue

    async def catalogue_rows(self) -> list[Row]:
        """Each recommended model with its fit for this machine and whether it is downloaded."""
        models = self.gguf_catalogue()
        return await asyncio.to_thread(gguf_catalogue.rows, models, self.paths.models, self.memory)

    def download_model(self, name: str) -> Job:
        """Download the catalogue's model ``name``: disk-space check, progress, resume,
        checksum; the outcome's message is the file's name when done."""
        try:
            model = gguf_catalogue.find(self.gguf_catalogue(), name)
        except errors.AipaError as exc:
            return Job(self._refuse(exc.message + (f" — {exc.hint}" if exc.hint else "")))
        return Job(
            lambda job: gguf_download.download_catalogue_model(job, model, self.paths.models, free=self.disk_free)
        )

    # --- cloud keys ------------------------------------------------------------------------------

    async def check_key(self, name: str, base_url: str, key: str, keyring: KeyringStatus) -> KeyCheck:
        """Validate with one cheap call (list models); store the key unless refused."""
        base_url, key = base_url.strip(), key.strip()
        try:  # the stored key (or the environment's); never on the UI thread: a keyring can hang
            known = await keyring_check.in_thread(secrets.get_key, name, timeout=keyring_check.PROBE_TIMEOUT) or ""
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
            known = ""
        key = key or known
        if not key and KINDS[name].needs_key:
            return KeyCheck("auth", "Paste an API key first.")
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
            where = await keyring_check.store_key(name, key, keyring)
            text += f" The key was {where}."
            if state == "unreachable":
                state = "unverified"
        elif state == "unreachable":
            state = "unverified" if key else "unreachable"
        return KeyCheck(state, text, models, keyed=bool(key))

    # --- the choice and the test directive ------------------------------------------------------

    def candidate(self, choice: Choice) -> Settings:
        """The settings the wizard would save."""
        settings = self.settings
        providers = {k: dict(v) for k, v in settings.providers.items()}
        if choice.base_url:
            providers.setdefault(choice.provider, {})["base_url"] = choice.base_url
        elif choice.provider in providers:
            providers[choice.provider].pop("base_url", None)
        return settings.with_changes(
            provider=choice.provider, model=choice.model, base_url=choice.base_url, providers=providers
        )

    def test_run(self, choice: Choice, directive: str = TEST_DIRECTIVE) -> Job:
        """``directive`` through the whole team with the candidate settings (gates accepted
        automatically) in a throw-away store (``Parts.trial``: never in the session
        history); progress is what the team does, live (core/setup/trial.py); the outcome
        ok (the answer, with a ``TrialReport``), failed (with a hint) or cancelled."""
        return Job(lambda job: self._test_run(job, self.candidate(choice), directive))

    async def _test_run(self, job: Job, settings: Settings, directive: str) -> None:
        roles = settings.roles
        watch = TrialWatch(job.report, roles.get("orchestrator", ""), roles.get("auditor", ""))
        # a test of the set-up, not of the work: its checks are measured, never sent back (issue 31)
        settings = settings.with_changes(revise_rounds=0)
        pipeline, close = self._trial(settings, AutoReviewer(confirm_tools=False), watch)
        watch.orchestrator, watch.auditor = pipeline.orchestrator.name, pipeline.auditor.name
        model = shown(settings.model) or "its default model"
        job.report(Progress(f"Sending “{directive}” to the team on {settings.provider} · {model}…"))
        start = time.monotonic()
        try:
            result = await pipeline.run(directive)
        except asyncio.CancelledError:
            job.outcome = Outcome("cancelled", "Stopped.")
            raise
        except errors.AipaError as exc:
            job.outcome = Outcome("failed", exc.message, exc.hint)
            return
        except Exception as exc:  # a bug: show it, keep the wizard alive
            log.exception("test run crashed")
            job.outcome = Outcome("failed", f"internal error: {exc!r}", "see the log file")
            return
        finally:
            await close()
        answer = result.deliverable.strip()
        report = watch.result(answer, result.verdict, time.monotonic() - start)
        if not report.words:
            hint = "try a larger model, or another provider"
            job.outcome = Outcome("failed", f"{report.who} answered nothing.", hint, report)
            return
        job.outcome = Outcome("ok", answer, "", report)
