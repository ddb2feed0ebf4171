"""Text you can work with: select part of a message with the mouse
or the keyboard and copy it; per-message actions on hover and in the context menu."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QApplication

from aipa.ui.theme import LIGHT
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.report import ReportDialog
from aipa.ui.transcript.view import ChatView, tooltip

TEXT = "## Venues\n\nThe lakeside lodge sleeps twelve people comfortably.\n\n- Bring **boots**\n- Book early\n"


def _view(qtbot):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 700)
    qtbot.addWidget(view)
    view.show()
    item = model.append(
        ChatItem("task", key="t", agent="Atlas", title="Research", label="T-20261130-001-A", run_id="R-1", content=TEXT)
    )
    view.doItemsLayout()
    view.viewport().repaint()
    return model, view, item


def _at(view, item, needle: str, offset: int = 0) -> QPoint:
    """Viewport position of character ``offset`` of ``needle`` in the item's body."""
    delegate = view.chat_delegate
    stack = delegate.body_of(item)
    for index, part in enumerate(stack.parts):
        found = part.doc.find(needle)
        if not found.isNull():
            block = found.block()
            layout = block.layout()
            position = found.selectionStart() + offset - block.position()
            line = layout.lineForTextPosition(position)
            x, _ = line.cursorToX(position)
            rect = part.doc.documentLayout().blockBoundingRect(block)
            point = QPointF(rect.left() + line.x() + x + 0.5, rect.top() + line.y() + line.height() / 2 + part.top)
            body = delegate.body_rect(item)
            row = view.visualRect(view.model().index(view.row_of(item), 0))
            return (point + QPointF(body.topLeft()) + QPointF(row.topLeft())).toPoint()
    raise AssertionError(needle)


def _mouse(view, kind, pos: QPoint, buttons=Qt.MouseButton.LeftButton) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    event = QMouseEvent(
        kind, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), button, buttons, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(view.viewport(), event)


def test_drag_selects_part_of_a_message_and_ctrl_c_copies_it(qtbot):
    _model, view, item = _view(qtbot)
    start, end = _at(view, item, "lakeside"), _at(view, item, "sleeps", len("sleeps"))
    _mouse(view, QEvent.Type.MouseButtonPress, start)
    _mouse(view, QEvent.Type.MouseMove, end)
    _mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    assert view.selection.text() == "lakeside lodge sleeps"
    assert view.selection.ranges(item, view.chat_delegate.body_of(item))  # painted as selected
    QApplication.clipboard().setText("")
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "lakeside lodge sleeps"
    # across blocks: from the paragraph into the list
    _mouse(view, QEvent.Type.MouseButtonPress, _at(view, item, "comfortably"))
    _mouse(view, QEvent.Type.MouseMove, _at(view, item, "boots", 5))
    _mouse(view, QEvent.Type.MouseButtonRelease, _at(view, item, "boots", 5), Qt.MouseButton.NoButton)
    assert view.selection.text() == "comfortably.\nBring boots"
    # a plain click clears it
    _mouse(view, QEvent.Type.MouseButtonPress, _at(view, item, "lodge"))
    _mouse(view, QEvent.Type.MouseButtonRelease, _at(view, item, "lodge"), Qt.MouseButton.NoButton)
    assert not view.selection.has_text()


def test_double_click_takes_a_word_and_the_keyboard_selects(qtbot):
    _model, view, item = _view(qtbot)
    view.selection.double_click(item, _at(view, item, "lodge", 2))
    assert view.selection.text() == "lodge"
    view.setCurrentIndex(view.model().index(0, 0))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert view.selection.text().startswith("Venues") and view.selection.text().rstrip().endswith("Book early")
    view.selection.clear()
    for _ in range(6):
        qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert view.selection.text() == "Venues"
    qtbot.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)  # into the next block
    assert view.selection.text().startswith("Venues\n")
    assert QKeySequence(QKeySequence.StandardKey.Copy).toString()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing a dialog
def test_hover_actions_copy_open_the_report_and_ask_the_window(qtbot):
    model, view, item = _view(qtbot)
    delegate = view.chat_delegate
    spots = dict(delegate._cache_for(item).rects["actions"])
    assert list(spots) == ["copy", "plain", "report"]
    row = view.visualRect(view.model().index(0, 0)).topLeft()

    def click(key: str) -> None:
        pos = spots[key].center() + row
        _mouse(view, QEvent.Type.MouseButtonPress, pos)
        _mouse(view, QEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)

    click("copy")
    assert QApplication.clipboard().text() == TEXT
    click("plain")
    plain = QApplication.clipboard().text()
    assert "Bring boots" in plain and "**" not in plain and "##" not in plain
    click("report")
    assert isinstance(view.report, ReportDialog) and "lakeside lodge" in view.report.browser.toPlainText()
    view.report.close()
    deliverable = model.append(ChatItem("deliverable", key="d", agent="Miranda", content="# Plan\n\nDone."))
    directive = model.append(ChatItem("directive", key="q", content="Plan the offsite"))
    assert [k for k, _ in delegate.actions_for(deliverable)][-1] == "regenerate"
    assert [k for k, _ in delegate.actions_for(directive)][-1] == "edit"
    with qtbot.waitSignal(view.actionRequested) as asked:
        view.act("regenerate", deliverable)
    assert asked.args == ["regenerate", deliverable]
    assert delegate.actions_for(ChatItem("task", content="x", streaming=True)) == []  # not while it streams


