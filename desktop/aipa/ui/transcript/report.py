"""A lead's full report (or a message's details) in a window of its own: rendered by
the shared sanitising renderer, selectable, links opened only after a click."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout

from aipa.ui.safe_text import SafeBrowser


class ReportDialog(QDialog):
    def __init__(self, title: str, markdown: str, theme, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(760, 620)
        layout = QVBoxLayout(self)
        self.browser = SafeBrowser(self, theme=theme)
        self.browser.setAccessibleName(self.tr("Report text"))
        self.browser.set_markdown(markdown)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
