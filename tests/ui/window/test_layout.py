"""The window adapts from 720×500 to 4K."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QAbstractScrollArea, QLayout

from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.window.layout import reading_width
from tests.ui.chat.test_run_gates import send
from tests.ui.helpers import DIRECTIVE, gate, idle, open_window, until


async def resize(window, width: int, height: int) -> None:
    """Resize and wait until the layouts have given every part its new size."""
    window.resize(width, height)
    pane = window.split.widget(1)

    def laid_out() -> bool:
        for layout in window.findChildren(QLayout):
            layout.activate()
        return window.split.width() == width and window.reading_column.width() == pane.width()

    await until(laid_out, what="the layout at the new size")


def scrolled_sideways(window) -> list[str]:
    return [
        area.objectName() or type(area).__name__
        for area in window.findChildren(QAbstractScrollArea)
        if area.isVisible() and area.horizontalScrollBar().isVisible()
    ]


def inside(window, widget) -> bool:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return window.rect().contains(QRect(top_left, widget.size()))


async def test_no_horizontal_scrollbar_or_clipping_at_720(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        dialog = await gate(w, ReviewDialog)
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        for size in ((720, 500), (1280, 800), (3840, 2160)):
            await resize(w, *size)
            assert w.width() == size[0]
            assert scrolled_sideways(w) == [], size
            for widget in (w.send_button, w.stop_button, w.compose, w.model_picker, w.chat_view, w.sessions):
                assert widget.isVisible() and inside(w, widget), (size, widget.objectName())
            assert w.model_picker.geometry().left() >= w.session_label.geometry().right()
            # the title is shortened with "…" to its room, never cut off
            label = w.session_label
            shown = QTextDocumentFragment.fromHtml(label.text()).toPlainText()
            assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width(), size
            title = w.core.sessions.get(w.controller.session_id).title
            need = label.fontMetrics().horizontalAdvance("Session  " + title) - label.contentsRect().width()
            if need < -20:  # room to spare: the whole title
                assert shown.endswith(title), (size, shown)
            elif need > 0:  # too long: shortened, with its start kept
                assert shown.endswith("…") and title.startswith(shown.split("  ", 1)[1][:-1].rstrip()), (size, shown)


async def test_the_chat_column_keeps_a_reading_width_centred(qtbot, home):
    async with open_window(home) as w:
        await resize(w, 2560, 1440)
        column, pane = w.reading_column.inner, w.reading_column
        assert column.width() <= reading_width(column.font()) and column.height() == pane.height()
        left = column.geometry().left()
        right = pane.width() - column.geometry().right() - 1
        assert abs(left - right) <= 2 and left > 100


async def test_the_sidebar_collapses_from_the_view_menu_and_ctrl_b(qtbot, home):
    async with open_window(home) as w:
        action = w.menu_actions["sidebar"]
        assert action.shortcut().toString() == "Ctrl+B" and action in w.menuBar().actions()[3].menu().actions()
        action.trigger()
        assert not w.sidebar.isVisible()
        action.trigger()
        assert w.sidebar.isVisible()


async def test_the_sessions_get_most_of_the_sidebar(qtbot, home):
    async with open_window(home) as w:
        await resize(w, 1280, 800)
        assert w.sessions.height() > w.agent_list.height()
        assert w.agent_list.verticalScrollBar().maximum() == 0  # every agent fits: no scrolling


async def test_the_welcome_panel_fits_at_720(qtbot, home):
    async with open_window(home) as w:
        await resize(w, 720, 500)
        body = w.welcome.widget()
        assert w.stack.currentWidget() is w.welcome
        assert body.width() <= w.welcome.viewport().width()
        for button in w.welcome.examples:
            assert button.geometry().right() <= w.welcome.viewport().width()
            # a directive longer than its button ends in "…", never cut mid-letter
            fits = button.fontMetrics().horizontalAdvance(button.full_text) <= button.width() - button.PADDING
            assert button.text() == button.full_text if fits else button.text().endswith("…")


async def test_a_narrow_window_gives_the_chat_column_all_its_width(qtbot, home):
    async with open_window(home) as w:
        await resize(w, 720, 500)
        assert w.reading_column.inner.width() == w.reading_column.width()


async def test_the_status_bar_fits_its_parts_at_720(qtbot, home):
    """The message on the left is never cut mid-word: at 720 px the provider (the model
    picker shows it) makes way and the token count shortens; a message still too long
    ends in "…" with the whole of it in the tooltip."""
    async with open_window(home) as w:
        bar = w.status
        bar.set_tokens(5099, 30)
        message = "Run finished · verdict PASS WITH NOTES"
        bar.showMessage(message)
        for width, height in ((720, 500), (1280, 800)):
            await resize(w, width, height)
            narrow = width == 720
            label = bar.message
            assert label.text() == message and label.toolTip() == ""  # the whole message
            assert label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
            parts = [x for x in (label, bar.provider, bar.connection, bar.tokens) if x.isVisible()]
            assert bar.provider.isVisible() != narrow
            for i, part in enumerate(parts):
                assert bar.rect().contains(part.geometry()), (width, part.objectName())
                assert not any(part.geometry().intersects(other.geometry()) for other in parts[i + 1 :])
            tokens = bar.tokens
            assert tokens.fontMetrics().horizontalAdvance(tokens.text()) <= tokens.contentsRect().width()
            if narrow:
                assert tokens.text() == "5,099 tokens · 30 tok/s"
                assert tokens.toolTip() == "5,099 tokens this session · 30 tok/s"
            else:
                assert tokens.text() == "5,099 tokens this session · 30 tok/s"
        await resize(w, 720, 500)
        long = "Run finished · verdict PASS WITH NOTES · " + "a note on the deliverable " * 8
        bar.showMessage(long)
        label = bar.message
        assert label.text().endswith("…") and long.startswith(label.text()[:-1])
        assert label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
        assert label.toolTip() == long and bar.currentMessage() == long
        bar.clearMessage()
        assert label.text() == "" and bar.currentMessage() == ""


async def test_the_window_title_names_the_app_once_and_an_empty_session_has_no_speed(qtbot, home):
    """Qt appends the display name to every window title (" — AIPA"), so the window sets the
    session's title alone; the status bar gives no tok/s while the session has no tokens."""
    async with open_window(home) as w:
        w.expect_session("Offsite plan")
        assert w.windowTitle() == "Offsite plan"  # shown as "Offsite plan — AIPA"
        w.expect_session("")
        assert w.windowTitle() == "New session"
        w.status.set_tokens(0, 26_710.0)
        assert "tok/s" not in w.status.tokens.text() and w.status.tokens.text() == "No tokens yet"
        w.status.set_tokens(120, 30.0)
        assert w.status.tokens.text().endswith("· 30 tok/s")
