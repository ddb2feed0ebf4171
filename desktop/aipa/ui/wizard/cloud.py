"""The wizard's page for OpenAI, Anthropic and OpenAI-compatible servers: base URL
(presets for the well-known servers), the API key (masked, stored in the OS keyring
only) and one cheap call that checks it."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWizardPage
from qasync import asyncSlot

from aipa.core.config import catalogue
from aipa.core.config.keyring_check import NO_KEYRING_HINT, KeyringStatus
from aipa.ui.dialogs.words import kind_text
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, WARN, colored, label
from aipa.ui.wizard.controller import Spawn, WizardController
from aipa.ui.wizard.local import P_MODEL


class CloudPage(QWizardPage):
    def __init__(self, work: WizardController, spawn: Spawn) -> None:
        """``spawn`` is the wizard's: it keeps the tasks."""
        super().__init__()
        self.work = work
        self.spawn = spawn
        self.provider = ""
        self.state = ""
        layout = QVBoxLayout(self)
        form = self.form = QFormLayout()
        self.preset = QComboBox()
        self.preset.setObjectName("preset")
        form.addRow(self.tr("Server"), self.preset)
        self.base_url = QLineEdit()
        self.base_url.setObjectName("baseUrl")
        form.addRow(self.tr("Base URL"), self.base_url)
        self.key = QLineEdit()
        self.key.setObjectName("apiKey")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.tr("API key"), self.key)
        layout.addLayout(form)
        self.key_page = label("keyPage", links=True)
        layout.addWidget(self.key_page)
        row = QHBoxLayout()
        self.check_button = QPushButton(self.tr("Check and save key"))
        self.check_button.setObjectName("checkKey")
        row.addWidget(self.check_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.result = label("keyResult")
        layout.addWidget(self.result)
        self.keyring = label("keyringStatus", colored(self.tr("Checking the keyring…"), DIM, bold=False))
        layout.addWidget(self.keyring)
        layout.addStretch(1)

        self.preset.activated.connect(self._on_preset)
        self.base_url.textEdited.connect(self._changed)
        self.key.textEdited.connect(self._changed)
        self.key.returnPressed.connect(self.on_check)
        self.check_button.clicked.connect(self.on_check)
        work.keyringChecked.connect(self._on_keyring)
        work.keyChecked.connect(self._on_checked)
        if work.keyring is not None:
            self._on_keyring(work.keyring)

    # --- slots (one line: await the controller) ------------------------------------------

    @asyncSlot()
    async def on_check(self) -> None:
        await self.work.check_key(self.provider, self.base_url.text(), self.key.text())

    # --- page -------------------------------------------------------------------------------

    def initializePage(self) -> None:
        if self.work.keyring is None and not self.work.busy("keyring"):
            # Only now: probing a locked keyring may pop up its unlock prompt.
            self.spawn(self.work.check_keyring())
        name = self.work.choice.provider
        if name == self.provider:
            return
        self.provider, self.state = name, ""
        record = catalogue.BY_NAME[name]
        compat = bool(record.presets)  # servers of your choosing (it knows some): no key needed
        title = kind_text(record.title)
        self.setTitle(title)
        self.setSubTitle(
            self.tr("Any server that speaks the OpenAI API: local ones need no key.")
            if compat
            else self.tr("{kind} models in the cloud. Your key is stored in the OS keyring only.").format(kind=title)
        )
        self.preset.clear()
        for p in record.presets:
            self.preset.addItem(f"{kind_text(p.label)}  ·  {p.base_url}", p.base_url)
        self.preset.addItem(self.tr("Custom server"), "")
        url = self.work.setup.server_url(name)
        self.base_url.setText(url)
        self.preset.setVisible(compat)
        self.form.labelForField(self.preset).setVisible(compat)
        self._sync_preset(url)
        self.key.clear()
        self.key.setPlaceholderText(
            self.tr("API key (local servers need none)") if compat else self.tr("paste your API key here")
        )
        self.check_button.setText(self.tr("Check the connection") if compat else self.tr("Check and save key"))
        self._key_link()
        self.result.clear()
        self.completeChanged.emit()

    def nextId(self) -> int:
        return P_MODEL

    def isComplete(self) -> bool:
        return self.state in ("ok", "unverified")

    def validatePage(self) -> bool:
        c = self.work.choice
        url = self.base_url.text().strip().rstrip("/")
        c.provider = self.provider
        record = catalogue.BY_NAME[self.provider]
        default = record.default_url.rstrip("/")
        c.base_url = "" if url == default and not record.presets else url  # a chosen server is always saved
        return True

    # --- reactions ----------------------------------------------------------------------

    def _sync_preset(self, url: str) -> None:
        index = self.preset.findData(url.rstrip("/"))
        self.preset.setCurrentIndex(index if index >= 0 else self.preset.count() - 1)

    def _on_preset(self, index: int) -> None:
        url = self.preset.itemData(index)
        if url:
            self.base_url.setText(url)
        self._key_link()
        self._changed()

    def _key_link(self) -> None:
        record = catalogue.BY_NAME[self.provider]
        page = record.key_page
        if record.presets:
            preset = next((p for p in record.presets if p.base_url == self.preset.currentData()), None)
            page = preset.key_page if preset else ""
            if preset is not None and not preset.needs_key:
                self.key_page.setText(
                    colored(
                        self.tr(
                            "{server} runs on this computer and needs no key: start it, then check the connection."
                        ).format(server=kind_text(preset.label)),
                        DIM,
                        bold=False,
                    )
                )
                return
        link = f"<a href='{page}'>{html.escape(page)}</a>"
        self.key_page.setText(self.tr("Get a key at {link}.").format(link=link) if page else "")

    def _changed(self, *_args) -> None:
        if self.state:
            self.state = ""
            self.result.clear()
            self.completeChanged.emit()

    def _on_keyring(self, status: KeyringStatus) -> None:
        if status.usable:
            self.keyring.setText(colored(f"✓ {core_text(status.describe())}", DIM, bold=False))
        else:
            self.keyring.setText(
                colored(f"⚠ {core_text(status.describe())}", WARN)
                + "<br>"
                + colored(core_text(NO_KEYRING_HINT) + ". " + self.tr("Never a plaintext file."), DIM, bold=False)
            )

    def _on_checked(self, provider: str, state: str, text: str, models: list) -> None:
        if provider != self.provider:
            return
        self.state = state
        color = {"ok": OK, "unverified": WARN}.get(state, BAD)
        mark = {"ok": "✓", "unverified": "⚠"}.get(state, "✗")
        self.result.setText(colored(f"{mark} {core_text(text)}", color, bold=state != "ok"))
        if state in ("ok", "unverified"):
            self.key.clear()
            keyed = self.tr("a key is set: paste a new one to replace it")
            self.key.setPlaceholderText(keyed if self.work.keyed else self.tr("no key set (this server needs none)"))
        self.completeChanged.emit()
