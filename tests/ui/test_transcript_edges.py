"""Rough edges of the transcript a new user meets in the first hour (issue 22, item 8): the
hover actions never cover a card's title and time and say how the two copies differ, a
stopped run's line has a Resume button, a lead waiting for the Principal's permission says
so, "Allow once" keeps the transcript where it was, the reading column grows on wide
screens, a run with one revision says nothing about revisions, the verdict is shown once."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication

from aipa.ui.theme import LIGHT
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.view import ChatView

LONG_TITLE = "Research the venues, the trains and the prices for a team of twelve in March"


def _hover(view, pos: QPoint) -> None:
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_hover_actions_cover_no_title_or_time_and_say_what_they_copy(qtbot):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(560, 400)  # a narrow column: the title and the time reach the chips' place
    qtbot.addWidget(view)
    view.show()
    item = model.append(
        ChatItem("task", key="t", agent="Atlas", title=LONG_TITLE, label="T-1", run_id="R-1", status="done",
                 content="## Venues\n\nThe lakeside lodge sleeps twelve.")
    )  # fmt: skip
    view.doItemsLayout()
    delegate = view.chat_delegate
    labels = dict(delegate.actions_for(item))
    assert labels == {"copy": "Copy Markdown", "plain": "Copy text", "report": "Open report"}
    tips = {key: delegate.action_tip(key) for key in labels}
    assert len(set(tips.values())) == 3 and all(tips.values())  # each says what it does
    assert "Markdown" in tips["copy"] and "plain text" in tips["plain"]

    row = view.visualRect(model.index(0, 0)).topLeft()
    cache = delegate._cache_for(item)
    header, spots = cache.rects["header"], cache.rects["actions"]
    _hover(view, row + header.center())
    image = view.viewport().grab().toImage()
    background = QColor(LIGHT.card).rgb()
    chips_left = spots[0][1].left() + row.x()
    band = range(row.y() + header.top() + 2, row.y() + header.bottom() - 1)
    # nothing of the header is drawn in a strip just before the chips: the title and time
    # were shortened ("…") to end before them, not cut off under them
    inked = [x for x in range(chips_left - 7, chips_left - 1) for y in band if image.pixel(x, y) != background]
    assert not inked, f"header text runs under the hover actions at x={sorted(set(inked))}"
    _hover(view, QPoint(row.x() + 5, row.y() + cache.height + 50))  # (away: the header as it was)
