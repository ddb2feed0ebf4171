"""Text as it came, in a window of its own: ``/debug`` (every agent's unparsed reply of
the last run, one entry each) and ``/thinking`` (the last response's thinking). The
list on the left picks an entry; the right shows its text in a selectable monospace
view, with Copy for the entry shown."""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from aipa.ui.dialogs.words import decimal, number
from aipa.ui.platform import fit_platform


@dataclass(frozen=True)
class RawEntry:
    label: str  # the list's line: "Miranda · route"
    detail: str  # the line above the text: provider, model, tokens, time
    text: str
    color: str = ""  # the agent's colour, for the list's dot


def reply_entries(replies, look) -> list[RawEntry]:
    """One entry per raw reply (``core.runs.raw_replies``); ``look(agent)`` -> (colour, title)."""
    entries = []
    for r in replies:
        bits = [r.at.replace("T", " ")[:19] if r.at else ""]
        bits.append(" · ".join(x for x in (r.provider, r.model) if x))
        if r.input_tokens or r.output_tokens:
            tokens = QCoreApplication.translate("RawDialog", "{input} in / {output} out tokens")
            bits.append(tokens.format(input=number(r.input_tokens), output=number(r.output_tokens)))
        if r.seconds >= 0.05:
            bits.append(QCoreApplication.translate("RawDialog", "{seconds} s").format(seconds=decimal(r.seconds)))
        size = len(r.content)
        bits.append(QCoreApplication.translate("RawDialog", "{count} characters").format(count=number(size)))
        if not r.recorded:
            bits.append(QCoreApplication.translate("RawDialog", "stored reply (this run predates the raw record)"))
        text = r.content or QCoreApplication.translate("RawDialog", "(empty reply)")
        if r.thinking.strip():
            rule = QCoreApplication.translate("RawDialog", "──── its thinking, before the reply ────")
            text = f"{text}\n\n{rule}\n{r.thinking.strip()}"
        entries.append(RawEntry(r.label, " · ".join(b for b in bits if b), text, look(r.agent)[0]))
    return entries


class RawDialog(QDialog):
    def __init__(
        self, title: str, entries: list[RawEntry], theme, parent=None, *, name: str = "rawDialog", intro: str = ""
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(980, 640)
        self.entries = entries
        layout = QVBoxLayout(self)
        if intro:
            heading = QLabel(intro, self)
            heading.setObjectName("rawIntro")
            heading.setWordWrap(True)
            heading.setTextFormat(Qt.TextFormat.RichText)
            layout.addWidget(heading)
        self.list = QListWidget(self)
        self.list.setSpacing(3)
        self.list.setObjectName("rawList")
        self.list.setAccessibleName(self.tr("Replies"))
        for entry in entries:
            item = QListWidgetItem("●  " + entry.label)
            if entry.color:
                item.setForeground(QColor(entry.color))
            item.setToolTip(entry.detail)
            self.list.addItem(item)
        self.detail = QLabel(self)
        self.detail.setObjectName("rawDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setStyleSheet(f"color: {theme.dim};")
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("rawText")
        self.text.setAccessibleName(self.tr("Raw text"))
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.text.setFont(mono)
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.detail)
        column.addWidget(self.text, 1)
        split = QSplitter(self)
        split.addWidget(self.list)
        split.addWidget(right)
        split.setSizes([260, 720])
        self.list.setVisible(len(entries) > 1)
        layout.addWidget(split, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the text shown"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text.toPlainText()))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(self.show_entry)
        if entries:
            self.list.setCurrentRow(0)
        fit_platform(self)

    def show_entry(self, row: int) -> None:
        if not 0 <= row < len(self.entries):
            return
        entry = self.entries[row]
        head = f"<b>{html.escape(entry.label)}</b>"
        self.detail.setText(head + (f" · {html.escape(entry.detail)}" if entry.detail else ""))
        self.text.setPlainText(entry.text)
