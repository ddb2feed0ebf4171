"""The providers' door (``core.providers``): the default provider profile and its
model for the status bar, one profile's provider (built on first use) and kind, the
models a profile has now, the connection check, and building the providers before
the first run (reading their keys off the window's thread) or again after a change."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.config import installed, keyring_check, secrets
from aipa.core.text.words import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from aipa.core.parts import Parts
    from aipa.providers.base import Provider

log = logging.getLogger("aipa.core")

CONNECTION_TIMEOUT = 8.0


class ProvidersDoor:
    """The provider book ``parts`` holds, read at call time (``core.providers.get(name)``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def summary(self) -> tuple[str, str]:
        """(provider, model) of the default provider, for the status bar."""
        providers = self._parts.providers
        name = providers.default_name()
        return name, providers.default_model(name) or QT_TRANSLATE_NOOP("Core", "default model")

    def kind(self, name: str = "") -> str:
        """The kind of provider profile ``name`` (default: the default provider's)."""
        return self._parts.providers.kind(name or self._parts.providers.default_name())

    def get(self, name: str = "") -> Provider:
        """The provider of profile ``name`` (the default one unless named), built on first use."""
        return self._parts.providers.get(name or self._parts.providers.default_name())

    @staticmethod
    def failure_text(exc: Exception) -> str:
        """A provider's error as the window may show it: the server's own words and the
        hint, with any key redacted (a refusal may echo the key it was sent)."""
        return secrets.redact(str(exc))

    def is_local(self) -> bool:
        """Whether the default provider runs on this computer."""
        return self._parts.providers.is_local(self._parts.providers.default_name())

    async def models(self, provider: str = "", timeout: float = installed.LIST_TIMEOUT) -> list[installed.ModelEntry]:
        """The models the provider profile (the default one unless named) has now: name,
        size on disk when known, local or remote. Raises TimeoutError or the provider's error."""
        providers = self._parts.providers
        name = provider or providers.default_name()
        return await installed.installed_models(
            providers, name, providers.url(name), timeout, kind=providers.kind(name)
        )

    def current_model(self) -> str:
        """The model the default profile's agents use now: the settings' (or the command
        line's), else the provider's own default when it has one ('' when the server picks)."""
        providers = self._parts.providers
        name = providers.default_name()
        return providers.default_model(name) or str(getattr(providers.get(name), "default_model", "") or "")

    async def check_connection(self) -> tuple[str, str]:
        """(state, detail): dry run, connected or unreachable (with the reason)."""
        name = self._parts.providers.default_name()
        if self._parts.providers.kind(name) == "scripted":
            return "dry run", QT_TRANSLATE_NOOP("Core", "scripted provider: canned answers, no model")
        try:
            provider = self._parts.providers.get(name)
            await asyncio.wait_for(provider.list_models(), CONNECTION_TIMEOUT)
            return "connected", ""
        except errors.AuthError as exc:  # the server's own words, then what to do (never the key)
            return "unreachable", secrets.redact(f"{exc.message} — {exc.hint}" if exc.hint else exc.message)
        except (TimeoutError, errors.AipaError, OSError) as exc:
            return "unreachable", secrets.redact(getattr(exc, "hint", "") or str(exc))
        except Exception as exc:  # noqa: BLE001 - a provider bug must not stop the window
            log.warning("connection check failed: %r", exc)
            return "unreachable", secrets.redact(str(exc))

    async def warm(self) -> str:
        """Create the providers the agents use (reading their keys) in a worker thread: a
        locked Secret Service can wait on an unlock prompt. Returns a warning ('' if none)."""
        providers = self._parts.providers
        names = providers.names_in_use(self._parts.agents.all())
        try:
            await keyring_check.in_thread(providers.warm, names, timeout=keyring_check.PROBE_TIMEOUT)
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
            return "The keyring did not answer (locked?): API keys come from the environment for this session."
        except errors.AipaError:
            pass  # the run itself reports it, with its hint
        return ""

    async def refresh(self) -> None:
        """Close the providers: they are built again, with the new settings and keys, on next use."""
        await self._parts.providers.aclose()
