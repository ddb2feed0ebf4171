"""Ask what to tell a re-run (issue 23): "Re-run…" on a lead's card, "Re-run synthesis…"
on the deliverable. The feedback is optional; Re-run runs the lead (or the synthesis)
again as the run's next revision, the rest kept (``Team.rerun``)."""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout

from aipa.ui.platform import fit_platform
from aipa.ui.widgets import label


class RerunDialog(QDialog):
    """``chosen(feedback)`` when the Principal asks for the re-run ("" : no feedback)."""

    chosen = Signal(str)

    def __init__(self, what: str, explain: str, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("rerunDialog")
        title = self.tr("Re-run {what}")
        self.setWindowTitle(title.format(what=what))
        self.setAccessibleName(title.format(what=what))
        layout = QVBoxLayout(self)
        heading = title.format(what=html.escape(what))
        layout.addWidget(label("rerunIntro", f"<b>{heading}</b><br>{html.escape(explain)}"))
        self.feedback = QPlainTextEdit(self)
        self.feedback.setObjectName("rerunFeedback")
        self.feedback.setAccessibleName(self.tr("Feedback for the re-run (optional)"))
        self.feedback.setPlaceholderText(self.tr("What to do differently (optional)"))
        layout.addWidget(self.feedback, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.run_button = buttons.addButton(self.tr("Re-run"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.run_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.accepted.connect(lambda: self.chosen.emit(self.feedback.toPlainText().strip()))
        self.resize(520, 260)
        fit_platform(self)
