"""The built-in engine's catalogue of recommended GGUF models, as a list to download
from with one click (size, memory, licence, whether it fits this computer, status),
with progress, cancel and resume. ``CatalogueView`` sits on the setup wizard's
built-in page; ``CatalogueDialog`` is the same view on its own, opened from the
header's model picker ("Download more…"). Slots are one line: they await the wizard
controller, whose signals update the view."""

from __future__ import annotations

import asyncio
import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from qasync import asyncSlot

from aipa.core.setup.gguf_catalogue import recommended
from aipa.core.setup.pull_progress import human_bytes
from aipa.core.setup.recommend import GIB
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui import theme as theming
from aipa.ui.dialogs.words import decimal, gigabytes, left_to_right, size
from aipa.ui.i18n import core_text
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import BAD, DIM, OK, colored, label, progress_bar, top_items
from aipa.ui.wizard.controller import Spawn, WizardController

if TYPE_CHECKING:
    from aipa.core.setup.gguf_catalogue import Row

NAME_ROLE = Qt.ItemDataRole.UserRole
COLUMNS = (  # translated when shown
    QT_TRANSLATE_NOOP("CatalogueView", "Model"),
    QT_TRANSLATE_NOOP("CatalogueView", "Size"),
    QT_TRANSLATE_NOOP("CatalogueView", "Memory"),
    QT_TRANSLATE_NOOP("CatalogueView", "Licence"),
    QT_TRANSLATE_NOOP("CatalogueView", "This computer"),
    QT_TRANSLATE_NOOP("CatalogueView", "Status"),
    QT_TRANSLATE_NOOP("CatalogueView", "Good for"),
)
GOOD_FOR = len(COLUMNS) - 1  # "Good for", the last column: the others keep their numbers
FIT_LEVELS = {"fits": "ok", "tight": "warn", "too_big": "bad"}  # Theme fields (contrast-checked)
FIT_WORDS = {  # translated when shown
    "fits": QT_TRANSLATE_NOOP("CatalogueView", "fits"),
    "tight": QT_TRANSLATE_NOOP("CatalogueView", "tight"),
    "too_big": QT_TRANSLATE_NOOP("CatalogueView", "too big"),
    "unknown": "?",
}


