"""Code blocks in the chat: a language bar with a Copy link that puts the code on the
clipboard, long lines wrapped (marked) instead of clipped at narrow widths, and a table
that streams showing its finished rows."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from aipa.core.code_blocks import COPY_LINK, WRAP_GUTTER, code_colors
from aipa.ui.chat.model import ChatItem, ChatModel
from aipa.ui.chat.view import ChatView
from aipa.ui.theme import LIGHT

CODE = "def greet(name):\n    return f'hello {name}'"
LONG = "x = " + " + ".join(f"value_{i}" for i in range(40))


def _view(qtbot, width: int = 900) -> tuple[ChatModel, ChatView]:
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(width, 700)
    qtbot.addWidget(view)
    view.show()
    return model, view


def _layout(view) -> None:
    view.doItemsLayout()
    view.viewport().repaint()


def _copy_link_point(view, item) -> QPoint:
    """Where the first code block's Copy link is, in viewport coordinates."""
    cache = view.chat_delegate._cache[item.uid]
    body = cache.rects["body"]
    for part in cache.body.parts:
        block = part.doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().anchorHref().startswith(COPY_LINK):
                    layout = block.layout()
                    line = layout.lineForTextPosition(fragment.position() - block.position())
                    x, _ = line.cursorToX(fragment.position() - block.position())
                    rect = part.doc.documentLayout().blockBoundingRect(block)  # (cell layouts sit at 0, 0)
                    at = QPointF(rect.left() + line.x() + x + 3, rect.top() + line.y() + 4 + part.top)
                    row = view.visualRect(view.model().index(view.chat_model.items().index(item), 0))
                    return (at + QPointF(body.topLeft()) + QPointF(row.topLeft())).toPoint()
                it += 1
            block = block.next()
    raise AssertionError("no Copy link")


def test_copy_link_puts_the_code_on_the_clipboard(qtbot):
    model, view = _view(qtbot)
    text = f"Here it is:\n\n```python\n{CODE}\n```\n\nAnd a second:\n\n```\nplain words only\n```\n"
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda", content=text))
    _layout(view)
    body = view.chat_delegate._cache[item.uid].body
    assert body.codes() == [CODE, "plain words only"]
    assert "python" in body.to_plain_text() and "Copy" in body.to_plain_text()
    QApplication.clipboard().setText("before")
    with qtbot.waitSignal(view.codeCopied) as copied:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_copy_link_point(view, item))
    assert copied.args == [CODE]
    assert QApplication.clipboard().text() == CODE


def test_copy_link_works_on_a_streamed_message(qtbot):
    model, view = _view(qtbot)
    item = model.append(ChatItem("task", key="t", agent="Atlas", streaming=True))
    text = f"Intro\n\n```python\n{CODE}\n```\n\nmore"
    for end in range(10, len(text) + 1, 9):
        model.update("t", content=text[:end])
        _layout(view)
    model.update("t", content=text, streaming=False)
    _layout(view)
    QApplication.clipboard().setText("")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_copy_link_point(view, item))
    assert QApplication.clipboard().text() == CODE


def test_long_code_lines_wrap_with_a_mark_at_720_px(qtbot):
    model, view = _view(qtbot, width=720)
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda", content=f"```python\n{LONG}\n```\n"))
    _layout(view)
    cache = view.chat_delegate._cache[item.uid]
    part = cache.body.parts[0]
    assert part.doc.size().width() <= cache.body.width + 0.5  # nothing runs past the card
    assert len(part.wraps) == 1 and len(part.wraps[0][1]) >= 1  # the long line wraps, and is marked
    assert view.horizontalScrollBar().maximum() == 0
    # the gutter beside the wrapped line is painted in the code's colour, with the mark
    image = view.viewport().grab().toImage()
    rect, tops = part.wraps[0]
    x = cache.rects["body"].left() + int(part.doc.textWidth()) - 2
    y = cache.rects["body"].top() + int(part.top + rect.bottom()) - 2
    assert image.pixelColor(x, y).name() == code_colors(False)[0]
    marked = [
        image.pixelColor(cache.rects["body"].left() + int(part.doc.textWidth()) - WRAP_GUTTER + dx, y0 + dy)
        for dx in range(WRAP_GUTTER)
        for dy in range(12)
        for y0 in [cache.rects["body"].top() + int(part.top + tops[0])]
    ]
    assert any(c.name() != code_colors(False)[0] for c in marked)  # the ↩ glyph


def test_a_streaming_table_shows_its_finished_rows(qtbot):
    model, view = _view(qtbot)
    item = model.append(ChatItem("task", key="t", agent="Atlas", streaming=True))
    model.update("t", content="Intro\n\n| Day | Plan |\n|---|---|\n| 1 | Arrive |\n| 2 | Wor")
    _layout(view)
    tail = view.chat_delegate._cache[item.uid].body.tail
    table = tail.doc.rootFrame().childFrames()[0]
    assert table.rows() == 2  # the header and the finished row; the half-typed row is hidden
    assert "|" not in tail.doc.toPlainText() and "Wor" not in tail.doc.toPlainText()
    model.update("t", content="Intro\n\n| Day | Plan |\n|---|---|\n| 1 | Arrive |\n| 2 | Work |\n")
    _layout(view)
    tail = view.chat_delegate._cache[item.uid].body.tail
    assert tail.doc.rootFrame().childFrames()[0].rows() == 3
    model.update("t", content="Intro\n\n| a | b\n", streaming=True)  # not a table yet: plain text
    _layout(view)
    assert "| a | b" in view.chat_delegate._cache[item.uid].body.tail.doc.toPlainText()
