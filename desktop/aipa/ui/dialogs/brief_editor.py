"""View and edit the standing brief (the orchestrator's memory across sessions)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
)

from aipa.ui.dialogs.common import confirm
from aipa.ui.platform import fit_platform
from aipa.ui.safe_text import SafeBrowser


class BriefEditor(QDialog):
    def __init__(self, parent, brief, theme) -> None:
        """``brief`` is a core StandingBrief (text/set/reset)."""
        super().__init__(parent)
        self.setObjectName("briefEditor")
        self.setWindowTitle(self.tr("Standing brief"))
        self.resize(900, 620)
        self.brief = brief
        layout = QVBoxLayout(self)
        note = QLabel(
            self.tr(
                "The Chief of Staff's working memory across sessions. It is rewritten when a session "
                "closes; edit it to correct or add what the team should remember."
            )
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("briefText")
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.editor.setFont(mono)
        self.preview = SafeBrowser(theme=theme)
        split.addWidget(self.editor)
        split.addWidget(self.preview)
        layout.addWidget(split, 1)
        buttons = QDialogButtonBox()
        self.save_button = buttons.addButton(self.tr("Save"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.reset_button = buttons.addButton(self.tr("Reset to template…"), QDialogButtonBox.ButtonRole.ResetRole)
        self.close_button = buttons.addButton(self.tr("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.save)
        self.reset_button.clicked.connect(self._confirm_reset)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        fit_platform(self)
        self.editor.textChanged.connect(lambda: self.preview.set_markdown(self.editor.toPlainText()))
        self.load()

    def load(self) -> None:
        self.editor.setPlainText(self.brief.text())

    def save(self) -> None:
        self.brief.set(self.editor.toPlainText(), "edited in the app")
        self.load()

    def _confirm_reset(self) -> None:
        self.confirm_box = confirm(
            self,
            self.tr("Reset the standing brief?"),
            self.tr("Replace the standing brief with the empty template? Earlier versions stay in the database."),
            self.tr("Reset"),
            self.reset,
            name="resetBriefConfirm",
        )

    def reset(self) -> None:
        self.brief.reset()
        self.load()
