"""The Settings dialog's provider profiles: a list of the named providers (name, kind,
server, key) and an editor to add, change or remove one. A profile's key is stored in
the OS keyring under the profile's name (through the core facade) and goes to that
profile's server only. Saved at once, like keys."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)
from qasync import asyncSlot

from aipa.core.config import catalogue
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.errors import AipaError
from aipa.ui.dialogs.words import kind_text
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, colored, label

log = logging.getLogger("aipa.ui.settings")

KINDS = tuple(p.name for p in catalogue.choosable())
NAME_ROLE = Qt.ItemDataRole.UserRole  # a row's profile name
KEY_WORDS = {  # where a profile's key comes from -> the Key column (translated when shown)
    "keyring": QT_TRANSLATE_NOOP("ProfilesBox", "stored"),
    "session": QT_TRANSLATE_NOOP("ProfilesBox", "this session"),
    "environment": QT_TRANSLATE_NOOP("ProfilesBox", "environment"),
    "": QT_TRANSLATE_NOOP("ProfilesBox", "not set"),
}


class ProfilesBox(QGroupBox):
    """``changed`` is emitted after a profile was saved or removed (the dialog refreshes
    its provider lists and the providers are rebuilt)."""

    changed = Signal()

    def __init__(self, dialog) -> None:
        super().__init__(self.tr("Provider profiles (several servers of one kind, each with its own key)"))
        self.dialog = dialog
        self.core = dialog.core
        v = QVBoxLayout(self)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("providerList")
        self.table.setAccessibleName(self.tr("Provider profiles"))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Kind"), self.tr("Server"), self.tr("Key")])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selected)
        v.addWidget(self.table, 1)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setObjectName("profileName")
        self.name.setPlaceholderText(self.tr("e.g. team-vllm"))
        self.kind = QComboBox()
        self.kind.setObjectName("profileKind")
        for kind in KINDS:
            self.kind.addItem(kind_text(catalogue.BY_NAME[kind].label), kind)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.url = QLineEdit()
        self.url.setObjectName("profileUrl")
        self.context = QSpinBox()
        self.context.setObjectName("profileContext")
        self.context.setRange(0, 10_000_000)
        self.context.setSingleStep(1024)
        self.context.setSpecialValueText(self.tr("ask the server"))  # 0: what the server says, else a guess
        self.context.setAccessibleName(self.tr("Context size in tokens"))
        self.key = QLineEdit()
        self.key.setObjectName("profileKey")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setPlaceholderText(self.tr("optional: its API key (kept in the OS keyring, sent to this server only)"))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Kind"), self.kind)
        form.addRow(self.tr("Server URL"), self.url)
        form.addRow(self.tr("Context (tokens)"), self.context)
        form.addRow(self.tr("API key"), self.key)
        v.addLayout(form)
        row = QHBoxLayout()
        self.new_button = QPushButton(self.tr("New"))
        self.new_button.setObjectName("newProfile")
        self.save_button = QPushButton(self.tr("Save profile"))
        self.save_button.setObjectName("saveProfile")
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("removeProfile")
        self.new_button.clicked.connect(self.new)
        self.save_button.clicked.connect(self.on_save)
        self.remove_button.clicked.connect(self.on_remove)
        for button in (self.new_button, self.save_button, self.remove_button):
            row.addWidget(button)
        row.addStretch(1)
        v.addLayout(row)
        self.message = label("profileMessage")
        v.addWidget(self.message)
        self.populate()
        self.new()

    # --- the list --------------------------------------------------------------------------

    def populate(self) -> None:
        profiles = self.core.config.profiles.all()
        self.table.blockSignals(True)
        self.table.setRowCount(len(profiles))
        for row, p in enumerate(profiles):
            name = p.name + (self.tr(" (default)") if p.name == self.core.config.settings.provider else "")
            for col, text in enumerate((name, p.kind, p.url or "—", "…" if p.takes_key else self.tr("none needed"))):
                item = QTableWidgetItem(text)
                if col == 0:
                    item.setData(NAME_ROLE, p.name)
                self.table.setItem(row, col, item)
        self.table.blockSignals(False)
        self.table.resizeColumnsToContents()
        self.dialog._spawn(self._key_states(profiles))

    async def _key_states(self, profiles) -> None:
        for row, p in enumerate(profiles):
            if not p.takes_key:
                continue
            source = await self.core.config.profiles.key_source(p.name)
            item = self.table.item(row, 3)
            if item is not None and self.names()[row : row + 1] == [p.name]:
                item.setText(self.tr(KEY_WORDS[source]))

    def names(self) -> list[str]:
        # (every row has its name cell: the stubs' None is for an empty cell)
        return [
            item.data(NAME_ROLE) for r in range(self.table.rowCount()) if (item := self.table.item(r, 0)) is not None
        ]

    def select(self, name: str) -> None:
        if name in self.names():
            self.table.selectRow(self.names().index(name))

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        p = self.core.config.profiles.get(self.names()[rows[0].row()])
        self.name.setText(p.name)
        self.name.setReadOnly(True)  # a new name is a new profile (its key is keyed by name)
        self.kind.setCurrentIndex(max(0, self.kind.findData(p.kind)))
        self.url.setText(p.base_url)
        self.context.setValue(self.core.config.profiles.context(p.name))
        self.key.clear()
        self.remove_button.setEnabled(p.configured)
        self.message.clear()

    def new(self) -> None:
        self.table.clearSelection()
        self.name.clear()
        self.name.setReadOnly(False)
        self.url.clear()
        self.context.setValue(0)
        self.key.clear()
        self.kind.setCurrentIndex(max(0, self.kind.findData("openai-compatible")))
        self.remove_button.setEnabled(False)
        self._kind_changed()

    def _kind_changed(self, *_args) -> None:
        info = catalogue.provider(self.kind.currentData())
        self.url.setPlaceholderText((info.default_url if info else "") or self.tr("not used"))

    # --- save and remove -------------------------------------------------------------------

    @asyncSlot()
    async def on_save(self) -> None:
        await self.save()

    @asyncSlot()
    async def on_remove(self) -> None:
        await self.remove()

    async def save(self) -> bool:
        name, kind, url = self.name.text().strip(), self.kind.currentData(), self.url.text().strip()
        key = self.key.text().strip()
        try:
            tokens = self.context.value()  # 0 is written only over a size set before (it clears it)
            sized = {"context": tokens} if tokens or self.core.config.profiles.context(name) else {}
            warnings = self.core.config.profiles.save(name, kind, url, **sized)
        except AipaError as exc:
            self.message.setText(
                colored(core_text(exc.message) + (f" — {core_text(exc.hint)}" if exc.hint else ""), BAD, bold=False)
            )
            return False
        where = ""
        if key:
            where = await self.core.config.profiles.store_key(name, key, self.dialog.keyring)
            self.key.clear()
            log.info("the %s key was %s", name, where)
        text = (
            self.tr("Saved {name}.").format(name=name)
            + (" " + self.tr("Its key was {where}.").format(where=where) if where else "")
            + " ".join(warnings)
        )
        self.populate()
        self.select(name)
        self.message.setText(colored(text, OK, bold=False))
        self.changed.emit()
        return True

    async def remove(self) -> bool:
        name = self.name.text().strip()
        try:
            self.core.config.profiles.remove(name)
        except AipaError as exc:
            self.message.setText(
                colored(core_text(exc.message) + (f" — {core_text(exc.hint)}" if exc.hint else ""), BAD, bold=False)
            )
            return False
        if catalogue.provider(name) is None:  # a kind's own key stays with the kind
            try:
                await self.core.config.profiles.delete_key(name)
            except Exception as exc:  # noqa: BLE001 - the profile is gone; say the key is not
                self.message.setText(
                    colored(
                        self.tr("Removed {name}; its key stays ({error}).").format(name=name, error=type(exc).__name__),
                        BAD,
                    )
                )
                self.populate()
                self.changed.emit()
                return True
        self.populate()
        self.new()
        self.message.setText(colored(self.tr("Removed {name}.").format(name=name), DIM, bold=False))
        self.changed.emit()
        return True
