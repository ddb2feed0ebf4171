"""Rename a session: a dialog wide enough for a real title, with the current one selected."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout

from aipa.ui.platform import fit_platform


class RenameDialog(QDialog):
    def __init__(self, parent, title: str) -> None:
        super().__init__(parent)
        self.setObjectName("renameDialog")
        self.setWindowTitle(self.tr("Rename session"))
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        prompt = QLabel(self.tr("New title for this session:"))
        layout.addWidget(prompt)
        self.field = QLineEdit(title)
        self.field.setObjectName("renameField")
        self.field.setAccessibleName(self.tr("Session title"))
        self.field.selectAll()
        prompt.setBuddy(self.field)
        layout.addWidget(self.field)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Rename"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.field.textChanged.connect(lambda text: self.ok_button.setEnabled(bool(text.strip())))
        fit_platform(self)

    def title(self) -> str:
        return self.field.text().strip()
