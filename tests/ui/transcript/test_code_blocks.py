"""Code blocks in the chat: a language bar with a Copy link that puts the code on the
clipboard, and a table that streams showing its finished rows (long lines scroll
sideways: tests/ui/transcript/test_code_scroll.py)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from aipa.core.text.code_blocks import COPY_LINK
from aipa.ui.theme import LIGHT
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.view import ChatView

CODE = "def greet(name):\n    return f'hello {name}'"


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
