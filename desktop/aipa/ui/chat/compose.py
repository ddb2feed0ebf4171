"""The input box: multi-line, Ctrl+Enter sends, Esc stops, slash commands complete."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QKeySequence, QTextCursor
from PySide6.QtWidgets import QCompleter, QPlainTextEdit

from aipa.ui.chat import commands
from aipa.ui.platform import headless


class ComposeBox(QPlainTextEdit):
    submitted = Signal(str)
    stopRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("compose")
        self.setTabChangesFocus(True)
        self.set_target("")
        self.completer = QCompleter(QStringListModel(commands.completions(), self), self)
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        # headless platforms cannot show a keyboard-grabbing popup: complete inline there
        self.completer.setCompletionMode(
            QCompleter.CompletionMode.InlineCompletion if headless() else QCompleter.CompletionMode.PopupCompletion
        )
        self.completer.activated.connect(self._insert_completion)
        self.textChanged.connect(self._maybe_complete)
        self.setFixedHeight(84)

    def set_target(self, agent: str) -> None:
        if agent:
            self.setPlaceholderText(f"Message {agent} directly…   Ctrl+Enter to send · /help for commands")
        else:
            self.setPlaceholderText("Type a directive or /command…   Ctrl+Enter to send · Esc to stop")

    def take_text(self) -> str:
        text = self.toPlainText()
        self.clear()
        return text

    def _maybe_complete(self) -> None:
        text = self.toPlainText()
        if text.startswith("/") and " " not in text and "\n" not in text:
            self.completer.setCompletionPrefix(text)
            if (
                self.completer.completionCount()
                and text not in commands.completions()
                and self.completer.completionMode() == QCompleter.CompletionMode.PopupCompletion
            ):
                rect = self.cursorRect()
                rect.setWidth(260)
                self.completer.complete(rect)
                return
        if self._popup() is not None:
            self._popup().hide()

    def _popup(self):
        if self.completer.completionMode() != QCompleter.CompletionMode.PopupCompletion:
            return None
        return self.completer.popup()

    def _insert_completion(self, text: str) -> None:
        self.setPlainText(text + " ")
        self.moveCursor(QTextCursor.MoveOperation.End)

    def keyPressEvent(self, event) -> None:
        popup = self._popup()
        if (
            popup is not None
            and popup.isVisible()
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab)
        ):
            index = popup.currentIndex()
            choice = index.data() if index.isValid() else self.completer.currentCompletion()
            popup.hide()
            if choice:
                self._insert_completion(choice)
            if event.key() == Qt.Key.Key_Tab or not (event.modifiers() & Qt.KeyboardModifier.ControlModifier):
                return
        is_return = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        one_line_command = self.toPlainText().startswith("/") and "\n" not in self.toPlainText()
        if is_return and (event.modifiers() & Qt.KeyboardModifier.ControlModifier or one_line_command):
            text = self.take_text()
            if text.strip():
                self.submitted.emit(text)
            return
        if event.key() == Qt.Key.Key_Escape:
            if popup is not None and popup.isVisible():
                popup.hide()
            else:
                self.stopRequested.emit()
            return
        super().keyPressEvent(event)


SEND_SHORTCUT = QKeySequence("Ctrl+Return")
