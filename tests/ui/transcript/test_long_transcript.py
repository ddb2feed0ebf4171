"""A long stored transcript: opening it renders only the rows in view (the
others get a size guessed from their text, made real when they come into view), and
scrolling through it keeps only a bounded number of rows laid out."""

from __future__ import annotations

from PySide6.QtCore import Qt

from aipa.ui.theme import LIGHT
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.row_sizes import KEEP_ROWS
from aipa.ui.transcript.view import ChatView

BODY = (
    "## Finding\n\nThe team compared **three venues**; `Lakeside` is the cheapest.\n\n"
    "| venue | cost |\n|---|---:|\n| Lakeside | 12,400 |\n| Old Mill | 11,200 |\n\n"
    "```python\ndef budget(people: int) -> float:\n    return people * 145.0\n```\n\n"
    + "Risks: weather on day two, a train strike, dietary needs not collected in time. "
    * 6
)


def _opened(qtbot, rows: int = 300):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 700)
    qtbot.addWidget(view)
    view.show()
    model.extend([ChatItem("chat_agent", agent="Miranda", content=f"{i}\n\n{BODY}") for i in range(rows)])
    view.doItemsLayout()
    view.viewport().repaint()
    return model, view


def _in_view(view, model) -> list[int]:
    shown = view.viewport().rect()
    return [r for r in range(model.rowCount()) if view.visualRect(model.index(r, 0)).intersects(shown)]


def _stored(model, row: int) -> int:
    return model.index(row, 0).data(Qt.ItemDataRole.SizeHintRole).height()


def test_opening_renders_only_the_rows_in_view(qtbot):
    model, view = _opened(qtbot)
    delegate = view.chat_delegate
    rows = _in_view(view, model)
    assert rows and rows[-1] == model.rowCount() - 1  # it opens at the newest message
    assert delegate.full_renders <= len(rows) + 2  # not one render per row
    assert all(_stored(model, r) == delegate.height_for(model.item(r)) for r in rows)


def test_scrolling_through_keeps_a_bounded_number_of_rows_laid_out(qtbot):
    model, view = _opened(qtbot)
    delegate = view.chat_delegate
    bar = view.verticalScrollBar()
    bar.setValue(0)
    view.viewport().repaint()
    seen = set(_in_view(view, model))
    while bar.value() < bar.maximum():
        bar.setValue(bar.value() + bar.pageStep() // 2)
        view.viewport().repaint()
        rows = _in_view(view, model)
        seen.update(rows)
        # what is in view is real, never a guess
        assert all(delegate.laid_out(model.item(r)) for r in rows)
    assert len(seen) == model.rowCount()
    kept = [i for i in model.items() if delegate._cache[i.uid].body is not None]
    assert len(kept) <= KEEP_ROWS
    assert delegate.pixmaps.used <= delegate.pixmaps.budget


def test_a_row_measured_above_the_view_does_not_move_what_is_in_view(qtbot):
    model, view = _opened(qtbot)
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)  # into rows never laid out
    view.viewport().repaint()
    rows = _in_view(view, model)
    anchor = rows[-1]
    top = view.visualRect(model.index(anchor, 0)).top()
    bar.setValue(bar.value() - bar.pageStep() // 2)  # up: rows above come into view and are measured
    view.viewport().repaint()
    moved = view.visualRect(model.index(anchor, 0)).top() - top
    assert moved == bar.pageStep() // 2  # exactly the scroll, nothing from the measuring


def test_rows_on_screen_are_never_dropped(qtbot):
    """More rows in view than KEEP_ROWS (short messages on a tall screen): all keep their
    documents (dropping one in view would render it again at every paint)."""
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(900, 4000)
    qtbot.addWidget(view)
    view.show()
    model.extend([ChatItem("chat_user", content=f"ok {i}") for i in range(300)])
    view.doItemsLayout()
    view.viewport().repaint()
    rows = _in_view(view, model)
    assert len(rows) > KEEP_ROWS
    delegate = view.chat_delegate
    assert all(delegate._cache[model.item(r).uid].body is not None for r in rows)
