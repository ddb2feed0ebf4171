"""The input box: multi-line; Enter sends and Shift+Enter adds a line (or, with the
``send_key`` setting "ctrl+enter", Ctrl+Enter sends and Enter adds a line); Esc stops;
slash commands complete; files dropped on it are attached (``filesDropped``, see
ui/chat/attachments.py), and so is a picture pasted (Ctrl+V of a screenshot) or dropped
as data (from a browser): a ``PastedPicture`` in the same signal; other drops and
pastes insert their text as usual."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QCompleter, QListView, QPlainTextEdit

from aipa.ui.chat import commands
from aipa.ui.chat.slash_popup import POPUP_WIDTH, CommandDelegate, command_model
from aipa.ui.platform import headless


def local_paths(mime) -> list[str]:
    """The local files and folders a drag carries (none for text or remote URLs)."""
    if mime is None or not mime.hasUrls():
        return []
    urls = mime.urls()
    paths = [u.toLocalFile() for u in urls if u.isLocalFile() and u.toLocalFile()]
    return paths if len(paths) == len(urls) else []


class ComposeBox(QPlainTextEdit):
    submitted = Signal(str)
    stopRequested = Signal()
    filesDropped = Signal(list)  # local paths (files, or a folder to grant), or a PastedPicture

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("compose")
        self.setAccessibleName(self.tr("Message"))
        self.setTabChangesFocus(True)
        self.send_key = "enter"
        self.can_send = True  # off while no model is reachable
        self.set_target("")
        self.completer = QCompleter(command_model(self), self)  # each command with what it does
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        # headless platforms cannot show a keyboard-grabbing popup: complete inline there
        self.completer.setCompletionMode(
            QCompleter.CompletionMode.InlineCompletion if headless() else QCompleter.CompletionMode.PopupCompletion
        )
        popup = QListView()  # (the completer owns it; kept in inline mode too, where it stays hidden)
        popup.setAccessibleName(self.tr("Commands"))
        self.completer.setPopup(popup)
        popup.setItemDelegate(CommandDelegate(popup))  # after setPopup, which sets a delegate of its own
        self.completer.activated.connect(self._insert_completion)
        self.textChanged.connect(self._maybe_complete)
        self.fit_font()

    def fit_font(self) -> None:
        """Four lines of the current font (the box follows the font-size setting)."""
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 20)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.fit_font()

    def send_key_label(self) -> str:
        return "Ctrl+Enter" if self.send_key == "ctrl+enter" else "Enter"

    def set_send_key(self, key: str) -> None:
        self.send_key = key
        self.set_target(self._target)

    def set_target(self, agent: str) -> None:
        self._target = agent
        newline = "Enter" if self.send_key == "ctrl+enter" else "Shift+Enter"
        keys = self.tr("{send} to send · {newline} for a new line").format(send=self.send_key_label(), newline=newline)
        if agent:
            self.setPlaceholderText(self.tr("Message {agent} directly…   {keys}").format(agent=agent, keys=keys))
            said = self.tr("Your message to {agent} alone. {keys}.")
            self.setAccessibleDescription(said.format(agent=agent, keys=keys))
        else:
            self.setPlaceholderText(self.tr("Type a directive or /command…   {keys}").format(keys=keys))
            self.setAccessibleDescription(
                self.tr("Your directive to the team, or a /command. {keys}; Esc stops a run.").format(keys=keys)
            )

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
                rect.setWidth(min(POPUP_WIDTH, max(260, self.width() - rect.left())))
                self.completer.complete(rect)
                return
        if self._popup() is not None:
            self._popup().hide()

    def _sends(self, modifiers) -> bool:
        """Whether Return with ``modifiers`` sends (else it adds a line)."""
        mods = Qt.KeyboardModifier
        one_line_command = self.toPlainText().startswith("/") and "\n" not in self.toPlainText()
        if self.send_key == "ctrl+enter":
            return bool(modifiers & mods.ControlModifier) or one_line_command
        return not (modifiers & (mods.ShiftModifier | mods.AltModifier))

    def _popup(self):
        if self.completer.completionMode() != QCompleter.CompletionMode.PopupCompletion:
            return None
        return self.completer.popup()

    def _insert_completion(self, text: str) -> None:
        self.setPlainText(text + " ")
        self.moveCursor(QTextCursor.MoveOperation.End)

    def dragEnterEvent(self, event) -> None:
        if local_paths(event.mimeData()) or event.mimeData().hasImage():
            event.acceptProposedAction()
            return
        super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        if local_paths(event.mimeData()) or event.mimeData().hasImage():
            event.acceptProposedAction()
            return
        super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.filesDropped.emit(paths)
            return
        if self._picture_from(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dropEvent(event)

    def canInsertFromMimeData(self, source) -> bool:
        return bool(source is not None and source.hasImage()) or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source) -> None:
        """Ctrl+V: a picture (a screenshot) or picture files are attached; text is pasted."""
        paths = local_paths(source)
        if paths:
            self.filesDropped.emit(paths)
            return
        if not self._picture_from(source):
            super().insertFromMimeData(source)

    def _picture_from(self, mime) -> bool:
        if mime is None or not mime.hasImage():
            return False
        from aipa.ui.chat.picture_tray import from_image

        pasted = from_image(mime.imageData())
        if pasted is not None:
            self.filesDropped.emit([pasted])
        return pasted is not None

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
        if is_return and self._sends(event.modifiers()):
            if not self.can_send and not self.toPlainText().startswith("/"):
                return  # no model: the text stays (the notice above says why)
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
