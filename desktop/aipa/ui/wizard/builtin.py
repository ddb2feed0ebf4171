"""The wizard's built-in engine page: the GGUF models already in the models folder,
the catalogue of recommended models to download with one click (size, memory,
licence, whether it fits this computer), and importing a file from this computer.
Slots are one line: they await the wizard controller, whose signals update the page."""

from __future__ import annotations

import html
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QListWidget, QPushButton, QVBoxLayout, QWizardPage
from qasync import asyncSlot

from aipa.ui.dialogs.words import left_to_right
from aipa.ui.i18n import core_text
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import BAD, OK, colored, label
from aipa.ui.wizard.catalogue import CatalogueView
from aipa.ui.wizard.controller import Spawn, WizardController
from aipa.ui.wizard.local import P_MODEL


class BuiltinPage(QWizardPage):
    def __init__(self, work: WizardController, spawn: Spawn) -> None:
        """``spawn`` is the wizard's: it keeps the tasks."""
        super().__init__()
        self.work = work
        self.spawn = spawn
        self.setTitle(self.tr("Built-in engine"))
        self.setSubTitle(
            self.tr("AIPA runs a GGUF model file itself with llama.cpp, on 127.0.0.1 only. Nothing to install.")
        )
        layout = QVBoxLayout(self)
        installed, install_hint = work.setup.builtin_engine()
        self.engine = label(
            "engineStatus",
            colored(self.tr("✓ The engine is installed."), OK)
            if installed
            else colored(self.tr("✗ The engine is not installed: {hint}").format(hint=core_text(install_hint)), BAD),
        )
        layout.addWidget(self.engine)
        folder = html.escape(str(work.setup.paths.models))
        layout.addWidget(
            label(
                "modelsFolder",
                self.tr("Your models (in {folder}):").format(folder=f"<code>{left_to_right(folder)}</code>"),
            )
        )
        self.models = QListWidget()
        self.models.setObjectName("builtinModels")
        self.models.setAccessibleName(self.tr("Downloaded models"))
        self.models.setMinimumHeight(64)
        self.models.setMaximumHeight(84)
        layout.addWidget(self.models)
        self.import_button = QPushButton(self.tr("Import a GGUF file…"))
        self.import_button.setObjectName("importGguf")
        layout.addWidget(self.import_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.catalogue = CatalogueView(work, spawn, self)
        layout.addWidget(self.catalogue, 1)
        # the transfer area (an import's progress too) is the catalogue's
        self.progress = self.catalogue.progress
        self.progress_label = self.catalogue.progress_label
        self.message = self.catalogue.message
        self.dialog: QFileDialog | None = None

        self.import_button.clicked.connect(self._pick_file)
        self.models.itemSelectionChanged.connect(self.completeChanged)
        work.builtinModels.connect(self._on_models)
        work.transferProgress.connect(lambda *_: self.import_button.setEnabled(False))
        work.transferFinished.connect(self._on_finished)

    # --- slots (one line: await the controller) ------------------------------------------

    @asyncSlot(str)
    async def on_import_file(self, path: str) -> None:
        await self.work.import_file(path)

    # --- page -------------------------------------------------------------------------------

    def initializePage(self) -> None:
        self.spawn(self.work.list_builtin())
        self.spawn(self.work.list_catalogue())

    def nextId(self) -> int:
        return P_MODEL

    def isComplete(self) -> bool:
        return bool(self.selected())

    def validatePage(self) -> bool:
        c = self.work.choice
        c.provider, c.model, c.base_url = "builtin", self.selected(), ""
        c.models = [self.models.item(i).text() for i in range(self.models.count())]
        return True

    def selected(self) -> str:
        items = self.models.selectedItems()
        return items[0].text() if items else ""

    def select(self, name: str) -> None:
        for i in range(self.models.count()):
            if self.models.item(i).text() == name:
                self.models.setCurrentRow(i)
                return

    def _pick_file(self) -> None:
        dialog = QFileDialog(
            self, self.tr("Import a GGUF model file"), os.path.expanduser("~"), self.tr("GGUF models (*.gguf)")
        )
        dialog.setObjectName("ggufDialog")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.fileSelected.connect(self.on_import_file)
        fit_platform(dialog)
        self.dialog = dialog
        dialog.open()

    # --- reactions ----------------------------------------------------------------------

    def _on_models(self, names: list) -> None:
        keep = self.selected() or (self.work.choice.model if self.work.choice.provider == "builtin" else "")
        self.models.clear()
        self.models.addItems(names)
        if keep in names:
            self.select(keep)
        elif names:
            self.models.setCurrentRow(0)
        self.completeChanged.emit()

    def _on_finished(self, state: str, message: str) -> None:
        self.import_button.setEnabled(True)
        if state == "done":
            self.select(message)
        self.completeChanged.emit()
