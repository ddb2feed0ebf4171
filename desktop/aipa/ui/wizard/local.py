"""The wizard's Ollama page (find the server, list and pull models) and the page ids the
pages share (the built-in engine's page is in ``builtin.py``). Slots are one line:
they await the wizard controller, whose signals update the page."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWizardPage,
)
from qasync import asyncSlot

from aipa.core.config import catalogue
from aipa.core.setup.recommend import GIB
from aipa.ui.dialogs.words import decimal, gigabytes
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, WARN, colored, label, progress_bar, top_items
from aipa.ui.wizard.controller import OllamaReport, Spawn, WizardController

P_PROVIDER, P_OLLAMA, P_BUILTIN, P_CLOUD, P_MODEL, P_TEST = range(6)  # the wizard's page ids
STATE_COLORS = {"ok": OK, "too_old": WARN, "not_running": BAD, "not_installed": BAD, "error": BAD}


class OllamaPage(QWizardPage):
    def __init__(self, work: WizardController, spawn: Spawn, switch_provider: Callable[[str], None]) -> None:
        """``spawn`` and ``switch_provider`` are the wizard's (it keeps the tasks, and it moves
        between the pages)."""
        super().__init__()
        self.work = work
        self.spawn = spawn
        self.switch_provider = switch_provider
        self.report: OllamaReport | None = None
        self._bar_top = 0
        self._pulling = ""
        self.setTitle("Ollama")
        self.setSubTitle(
            self.tr("Ollama runs open models on this computer: private, free, offline once a model is pulled.")
        )
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Server")))
        self.host = QLineEdit()
        self.host.setObjectName("ollamaHost")
        ollama = catalogue.BY_NAME["ollama"]
        self.host.setToolTip(self.tr("{variable}, else {url}").format(variable=ollama.url_env, url=ollama.default_url))
        self.check_button = QPushButton(self.tr("Check again"))
        self.check_button.setObjectName("checkOllama")
        row.addWidget(self.host, 1)
        row.addWidget(self.check_button)
        layout.addLayout(row)
        self.status = label("ollamaStatus", self.tr("Looking for Ollama…"))
        self.hint = label("ollamaHint", links=True)
        self.builtin_button = QPushButton(self.tr("Use the built-in engine instead (nothing to install)"))
        self.builtin_button.setObjectName("useBuiltin")
        self.builtin_button.hide()
        layout.addWidget(self.status)
        layout.addWidget(self.hint)
        layout.addWidget(self.builtin_button, 0, Qt.AlignmentFlag.AlignLeft)
        gb = decimal(work.memory / GIB, 0)
        self.memory = label(
            "memoryLabel",
            self.tr("This computer has {gb} GB of memory: the suggestions below fit it.").format(gb=gb)
            if work.memory
            else self.tr("Suggested models:"),
        )
        layout.addWidget(self.memory)
        self.models = QTreeWidget()
        self.models.setObjectName("ollamaModels")
        self.models.setColumnCount(3)
        self.models.setHeaderLabels([self.tr("Model"), self.tr("Size"), self.tr("Status")])
        self.models.setRootIsDecorated(False)
        self.models.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.models.setMinimumHeight(150)
        layout.addWidget(self.models, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Model")))
        self.pull_name = QLineEdit()
        self.pull_name.setObjectName("pullName")
        self.pull_name.setPlaceholderText(self.tr("a name from ollama.com/library, e.g. qwen3:8b"))
        self.pull_button = QPushButton(self.tr("Pull"))
        self.pull_button.setObjectName("pullButton")
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelPull")
        self.cancel_button.setEnabled(False)
        row.addWidget(self.pull_name, 1)
        row.addWidget(self.pull_button)
        row.addWidget(self.cancel_button)
        layout.addLayout(row)
        self.progress = progress_bar("pullProgress")
        self.progress_label = label("pullLabel")
        self.message = label("pullMessage")
        layout.addWidget(self.progress)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.message)
        self._set_pull_enabled(False)
        self._connect()

    def _connect(self) -> None:
        """The page's buttons and the controller's signals to their slots."""
        self.check_button.clicked.connect(self.on_check)
        self.host.returnPressed.connect(self.on_check)
        self.pull_button.clicked.connect(self.on_pull)
        self.cancel_button.clicked.connect(lambda: self.work.cancel("pull"))
        self.models.itemSelectionChanged.connect(self.on_selected)
        self.builtin_button.clicked.connect(lambda: self.switch_provider("builtin"))
        self.work.ollamaChecked.connect(self._on_report)
        self.work.modelConfirmed.connect(self._on_confirmed)
        self.work.pullProgress.connect(self._on_progress)
        self.work.pullFinished.connect(self._on_pull_finished)

    # --- slots (one line: await the controller) ------------------------------------------

    @asyncSlot()
    async def on_check(self) -> None:
        await self.work.check_ollama(self.host.text())

    @asyncSlot()
    async def on_pull(self) -> None:
        await self.work.pull(self.host.text(), self.pull_name.text())

    @asyncSlot()
    async def on_selected(self) -> None:
        await self._confirm_selected()

    # --- page -------------------------------------------------------------------------------

    def initializePage(self) -> None:
        if not self.host.text():
            self.host.setText(self.work.default_host())
        if self.report is None:
            self.spawn(self.work.check_ollama(self.host.text()))

    def nextId(self) -> int:
        return P_MODEL

    def isComplete(self) -> bool:
        name = self.selected()
        return bool(self.report and self.report.state == "ok" and name and name in self.work.choice.ready)

    def validatePage(self) -> bool:
        c = self.work.choice
        c.provider, c.model = "ollama", self.selected()
        c.base_url = self.work.setup.pinned_host(self.host.text())
        c.models = sorted(self.work.choice.ready | set(self.report.models if self.report else ()))
        return True

    def selected(self) -> str:
        items = self.models.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else ""

    def item(self, name: str) -> QTreeWidgetItem | None:
        return next((it for it in top_items(self.models) if it.data(0, Qt.ItemDataRole.UserRole) == name), None)

    async def _confirm_selected(self) -> None:
        name = self.selected()
        if name:
            self.pull_name.setText(name)
        pulled = self.report is not None and name in self.report.models
        if pulled and name not in self.work.choice.ready:
            await self.work.confirm_model(self.host.text(), name)
        self.completeChanged.emit()

    # --- reactions ----------------------------------------------------------------------

    def _on_report(self, report: OllamaReport) -> None:
        self.report = report
        color = STATE_COLORS.get(report.state, BAD)
        mark = "✓" if report.state == "ok" else ("⚠" if report.state == "too_old" else "✗")
        self.status.setText(colored(f"{mark} {core_text(report.message)}", color))
        self.hint.setText(core_text(report.hint))
        self.hint.setVisible(bool(report.hint))
        self.builtin_button.setVisible(report.state != "ok")
        self._fill(report)
        self._set_pull_enabled(report.state == "ok")
        self.completeChanged.emit()

    def _fill(self, report: OllamaReport) -> None:
        keep = self.selected() or self.work.choice.model
        self.models.clear()
        for name in report.models:
            status = self.tr("ready") if name in self.work.choice.ready else self.tr("pulled")
            self._add(name, "", status)
        for s in self.work.suggestions():
            if s.name not in report.models and f"{s.name}:latest" not in report.models:
                item = self._add(s.name, gigabytes(s.download_gb), self.tr("not pulled"))
                runs = self.tr("runs well with {memory} of memory or more").format(memory=gigabytes(s.min_memory_gb))
                item.setToolTip(0, f"{s.note}; {runs}")
        target = self.item(keep) if keep else None
        if target is None and report.models:
            target = self.models.topLevelItem(0)
        if target is not None and report.state == "ok":
            target.setSelected(True)

    def _add(self, name: str, size: str, status: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem([name, size, status])
        item.setData(0, Qt.ItemDataRole.UserRole, name)
        self.models.addTopLevelItem(item)
        return item

    def _set_status(self, name: str, status: str) -> None:
        item = self.item(name)
        if item is not None:
            item.setText(2, status)

    def _on_confirmed(self, name: str, ready: bool, message: str) -> None:
        self._set_status(name, self.tr("ready") if ready else self.tr("not available"))
        if not ready:
            self.message.setText(colored(core_text(message), BAD, bold=False))
        self.completeChanged.emit()

    def _set_pull_enabled(self, on: bool) -> None:
        pulling = bool(self._pulling)
        self.pull_button.setEnabled(on and not pulling)
        self.pull_name.setEnabled(on and not pulling)
        self.cancel_button.setEnabled(pulling)

    def _on_progress(self, name: str, done: int, total: int, text: str) -> None:
        if self._pulling != name:
            self._pulling, self._bar_top = name, 0
            self._set_pull_enabled(True)
            self.message.clear()
            if self.item(name) is None:  # a name typed in, not a suggestion
                self._add(name, "", self.tr("pulling…"))
            self._set_status(name, self.tr("pulling…"))
        if total:
            # A layer that announces itself adds to the total: the bar never goes back.
            self._bar_top = max(self._bar_top, int(done * 1000 / total))
            self.progress.setValue(self._bar_top)
        self.progress_label.setText(html.escape(text))

    def _on_pull_finished(self, name: str, state: str, message: str) -> None:
        self._pulling = ""
        color = {"ready": OK, "cancelled": DIM, "stalled": WARN}.get(state, BAD)
        self.message.setText(colored(core_text(message), color, bold=state != "cancelled"))
        if state == "ready":
            self.progress.setValue(1000)
            if self.report is not None and name not in self.report.models:
                self.report = replace(self.report, models=(*self.report.models, name))
            item = self.item(name) or self._add(name, "", self.tr("ready"))
            self._set_status(name, self.tr("ready"))
            self.models.clearSelection()
            item.setSelected(True)
        else:
            ended = {"cancelled": self.tr("paused (resumable)"), "stalled": self.tr("stalled (resumable)")}
            self._set_status(name, ended.get(state, self.tr("not pulled")))
        self._set_pull_enabled(self.report is not None and self.report.state == "ok")
        self.completeChanged.emit()
