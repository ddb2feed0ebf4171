"""The composition root: settings, store, agents, providers, runner and pipeline are
built here and handed to the UI or the CLI. Nothing imports this module but the
entry points.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import sys
from dataclasses import InitVar, dataclass, field
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.config import endpoints, profiles
from aipa.core.config.paths import Paths
from aipa.core.config.settings import PROVIDER_FIELDS, Settings, SettingsSource, as_source, env_overlay
from aipa.core.session.memory import StandingBrief
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import AgentDef, shipped_prompts_dir
from aipa.providers.base import Provider
from aipa.providers.factory import PROVIDERS
from aipa.store import Store

if TYPE_CHECKING:
    from aipa.core.events import EventSink
    from aipa.core.facade import Core
    from aipa.core.material.grounding import Grounding
    from aipa.core.material.retrieval import Library
    from aipa.core.planning.planner import Planner
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.run.reviewer import Reviewer

# The facade, the playbooks and the runner are imported when first asked for (issue 13):
# a command that only reads the store (`aipa runs`) does not load them.

log = logging.getLogger("aipa")


@dataclass(frozen=True)
class Override:
    """Provider choices from the command line; they apply to every agent."""

    provider: str = ""
    model: str = ""
    base_url: str = ""
    send_key: bool = False  # --send-key: a stored key goes to a --base-url that is not its profile's server


class Providers:
    """Creates providers on first use and resolves each agent's provider and model,
    reading the settings at call time. When a setting a provider is built from changes
    (provider, model, base_url, num_ctx, providers), the cached providers are retired:
    the next call builds fresh ones; a call in flight keeps its own until it ends, and
    retired ones are closed with ``aclose``."""

    def __init__(self, settings: Settings | SettingsSource, override: Override, paths: Paths | None = None) -> None:
        self.source = as_source(settings)
        self.override = override
        self.paths = paths
        self._cache: dict[str, Provider] = {}
        self._retired: list[Provider] = []
        self.source.subscribe(self._settings_changed)

    @property
    def settings(self) -> Settings:
        return self.source.current

    @settings.setter
    def settings(self, value: Settings) -> None:  # puts them in force (not saved)
        self.source.use(value)

    def _settings_changed(self, _settings: Settings, changed: frozenset[str]) -> None:
        if changed & PROVIDER_FIELDS:
            self._retired += self._cache.values()
            self._cache.clear()

    def get(self, name: str) -> Provider:
        """The provider of profile ``name`` (a profile in settings.providers or a bare kind)."""
        if name not in self._cache:
            profile = profiles.resolve(self.settings.providers, name)
            base_url = self.override.base_url if self.override.provider in ("", name) else ""
            if not base_url and name == self.settings.provider:
                base_url = self.settings.base_url
            s = self.settings
            defaults: dict = {
                "num_ctx": s.num_ctx,
                "first_token_timeout": s.first_token_timeout,
                "stream_idle_timeout": s.stream_idle_timeout,
            }
            if profile.kind == "builtin" and self.paths is not None:
                defaults.update(models_dir=str(self.paths.models), log_dir=str(self.paths.logs))
            from_override = bool(self.override.base_url) and base_url == self.override.base_url
            self._cache[name] = profiles.build(
                profile,
                base_url=base_url,
                default_model=self.default_model(name),
                defaults=defaults,
                send_key=self.override.send_key or not from_override,  # settings' own base_url: the user's
            )
        return self._cache[name]

    def default_name(self) -> str:
        return self.override.provider or self.settings.provider

    def names_in_use(self, agents: list[AgentDef]) -> list[str]:
        """The providers these agents will call (for warming up before a run)."""
        if self.override.provider:
            return [self.override.provider]
        return sorted({a.provider or self.settings.provider for a in agents})

    def warm(self, names: list[str]) -> None:
        """Create these providers now (reading their keys from the keyring). Blocking:
        the window calls it in a worker thread with a timeout, since a locked Secret
        Service can wait on an unlock prompt."""
        for name in names:
            self.get(name)

    def default_model(self, name: str) -> str:
        """The model of profile ``name`` when an agent names none: the command line's, the
        settings' default (for the default profile), else the profile's own ``model``."""
        if self.override.model and name == self.default_name():
            return self.override.model
        if name == self.settings.provider and self.settings.model:
            return self.settings.model
        entry = self.settings.providers.get(name)
        model = entry.get("model", "") if isinstance(entry, dict) else ""
        return model if isinstance(model, str) else ""

    def resolve(self, agent: AgentDef) -> tuple[Provider, str]:
        if self.override.provider or self.override.model:
            name = self.default_name()
            return self.get(name), self.default_model(name)
        name = agent.provider or self.settings.provider
        return self.get(name), agent.model or self.default_model(name)

    async def aclose(self) -> None:
        providers, self._retired = [*self._retired, *self._cache.values()], []
        self._cache.clear()
        for provider in providers:
            await provider.aclose()


@dataclass
class App:
    """What the entry points get. ``settings_source`` is the one live holder of the
    settings (see ``SettingsSource``: ``current``, ``update``, ``reload``, ``use``,
    ``subscribe``); ``app.settings`` reads its ``current`` (assigning puts new settings
    in force without saving). ``App(paths, settings, ...)`` takes a ``Settings`` (a
    fixed source is made) or a ``SettingsSource``."""

    paths: Paths
    settings: InitVar[Settings | SettingsSource]
    store: Store
    agents: AgentRegistry
    providers: Providers
    warnings: list[str] = field(default_factory=list)
    settings_source: SettingsSource = field(init=False)

    def __post_init__(self, settings: Settings | SettingsSource) -> None:
        self.settings_source = as_source(settings)

    @cached_property
    def core(self) -> Core:
        """The core facade, the one object the window talks to."""
        from aipa.core.facade import Core

        return Core(self)

    def pipeline(self, reviewer: Reviewer | None = None, emit: EventSink | None = None) -> Pipeline:
        """The directive pipeline."""
        from aipa.core.run.pipeline import Pipeline

        return self._playbook(Pipeline, reviewer, emit)

    def planner(self, reviewer: Reviewer | None = None, emit: EventSink | None = None) -> Planner:
        """The planning playbook."""
        from aipa.core.planning.planner import Planner

        return self._playbook(Planner, reviewer, emit)

    def _playbook(self, cls, reviewer: Reviewer | None, emit: EventSink | None):
        from aipa.core.events import guarded, null_sink
        from aipa.core.run.reviewer import AutoReviewer
        from aipa.core.run.runner import Runner
        from aipa.core.team.agent_tools import make_agent_tools

        reviewer = reviewer or AutoReviewer()
        emit = emit or null_sink
        emit = guarded(emit)
        runner = Runner(self.providers.resolve, self.store, emit, self.settings_source)
        tools = make_agent_tools(self.agents, self.paths.agents, reviewer.confirm_tool, self.provider_list)
        playbook = cls(
            store=self.store,
            agents=self.agents,
            settings=self.settings_source,
            runner=runner,
            reviewer=reviewer,
            emit=emit,
            tools=tools,
            brief=self.brief(),
        )
        from aipa.core.run.pipeline import Pipeline

        if isinstance(playbook, Pipeline):
            playbook.grounding = self.grounding(reviewer)
        return playbook

    def library(self) -> Library:
        """The sessions' attached documents: keyword search, plus vectors when the default
        provider can embed and its options name an ``embed_model`` (e.g. nomic-embed-text);
        ``embed_weight`` (default ``VECTOR_WEIGHT``) is how much its ranking counts against keyword search."""
        from aipa.core.material.retrieval import VECTOR_WEIGHT, Library

        name = self.providers.default_name()
        options = self.settings.providers.get(name, {})
        model = str(options.get("embed_model", "")) if isinstance(options, dict) else ""
        if not model:  # (a malformed entry is reported when the provider is built)
            return Library(self.store)
        try:
            embed = getattr(self.providers.get(name), "embed", None)
        except Exception as exc:  # noqa: BLE001 - no provider (a missing key): keyword search alone
            log.warning("no embeddings from %s (%s); keyword search only", name, exc)
            embed = None
        if embed is None:
            return Library(self.store)
        try:
            weight = float(options.get("embed_weight", VECTOR_WEIGHT))
        except (TypeError, ValueError):
            log.warning("providers.%s.embed_weight is not a number; using %s", name, VECTOR_WEIGHT)
            weight = VECTOR_WEIGHT
        return Library(
            self.store,
            embedder=lambda texts: embed(texts, model),
            embed_model=f"{name}:{model}",
            vector_weight=weight,
        )

    def grounding(self, reviewer: Reviewer | None = None) -> Grounding:
        """The Principal's material a pipeline works from: documents, the granted folder and the
        MCP servers in the settings (a call that may change things asks ``reviewer`` first)."""
        from aipa.core.material.folder import granted
        from aipa.core.material.grounding import Grounding
        from aipa.core.run.reviewer import AutoReviewer

        hub = None
        if self.settings.mcp_servers:
            from aipa.core.material.mcp_client import McpHub

            reviewer = reviewer or AutoReviewer(confirm_tools=False)
            hub = McpHub(
                self.settings.mcp_servers,
                getattr(reviewer, "confirm_tool_call", reviewer.confirm_tool),
                allowed=getattr(reviewer, "allowed_tools", ()),  # `aipa run --allow-tools NAME,…`
                protected=[self.paths.root],  # no tool may read or change AIPA's own files
            )
        folder_of = lambda session_id: granted(self.store, session_id)  # noqa: E731
        return Grounding(self.library(), folder_of, hub, budget=lambda: self.settings.num_ctx)

    def brief(self) -> StandingBrief:
        return StandingBrief(self.store, lambda: self.settings.brief_retention)

    def provider_list(self) -> list[dict]:
        """The provider profiles agents may name (configured ones, then the bare kinds)."""
        named = profiles.listed(self.settings.providers, self.settings.provider)
        named += [profiles.resolve({}, k) for k in PROVIDERS if k not in {p.name for p in named}]
        return [
            {"name": p.name, "kind": p.kind, "label": p.label, "needs_key": p.needs_key,
             "default": p.name == self.settings.provider}
            for p in named
        ]  # fmt: skip

    async def aclose(self) -> None:
        await self.providers.aclose()
        self.store.close()


def _settings_of(app: App) -> Settings:
    return app.settings_source.current


def _put_settings(app: App, value: Settings) -> None:
    app.settings_source.use(value)


# A property added after the class: inside it, the name is the constructor's InitVar.
App.settings = property(_settings_of, _put_settings, doc="The settings in force (``settings_source.current``).")  # type: ignore[assignment]


PLAIN_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message (and the traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


_COLOURS = {"DEBUG": "2", "INFO": "36", "WARNING": "33", "ERROR": "31", "CRITICAL": "1;31"}


class ConsoleFormatter(logging.Formatter):
    """Short coloured lines for a terminal: ``12:03:04 WARNING aipa.pipeline  message``."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        level = f"\033[{_COLOURS.get(record.levelname, '0')}m{record.levelname:<7}\033[0m"
        text = f"\033[2m{when}\033[0m {level} \033[2m{record.name}\033[0m  {record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def _console_handler(root: logging.Logger) -> logging.Handler | None:
    return next((h for h in root.handlers if getattr(h, "aipa_console", False)), None)


def setup_logging(paths: Paths, settings: Settings | None = None) -> None:
    """The ``aipa`` logger as the settings ask (``log_level``, ``log_format``, ``debug``):
    a rotating file in the logs folder, plain or JSON; with ``rich``, also coloured lines
    on stderr when stderr is a terminal. Calling it again applies changed settings."""
    settings = settings or Settings()
    root = logging.getLogger("aipa")
    handler = next((h for h in root.handlers if isinstance(h, logging.handlers.RotatingFileHandler)), None)
    if handler is not None and handler.baseFilename != os.path.abspath(paths.log_file):
        root.removeHandler(handler)
        handler.close()
        handler = None
    if handler is None:
        try:
            handler = logging.handlers.RotatingFileHandler(
                paths.log_file, maxBytes=2_000_000, backupCount=3, encoding="utf-8"
            )
        except OSError:  # a read-only data folder: no log file, everything else works
            handler = None
        else:
            root.addHandler(handler)
    if handler is not None:
        handler.setFormatter(JsonFormatter() if settings.log_format == "json" else logging.Formatter(PLAIN_FORMAT))
    console = _console_handler(root)
    wanted = settings.log_format == "rich" and sys.stderr is not None and sys.stderr.isatty()
    if wanted and console is None:
        console = logging.StreamHandler(sys.stderr)
        console.aipa_console = True  # type: ignore[attr-defined]
        console.setFormatter(ConsoleFormatter())
        root.addHandler(console)
    elif not wanted and console is not None:
        root.removeHandler(console)
    root.setLevel(logging.DEBUG if settings.debug else getattr(logging, settings.log_level, logging.INFO))


LOG_FIELDS = frozenset({"debug", "log_level", "log_format"})


def build(override: Override | None = None, paths: Paths | None = None) -> App:
    """Everything the app needs, from the data dir. Bad config gives warnings, not a crash."""
    paths = (paths or Paths.default()).ensure()
    env, env_warnings = env_overlay(os.environ)
    source, warnings = SettingsSource.load(paths.settings, overlay=env)
    warnings += env_warnings
    settings = source.current
    setup_logging(paths, settings)
    source.subscribe(lambda new, changed: setup_logging(paths, new) if changed & LOG_FIELDS else None)
    store = Store(paths.db, now=lambda: datetime.now().astimezone())  # ids use the local date
    override = override or Override()
    if override.base_url and (problem := endpoints.url_problem(override.base_url)):
        store.close()
        raise errors.UsageError(
            f"--base-url: {problem}", "give the server's http(s) URL, e.g. http://127.0.0.1:8080/v1"
        )
    store.origin = {"provider": override.provider, "model": override.model, "base_url": override.base_url}
    if store.warning:
        warnings.append(store.warning)
    agents = AgentRegistry(shipped_prompts_dir(), paths.agents)
    warnings += agents.warnings
    warnings += agents.check_roles(settings.roles)
    providers = Providers(source, override, paths)
    in_use = providers.names_in_use(agents.all())
    warnings += profiles.override_warnings(
        settings.providers, in_use, override.provider, override.base_url, override.send_key
    )
    for text in warnings:
        log.warning(text)
    return App(paths, source, store, agents, providers, warnings)
