"""An inline gate (review, clarify: a decision waiting for the Principal) docked under
the transcript: the chat view's viewport ends above it, and it is placed again when its
size changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QListView, QWidget

if TYPE_CHECKING:
    from aipa.ui.transcript.delegate import ChatDelegate


class GateDock(QListView):
    """Part of ``ChatView``: ``gate`` is the card docked now, or None."""

    gate: QWidget | None = None

    if TYPE_CHECKING:  # (declared for the type checker only: ChatView sets or defines them)
        chat_delegate: ChatDelegate

        def follow(self) -> None: ...

    def show_gate(self, card: QWidget) -> None:
        """Dock ``card`` (a decision waiting for the Principal) under the last message."""
        self.gate = card
        card.setParent(self)
        card.setAutoFillBackground(True)
        t = self.chat_delegate.theme
        card.setStyleSheet(
            f"#{card.objectName()} {{ background: {t.card}; border-top: 2px solid {t.deliverable_border}; }}"
        )
        card.installEventFilter(self)  # its size changes (Edit opens the feedback field): placed again
        card.show()
        self._place_gate()
        card.setFocus()
        self.follow()

    def close_gate(self, card: QWidget) -> None:
        if self.gate is card:
            self.gate = None
            self.setViewportMargins(0, 0, 0, 0)
        card.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.gate and event.type() == QEvent.Type.LayoutRequest:
            self._place_gate()
        return super().eventFilter(watched, event)

    def _place_gate(self) -> None:
        card = self.gate
        if card is None:
            return
        bar = self.verticalScrollBar()
        width = self.width() - (bar.width() if bar.isVisible() else 0)  # the scroll bar stays usable
        layout = card.layout()
        if layout is not None:  # (a gate card always has one)
            layout.activate()
        height = min(
            card.heightForWidth(width) if card.hasHeightForWidth() else card.sizeHint().height(),
            int(self.height() * 0.6),
        )
        height = max(height, card.minimumSizeHint().height())
        self.setViewportMargins(0, 0, 0, height)
        card.setGeometry(0, self.height() - height, width, height)
