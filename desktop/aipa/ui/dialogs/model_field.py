"""The Settings dialog's model fields: an editable combo box filled with the installed
models of a provider profile (read through the facade, off the UI thread, as the
header's model picker does); free text stays possible, e.g. while the server is down."""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtWidgets import QComboBox, QLineEdit

from aipa import errors

log = logging.getLogger("aipa.ui.settings")


class ModelCombo(QComboBox):
    """An editable combo of model names; ``text``/``setText`` read and set the typed name."""

    def __init__(self, name: str, placeholder: str = "", parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self._line().setPlaceholderText(placeholder)
        self.setAccessibleName("Model")
        self.profile = ""  # the profile whose models are listed

    def _line(self) -> QLineEdit:
        line = self.lineEdit()
        assert line is not None  # (an editable combo always has its line edit)
        return line

    def text(self) -> str:
        return self.currentText().strip()

    def setText(self, text: str) -> None:
        self._line().setText(text)

    def clear(self) -> None:
        """Clear the typed name (the listed models stay)."""
        self._line().clear()

    def fill(self, profile: str, names: list[str]) -> None:
        """List ``names`` (the models of ``profile``), keeping what is typed."""
        typed = self.currentText()
        self.blockSignals(True)
        try:
            super().clear()
            self.addItems(names)
            self.setCurrentIndex(-1)
            self._line().setText(typed)
        finally:
            self.blockSignals(False)
        self.profile = profile


class ModelLister:
    """The installed models of each profile, asked once per profile while the dialog is
    open: ``await lister.names(profile)`` -> (names, why none: '' when listed)."""

    def __init__(self, core) -> None:
        self.core = core
        self._asked: dict[str, asyncio.Future] = {}

    def forget(self) -> None:
        """Ask again next time (a profile or a key changed)."""
        self.close()

    def close(self) -> None:
        """Stop what is still being asked (the dialog closes)."""
        for asked in self._asked.values():
            asked.cancel()
        self._asked.clear()

    async def names(self, profile: str) -> tuple[list[str], str]:
        if profile not in self._asked:
            self._asked[profile] = asyncio.ensure_future(self._list(profile))
        return await asyncio.shield(self._asked[profile])

    async def _list(self, profile: str) -> tuple[list[str], str]:
        shown = profile or "the default provider"
        try:
            return [m.name for m in await self.core.providers.models(profile)], ""
        except TimeoutError:
            return [], f"{shown} did not answer"
        except errors.AipaError as exc:
            return [], exc.message
        except Exception as exc:  # noqa: BLE001 - a provider bug must not break the dialog
            log.warning("listing the models of %s failed: %r", shown, exc)
            return [], str(exc) or type(exc).__name__
