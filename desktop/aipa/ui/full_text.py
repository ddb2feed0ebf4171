"""A message shown in part (core/text/shown_part.py) as its card says so, and its full
text as written, in a plain view of its own: the link under the card's blocks opens it
(and the row's context menu: "Show the full text…")."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QGuiApplication, QTextOption
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QPushButton, QVBoxLayout

FULL_TEXT_LINK = "aipa:full-text"
LONG_LINE = 5_000  # a line this long has no place to wrap, maybe: the view wraps anywhere


def note_html() -> str:
    """The line under a card shown in part: what it is, and the link to the full text."""
    words = QCoreApplication.translate("Transcript", "Shown in part · Show the full text")
    return f'<p><i><a href="{FULL_TEXT_LINK}">{html.escape(words)}</a></i></p>'


class FullTextDialog(QDialog):
    """The message as it was written, plain, selectable; Copy all copies every character."""

    def __init__(self, title: str, text: str, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(820, 640)
        self.text = text
        layout = QVBoxLayout(self)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        self.view.setAccessibleName(self.tr("Full text"))
        self.view.setFont(QFont("monospace"))
        if any(len(line) > LONG_LINE for line in text.splitlines()):
            # Qt looks for a word break along the whole line first: minutes for a megabyte without a space
            self.view.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
        self.view.setPlainText(text)
        layout.addWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = QPushButton(self.tr("Copy all"), self)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
