"""The settings' door (``core.config``): the settings in force and their one live
source, saving or changing them (in force at once, everywhere), reading them and the
agents from disk again, the provider profiles, the providers' catalogue, and the
model picker's choice of profile and model."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aipa.core.config import catalogue
from aipa.core.config.profile_book import ProfileBook
from aipa.core.config.settings import Settings, SettingsSource, changed_fields, load_settings, save_settings

if TYPE_CHECKING:
    from aipa.core.parts import Parts


class ConfigDoor:
    """The settings ``parts`` holds, read at call time (``core.config.settings``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    @property
    def source(self) -> SettingsSource:
        """The one live holder of the settings (``current``, ``update``, ``subscribe``)."""
        return self._parts.settings_source

    @property
    def settings(self) -> Settings:
        return self.source.current

    def subscribe(self, callback) -> Callable[[], None]:
        """``callback(settings, changed_field_names)`` after each change; returns unsubscribe."""
        return self.source.subscribe(callback)

    def save(self, settings: Settings) -> list[str]:
        """Save ``settings`` and use them now, everywhere; returns the warnings."""
        source = self.source
        if source.path is None:  # a fixed source (tests, trials): the data folder's file is written here
            save_settings(self._parts.paths.settings, settings)
            source.use(settings)
            return []
        changed = changed_fields(source.current, settings)
        return source.update(**{name: getattr(settings, name) for name in changed})

    def change(self, **changes) -> list[str]:
        """Change some settings (saved, in force now); returns the warnings."""
        if self.source.path is None:
            return self.save(self.settings.with_changes(**changes))
        return self.source.update(**changes)

    def reload(self) -> list[str]:
        """Read the settings and the agents from disk again; returns the warnings."""
        source = self.source
        if source.path is None:
            settings, warnings = load_settings(self._parts.paths.settings)
            source.use(settings)
        else:
            warnings = source.reload()
        self._parts.agents.reload()
        return warnings + self._parts.agents.all_warnings(self.settings)

    @property
    def profiles(self) -> ProfileBook:
        """The provider profiles: list, add or change, remove, and each one's key."""
        return ProfileBook(lambda: self.settings, self.change, self._parts.agents.all)

    def catalogue(self) -> tuple[catalogue.ProviderInfo, ...]:
        return catalogue.CATALOGUE

    # --- the model picker ----------------------------------------------------------------

    def other_profiles(self) -> list[str]:
        """The provider profiles besides the one in use, for the model picker: none while
        the command line routes every agent (``--provider``, ``--dry-run``: they win)."""
        providers = self._parts.providers
        if providers.override:
            return []
        return [p.name for p in self.profiles.all() if p.name != providers.default_name()]

    def use_model(self, profile: str, model: str) -> list[str]:
        """Make ``profile`` the default provider profile, with ``model`` (the model picker).
        The old default's own server URL (``base_url``) stays on its profile; the new
        default's comes from its own. Returns the warnings."""
        settings = self.settings
        changes: dict = {"provider": profile, "model": model}
        if profile != settings.provider:
            providers = {k: dict(v) if isinstance(v, dict) else v for k, v in settings.providers.items()}
            if settings.base_url:
                old = providers.get(settings.provider)
                old = old if isinstance(old, dict) else {"kind": settings.provider}
                if not old.get("base_url"):
                    providers[settings.provider] = {**old, "base_url": settings.base_url}
                    changes["providers"] = providers
            new = providers.get(profile)
            url = new.get("base_url", "") if isinstance(new, dict) else ""
            changes["base_url"] = url if isinstance(url, str) else ""
        return self.change(**changes)
