"""The Settings dialog's API keys: one row per profile that takes a key (the key-taking
kinds and every profile of one), with where its key comes from (the keyring, this
session, the environment), a field to store or replace it and Delete. Keys go to the
OS keyring only, through the core facade (``core.config.profiles``). A mixin of the dialog,
which provides what ``KeyRows`` declares."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QPushButton
from qasync import asyncSlot

from aipa.core.config import catalogue, keyring_check
from aipa.core.config.keyring_check import NO_KEYRING_HINT, KeyringStatus
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.dialogs.words import kind_text
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, WARN, colored, label

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.ui.dialogs.model_field import ModelLister
    from aipa.ui.dialogs.settings_profiles import ProfilesBox

log = logging.getLogger("aipa.ui.settings")

KEY_PROVIDERS = catalogue.KEY_PROVIDERS
SOURCES = {  # where a key comes from -> what the row says (translated when shown), its colour
    "keyring": (QT_TRANSLATE_NOOP("SettingsDialog", "stored in the keyring"), OK),
    "session": (QT_TRANSLATE_NOOP("SettingsDialog", "kept for this session only"), WARN),
    "environment": (QT_TRANSLATE_NOOP("SettingsDialog", "from the environment variable"), DIM),
    "": (QT_TRANSLATE_NOOP("SettingsDialog", "no key"), DIM),
}


def translated(text: str) -> str:
    """``text`` in the window's language (the rows belong to the Settings dialog)."""
    return QCoreApplication.translate("SettingsDialog", text)


class KeyRows:
    keyring: KeyringStatus | None
    key_state: dict[str, QLabel]
    key_edit: dict[str, QLineEdit]
    key_buttons: dict[str, tuple[QPushButton, QPushButton]]
    key_labels: dict[str, QLabel]

    if TYPE_CHECKING:  # (declared for the type checker only: the Settings dialog sets or defines them)
        core: Core
        key_grid: QGridLayout
        keyring_label: QLabel
        profiles: ProfilesBox
        models: ModelLister

        async def _after_profiles(self) -> None: ...

    def _key_names(self) -> list[str]:
        """Whose key the dialog stores: the key-taking kinds and every profile of one."""
        keyed = [p.name for p in self.core.config.profiles.all() if p.takes_key]
        return [*dict.fromkeys([*KEY_PROVIDERS, *keyed])]

    def _key_rows(self) -> None:
        for name in list(self.key_state):  # rebuilt: the profiles changed
            for widget in (self.key_state[name], self.key_edit[name], *self.key_buttons[name], self.key_labels[name]):
                self.key_grid.removeWidget(widget)
                widget.deleteLater()
        self.key_state.clear()
        self.key_edit.clear()
        self.key_buttons.clear()
        self.key_labels = {}
        for row, name in enumerate(self._key_names(), start=1):
            state = label(f"keyState_{name}", colored("…", DIM, bold=False))
            edit = QLineEdit()
            edit.setObjectName(f"key_{name}")
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setPlaceholderText(
                QCoreApplication.translate("SettingsDialog", "paste a new key to store or replace it")
            )
            edit.setAccessibleName(QCoreApplication.translate("SettingsDialog", "API key of {name}").format(name=name))
            save = QPushButton(QCoreApplication.translate("SettingsDialog", "Save key"))
            save.setObjectName(f"saveKey_{name}")
            delete = QPushButton(QCoreApplication.translate("SettingsDialog", "Delete"))
            delete.setObjectName(f"deleteKey_{name}")
            save.clicked.connect(partial(self.on_save_key, name))
            delete.clicked.connect(partial(self.on_delete_key, name))
            info = catalogue.provider(name)
            title = QLabel(kind_text(info.label) if info else name)
            self.key_grid.addWidget(title, row, 0)
            self.key_grid.addWidget(state, row, 1)
            self.key_grid.addWidget(edit, row, 2)
            self.key_grid.addWidget(save, row, 3)
            self.key_grid.addWidget(delete, row, 4)
            self.key_state[name], self.key_edit[name], self.key_buttons[name] = state, edit, (save, delete)
            self.key_labels[name] = title

    @asyncSlot(str)
    async def on_save_key(self, name: str) -> None:
        await self.save_key(name)

    @asyncSlot(str)
    async def on_delete_key(self, name: str) -> None:
        await self.delete_key(name)

    async def refresh_keys(self) -> None:
        self.keyring = await keyring_check.probe()
        if self.keyring.usable:  # a human name for the keyring, never its Python class
            self.keyring_label.setText(
                colored(
                    QCoreApplication.translate("SettingsDialog", "✓ Keys are stored in {keyring}.").format(
                        keyring=self.keyring.label
                    ),
                    OK,
                    bold=False,
                )
            )
        else:
            self.keyring_label.setText(
                colored(
                    QCoreApplication.translate(
                        "SettingsDialog", "⚠ No usable keyring on this computer: keys are kept for this session only."
                    ),
                    WARN,
                )
                + "<br>"
                + colored(
                    core_text(NO_KEYRING_HINT)
                    + ". "
                    + QCoreApplication.translate("SettingsDialog", "Never a plaintext file."),
                    DIM,
                    bold=False,
                )
            )
        for name in list(self.key_state):
            source = await self.core.config.profiles.key_source(name)
            if name not in self.key_state:  # the rows were rebuilt meanwhile
                continue
            text, color = SOURCES[source]
            self.key_state[name].setText(colored(translated(text), color, bold=False))
            self.key_buttons[name][1].setEnabled(source in ("keyring", "session"))

    async def save_key(self, name: str) -> None:
        key = self.key_edit[name].text().strip()
        if not key:
            self.key_state[name].setText(
                colored(QCoreApplication.translate("SettingsDialog", "paste a key first"), BAD, bold=False)
            )
            return
        where = await self.core.config.profiles.store_key(name, key, self.keyring)
        self.key_edit[name].clear()
        log.info("the %s key was %s", name, where)
        await self._after_key_change()

    async def delete_key(self, name: str) -> None:
        try:
            await self.core.config.profiles.delete_key(name)
        except (TimeoutError, Exception) as exc:  # noqa: BLE001 - say it, keep the dialog
            self.key_state[name].setText(
                colored(
                    QCoreApplication.translate("SettingsDialog", "could not delete: {error}").format(
                        error=type(exc).__name__
                    ),
                    BAD,
                    bold=False,
                )
            )
            return
        await self._after_key_change()

    async def _after_key_change(self) -> None:
        await self.refresh_keys()
        self.profiles.populate()
        self.models.forget()
        await self._after_profiles()  # providers built again with the new key, then the model lists
