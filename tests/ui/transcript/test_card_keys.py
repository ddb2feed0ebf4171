"""Cards from the keyboard: Up/Down move the current row, which
shows a focus ring, Enter opens it as a click would; and thinking while it streams is a
rolling window of its last words, all of it once opened."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QImage
from PySide6.QtWidgets import QApplication

from aipa.ui.theme import LIGHT
from aipa.ui.transcript.card_paint import THINK_WINDOW, rolling_window
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.view import ChatView

REPORT = "## Venues\n\nThe lakeside lodge sleeps twelve people comfortably.\n\n- Bring **boots**\n"
THOUGHT = " ".join(f"step{i} weighs venue{i} against budget{i}." for i in range(80))


def _view(qtbot, *items: ChatItem):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 700)
    qtbot.addWidget(view)
    view.show()
    for item in items:
        model.append(item)
    view.doItemsLayout()
    return model, view


def _ring_pixels(view, row: int) -> int:
    """Accent-coloured pixels in the left margin of ``row`` (where only the ring is drawn)."""
    view.viewport().repaint()
    image: QImage = view.viewport().grab().toImage()
    rect = view.visualRect(view.chat_model.index(row, 0))
    accent = QColor(LIGHT.accent).rgb()
    return sum(
        1
        for x in range(rect.left() + 8, rect.left() + 14)
        for y in range(rect.top() + 12, rect.bottom() - 12)
        if image.pixelColor(x, y).rgb() == accent
    )


def test_rolling_window_keeps_the_last_words():
    assert rolling_window("short thought") == "short thought"
    shown = rolling_window(THOUGHT)
    assert shown.startswith("…") and len(shown) <= THINK_WINDOW + 1
    assert THOUGHT.endswith(shown[1:])
    first = shown[1:].split()[0]
    assert first in THOUGHT.split()  # a whole word, not the end of a cut one
    assert rolling_window("a" * 1000).startswith("…")  # one endless word: cut anyway


def test_up_down_move_the_current_row_with_a_focus_ring_and_enter_opens_the_report(qtbot):
    lead = ChatItem("task", key="t", agent="Atlas", title="Research", content=REPORT, collapsed=True)
    notice = ChatItem("notice", content="Routing fell back to a default plan")
    model, view = _view(qtbot, lead, notice)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=60_000)
    assert view.currentIndex().row() == 1  # the keyboard starts at the newest row
    assert _ring_pixels(view, 1) > 0 and _ring_pixels(view, 0) == 0
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.currentIndex().row() == 0
    assert _ring_pixels(view, 0) > 0 and _ring_pixels(view, 1) == 0
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert not lead.collapsed  # the full report, as a click on its header shows it
    assert "body" in view.chat_delegate._cache_for(lead).rects
    qtbot.keyClick(view, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert lead.collapsed
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1


def test_enter_opens_the_thinking_of_a_streaming_card_in_full(qtbot):
    routing = ChatItem("routing", key="r", agent="Miranda", thinking=THOUGHT, streaming=True, status="thinking")
    model, view = _view(qtbot, routing)
    cache = view.chat_delegate._cache_for(routing)
    rolling = cache.thinking.toPlainText()
    assert rolling.startswith("…") and len(rolling) <= THINK_WINDOW + 1 and THOUGHT.endswith(rolling[1:])
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=60_000)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert routing.thinking_open is True
    assert view.chat_delegate._cache_for(routing).thinking.toPlainText() == THOUGHT  # all of it
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert routing.thinking_open is False and view.chat_delegate._cache_for(routing).thinking is None


def test_a_click_on_the_rolling_window_shows_it_all(qtbot):
    routing = ChatItem("routing", key="r", agent="Miranda", thinking=THOUGHT, streaming=True, status="thinking")
    model, view = _view(qtbot, routing)
    toggle = view.chat_delegate._cache_for(routing).rects["thinking_toggle"]
    at = view.visualRect(model.index(0, 0)).topLeft() + toggle.center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert view.chat_delegate._cache_for(routing).thinking.toPlainText() == THOUGHT


@pytest.mark.qt_log_ignore("does not support")  # the offscreen platform, showing a menu
def test_the_menu_key_opens_the_current_rows_actions_on_it(qtbot):
    lead = ChatItem("task", key="t", agent="Atlas", title="Research", content=REPORT)
    notice = ChatItem("notice", content="Routing fell back to a default plan")
    model, view = _view(qtbot, lead, notice)
    view.setCurrentIndex(model.index(0, 0))
    nowhere = QPoint(5, view.viewport().height() - 5)  # where the keyboard's event says it is: not the row
    event = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, nowhere, view.viewport().mapToGlobal(nowhere))
    view.contextMenuEvent(event)
    menu = QApplication.activePopupWidget()
    assert menu is not None
    labels = [a.text() for a in menu.actions() if a.text()]
    top_left = view.viewport().mapToGlobal(view.visualRect(model.index(0, 0)).topLeft())
    assert menu.pos().y() - top_left.y() < 60  # on the row
    menu.close()
    assert "Open report" in labels and "Copy as Markdown" in labels


def test_relative_times_move_on_while_the_window_sits_still(qtbot):
    import time

    from aipa.ui.transcript.model import relative_time

    lead = ChatItem("task", key="t", agent="Atlas", title="Research", content=REPORT)
    model, view = _view(qtbot, lead)
    assert view._clock.isActive() and view._clock.interval() <= 60_000
    drawn = []
    original = view.chat_delegate.header.draw

    def draw(painter, item, rect, background):
        drawn.append(relative_time(item.at, time.time()))
        original(painter, item, rect, background)

    view.chat_delegate.header.draw = draw
    qtbot.waitExposed(view, timeout=60_000)
    view.viewport().update()
    qtbot.waitUntil(lambda: bool(drawn) and drawn[-1] == "just now", timeout=60_000)
    lead.at = time.time() - 300  # five minutes pass, nothing else changes
    view.refresh_times()  # what the clock does: the rows in view are painted again
    qtbot.waitUntil(lambda: drawn[-1] == "5 min ago", timeout=60_000)
