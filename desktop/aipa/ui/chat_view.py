"""The transcript view: a virtualized list of cards that follows the newest output
while the user is at the bottom, toggles thinking panels on click and opens links
in the system browser only after a click."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QListView, QMenu

from .chat_delegate import ChatDelegate
from .chat_model import ITEM_ROLE, ChatModel
from .safe_text import open_link
from .theme import Theme


class ChatView(QListView):
    linkClicked = Signal(str)

    def __init__(self, model: ChatModel, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setModel(model)
        self.chat_delegate = ChatDelegate(self, theme)
        self.setItemDelegate(self.chat_delegate)
        self.setUniformItemSizes(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMouseTracking(True)
        self.setFrameShape(QListView.Shape.NoFrame)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.verticalScrollBar().setSingleStep(24)
        self._follow = True
        self.verticalScrollBar().rangeChanged.connect(self._on_range)
        self.verticalScrollBar().valueChanged.connect(self._on_scroll)
        model.dataChanged.connect(self._on_data_changed)
        model.rowsInserted.connect(lambda *_: self._stick())
        model.modelReset.connect(self.chat_delegate.forget)

    @property
    def chat_model(self) -> ChatModel:
        return self.model()

    def _on_data_changed(self, top, bottom, roles=()) -> None:
        for row in range(top.row(), bottom.row() + 1):
            self.chat_delegate.sizeHintChanged.emit(self.chat_model.index(row))

    def _on_scroll(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 8

    def _on_range(self, _lo: int, hi: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(hi)

    def _stick(self) -> None:
        if self._follow:
            self.scrollToBottom()

    def follow(self) -> None:
        self._follow = True
        self.scrollToBottom()

    def _hit(self, pos: QPoint) -> tuple[int, str, str]:
        index = self.indexAt(pos)
        if not index.isValid():
            return -1, "", ""
        item = index.data(ITEM_ROLE)
        rect = self.visualRect(index)
        what, arg = self.chat_delegate.hit(item, pos - rect.topLeft())
        return index.row(), what, arg

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        _, what, _ = self._hit(event.position().toPoint())
        if what:
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.viewport().unsetCursor()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            row, what, arg = self._hit(event.position().toPoint())
            if what == "thinking":
                self.toggle_thinking(row)
            elif what == "fold":
                self.toggle_fold(row)
            elif what == "link":
                self.linkClicked.emit(arg)
                open_link(QUrl(arg))
        super().mouseReleaseEvent(event)

    def toggle_thinking(self, row: int) -> None:
        item = self.chat_model.item(row)
        item.thinking_open = not item.show_thinking_open()
        self.chat_model.touch(row)

    def toggle_fold(self, row: int) -> None:
        item = self.chat_model.item(row)
        item.collapsed = not item.collapsed
        self.chat_model.touch(row)

    def contextMenuEvent(self, event) -> None:  # noqa: N802
        index = self.indexAt(event.pos())
        if not index.isValid():
            return
        item = index.data(ITEM_ROLE)
        menu = QMenu(self)
        copy = QAction("Copy as Markdown", menu)
        copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(item.content))
        menu.addAction(copy)
        if item.thinking:
            think = QAction("Copy thinking", menu)
            think.triggered.connect(lambda: QGuiApplication.clipboard().setText(item.thinking))
            menu.addAction(think)
            toggle = QAction("Collapse thinking" if item.show_thinking_open() else "Expand thinking", menu)
            toggle.triggered.connect(lambda: self.toggle_thinking(index.row()))
            menu.addAction(toggle)
        menu.popup(event.globalPos())

    def set_theme(self, theme: Theme) -> None:
        self.chat_delegate.set_theme(theme)
        self.scheduleDelayedItemsLayout()
        self.viewport().update()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()
