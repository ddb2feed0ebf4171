"""An inline gate (review, clarify, a tool call's permission: a decision waiting for the
Principal) docked under the transcript, as the transcript's *sibling* in the chat column.

Why not inside the chat view: a QListView's accessibility interface (Qt's QAccessibleTable)
exposes only the view's rows, so a card that is the view's child never reaches the
accessibility tree and a screen reader cannot find its buttons. A scroll area's interface
exposes its viewport and every widget in it, so the card lives in this scroll area below
the list: real widgets with their names and roles, in the window's focus chain right after
the transcript. The dock is never taller than ``MAX_SHARE`` of the column; a taller card
scrolls inside it (Tab scrolls the focused answer box into view). Once decided, the focus
goes back where it was (the input, usually)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QWidget

MAX_SHARE = 0.6  # the most of the chat column a gate takes; the transcript keeps the rest


class GateDock(QScrollArea):
    """Holds the gate shown now (``gate``), hidden while there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gateDock")
        self.setAccessibleName(self.tr("Decision"))
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the card's own controls take the focus
        self.gate: QWidget | None = None
        self._return_focus: QWidget | None = None  # where the focus was before the gate took it
        self._had_focus = False  # the card held the focus as it hid (a decision hides it first)
        self.hide()

    def show_gate(self, card: QWidget, theme) -> None:
        """Dock ``card`` and give the focus to its first control."""
        self.gate = card
        focused = QApplication.focusWidget()
        self._return_focus = focused if focused is not None and not self.isAncestorOf(focused) else None
        card.setAutoFillBackground(True)
        card.setStyleSheet(
            f"#{card.objectName()} {{ background: {theme.card}; border-top: 2px solid {theme.deliverable_border}; }}"
        )
        self.setWidget(card)  # (reparents it into the viewport)
        card.installEventFilter(self)  # its size changes (Edit opens the feedback field): placed again
        if (column := self.parentWidget()) is not None:  # the column's height caps the dock's
            column.installEventFilter(self)
        self.show()
        card.show()
        self.updateGeometry()
        first = getattr(card, "focus_first", None)
        if callable(first):
            first()
        else:
            card.setFocus()

    def close_gate(self, card: QWidget) -> None:
        if self.gate is card:
            focused = QApplication.focusWidget()
            had_focus = self._had_focus or (focused is not None and card.isAncestorOf(focused))
            self.gate, self._had_focus = None, False
            self.takeWidget()
            self.hide()
            back, self._return_focus = self._return_focus, None
            # (the input, usually; gone when it was the Inbox's Answer now, which goes with its entry)
            if had_focus and back is not None and shiboken6.isValid(back) and back.isVisible():
                back.setFocus(Qt.FocusReason.OtherFocusReason)
        card.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.gate and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        elif watched is self.gate and event.type() == QEvent.Type.Hide:
            focused = QApplication.focusWidget()
            self._had_focus = focused is not None and self.gate.isAncestorOf(focused)
        elif watched is self.parentWidget() and event.type() == QEvent.Type.Resize and self.gate is not None:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        card = self.gate
        if card is None:
            return QSize(0, 0)
        width = self.viewport().width() or self.width()
        height = card.heightForWidth(width) if card.hasHeightForWidth() else -1
        if height < 0:
            height = card.sizeHint().height()
        height = max(height, card.minimumSizeHint().height())
        column = self.parentWidget()
        if column is not None and column.height() > 0:
            height = min(height, int(column.height() * MAX_SHARE))
        return QSize(width, height + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, min(self.sizeHint().height(), 120))