@pytest.mark.qt_log_ignore("does not support")  # the offscreen platform, showing a menu
def test_context_menu_offers_the_actions_and_ids_stay_in_tooltips(qtbot):
    _model, view, item = _view(qtbot)
    view.selection.double_click(item, _at(view, item, "lodge", 2))
    pos = _at(view, item, "lodge")
    view.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos)))
    menu = QApplication.activePopupWidget()
    assert menu is not None
    labels = [a.text() for a in menu.actions() if a.text()]
    menu.close()
    assert labels[:2] == ["Copy selection", "Select all text"]
    assert {"Copy as Markdown", "Copy as plain text", "Open report", "Details…"} <= set(labels)
    assert tooltip(item) == "Task T-20261130-001-A\nRun R-1"


def test_cards_use_words_and_relative_times_not_ids_or_characters(qtbot):
    from aipa.ui.transcript.model import relative_time, words

    assert relative_time(0, 1000) == ""  # unknown
    now = datetime(2026, 11, 30, 16, 30).timestamp()  # local time, a Monday

    def at(*when) -> float:
        return datetime(*when).timestamp()

    assert [relative_time(now - d, now) for d in (5, 300, 7200)] == ["just now", "5 min ago", "2 h ago"]
    assert relative_time(at(2026, 11, 29, 14, 5), now) == "yesterday 14:05"
    assert relative_time(at(2026, 11, 29, 23, 50), at(2026, 11, 30, 0, 20)) == "30 min ago"
    assert relative_time(at(2026, 11, 26, 9, 0), now) == "Thu 09:00"
    assert relative_time(at(2026, 10, 2, 9, 0), now) == "2 Oct"
    assert relative_time(at(2025, 10, 2, 9, 0), now) == "2 Oct 2025"
    assert words("one two\nthree") == "3 words" and words("one") == "1 word"
    model, view, item = _view(qtbot)
    assert item.at  # a live row carries the time it arrived
    item.thinking = "I should compare the venues first"
    assert item.thinking_summary() == "▸ Thinking · 6 words"
    item.collapsed = True
    model.touch(0)
    view.doItemsLayout()
    delegate = view.chat_delegate
    # the header text: agent, title and time; the task id only in the tooltip
    painted = []
    from PySide6.QtGui import QPainter

    original = QPainter.drawText

    def spy(self, *args):
        painted.append(next((a for a in args if isinstance(a, str)), ""))
        return original(self, *args)

    QPainter.drawText = spy
    try:
        delegate.header.clear()
        view.viewport().grab()
    finally:
        QPainter.drawText = original
    text = " ".join(painted)
    assert "Atlas" in text and "Research" in text and "just now" in text and "Full report · " in text
    assert "T-20261130-001-A" not in text and "chars" not in text


def test_a_stopped_run_notice_has_a_resume_button_and_no_id(qtbot):
    from aipa.ui.transcript.card_paint import human_line

    model, view, _item = _view(qtbot)
    notice = model.append(
        ChatItem(
            "notice",
            content="■ Stopped. The run can continue later: /resume (run R-20261130-002).",
            level="warning",
            run_id="R-20261130-002",
        )
    )
    plain = model.append(ChatItem("notice", content="Session saved."))
    view.doItemsLayout()
    delegate = view.chat_delegate
    assert human_line(notice.content) == "■ Stopped. The run can continue later: /resume."
    assert human_line("⏸ Run R-1-2 is waiting: review. Resume it") == "⏸ The run is waiting: review. Resume it"
    spots = dict(delegate._cache_for(notice).rects["actions"])
    assert list(spots) == ["resume"] and "actions" not in delegate._cache_for(plain).rects
    row = view.visualRect(view.model().index(view.row_of(notice), 0)).topLeft()
    with qtbot.waitSignal(view.actionRequested) as asked:
        pos = spots["resume"].center() + row
        _mouse(view, QEvent.Type.MouseButtonPress, pos)
        _mouse(view, QEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)
    assert asked.args == ["resume", notice]
    assert tooltip(notice) == "Run R-20261130-002"
