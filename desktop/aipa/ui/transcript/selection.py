"""Text selection in the painted chat: one message at a time, from a mouse drag (a
double click takes a word), Shift with the arrow, Home and End keys, or Ctrl+A (the
whole message). The rows are painted documents, not widgets, so the selection is kept
here as two points of the row's ``BlockStack`` (part, position) and the delegate draws
it; Ctrl+C copies it as plain text."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QTextCursor

from aipa.ui.transcript.model import LINE_KINDS, ChatItem

_MOVES = {
    Qt.Key.Key_Left: (QTextCursor.MoveOperation.Left, QTextCursor.MoveOperation.WordLeft),
    Qt.Key.Key_Right: (QTextCursor.MoveOperation.Right, QTextCursor.MoveOperation.WordRight),
    Qt.Key.Key_Up: (QTextCursor.MoveOperation.Up, QTextCursor.MoveOperation.Up),
    Qt.Key.Key_Down: (QTextCursor.MoveOperation.Down, QTextCursor.MoveOperation.Down),
    Qt.Key.Key_Home: (QTextCursor.MoveOperation.StartOfLine, QTextCursor.MoveOperation.StartOfLine),
    Qt.Key.Key_End: (QTextCursor.MoveOperation.EndOfLine, QTextCursor.MoveOperation.EndOfLine),
}


class TextSelection:
    def __init__(self, view) -> None:
        """``view`` is the ChatView: its model, delegate and geometry."""
        self.view = view
        self.item: ChatItem | None = None
        self.anchor = (0, 0)
        self.head = (0, 0)
        self.dragging = False

    # state ------------------------------------------------------------------------------

    def _stack(self, item: ChatItem | None):
        if item is None or item.kind in LINE_KINDS or item.collapsed:
            return None
        return self.view.chat_delegate.body_of(item)

    def has_text(self) -> bool:
        return self.item is not None and self.anchor != self.head and bool(self.text())

    def text(self) -> str:
        stack = self._stack(self.item)
        return stack.text_between(self.anchor, self.head) if stack is not None else ""

    def ranges(self, item: ChatItem, stack) -> dict[int, tuple[int, int]] | None:
        """What to highlight in ``item``'s body (the delegate asks while painting)."""
        if item is not self.item or self.anchor == self.head:
            return None
        return stack.selected(self.anchor, self.head)

    def clear(self) -> None:
        if self.item is not None:
            self._repaint()
        self.item, self.anchor, self.head, self.dragging = None, (0, 0), (0, 0), False

    def select_all(self, item: ChatItem) -> bool:
        stack = self._stack(item)
        if stack is None:
            return False
        self.clear()
        self.item, self.anchor, self.head = item, (0, 0), stack.end()
        self._repaint()
        return True

    def _repaint(self) -> None:
        row = self.view.row_of(self.item)
        if row >= 0:
            self.view.update(self.view.model().index(row, 0))

    # mouse ------------------------------------------------------------------------------

    def _point(self, item: ChatItem, pos) -> tuple[int, int] | None:
        """The text position under ``pos`` (viewport coordinates) in ``item``'s body."""
        stack = self._stack(item)
        row = self.view.row_of(item)
        if stack is None or row < 0:
            return None
        body = self.view.chat_delegate.body_rect(item)
        if body is None:
            return None
        top_left = self.view.visualRect(self.view.model().index(row, 0)).topLeft() + body.topLeft()
        return stack.locate(QPointF(pos - top_left))

    def in_body(self, item: ChatItem, row_pos) -> bool:
        body = self.view.chat_delegate.body_rect(item)
        return body is not None and body.contains(row_pos)

    def press(self, item: ChatItem, pos) -> None:
        self.clear()
        point = self._point(item, pos)
        if point is None:
            return
        self.item, self.anchor, self.head, self.dragging = item, point, point, True

    def drag(self, pos) -> None:
        if not self.dragging or self.item is None:
            return
        point = self._point(self.item, pos)
        if point is not None and point != self.head:
            self.head = point
            self._repaint()

    def release(self) -> None:
        self.dragging = False

    def double_click(self, item: ChatItem, pos) -> None:
        point = self._point(item, pos)
        stack = self._stack(item)
        if point is None or stack is None:
            return
        self.clear()
        self.item = item
        self.anchor, self.head = stack.word_at(point)
        self._repaint()

    # keys -------------------------------------------------------------------------------

    def key(self, event, current: ChatItem | None) -> bool:
        """Handle a key press; True when it was a selection key."""
        if event.matches(QKeySequence.StandardKey.Copy):
            if self.has_text():
                QGuiApplication.clipboard().setText(self.text())
                return True
            if current is not None and current.content:
                QGuiApplication.clipboard().setText(current.content)
                return True
            return False
        if event.matches(QKeySequence.StandardKey.SelectAll):
            return current is not None and self.select_all(current)
        mods = event.modifiers()
        if not mods & Qt.KeyboardModifier.ShiftModifier or event.key() not in _MOVES:
            return False
        item = self.item if self.item is not None else current
        stack = self._stack(item)
        if stack is None:
            return False
        if item is not self.item:  # start at the beginning of the current message
            self.clear()
            self.item, self.anchor, self.head = item, (0, 0), (0, 0)
        op = _MOVES[event.key()][1 if mods & Qt.KeyboardModifier.ControlModifier else 0]
        self.head = stack.move(self.head, op)
        self._repaint()
        return True
