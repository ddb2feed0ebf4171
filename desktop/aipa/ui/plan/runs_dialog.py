"""The plan runs, newest first, in a dialog (Session → Open plan run…): Open shows one
in its plan window."""

from __future__ import annotations

import html

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from aipa.ui.dialogs.words import locale
from aipa.ui.plan.stages import stage_name, status_name
from aipa.ui.platform import fit_platform

RUN_MARKS = {"done": "✓", "suspended": "◆", "interrupted": "■", "failed": "✗", "running": "◐"}


class PlanRunsDialog(QDialog):
    """The plan runs, newest first; Open shows one in its plan window."""

    chosen = Signal(str)  # run id

    def __init__(self, parent, runs, theme) -> None:
        super().__init__(parent)
        self.setObjectName("planRunsDialog")
        self.setWindowTitle(self.tr("Open a plan run"))
        self.resize(720, 460)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Plans you started, newest first. Waiting or stopped ones can be resumed.")))
        self.list = QListWidget()
        self.list.setObjectName("planRuns")
        for run in runs:
            when = (
                locale().toString(QDateTime(run.started_at), QLocale.FormatType.ShortFormat) if run.started_at else ""
            )
            mark = RUN_MARKS.get(run.status, "·")
            status = status_name(run.status)
            if run.stage and run.status != "done":
                status = self.tr("{status} at {stage}").format(status=status, stage=stage_name(run.stage))
            item = QListWidgetItem(f"{mark} {run.directive[:90]}\n    {status} · {run.run_id} · {when}")
            item.setData(Qt.ItemDataRole.UserRole, run.run_id)
            item.setToolTip(html.escape(run.directive))
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        else:
            self.list.addItem(QListWidgetItem(self.tr("No plans yet: Session → Plan a project…")))
        layout.addWidget(self.list, 1)
        buttons = QDialogButtonBox()
        self.open_button = buttons.addButton(self.tr("Open"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setEnabled(bool(runs))
        close = buttons.addButton(self.tr("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.open_button.clicked.connect(self._open)
        close.clicked.connect(self.reject)
        self.list.itemActivated.connect(lambda _item: self._open())
        layout.addWidget(buttons)
        fit_platform(self)

    def run_ids(self) -> list[str]:
        return [i for i in (self.list.item(n).data(Qt.ItemDataRole.UserRole) for n in range(self.list.count())) if i]

    def select(self, run_id: str) -> None:
        self.list.setCurrentRow(self.run_ids().index(run_id))

    def _open(self) -> None:
        item = self.list.currentItem()
        run_id = item.data(Qt.ItemDataRole.UserRole) if item else None
        if run_id:
            self.chosen.emit(run_id)
            self.accept()
