"""The provider book: which provider profile, model and server each agent's calls go to,
and the providers themselves, made on first use. The run, the window's status bar and
its agent list, the model picker and the CLI all read the route from here, so what the
window shows is what a run uses.

**Precedence** (the one rule, README "Provider profiles"):

1. The command line (``--provider``, ``--model``, ``--base-url``, ``--dry-run``) is this
   command's route: when any of them is given, *every* agent's calls go to it (the
   profile ``--provider`` names, else the default one), whatever an agent names. A dry
   run therefore never reaches a model an agent names.
2. Otherwise an agent's own ``provider``/``model`` (its definition) wins.
3. An agent that names none uses the default profile: ``settings.provider``, which
   ``AIPA_PROVIDER`` sets for one process over ``settings.json`` (like every ``AIPA_*``
   variable, it is a setting, not a command-line flag), and its model ``settings.model``
   (``AIPA_MODEL``), else the profile's own ``model``.

**Server URL** of profile ``NAME``: the command line's ``--base-url`` (for the profile
the command line routes to), else ``settings.base_url`` (``AIPA_BASE_URL``) for the
default profile, else the profile's own ``base_url``; the kind's record supplies the
rest (its URL variable such as ``OLLAMA_HOST``, else its default URL,
``providers/kinds.py``).

When a setting a provider is built from changes (provider, model, base_url, num_ctx,
providers), the cached providers are retired: the next call builds fresh ones; a call
in flight keeps its own until it ends, and retired ones are closed with ``aclose``.
"""

from __future__ import annotations

from dataclasses import dataclass

from aipa.core.config import profiles
from aipa.core.config.paths import Paths
from aipa.core.config.settings import PROVIDER_FIELDS, Settings, SettingsSource, as_source
from aipa.core.team.agents import AgentDef
from aipa.providers.base import Provider
from aipa.providers.kinds import KINDS, Kind


@dataclass(frozen=True)
class Override:
    """Provider choices from the command line; they apply to every agent."""

    provider: str = ""
    model: str = ""
    base_url: str = ""
    send_key: bool = False  # --send-key: a stored key goes to a --base-url that is not its profile's server

    def __bool__(self) -> bool:
        return bool(self.provider or self.model or self.base_url)


NO_OVERRIDE = Override()


@dataclass(frozen=True)
class Route:
    """Where one agent's calls go: a profile, a model ('' = the server's default) and the
    server URL the settings or the command line set ('' = the kind's own)."""

    profile: str
    model: str
    base_url: str


def configured_url(settings: Settings, name: str, override: Override | None = None) -> str:
    """The server URL the command line or the settings give profile ``name`` ('' when
    none does: its kind's own applies). See the module's precedence rule."""
    override = override or NO_OVERRIDE
    if override.base_url and override.provider in ("", name) and name == (override.provider or settings.provider):
        return override.base_url
    if name == settings.provider and settings.base_url:
        return settings.base_url
    entry = settings.providers.get(name)
    url = entry.get("base_url", "") if isinstance(entry, dict) else ""
    return url if isinstance(url, str) else ""


class ProviderBook:
    """Resolves each agent's route and keeps the providers, reading the settings at call
    time. ``paths``: the data folder's (the built-in engine's models and logs live there)."""

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

    # --- routes (no provider is made) -------------------------------------------------------

    def default_name(self) -> str:
        """The profile of agents that name none (the command line's, else the settings')."""
        return self.override.provider or self.settings.provider

    def route(self, agent: AgentDef) -> Route:
        """Where ``agent``'s calls go (the module's precedence rule)."""
        if self.override:
            name = self.default_name()
            return Route(name, self.default_model(name), self.base_url(name))
        name = agent.provider or self.settings.provider
        return Route(name, agent.model or self.default_model(name), self.base_url(name))

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

    def base_url(self, name: str) -> str:
        """The server URL the command line or the settings give profile ``name`` ('' = its kind's own)."""
        return configured_url(self.settings, name, self.override)

    def kind(self, name: str) -> str:
        """The kind of profile ``name`` (the name itself when it names none)."""
        return profiles.kind_of_name(self.settings.providers, name)

    def record(self, name: str) -> Kind | None:
        """The kind's record of profile ``name`` (None for an unknown one)."""
        return KINDS.get(self.kind(name))

    def url(self, name: str) -> str:
        """The server profile ``name`` talks to, as far as the app knows it ('' for none)."""
        record = self.record(name)
        configured = self.base_url(name)
        return record.url(configured) if record else configured

    def is_local(self, name: str) -> bool:
        """Whether profile ``name`` runs on this computer (no data leaves it)."""
        from aipa.core.config.installed import is_local

        return is_local(self.kind(name), self.url(name))

    def names_in_use(self, agents: list[AgentDef]) -> list[str]:
        """The providers these agents will call (for warming up before a run)."""
        return sorted({self.route(a).profile for a in agents})

    # --- providers -----------------------------------------------------------------------------

    def get(self, name: str) -> Provider:
        """The provider of profile ``name`` (a profile in settings.providers or a bare kind)."""
        if name not in self._cache:
            profile = profiles.resolve(self.settings.providers, name)
            s = self.settings
            defaults: dict = {
                "first_token_timeout": s.first_token_timeout,
                "stream_idle_timeout": s.stream_idle_timeout,
            }
            if profile.kind in ("ollama", "builtin"):  # the engines AIPA sizes; another server's is its own
                defaults["num_ctx"] = s.num_ctx
            if profile.kind == "builtin" and self.paths is not None:
                defaults.update(models_dir=str(self.paths.models), log_dir=str(self.paths.logs))
            base_url = self.base_url(name)
            from_command_line = bool(self.override.base_url) and base_url == self.override.base_url
            self._cache[name] = profiles.build(
                profile,
                base_url=base_url,
                default_model=self.default_model(name),
                defaults=defaults,
                # a --base-url is not the profile's own server: its stored key goes there only with --send-key
                send_key=self.override.send_key or not from_command_line,
            )
        return self._cache[name]

    def resolve(self, agent: AgentDef) -> tuple[Provider, str]:
        """The provider and model of ``agent``'s calls (the runner's resolver)."""
        route = self.route(agent)
        return self.get(route.profile), route.model

    def warm(self, names: list[str]) -> None:
        """Create these providers now (reading their keys from the keyring). Blocking:
        the window calls it in a worker thread with a timeout, since a locked Secret
        Service can wait on an unlock prompt."""
        for name in names:
            self.get(name)

    def fresh(self, settings: Settings) -> ProviderBook:
        """A book of its own for ``settings`` (no command-line route): the setup wizard's test run."""
        return ProviderBook(settings, Override(), self.paths)

    def routed(self, override: Override) -> ProviderBook:
        """A book over the same settings whose command-line route is ``override`` (a resume
        on the provider, model and base URL its run was started with)."""
        return ProviderBook(self.source, override, self.paths)

    async def aclose(self) -> None:
        providers, self._retired = [*self._retired, *self._cache.values()], []
        self._cache.clear()
        for provider in providers:
            await provider.aclose()
