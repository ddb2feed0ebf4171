"""The composition root: settings, store, agents, providers, runner and pipeline are
built here and handed to the UI or the CLI. Nothing imports this module but the
entry points.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from dataclasses import dataclass, field
from datetime import datetime

from aipa.core import secrets
from aipa.core.agent_tools import make_agent_tools
from aipa.core.agents import AgentDef, AgentRegistry, shipped_prompts_dir
from aipa.core.events import EventSink, guarded, null_sink
from aipa.core.memory import StandingBrief
from aipa.core.paths import Paths
from aipa.core.pipeline import Pipeline
from aipa.core.planning.planner import Planner
from aipa.core.reviewer import AutoReviewer, Reviewer
from aipa.core.runner import Runner
from aipa.core.settings import Settings, load_settings
from aipa.errors import ConfigError
from aipa.providers.base import Provider
from aipa.providers.factory import PROVIDERS, make_provider
from aipa.store import Store

log = logging.getLogger("aipa")


@dataclass(frozen=True)
class Override:
    """Provider choices from the command line; they apply to every agent."""

    provider: str = ""
    model: str = ""
    base_url: str = ""


class Providers:
    """Creates providers on first use and resolves each agent's provider and model."""

    def __init__(self, settings: Settings, override: Override, paths: Paths | None = None) -> None:
        self.settings = settings
        self.override = override
        self.paths = paths
        self._cache: dict[str, Provider] = {}

    def get(self, name: str) -> Provider:
        if name not in self._cache:
            raw = self.settings.providers.get(name, {})
            if not isinstance(raw, dict):
                raise ConfigError(
                    f"settings.json: providers.{name} must be an object, got {raw!r}"[:200],
                    f'fix or remove "{name}" under "providers" in settings.json',
                )
            opts = dict(raw)
            base_url = self.override.base_url if self.override.provider in ("", name) else ""
            if not base_url and name == self.settings.provider:
                base_url = self.settings.base_url
            url = base_url or str(opts.get("base_url") or "")
            use_env = opts.get("use_openai_key") is True
            api_key = secrets.key_for(name, url, use_openai_key=use_env) if name in secrets.ENV_KEYS else None
            opts.setdefault("num_ctx", self.settings.num_ctx)
            opts.setdefault("first_token_timeout", self.settings.first_token_timeout)
            if name == "builtin" and self.paths is not None:
                opts.setdefault("models_dir", str(self.paths.models))
                opts.setdefault("log_dir", str(self.paths.logs))
            self._cache[name] = make_provider(
                name, base_url=base_url, api_key=api_key, default_model=self.default_model(name), options=opts
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
        if self.override.model and name == self.default_name():
            return self.override.model
        return self.settings.model if name == self.settings.provider else ""

    def resolve(self, agent: AgentDef) -> tuple[Provider, str]:
        if self.override.provider or self.override.model:
            name = self.default_name()
            return self.get(name), self.default_model(name)
        name = agent.provider or self.settings.provider
        return self.get(name), agent.model or self.default_model(name)

    async def aclose(self) -> None:
        for provider in self._cache.values():
            await provider.aclose()
        self._cache.clear()


@dataclass
class App:
    paths: Paths
    settings: Settings
    store: Store
    agents: AgentRegistry
    providers: Providers
    warnings: list[str] = field(default_factory=list)

    def pipeline(self, reviewer: Reviewer | None = None, emit: EventSink = null_sink) -> Pipeline:
        """The directive pipeline."""
        return self._playbook(Pipeline, reviewer, emit)

    def planner(self, reviewer: Reviewer | None = None, emit: EventSink = null_sink) -> Planner:
        """The planning playbook."""
        return self._playbook(Planner, reviewer, emit)

    def _playbook(self, cls, reviewer: Reviewer | None, emit: EventSink):
        reviewer = reviewer or AutoReviewer()
        emit = guarded(emit)
        runner = Runner(
            self.providers.resolve,
            self.store,
            emit,
            max_tool_iterations=self.settings.max_tool_iterations,
            max_output_tokens=self.settings.max_output_tokens,
        )
        tools = make_agent_tools(self.agents, self.paths.agents, reviewer.confirm_tool, self.provider_list)
        return cls(
            store=self.store,
            agents=self.agents,
            settings=self.settings,
            runner=runner,
            reviewer=reviewer,
            emit=emit,
            tools=tools,
            brief=self.brief(),
        )

    def brief(self) -> StandingBrief:
        return StandingBrief(self.store, self.settings.brief_retention)

    def provider_list(self) -> list[dict]:
        return [
            {"name": n, "label": label, "needs_key": key, "default": n == self.settings.provider}
            for n, (label, key, _url) in PROVIDERS.items()
        ]

    async def aclose(self) -> None:
        await self.providers.aclose()
        self.store.close()


def setup_logging(paths: Paths, level: int = logging.INFO) -> None:
    root = logging.getLogger("aipa")
    if any(isinstance(h, logging.handlers.RotatingFileHandler) for h in root.handlers):
        return
    try:
        handler = logging.handlers.RotatingFileHandler(
            paths.log_file, maxBytes=2_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:  # a read-only data folder: no log file, everything else works
        root.addHandler(logging.NullHandler())  # (warnings reach the user as messages, not raw log lines)
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)


def build(override: Override | None = None, paths: Paths | None = None) -> App:
    """Everything the app needs, from the data dir. Bad config gives warnings, not a crash."""
    paths = (paths or Paths.default()).ensure()
    setup_logging(paths)
    settings, warnings = load_settings(paths.settings)
    env = {k: os.environ[v] for k, v in (("provider", "AIPA_PROVIDER"), ("model", "AIPA_MODEL")) if os.environ.get(v)}
    if env:
        settings = settings.with_changes(**env)
    store = Store(paths.db, now=lambda: datetime.now().astimezone())  # ids use the local date
    override = override or Override()
    store.origin = {"provider": override.provider, "model": override.model, "base_url": override.base_url}
    if store.warning:
        warnings.append(store.warning)
    agents = AgentRegistry(shipped_prompts_dir(), paths.agents)
    warnings += agents.warnings
    warnings += agents.check_roles(settings.roles)
    for text in warnings:
        log.warning(text)
    return App(paths, settings, store, agents, Providers(settings, override, paths), warnings)
