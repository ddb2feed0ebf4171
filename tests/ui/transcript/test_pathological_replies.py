"""Pathological replies in the real transcript view (issue 32): each is laid out at its
capped size a slice per turn of the loop, says it is shown in part, and its full text
stays one click away (the plain view), copied whole (Copy Markdown, Copy text), as
written. The figures (paint time, the loop's lag) are the benchmark's:
tests/bench/test_pathological_replies.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from aipa.core.text import shown_part
from aipa.providers.scripted_pathological import REPLIES
from aipa.ui.full_text import FULL_TEXT_LINK, FullTextDialog
from aipa.ui.theme import LIGHT
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.view import ChatView

LIMIT_MS = 60_000  # generous: a loaded machine is slower, never red


def _view(qtbot):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 700)
    qtbot.addWidget(view)
    view.show()
    return model, view


def _laid_out(qtbot, view: ChatView, item: ChatItem):
    delegate = view.chat_delegate
    qtbot.waitUntil(lambda: not delegate.catch_up.waiting() and delegate.laid_out(item), timeout=LIMIT_MS)
    return delegate._cache[item.uid]


@pytest.mark.parametrize("name", list(REPLIES))
def test_a_pathological_reply_is_shown_in_part_a_slice_at_a_time(qtbot, name):
    model, view = _view(qtbot)
    text = REPLIES[name]()
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda", content=text, status="done"))
    delegate = view.chat_delegate
    if name == "many-headings":  # a thousand blocks: several slices, the loop runs in between
        assert delegate.catch_up.waiting()
    cache = _laid_out(qtbot, view, item)
    body = cache.body
    assert cache.cut and delegate.shown_in_part(item)
    shown = body.to_plain_text()
    assert len(shown) <= shown_part.MAX_SHOWN_CHARS + shown_part.MAX_LINE_CHARS
    assert len(body.parts) <= shown_part.MAX_SHOWN_LINES // 10  # small blocks laid out together
    assert FULL_TEXT_LINK in body.parts[-1].doc.toHtml() and "Shown in part" in shown.splitlines()[-1]
    assert item.content == text  # the message itself is untouched


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing a dialog
def test_the_full_text_opens_from_the_card_and_copies_as_written(qtbot):
    model, view = _view(qtbot)
    text = REPLIES["big-table"]()
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda", content=text, status="done"))
    cache = _laid_out(qtbot, view, item)
    view.follow()
    qtbot.waitUntil(lambda: view.verticalScrollBar().value() == view.verticalScrollBar().maximum(), timeout=LIMIT_MS)
    # the link under the card's blocks, clicked where it is drawn
    note = cache.body.parts[-1]
    block = note.doc.documentLayout().blockBoundingRect(note.doc.firstBlock())
    at = QPointF(8, note.top + block.center().y())
    assert note.doc.documentLayout().anchorAt(at - QPointF(0, note.top)) == FULL_TEXT_LINK
    body = view.chat_delegate.body_rect(item)
    row = view.visualRect(model.index(0, 0))
    point = row.topLeft() + body.topLeft() + QPoint(int(at.x()), int(at.y()))
    assert view.viewport().rect().contains(point)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: isinstance(view.report, FullTextDialog), timeout=LIMIT_MS)
    dialog = view.report
    assert dialog.view.toPlainText() == text and dialog.view.isReadOnly()
    QGuiApplication.clipboard().setText("")
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == text
    for action in ("copy", "plain"):  # Copy Markdown and Copy text: every character, as written
        QGuiApplication.clipboard().setText("")
        view.act(action, item)
        assert QGuiApplication.clipboard().text() == text, action
    dialog.close()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing a dialog
def test_the_plain_view_of_a_megabyte_line_opens_and_copies_it_all(qtbot):
    text = REPLIES["long-line"]()
    dialog = FullTextDialog("Miranda", text)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.view.toPlainText() == text
    QGuiApplication.clipboard().setText("")
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == text


def test_a_streamed_reply_ends_as_the_same_card_as_a_whole_one(qtbot):
    """The 300-deep list in snapshots, as the feed applies a fast model's output: the
    finished card shows what the card of the whole message shows."""
    model, view = _view(qtbot)
    text = REPLIES["deep-list"]()
    whole = model.append(ChatItem("deliverable", key="w", agent="Miranda", content=text, status="done"))
    streamed = model.append(ChatItem("deliverable", key="s", agent="Miranda", streaming=True))
    for end in range(0, len(text), len(text) // 20):
        model.update("s", content=text[:end])
        qtbot.waitUntil(lambda: not view.chat_delegate.catch_up.waiting(), timeout=LIMIT_MS)
    model.update("s", content=text, streaming=False, status="done")
    a, b = _laid_out(qtbot, view, whole), _laid_out(qtbot, view, streamed)
    assert a.body.to_plain_text() == b.body.to_plain_text()
    assert "level 1" in a.body.to_plain_text() and b.cut and b.noted


@pytest.mark.qt_log_ignore("propagateSizeHints|does not support")  # the offscreen platform: a dialog, a menu
def test_a_message_shown_in_part_offers_its_full_text_from_the_keyboard(qtbot):
    model, view = _view(qtbot)
    long_one = model.append(ChatItem("deliverable", key="l", agent="Miranda", content=REPLIES["many-headings"]()))
    short_one = model.append(ChatItem("audit", key="a", agent="Vera", content="Fine.\n\nVERDICT: PASS"))
    delegate = view.chat_delegate
    assert delegate.shown_in_part(long_one) and not delegate.shown_in_part(short_one)
    labels = {}
    for row in (0, 1):  # the Menu key on each row
        view.setCurrentIndex(model.index(row, 0))
        nowhere = QPoint(5, 5)
        view.contextMenuEvent(
            QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, nowhere, view.viewport().mapToGlobal(nowhere))
        )
        menu = QApplication.activePopupWidget()
        assert menu is not None
        labels[row] = {a.text(): a for a in menu.actions() if a.text()}
        if row == 0:
            labels[row]["Show the full text…"].trigger()
        menu.close()
    assert "Show the full text…" not in labels[1]
    assert isinstance(view.report, FullTextDialog) and view.report.view.toPlainText() == long_one.content
    view.report.close()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing a dialog
def test_a_report_window_shows_a_pathological_report_in_part_with_its_full_text(qtbot):
    """A lead's report opened in a window of its own: bounded too, the full text a click away."""
    from aipa.ui.transcript.report import ReportDialog

    text = REPLIES["long-line"]()
    dialog = ReportDialog("Atlas · Research", text, LIGHT)
    qtbot.addWidget(dialog)
    dialog.show()
    html = dialog.browser.toHtml()
    assert FULL_TEXT_LINK in html and len(dialog.browser.toPlainText()) < 2 * shown_part.MAX_LINE_CHARS
    dialog.browser.anchorClicked.emit(QUrl(FULL_TEXT_LINK))
    qtbot.waitUntil(lambda: dialog.findChild(FullTextDialog) is not None, timeout=LIMIT_MS)
    assert dialog.findChild(FullTextDialog).view.toPlainText() == text


def test_the_thinking_panel_of_a_megabyte_line_is_bounded(qtbot):
    model, view = _view(qtbot)
    thinking = REPLIES["long-line"]()
    item = model.append(
        ChatItem("deliverable", key="d", agent="Miranda", content="Done.", thinking=thinking, thinking_open=True)
    )
    cache = _laid_out(qtbot, view, item)
    assert cache.thinking is not None and len(cache.thinking.toPlainText()) < 2 * shown_part.MAX_LINE_CHARS
    assert item.thinking == thinking  # Copy thinking copies it all
