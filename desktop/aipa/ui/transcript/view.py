"""The transcript view: a virtualized list of cards that follows the newest output
while the user is at the bottom, toggles thinking panels on click and opens links
in the system browser only after a click. Its parts: the rows' painting and layout
(delegate.py, card_body.py), the gate docked below it (gate_dock.py: the view's sibling, so
that screen readers reach it), the context menu
(context_menu.py), the warm-up (warm_up.py), text selection (selection.py)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QDialog, QListView, QToolTip, QWidget

from aipa.ui.full_text import FULL_TEXT_LINK, FullTextDialog
from aipa.ui.safe_text import open_link
from aipa.ui.theme import Theme
from aipa.ui.transcript import pictures
from aipa.ui.transcript.card_paint import line_action
from aipa.ui.transcript.code_scroll import CodeScroll
from aipa.ui.transcript.context_menu import details, show_context_menu, tooltip
from aipa.ui.transcript.delegate import ChatDelegate
from aipa.ui.transcript.gate_dock import GateDock
from aipa.ui.transcript.model import ITEM_ROLE, ChatItem, ChatModel
from aipa.ui.transcript.row_sizes import VisibleRows
from aipa.ui.transcript.selection import TextSelection
from aipa.ui.transcript.slicer import TimeSlicer
from aipa.ui.transcript.warm_up import warm_up

log = logging.getLogger("aipa.ui")

PREPAINT_SLICE_MS = 3.0
TIME_REFRESH_MS = 30_000  # how often the relative times on the cards are brought up to date
EXACT_INSERT = 4  # rows inserted at once that are measured right away (more: guessed, see row_sizes)


class ChatView(QListView):
    linkClicked = Signal(str)
    codeCopied = Signal(str)
    # a message action the window carries out: ("regenerate" | "edit" | "resume", the message's ChatItem)
    actionRequested = Signal(str, object)

    def __init__(self, model: ChatModel, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setModel(model)
        self._chat_model = model
        self._sizes_stale = False  # every row's stored size must be measured again
        self.chat_delegate = ChatDelegate(self, theme)
        self.visible_rows = VisibleRows(self)
        self.selection = TextSelection(self)
        self.code_scroll = CodeScroll(self)  # code blocks scrolled sideways (wheel, their bar, Left/Right)
        self.report: QDialog | None = None  # the last report (or full text) opened
        # the inline gate's place under the transcript: the window puts it in the chat column
        self.dock = GateDock()
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
        self._warm = False
        self.warm_on_show = True  # off in the main window: its start() warms the view up (ARCHITECTURE §6)
        # rows in view that changed: their new blocks are drawn into pixmaps in their own
        # turns of the loop, a few milliseconds at a time, ahead of the paint
        self._prepaint: dict[int, ChatItem] = {}
        self._prepainter = TimeSlicer(
            self._prepaint, lambda _uid, item: self.chat_delegate.prepaint(item), lambda: PREPAINT_SLICE_MS, self
        )
        self.verticalScrollBar().rangeChanged.connect(self._on_range)
        self.verticalScrollBar().valueChanged.connect(self._on_scroll)
        # new rows: following the output happens in _on_range once the (delayed) layout
        # grows the scroll range; scrolling right here would lay out every row per insert
        # relative times ("5 min ago") move on while the window sits still
        self._clock = QTimer(self)
        self._clock.setInterval(TIME_REFRESH_MS)
        self._clock.timeout.connect(self.refresh_times)
        self._clock.start()
        model.modelReset.connect(self.chat_delegate.forget)
        model.modelReset.connect(self.selection.clear)
        model.modelReset.connect(lambda: self._prepaint.clear())

    @property
    def gate(self) -> QWidget | None:
        """The inline gate shown under the transcript now, or None."""
        return self.dock.gate

    def show_gate(self, card: QWidget) -> None:
        """Dock ``card`` (a decision waiting for the Principal) under the last message. The
        transcript stays where it is (following the output if it was): the dock is always in
        view, and one gate after another (Allow once, then the next tool) must not move it."""
        self.dock.show_gate(card, self.chat_delegate.theme)

    def close_gate(self, card: QWidget) -> None:
        self.dock.close_gate(card)

    def refresh_times(self) -> None:
        """Repaint the rows in view: their headers' relative times are worked out again
        (a header whose text did not change is copied from its pixmap)."""
        if self.isVisible() and self.chat_model.rowCount():
            self.viewport().update()

    @property
    def chat_model(self) -> ChatModel:
        return self._chat_model

    def dataChanged(self, top, bottom, roles=()) -> None:
        """A changed row whose height stayed the same is only repainted. One whose
        height changed has its new size stored, and then QListView's own handling
        runs: it lays every row out again and repaints the whole viewport on any
        change, which is kept for those, and for assistive technologies, which it
        also notifies. Changed rows in view get their new blocks drawn ahead."""
        model, delegate = self.chat_model, self.chat_delegate
        rows = range(top.row(), bottom.row() + 1)
        grown = [row for row in rows if delegate.height_changed(model.item(row))]
        for row in grown:
            model.set_size(row, delegate.size_for(model.item(row)))
        shown = self.viewport().rect()
        for row in rows:
            if self.visualRect(model.index(row, 0)).intersects(shown):
                self._prepaint[model.item(row).uid] = model.item(row)
        if self._prepaint:
            self._prepainter.soon()
        if grown or QAccessible.isActive():
            for row in grown:
                delegate.sizeHintChanged.emit(model.index(row, 0))
            super().dataChanged(top, bottom, roles)
            return
        for row in rows:
            self.update(model.index(row, 0))

    # Row sizes: Qt lays the rows out from the sizes stored in the model (ChatModel),
    # measured when a row is inserted or changes, and for all rows again when the
    # width, the theme, the font or the thinking panels change.

    def rowsInserted(self, parent, start: int, end: int) -> None:
        model, delegate = self.chat_model, self.chat_delegate
        if not self.isVisible():  # sized once shown, at the width it then has (doItemsLayout)
            self._sizes_stale = True
            super().rowsInserted(parent, start, end)
            return
        size = delegate.size_for if end - start < EXACT_INSERT else delegate.size_estimate
        for row in range(start, end + 1):
            model.set_size(row, size(model.item(row)))
        super().rowsInserted(parent, start, end)

    def sizes_changed(self) -> None:
        self._sizes_stale = True
        self.scheduleDelayedItemsLayout()

    def doItemsLayout(self) -> None:
        if self._sizes_stale:
            self._sizes_stale = False
            model, delegate = self.chat_model, self.chat_delegate
            for row in range(model.rowCount()):
                model.set_size(row, delegate.size_estimate(model.item(row)))
        super().doItemsLayout()
        self.visible_rows.measure(super().doItemsLayout)

    def following(self) -> bool:
        return self._follow

    def _on_scroll(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 8
        self.visible_rows.measure(super().doItemsLayout)

    def _on_range(self, _lo: int, hi: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(hi)

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

    def row_of(self, item: ChatItem | None) -> int:
        if item is None:
            return -1
        try:
            return self.chat_model.items().index(item)
        except ValueError:
            return -1

    def _item_at(self, pos: QPoint) -> tuple[ChatItem | None, QPoint]:
        index = self.indexAt(pos)
        if not index.isValid():
            return None, QPoint()
        return index.data(ITEM_ROLE), pos - self.visualRect(index).topLeft()

    def mousePressEvent(self, event) -> None:
        pos = event.position().toPoint()
        if event.button() == Qt.MouseButton.LeftButton:
            item, at = self._item_at(pos)
            _, what, _ = self._hit(pos)
            if item is not None and not what and self.selection.in_body(item, at):
                self.selection.press(item, pos)
            else:
                self.selection.clear()
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        item, at = self._item_at(event.position().toPoint())
        if item is not None and self.selection.in_body(item, at):
            self.selection.double_click(item, event.position().toPoint())
            return
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos = event.position().toPoint()
        if self.selection.dragging and event.buttons() & Qt.MouseButton.LeftButton:
            self.selection.drag(pos)
            self.viewport().setCursor(Qt.CursorShape.IBeamCursor)
            return  # the rows' own drag selection would move the current row
        item, at = self._item_at(pos)
        _, what, _ = self._hit(pos)
        if what:
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        elif item is not None and self.selection.in_body(item, at):
            self.viewport().setCursor(Qt.CursorShape.IBeamCursor)
        else:
            self.viewport().unsetCursor()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        dragged = self.selection.has_text()
        self.selection.release()
        if event.button() == Qt.MouseButton.LeftButton and not dragged:
            row, what, arg = self._hit(event.position().toPoint())
            if what == "thinking":
                self.toggle_thinking(row)
            elif what == "fold":
                self.toggle_fold(row)
            elif what == "link" and arg == FULL_TEXT_LINK:
                self.act("full_text", self.chat_model.item(row))
            elif what == "link":
                self.linkClicked.emit(arg)
                open_link(QUrl(arg))
            elif what == "copy":
                QGuiApplication.clipboard().setText(arg)
                self.codeCopied.emit(arg)
            elif what == "action":
                self.act(arg, self.chat_model.item(row))
            elif what == "picture":
                pictures.open_view(self, self.chat_model.item(row).pictures, int(arg))  # its larger view
        super().mouseReleaseEvent(event)

    def toggle_thinking(self, row: int) -> None:
        """Open or close a row's thinking panel. While it streams the panel opens by
        itself on a rolling window of its last words: the first toggle shows it all."""
        item = self.chat_model.item(row)
        rolling = item.streaming and item.thinking_open is None and item.show_thinking_open()
        item.thinking_open = True if rolling else not item.show_thinking_open()
        self.chat_model.touch(row)

    def activate(self, row: int) -> bool:
        """What Enter does on the current row, as a click would: a lead's report opens
        (or folds), else the thinking panel opens or closes, else a stopped run resumes."""
        if not 0 <= row < self.chat_model.rowCount():
            return False
        item = self.chat_model.item(row)
        if item.kind == "task" and item.content and not item.streaming:
            self.toggle_fold(row)
        elif item.thinking and self.chat_delegate.show_thinking and not item.collapsed:
            self.toggle_thinking(row)
        elif (button := line_action(item)) is not None:  # Resume, or the Later card's Answer now
            self.act(button[0], item)
        elif item.pictures:  # a directive's pictures: the larger view of the first
            pictures.open_view(self, item.pictures, 0)
        else:
            return False
        return True

    def toggle_fold(self, row: int) -> None:
        item = self.chat_model.item(row)
        item.collapsed = not item.collapsed
        self.chat_model.touch(row)

    def act(self, action: str, item: ChatItem) -> None:
        """Carry out a message action: copies and reports here, the rest by the window."""
        from aipa.ui.transcript.report import ReportDialog  # (a dialog: loaded when one opens)

        if action == "copy":
            QGuiApplication.clipboard().setText(item.content)
        elif action == "plain":
            QGuiApplication.clipboard().setText(self.chat_delegate.plain_text(item))
        elif action == "report":
            title = f"{item.agent} · {item.title}" if item.title else item.agent
            theme = self.chat_delegate.theme
            self.report = ReportDialog(title or self.tr("Report"), item.content, theme, self.window())
            self.report.show()
        elif action == "full_text":  # a message shown in part: all of it, as written
            self.report = FullTextDialog(item.agent or self.tr("Full text"), item.content, self.window())
            self.report.show()
        elif action == "details":
            self.report = ReportDialog(self.tr("Details"), details(item), self.chat_delegate.theme, self.window())

            self.report.show()
        else:
            self.actionRequested.emit(action, item)

    def keyPressEvent(self, event) -> None:
        """Up/Down move the current row (the one with the focus ring), Enter opens it as
        a click would (``activate``), Space opens or closes its thinking."""
        index = self.currentIndex()
        current = index.data(ITEM_ROLE) if index.isValid() else None
        if self.selection.key(event, current):
            event.accept()
            return
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and index.isValid():
            key = event.key()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.activate(index.row()):
                event.accept()
                return
            thinking = current is not None and current.thinking
            if key == Qt.Key.Key_Space and thinking and self.chat_delegate.show_thinking:
                self.toggle_thinking(index.row())
                event.accept()
                return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        """Coming to the transcript from the keyboard starts at its newest row."""
        if not self.currentIndex().isValid() and self.chat_model.rowCount():
            self.setCurrentIndex(self.chat_model.index(self.chat_model.rowCount() - 1, 0))
        super().focusInEvent(event)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            item, at = self._item_at(event.pos())
            what, key = self.chat_delegate.hit(item, at) if item is not None else ("", "")
            if what == "action":  # a hover action says what it does (the two copies differ)
                tip = self.chat_delegate.action_tip(key)
            else:
                tip = tooltip(item) if item is not None and at.y() < 40 else ""
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
            return True
        if event.type() == QEvent.Type.Resize:
            self.chat_delegate.pixmaps.fit(event.size(), self.viewport().devicePixelRatioF())
        if event.type() == QEvent.Type.Resize and event.size().width() != self.chat_delegate.viewport_width:
            self.chat_delegate.viewport_width = event.size().width()
            self.sizes_changed()
        return super().viewportEvent(event)

    def contextMenuEvent(self, event) -> None:
        show_context_menu(self, event)

    def set_theme(self, theme: Theme) -> None:
        self.chat_delegate.set_theme(theme)
        self.scheduleDelayedItemsLayout()
        self.viewport().update()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._warm and self.warm_on_show:
            QTimer.singleShot(0, self.warm_up_once)  # after the paint that shows the view

    def warm_up_once(self) -> None:
        """``warm_up`` once, unless rows were drawn already (they did the same)."""
        if self._warm:
            return
        self._warm = True
        if self.chat_model.rowCount():
            return  # the rows drawn already did what the sample would (a restored session)
        try:
            self.warm_up()
        except Exception:  # only a head start: never let it break the window
            log.exception("chat view warm-up failed")

    def warm_up(self) -> None:
        warm_up(self)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "chat_delegate"):
            self.chat_delegate.font_changed()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()
