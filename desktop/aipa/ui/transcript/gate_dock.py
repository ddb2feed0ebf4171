"""An inline gate (review, clarify: a decision waiting for the Principal) docked under
the transcript: the chat view's viewport ends above it, and it is placed again when its
size changes."""

from __future__ import annotations

from PySide6.QtCore import QEvent


class GateDock:
    """Part of ``ChatView`` (a QListView): ``gate`` is the card docked now, or None."""

    gate = None

    def show_gate(self, card) -> None:
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

    def close_gate(self, card) -> None:
        if getattr(self, "gate", None) is card:
            self.gate = None
            self.setViewportMargins(0, 0, 0, 0)
        card.hide()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.gate and event.type() == QEvent.Type.LayoutRequest:
            self._place_gate()
        return super().eventFilter(watched, event)

    def _place_gate(self) -> None:
        card = getattr(self, "gate", None)
        if card is None:
            return
        bar = self.verticalScrollBar()
        width = self.width() - (bar.width() if bar.isVisible() else 0)  # the scroll bar stays usable
        card.layout().activate()
        height = min(
            card.heightForWidth(width) if card.hasHeightForWidth() else card.sizeHint().height(),
            int(self.height() * 0.6),
        )
        height = max(height, card.minimumSizeHint().height())
        self.setViewportMargins(0, 0, 0, height)
        card.setGeometry(0, self.height() - height, width, height)
