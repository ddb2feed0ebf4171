"""Edit the leads' briefs and re-run (issue 23): a branch from dispatch. Each lead's brief
of the run is in its own box, as the Chief of Staff wrote it; Re-run runs again only the
leads whose brief the Principal changed, then the synthesis and the audit, the other
reports kept byte for byte (``Team.rerun(briefs=…)``)."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from aipa.ui.i18n import counted
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import label


class BriefsRerunDialog(QDialog):
    """``chosen(edits)``: {task id: new brief} for the briefs that changed (Re-run is off
    until one has). ``tasks``: the run's task records (task_id, assigned_to, title, brief)."""

    chosen = Signal(dict)

    def __init__(self, tasks, parent=None, *, focus_task: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("briefsRerunDialog")
        self.setWindowTitle(QCoreApplication.translate("BriefsRerunDialog", "Edit briefs and re-run"))
        self.setAccessibleName(QCoreApplication.translate("BriefsRerunDialog", "Edit briefs and re-run"))
        self.tasks = list(tasks)
        layout = QVBoxLayout(self)
        intro = QCoreApplication.translate(
            "BriefsRerunDialog",
            "Change what a lead is asked. Only the leads whose brief you change run again, then the "
            "synthesis and the audit; the other reports are kept as they are. The run so far stays "
            "as an earlier revision.",
        )
        heading = QCoreApplication.translate("BriefsRerunDialog", "Edit briefs and re-run")
        layout.addWidget(label("briefsIntro", f"<b>{html.escape(heading)}</b><br>{html.escape(intro)}"))
        inner = QWidget()
        boxes = QVBoxLayout(inner)
        self.editors: dict[str, QPlainTextEdit] = {}
        for task in self.tasks:
            caption = QLabel(f"<b>{html.escape(task.assigned_to)}</b> · {html.escape(task.title)}")
            editor = QPlainTextEdit(task.brief)
            editor.setObjectName(f"brief_{task.task_id}")
            editor.setAccessibleName(
                QCoreApplication.translate("BriefsRerunDialog", "Brief for {lead}: {title}").format(
                    lead=task.assigned_to, title=task.title
                )
            )
            editor.setTabChangesFocus(True)
            editor.setMinimumHeight(80)
            editor.textChanged.connect(self._changed)
            caption.setBuddy(editor)
            boxes.addWidget(caption)
            boxes.addWidget(editor)
            self.editors[task.task_id] = editor
        boxes.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout.addWidget(scroll, 1)
        self.status = QLabel()
        self.status.setObjectName("briefsStatus")
        layout.addWidget(self.status)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.run_button = buttons.addButton(
            QCoreApplication.translate("BriefsRerunDialog", "Re-run"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.run_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.accepted.connect(lambda: self.chosen.emit(self.edits()))
        self.resize(640, 560)
        fit_platform(self)
        self._changed()
        # the brief of the card it was opened from takes the focus once the dialog shows
        self.first = self.editors.get(focus_task) or next(iter(self.editors.values()), None)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.first is not None:
            self.first.setFocus()

    def edits(self) -> dict[str, str]:
        """The briefs that changed: task id -> the new text."""
        out = {}
        for task in self.tasks:
            text = self.editors[task.task_id].toPlainText().strip()
            if text and text != task.brief.strip():
                out[task.task_id] = text
        return out

    def _changed(self) -> None:
        n = len(self.edits())
        self.run_button.setEnabled(n > 0)
        self.status.setText(
            QCoreApplication.translate("BriefsRerunDialog", "No brief changed yet.")
            if not n
            else counted(self.tr("{count} lead(s) will run again.", "", n), n)
        )