class CatalogueView(QWidget):
    """The recommended models and the transfer area (progress, message) they share
    with an import."""

    def __init__(self, work: WizardController, spawn: Spawn, parent=None) -> None:
        super().__init__(parent)
        self.work = work
        self.spawn = spawn
        self.rows: dict[str, Row] = {}  # by model name
        self.busy = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        gb = decimal(work.memory / GIB, 0)
        self.intro = label(
            "catalogueIntro",
            self.tr(
                "Recommended models, downloaded from their publishers and checked against a pinned checksum "
                "(this computer has {gb} GB of memory):"
            ).format(gb=gb)
            if work.memory
            else self.tr("Recommended models, downloaded from their publishers and checked against a pinned checksum:"),
        )
        layout.addWidget(self.intro)
        self.tree = QTreeWidget()
        self.tree.setObjectName("catalogueModels")
        self.tree.setAccessibleName(self.tr("Recommended models"))
        self.tree.setAccessibleDescription(
            self.tr("Choose a model and press Download; its size, memory and licence are shown")
        )
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels([self.tr(c) for c in COLUMNS])
        self.tree.setRootIsDecorated(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        for column in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # "Good for" right after the name, taking the width left (one short line each, whole
        # in its tooltip); the licence narrower (whole in its tooltip)
        header.setSectionResizeMode(GOOD_FOR, QHeaderView.ResizeMode.Stretch)
        header.moveSection(GOOD_FOR, 1)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(3, 120)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setMinimumHeight(170)
        layout.addWidget(self.tree, 1)
        row = QHBoxLayout()
        self.download_button = QPushButton(self.tr("Download"))
        self.download_button.setObjectName("downloadButton")
        self.download_button.setAccessibleDescription(self.tr("Download the chosen model (resumes a paused download)"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelDownload")
        row.addWidget(self.download_button)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.progress = progress_bar("transferProgress")
        self.progress_label = label("transferLabel")
        self.message = label("transferMessage")
        for widget in (self.progress, self.progress_label, self.message):
            layout.addWidget(widget)
        self._update_buttons()

        self.download_button.clicked.connect(self.on_download)
        self.cancel_button.clicked.connect(lambda: self.work.cancel("transfer"))
        self.tree.itemSelectionChanged.connect(self._update_buttons)
        self.tree.itemDoubleClicked.connect(lambda *_: self.download_button.click())
        work.catalogueRows.connect(self._on_rows)
        work.catalogueFailed.connect(self._on_failed)
        work.transferProgress.connect(self._on_progress)
        work.transferFinished.connect(self._on_finished)

    # --- slots (one line: await the controller) ------------------------------------------

    @asyncSlot()
    async def on_download(self) -> None:
        await self.work.download_model(self.selected())

    # --- the list ----------------------------------------------------------------------------

    def selected(self) -> str:
        items = self.tree.selectedItems()
        return items[0].data(0, NAME_ROLE) if items else ""

    def select(self, name: str) -> None:
        for item in top_items(self.tree):
            if item.data(0, NAME_ROLE) == name:
                self.tree.setCurrentItem(item)
                return

    def status(self, name: str) -> str:
        for item in top_items(self.tree):
            if item.data(0, NAME_ROLE) == name:
                return item.text(5)
        return ""

    def _on_rows(self, rows: list[Row]) -> None:
        keep = self.selected()
        self.tree.clear()
        self.rows = {r.model.name: r for r in rows}
        dark = self.tree.palette().color(QPalette.ColorRole.Base).lightness() < 128
        theme = theming.DARK if dark else theming.LIGHT
        for r in rows:
            m = r.model
            fit = self.tr(FIT_WORDS[r.fit.level])
            state = self.state_text(r)
            if r.file not in ("", m.file):  # imported under its own name
                state = f"{state} ({r.file})"
            row = [m.title, size(m.size), gigabytes(m.memory_gb), m.licence, fit, state, m.description]
            item = QTreeWidgetItem(row)
            item.setData(0, NAME_ROLE, m.name)
            item.setToolTip(0, f"{m.description}\n{m.file} · sha256 {m.sha256[:12]}…")
            item.setToolTip(GOOD_FOR, m.description)
            item.setToolTip(4, r.fit.text)
            item.setToolTip(3, self.tr("Licence: {licence}").format(licence=m.licence))
            if r.fit.level in FIT_LEVELS:
                item.setForeground(4, QColor(getattr(theme, FIT_LEVELS[r.fit.level])))
            if r.downloaded:
                item.setForeground(5, QColor(theme.ok))
            self.tree.addTopLevelItem(item)
        best = recommended(rows)
        target = keep or best
        if target:
            self.select(target)
        self._say_recommended(best)
        self._update_buttons()

    def state_text(self, row: Row) -> str:
        """Downloaded, paused at n % or not downloaded (``Row.state``), in the window's language."""
        if row.downloaded:
            return self.tr("downloaded")
        if row.partial:
            return self.tr("paused at {percent}%").format(percent=row.partial * 100 // row.model.size)
        return self.tr("not downloaded")

    def _say_recommended(self, best: str) -> None:
        """The intro names the model offered first and why (the best that fits here)."""
        row = self.rows.get(best)
        gb = self.work.memory / GIB
        start = self.tr("Recommended models, downloaded from their publishers and checked against a pinned checksum")
        memory = self.tr(" (this computer has {gb} GB of memory)").format(gb=decimal(gb, 0)) if self.work.memory else ""
        if row is None:
            self.intro.setText(start + memory + ".")
            return
        why = (
            self.tr("the best that fits this computer")
            if row.fit.level in ("fits", "tight")
            else self.tr("a safe start on most computers")
        )
        self.intro.setText(
            f"{html.escape(start + memory)}. "
            + self.tr("Preselected: <b>{title}</b>, {why}.").format(
                title=html.escape(row.model.title), why=html.escape(why)
            )
        )

    def _on_failed(self, text: str) -> None:
        self.tree.clear()
        self.message.setText(colored(core_text(text), BAD, bold=False))
        self._update_buttons()

    # --- the transfer ------------------------------------------------------------------------

    def _update_buttons(self) -> None:
        row = self.rows.get(self.selected())
        self.download_button.setEnabled(row is not None and not row.downloaded and not self.busy)
        partial = row is not None and row.partial and not row.downloaded
        self.download_button.setText(self.tr("Resume") if partial else self.tr("Download"))
        self.cancel_button.setEnabled(self.busy)

    def _on_progress(self, done, total, text: str) -> None:
        if not self.busy:
            self.busy = True
            self._update_buttons()
            self.message.clear()
        if total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(done * 1000 / total))
        self.progress_label.setText(
            html.escape(text) if total or not done else html.escape(f"{text} ({human_bytes(done)})")
        )

    def _on_finished(self, state: str, message: str) -> None:
        self.busy = False
        if state == "done":
            self.progress.setValue(1000)
            self.message.setText(colored(self.tr("✓ {model} is ready.").format(model=message), OK))
        else:
            self.message.setText(
                colored(core_text(message), DIM if state == "cancelled" else BAD, bold=state != "cancelled")
            )
        self._update_buttons()


class CatalogueDialog(QDialog):
    """The catalogue on its own (from the model picker): ``downloaded`` carries the
    file's name once a model is ready. Closing it stops a running download (pressing
    Download again later resumes it)."""

    downloaded = Signal(str)

    def __init__(self, parent, core, *, work: WizardController | None = None, **setup_options) -> None:
        super().__init__(parent)
        self.setObjectName("catalogueDialog")
        self.setWindowTitle(self.tr("Download a model"))
        self.work = work or WizardController(core.setup(**setup_options), parent=self)
        self._tasks: set[asyncio.Task] = set()
        layout = QVBoxLayout(self)
        folder = html.escape(str(self.work.setup.paths.models))
        layout.addWidget(
            label(
                "catalogueFolder",
                self.tr("Models for the built-in engine go to {folder}.").format(
                    folder=f"<code>{left_to_right(folder)}</code>"
                ),
            )
        )
        self.view = CatalogueView(self.work, self.spawn, self)
        layout.addWidget(self.view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(900, 520)
        self.work.transferFinished.connect(self._on_finished)
        self.finished.connect(self._on_closed)
        fit_platform(self)
        self.spawn(self.work.list_catalogue())

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _on_finished(self, state: str, file: str) -> None:
        if state == "done":
            self.downloaded.emit(file)

    def _on_closed(self, _code: int) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.spawn(self.work.shutdown())
