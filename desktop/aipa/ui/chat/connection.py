"""The status bar's view of the default provider: its name and model, and whether it
answers (checked at start and after the settings change, marked on a provider error)."""

from __future__ import annotations

from aipa import errors


class ConnectionCheck:
    def __init__(self, core, changed) -> None:
        """``changed`` is the controller's ``connectionChanged(state, detail)`` signal."""
        self.core = core
        self.changed = changed
        self.state = ("unknown", "")

    def summary(self) -> tuple[str, str]:
        return self.core.providers.summary()

    async def check(self) -> None:
        self.state = await self.core.providers.check_connection()
        self.changed.emit(*self.state)

    def failed(self, exc: Exception) -> None:
        """A provider error during a run: the status bar says so."""
        if isinstance(exc, errors.ProviderError):
            self.state = ("error", self.core.providers.failure_text(exc))  # redacted: it may echo a key
            self.changed.emit(*self.state)
