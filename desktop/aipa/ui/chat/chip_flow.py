"""Attachment chips' layout: a flow that puts chips side by side and wraps them onto the
next line when the row is full (never squeezing them until their text is cut), and a
label that shortens its text with "…" to the width it gets (a chip wider than the whole
row), whole in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLabel, QLayout, QLayoutItem, QWidget


class ElidedLabel(QLabel):
    """One line of plain text, shortened in the middle with "…" to the label's width (the
    file's extension and the size stay readable); its size hint is the whole text."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = text
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._fit()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.full) + margins.left() + margins.right() + 2
        return QSize(width, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("…") * 6, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = max(0, self.contentsRect().width() - 2)
        shown = (
            self.full
            if self.width() >= self.sizeHint().width()
            else self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideMiddle, room)
        )
        if shown != self.text():
            self.setText(shown)

    def elided(self) -> bool:
        return self.text() != self.full


class FlowLayout(QLayout):
    """Items left to right, wrapping to a new line when the next does not fit; an item
    wider than the whole line gets the line's width (its label elides)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in ``rect`` (when ``move``); the height they take."""
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            widget = item.widget()
            if widget is not None and widget.isHidden():
                continue
            hint = item.sizeHint()
            width = min(hint.width(), rect.width()) if rect.width() > 0 else hint.width()
            if x > rect.x() and x + width > rect.right() + 1:  # full: the next line
                x, y, line = rect.x(), y + line + self._gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + self._gap
            line = max(line, hint.height())
        return y + line - rect.y()
