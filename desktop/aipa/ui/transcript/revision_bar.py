"""The ‹ 2/3 › switcher on the cards of a run with several revisions (issue 23): real
buttons laid over the painted card (an index widget of the transcript, placed by the
delegate in the strip it keeps under the card's header), so that the keyboard and
screen readers reach them. Previous and Next move the family to another revision in
place; Compare… opens the two revisions' deliverables side by side.

The bar is one Tab stop (issue 35: a card's switcher added three): one of its buttons
takes Tab focus at a time, the arrow keys move between them (in the layout's direction),
as in a toolbar."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from aipa.ui.theme import Theme


class RevisionBar(QWidget):
    """``stepped(run_id, +1 | -1)`` and ``compareRequested(run_id)``: ``run_id`` is the
    revision on whose card the bar sits."""

    stepped = Signal(str, int)
    compareRequested = Signal(str)

    def __init__(self, run_id: str, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("revisionBar")
        self.run_id = run_id
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.previous = self._button(
            "‹", QCoreApplication.translate("RevisionBar", "Previous revision"), "revisionPrevious"
        )
        self.previous.clicked.connect(lambda: self.stepped.emit(self.run_id, -1))
        self.position = QLabel(self)
        self.position.setObjectName("revisionPosition")
        self.position.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next = self._button("›", QCoreApplication.translate("RevisionBar", "Next revision"), "revisionNext")
        self.next.clicked.connect(lambda: self.stepped.emit(self.run_id, 1))
        self.compare = self._button(
            QCoreApplication.translate("RevisionBar", "Compare…"),
            QCoreApplication.translate("RevisionBar", "Compare revisions"),
            "revisionCompare",
        )
        self.compare.clicked.connect(lambda: self.compareRequested.emit(self.run_id))
        self.cost = QLabel(self)
        self.cost.setObjectName("revisionCost")
        for widget in (self.previous, self.position, self.next, self.compare):
            layout.addWidget(widget)
        layout.addSpacing(8)
        layout.addWidget(self.cost)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.buttons = (self.previous, self.next, self.compare)
        self._stop = self.previous  # the button Tab reaches
        self._rove()
        self.set_theme(theme)

    def _button(self, text: str, name: str, object_name: str) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(object_name)
        button.setText(text)
        button.setAccessibleName(name)
        button.setToolTip(name)
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        button.setAutoRaise(True)
        button.installEventFilter(self)
        return button

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Left/Right move the focus between the enabled buttons; the focused one becomes
        the bar's Tab stop."""
        if watched in getattr(self, "buttons", ()):
            if event.type() == QEvent.Type.FocusIn:
                self._stop = watched  # type: ignore[assignment]
                self._rove()
            elif isinstance(event, QKeyEvent) and event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                forward = (event.key() == Qt.Key.Key_Right) != self.isRightToLeft()
                enabled = [b for b in self.buttons if b.isEnabled()]
                if watched in enabled and event.type() == QEvent.Type.KeyPress:
                    at = [b is watched for b in enabled].index(True) + (1 if forward else -1)
                    if 0 <= at < len(enabled):
                        enabled[at].setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().eventFilter(watched, event)

    def _rove(self) -> None:
        """One Tab stop: the chosen button (or the first enabled one) has Tab focus, the
        others only click focus."""
        enabled = [b for b in self.buttons if b.isEnabled()]
        if self._stop not in enabled and enabled:
            self._stop = enabled[0]
        for button in self.buttons:
            tab = button is self._stop
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus if tab else Qt.FocusPolicy.ClickFocus)

    def set_theme(self, theme: Theme) -> None:
        self.setStyleSheet(
            f"QToolButton {{ color: {theme.accent}; font-weight: 600; padding: 0 5px; border-radius: 4px; }}"
            f"QToolButton:hover {{ background: {theme.action_bg}; }}"
            f"QToolButton:focus {{ border: 2px solid {theme.accent}; }}"
            f"QToolButton:disabled {{ color: {theme.dim}; }}"
            f"QLabel#revisionPosition {{ color: {theme.text}; padding: 0 2px; }}"
            f"QLabel#revisionCost {{ color: {theme.dim}; }}"
        )

    def show_position(self, number: int, total: int, *, detail: str = "", cost: str = "") -> None:
        """Revision ``number`` of ``total`` is the one on this card; ``detail``: what it is
        (the tooltip, and what a screen reader says); ``cost``: what it cost, in a few words."""
        self.position.setText(f"{number}/{total}")
        spoken = QCoreApplication.translate("RevisionBar", "Revision {number} of {total}").format(
            number=number, total=total
        )
        self.position.setAccessibleName(spoken)
        self.setAccessibleName(spoken)
        self.setAccessibleDescription(detail)
        self.setToolTip(detail)
        self.position.setToolTip(detail)
        self.previous.setEnabled(number > 1)
        self.next.setEnabled(number < total)
        self._rove()
        self.cost.setText(cost)
        self.cost.setVisible(bool(cost))
        self.adjustSize()
