"""Rows whose body is rendered a slice at a time (card_body.py): at the next turn of the
loop, once the loop has served what waits (input, timers, painting), each such row is
marked changed, which renders its next slice; until none is left behind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from aipa.ui.transcript.card_host import CardView
    from aipa.ui.transcript.model import ChatItem


class CatchUp(QObject):
    def __init__(self, view: CardView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self._rows: dict[int, ChatItem] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._run)

    def soon(self, item: ChatItem) -> None:
        """Render more of ``item``'s body at the next turn of the loop."""
        self._rows[item.uid] = item
        if not self._timer.isActive():
            self._timer.start()

    def waiting(self) -> bool:
        """Some row still has blocks to render (tests, benchmarks)."""
        return bool(self._rows)

    def _run(self) -> None:
        rows, self._rows = self._rows, {}
        for item in rows.values():
            row = self.view.row_of(item)
            if row >= 0:  # (gone from the transcript: nothing to finish)
                self.view.chat_model.touch(row)
