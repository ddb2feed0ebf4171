"""Sessions, newest first, with full-text search over their messages (FTS5); a found
session's tooltip shows the matching text."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

SESSION_ROLE = Qt.ItemDataRole.UserRole + 3


class SessionList(QWidget):
    sessionActivated = Signal(str)

    def __init__(self, search, parent=None) -> None:
        """``search(query) -> [(SessionRecord, snippet)]`` (the controller does the lookup)."""
        super().__init__(parent)
        self._search = search
        self._current = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.query = QLineEdit()
        self.query.setObjectName("sessionSearch")
        self.query.setPlaceholderText("Search sessions (full text)…")
        self.query.setClearButtonEnabled(True)
        layout.addWidget(self.query)
        self.list = QListWidget()
        self.list.setObjectName("sessionList")
        self.list.setFrameShape(QListWidget.Shape.NoFrame)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long titles elide
        self.list.setUniformItemSizes(True)
        layout.addWidget(self.list, 1)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(200)
        self._debounce.timeout.connect(self.refresh)
        self.query.textChanged.connect(lambda _t: self._debounce.start())
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)

    def _activated(self, item: QListWidgetItem) -> None:
        sid = item.data(SESSION_ROLE)
        if sid and sid != self._current:
            self.sessionActivated.emit(sid)

    def set_current(self, session_id: str) -> None:
        self._current = session_id
        self.refresh()

    def refresh(self) -> None:
        sessions = self._search(self.query.text())
        self.list.clear()
        for s, snippet in sessions:
            when = s.last_active.astimezone().strftime("%d %b %H:%M")
            title = s.title or s.id
            item = QListWidgetItem(f"{title}\n{when} · {s.id}")
            item.setData(SESSION_ROLE, s.id)
            tip = f"{title}\n{s.id}" + (" · closed" if s.closed_at else "")
            item.setToolTip(tip + (f"\n\n{snippet}" if snippet else ""))
            self.list.addItem(item)
            if s.id == self._current:
                item.setSelected(True)
                self.list.setCurrentItem(item)

    def ids(self) -> list[str]:
        return [self.list.item(i).data(SESSION_ROLE) for i in range(self.list.count())]
