"""The provider profiles as the window and the CLI manage them (``core.config.profiles``):
list, add or change, remove, and each profile's own key in the keyring. The rules of a
profile are in ``core/config/profiles.py``; which profile, model and server each agent's
calls go to is the provider book's (``core/config/provider_book.py``)."""

from __future__ import annotations

from collections.abc import Callable

from aipa import errors
from aipa.core.config import keyring_check, profiles
from aipa.core.config.settings import Settings
from aipa.core.team.agents import AgentDef


class ProfileBook:
    def __init__(
        self,
        settings: Callable[[], Settings],
        change_settings: Callable[..., list[str]],
        agents: Callable[[], list[AgentDef]],
    ) -> None:
        """``settings()`` and ``agents()`` are read at call time; ``change_settings(**changes)``
        saves changes and puts them in force (``Core.config.change``), returning the warnings."""
        self._settings = settings
        self._change = change_settings
        self._agents = agents

    @property
    def _providers(self) -> dict:
        return self._settings().providers

    def all(self) -> list[profiles.Profile]:
        """The configured profiles, and the default one (it may be a bare kind)."""
        return profiles.listed(self._providers, self._settings().provider)

    def broken(self) -> list[tuple[str, str]]:
        """The entries of settings.providers that cannot be profiles, each with why."""
        return profiles.broken(self._providers)

    def get(self, name: str) -> profiles.Profile:
        """Profile ``name`` (a configured one or a bare kind); ConfigError when unknown."""
        return profiles.resolve(self._providers, name)

    def context(self, name: str) -> int:
        """The context size profile ``name`` sets by hand (tokens), 0 for none."""
        try:
            return profiles.hand_context(profiles.resolve(self._providers, name))
        except errors.ConfigError:
            return 0

    def kind(self, name: str) -> str:
        """The kind of profile ``name`` (the name itself when it names none)."""
        return profiles.kind_of_name(self._providers, name)

    def save(self, name: str, kind: str, base_url: str = "", **options) -> list[str]:
        """Add or change profile ``name`` (saved, in force now; its other options kept).
        Raises ConfigError for a bad name or kind. Returns the warnings."""
        settings = self._settings()
        changes: dict = {"providers": profiles.with_profile(self._providers, name, kind, base_url, **options)}
        if name == settings.provider and settings.base_url:  # the default's URL is also kept on its own
            changes["base_url"] = base_url.strip()
        return self._change(**changes)

    def remove(self, name: str) -> list[str]:
        """Remove profile ``name`` (its key stays until ``delete_key``). Refused with
        ConfigError for the default profile and for one that agents name."""
        if name == self._settings().provider:
            raise errors.ConfigError(
                f"{name} is the default provider", "choose another default provider first, then remove it"
            )
        users = [a.name for a in self._agents() if a.provider == name]
        if users:
            raise errors.ConfigError(
                f"{', '.join(users)} {'uses' if len(users) == 1 else 'use'} the provider {name}",
                "give those agents another provider first (Settings → Agents)",
            )
        return self._change(providers=profiles.without_profile(self._providers, name))

    async def key_source(self, name: str) -> str:
        """Where profile ``name``'s key comes from: "keyring", "session", "environment" or ""."""
        return await keyring_check.has_key(name, kind=self.kind(name))

    async def store_key(self, name: str, key: str, status: keyring_check.KeyringStatus | None = None) -> str:
        """Store ``key`` as profile ``name``'s own (the keyring; the session when there is
        none): it goes to that profile's server only. Returns where it went, in words."""
        status = status or await keyring_check.probe()
        return await keyring_check.store_key(name, key, status)

    async def delete_key(self, name: str) -> None:
        await keyring_check.delete_key(name)
