"""Settings → Data (issue 33): the last backup and the list of backups, Back up now,
Restore…, Export all… and Import…, each through the core's data door (``core.data``).
The work runs in a worker thread (a big history takes seconds) behind a progress dialog;
slots are one line. A restore replaces the file this window has open, so the window
checks the file, asks, then closes and leaves the swap to start-up (``gui.py``: it
restores, then opens AIPA again on the restored data)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from aipa.errors import AipaError
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import BAD, DIM, OK, colored, label

log = logging.getLogger("aipa.ui.settings")

RESTORE_PROPERTY = "aipaRestore"  # the window property gui.py reads after the window closed


class DataPage(QWidget):
    def __init__(self, core, spawn: Callable, window: QWidget | None = None) -> None:
        super().__init__()
        self.core, self.spawn, self.window_ = core, spawn, window
        self.progress: QProgressDialog | None = None
        self.file_dialog: QFileDialog | None = None
        form = QFormLayout(self)
        self.last = QLabel()
        self.last.setObjectName("lastBackup")
        self.last.setTextFormat(Qt.TextFormat.RichText)
        form.addRow(self.tr("Last backup"), self.last)
        row = QHBoxLayout()
        self.backup_now = self._button(row, "backupNow", self.tr("Back up now"), self._backup)
        self.restore_button = self._button(row, "restoreBackup", self.tr("Restore…"), self._pick_restore)
        self.export_button = self._button(row, "exportAll", self.tr("Export all…"), self._pick_export)
        self.import_button = self._button(row, "importArchive", self.tr("Import…"), self._pick_import)
        row.addStretch(1)
        form.addRow("", row)
        self.list = QTreeWidget()
        self.list.setObjectName("backupList")
        self.list.setHeaderLabels(
            [self.tr("Made"), self.tr("Kind"), self.tr("Sessions"), self.tr("Runs"), self.tr("Size")]
        )
        self.list.setRootIsDecorated(False)
        self.list.setColumnWidth(0, 150)
        self.list.setAccessibleName(self.tr("Backups"))
        form.addRow(self.tr("Backups"), self.list)
        self.note = label(
            "dataNote",
            self.tr(
                "A verified backup is made by itself once a day, and before every upgrade, restore, import and "
                "emptying of the Trash. Backups hold your sessions, settings and agents, never a key."
            ),
        )
        form.addRow("", self.note)
        self.status = label("dataStatus")
        form.addRow("", self.status)
        self.refresh()

    def _button(self, row: QHBoxLayout, name: str, text: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    def refresh(self) -> None:
        backups = self.core.data.listed()
        if backups:
            b = backups[0]
            text = self.tr("{when} · {kind} · {sessions} sessions, {runs} runs · verified").format(
                when=b.created.strftime("%Y-%m-%d %H:%M"), kind=b.kind, sessions=b.sessions, runs=b.runs
            )
            self.last.setText(colored(text, OK, bold=False))
        else:
            self.last.setText(colored(self.tr("none yet"), DIM, bold=False))
        self.list.clear()
        for b in backups:
            item = QTreeWidgetItem(
                [b.created.strftime("%Y-%m-%d %H:%M"), b.kind, str(b.sessions), str(b.runs), f"{b.bytes // 1024} kB"]
            )
            item.setToolTip(0, str(b.path))
            item.setData(0, Qt.ItemDataRole.UserRole, str(b.path))
            self.list.addTopLevelItem(item)

    # --- the work, in a worker thread behind a progress dialog ------------------------------

    def _begin(self, title: str) -> Callable[[int, int, str], None]:
        self.progress = QProgressDialog(title, "", 0, 100, self)
        self.progress.setObjectName("dataProgress")
        self.progress.setCancelButton(None)  # a half-made archive is removed anyway; never half an import
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.setValue(0)
        loop = asyncio.get_running_loop()

        def report(done: int, total: int, _what: str) -> None:  # from the worker thread
            loop.call_soon_threadsafe(self._advance, int(100 * done / max(1, total)))

        return report

    def _advance(self, value: int) -> None:
        if self.progress is not None:
            self.progress.setValue(min(99, value))

    def _end(self, text: str, ok: bool = True) -> None:
        if self.progress is not None:
            self.progress.reset()
            self.progress.deleteLater()
            self.progress = None
        self.status.setText(colored(text, OK if ok else BAD, bold=False))
        self.refresh()

    async def run(self, title: str, work, done_text: Callable[[Any], str]) -> None:
        report = self._begin(title)
        try:
            result = await asyncio.to_thread(work, report)
        except AipaError as exc:
            self._end(f"{exc.message} ({exc.hint})" if exc.hint else exc.message, ok=False)
            return
        self._end(done_text(result))

    def _backup(self) -> None:
        self.spawn(self.back_up())

    async def back_up(self) -> None:
        await self.run(
            self.tr("Backing up…"),
            lambda _report: self.core.data.backup(),
            lambda b: self.tr("Backed up {sessions} sessions and {runs} runs: {path}").format(
                sessions=b.sessions, runs=b.runs, path=b.path
            ),
        )

    async def export_all(self, path: Path) -> None:
        await self.run(
            self.tr("Exporting everything…"),
            lambda report: self.core.data.export_all(path, report),
            lambda m: self.tr("Exported {sessions} sessions and {runs} runs to {path}").format(
                sessions=m["counts"]["sessions"], runs=m["counts"]["runs"], path=path
            ),
        )

    async def import_archive(self, path: Path) -> None:
        await self.run(
            self.tr("Importing…"), lambda report: self.core.data.import_archive(path, report), lambda r: r.summary()
        )

    # --- the file choices ------------------------------------------------------------------

    def _choose(self, title: str, name_filter: str, on_file, *, save: bool = False, folder: str = "") -> None:
        dialog = QFileDialog(self, title, folder or str(Path.home()), name_filter)
        dialog.setObjectName("dataFileDialog")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        if save:
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
            dialog.setDefaultSuffix("zip")
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(lambda f: on_file(Path(f)))
        fit_platform(dialog)
        self.file_dialog = dialog
        dialog.open()

    def _pick_export(self) -> None:
        self._choose(self.tr("Export everything to"), self.tr("Archives (*.zip)"), self.on_export, save=True)

    def on_export(self, path: Path) -> None:
        self.spawn(self.export_all(path))

    def _pick_import(self) -> None:
        self._choose(self.tr("Import an archive"), self.tr("Archives (*.zip)"), self.on_import)

    def on_import(self, path: Path) -> None:
        self.spawn(self.import_archive(path))

    def _pick_restore(self) -> None:
        folder = str(self.core.paths.root / "backups")
        self._choose(self.tr("Restore a backup"), self.tr("Backups (*.db)"), self.on_restore, folder=folder)

    def on_restore(self, path: Path) -> None:
        """Check the file now (a bad one is refused here), ask, then close the window:
        start-up restores it and opens AIPA again (gui.py)."""
        try:
            self.core.data.check_restore(path)
        except AipaError as exc:
            self.status.setText(colored(f"{exc.message} ({exc.hint})", BAD, bold=False))
            return
        box = QMessageBox(self)
        box.setObjectName("restoreConfirm")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Restore a backup"))
        box.setText(
            self.tr(
                "Replace your data with {path}? Your data as it is now is backed up first. AIPA closes, "
                "restores and opens again."
            ).format(path=path)
        )
        box.setStandardButtons(QMessageBox.StandardButton.Cancel)
        go = box.addButton(self.tr("Restore and restart"), QMessageBox.ButtonRole.AcceptRole)
        box.finished.connect(lambda _code: self._restore_answered(box.clickedButton() is go, path))
        self.confirm = box
        box.open()

    def _restore_answered(self, yes: bool, path: Path) -> None:
        if not yes or self.window_ is None:
            return
        self.window_.setProperty(RESTORE_PROPERTY, str(path))
        top = self.window()
        if top is not self.window_:
            top.close()  # the Settings dialog
        self.window_.close()
