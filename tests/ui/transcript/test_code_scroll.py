"""Code blocks keep their lines and scroll sideways inside the card:
laid out unwrapped, painted clipped to the column with a thin bar under them when they
overflow, scrolled by Shift+wheel or a horizontal wheel, by dragging the bar and by
Left/Right on the current row; selection and Copy follow the scrolled text."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from aipa.core.text.code_blocks import SCROLL_BAR_ROOM, code_colors
from aipa.ui.theme import LIGHT
from aipa.ui.transcript.card_paint import GAP, PAD
from aipa.ui.transcript.code_scroll import KEY_STEP
from aipa.ui.transcript.model import ChatItem, ChatModel
from aipa.ui.transcript.view import ChatView

LONG = "x = " + " + ".join(f"value_{i}" for i in range(40))
PROSE = "A paragraph long enough to wrap at this width: " + "words that go on " * 12
CODE = f"{LONG}\nshort = 1"
TEXT = f"{PROSE}\n\n```python\n{CODE}\n```\n\nAfter the code.\n\n```python\nfits = True\n```\n"


def _view(qtbot, width: int = 720, text: str = TEXT):
    model = ChatModel()
    view = ChatView(model, LIGHT)
    view.resize(width, 600)
    qtbot.addWidget(view)
    view.show()
    item = model.append(ChatItem("deliverable", key="d", agent="Miranda", content=text))
    view.doItemsLayout()
    view.viewport().repaint()
    return model, view, item


def _blocks(doc):
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()


def _origin(view, item) -> QPointF:
    """Where the item's body starts, in viewport coordinates."""
    body = view.chat_delegate.body_rect(item)
    row = view.visualRect(view.model().index(view.row_of(item), 0))
    return QPointF(body.topLeft()) + QPointF(row.topLeft())


def _region(view, item, index: int = 0):
    """(part, region) of the item's ``index``-th code block."""
    stack = view.chat_delegate.body_of(item)
    return [(part, r) for part in stack.parts for r in part.regions][index]


def _code_point(view, item, needle: str, chars: int = 0) -> QPointF:
    """Viewport position of character ``chars`` of ``needle`` in the first code block, as painted."""
    part, region = _region(view, item)
    found = part.doc.find(needle)
    block = found.block()
    position = found.selectionStart() + chars - block.position()
    line = block.layout().lineForTextPosition(position)
    x, _ = line.cursorToX(position)
    rect = part.doc.documentLayout().blockBoundingRect(block)
    point = QPointF(rect.left() + x + 1.5 - region.offset, rect.top() + line.y() + line.height() / 2 + part.top)
    return point + _origin(view, item)


def _lines_point(view, item, x: float = 60) -> QPointF:
    part, region = _region(view, item)
    return _origin(view, item) + QPointF(x, part.top + region.top + 4)


def _wheel(view, pos: QPointF, angle: QPoint, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    global_pos = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    event = QWheelEvent(
        pos, global_pos, QPoint(), angle, Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False
    )
    QApplication.sendEvent(view.viewport(), event)


def _mouse(view, kind, pos: QPointF, buttons=Qt.MouseButton.LeftButton) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    global_pos = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    event = QMouseEvent(kind, pos, global_pos, button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def _grab(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def _band(image: QImage, top: float, bottom: float, left: float, right: float) -> list[str]:
    return [
        QColor(image.pixel(x, y)).name() for y in range(int(top), int(bottom)) for x in range(int(left), int(right))
    ]


def test_a_long_code_line_keeps_its_line_at_720_px_and_the_prose_still_wraps(qtbot):
    _model, view, item = _view(qtbot)
    stack = view.chat_delegate.body_of(item)
    part, region = _region(view, item)
    long_line = next(b for b in _blocks(part.doc) if b.text().startswith("x = "))
    assert long_line.layout().lineCount() == 1  # not wrapped
    assert region.content > region.width == stack.width  # wider than the column: it scrolls
    prose = next(b for b in _blocks(part.doc) if b.text().startswith("A paragraph"))
    assert prose.layout().lineCount() > 1  # the rest of the message wraps as before
    assert not _region(view, item, 1)[1].overflow  # a block that fits gets no bar
    assert view.horizontalScrollBar().maximum() == 0  # the list never scrolls sideways
    image = _grab(view)
    origin = _origin(view, item)
    card = view.chat_delegate._card_style(item)[0]
    right = origin.x() + stack.width
    # nothing painted past the column: the card's padding right of it keeps the card's colour
    lines = (origin.y() + part.top + region.top, origin.y() + part.top + region.bottom)
    assert set(_band(image, *lines, right + 1, right + PAD - 3)) == {card}
    # the bar, in the room under the block: the code's colour with a thumb on it
    top = origin.y() + part.top + region.bottom
    strip = _band(image, top, top + SCROLL_BAR_ROOM, origin.x(), right)
    assert code_colors(False)[0] in strip and len(set(strip)) > 2
    fits = _region(view, item, 1)
    top = origin.y() + fits[0].top + fits[1].bottom
    assert set(_band(image, top + 1, top + SCROLL_BAR_ROOM - 1, origin.x(), right)) == {card}  # no bar


def test_nothing_in_the_card_overlaps(qtbot):
    _model, view, item = _view(qtbot)
    cache = view.chat_delegate._cache[item.uid]
    stack, body = cache.body, cache.rects["body"]
    part, region = _region(view, item)
    doc = part.doc
    layout = doc.documentLayout()
    blocks = list(_blocks(doc))
    after = next(b for b in blocks if b.text() == "After the code.")
    bar = next(b for b in blocks if b.text() == "python")  # the language label over the first block
    assert layout.blockBoundingRect(bar).bottom() <= region.top  # the header sits above the lines
    assert region.strip().bottom() <= layout.blockBoundingRect(after).top()  # the bar above the next text
    last_part, last = _region(view, item, 1)
    # the room under the last block is in the body, and the body inside the card
    assert last_part.top + last.strip().bottom() <= stack.height <= body.height()
    assert body.bottom() + PAD + GAP <= cache.height
    assert region.thumb().top() >= region.bottom and region.thumb().bottom() <= region.strip().bottom()


def test_shift_wheel_over_the_block_scrolls_it_and_the_header_stays(qtbot):
    _model, view, item = _view(qtbot)
    part, region = _region(view, item)
    origin = _origin(view, item)
    right = origin.x() + region.width
    lines = (origin.y() + part.top + region.top, origin.y() + part.top + region.bottom)
    header = (lines[0] - 14, lines[0] - 2)  # the language label and Copy link
    before = _grab(view)
    _wheel(view, _lines_point(view, item), QPoint(0, -240))  # no Shift: the list's own scrolling
    assert region.offset == 0
    _wheel(view, _lines_point(view, item), QPoint(0, -240), Qt.KeyboardModifier.ShiftModifier)
    assert region.offset > 0
    after = _grab(view)
    assert _band(before, *lines, origin.x(), right) != _band(after, *lines, origin.x(), right)  # the pixels moved
    assert _band(before, *header, origin.x(), right) == _band(after, *header, origin.x(), right)  # the header stayed
    top = origin.y() + part.top + region.bottom
    assert _band(before, top, top + SCROLL_BAR_ROOM, origin.x(), right) != _band(
        after, top, top + SCROLL_BAR_ROOM, origin.x(), right
    )  # the thumb moved along
    shifted = region.offset
    _wheel(view, _lines_point(view, item), QPoint(240, 0))  # a horizontal wheel or touchpad: back left
    assert region.offset < shifted
    for _ in range(100):
        _wheel(view, _lines_point(view, item), QPoint(-240, 0))
    assert region.offset == int(region.overflow)  # stops at the end
    _wheel(view, origin + QPointF(60, 4), QPoint(0, 240), Qt.KeyboardModifier.ShiftModifier)  # over prose: nothing
    assert region.offset == int(region.overflow)


def test_dragging_the_bar_scrolls_the_block(qtbot):
    _model, view, item = _view(qtbot)
    part, region = _region(view, item)
    origin = _origin(view, item) + QPointF(0, part.top)
    thumb = region.thumb()
    grab = origin + thumb.center()
    _mouse(view, QEvent.Type.MouseMove, _lines_point(view, item), Qt.MouseButton.NoButton)
    assert view.viewport().cursor().shape() == Qt.CursorShape.IBeamCursor  # over the code: text
    _mouse(view, QEvent.Type.MouseMove, grab, Qt.MouseButton.NoButton)
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor  # over its bar: the arrow
    _mouse(view, QEvent.Type.MouseButtonPress, grab)
    _mouse(view, QEvent.Type.MouseMove, grab + QPointF(100, 0))
    assert region.offset == round(100 / (region.width - 2 * 2 - thumb.width()) * region.overflow)
    _mouse(view, QEvent.Type.MouseMove, grab + QPointF(5000, 0))
    assert region.offset == int(region.overflow)
    _mouse(view, QEvent.Type.MouseButtonRelease, grab + QPointF(5000, 0))
    _mouse(view, QEvent.Type.MouseButtonDblClick, origin + region.thumb().center())
    _mouse(view, QEvent.Type.MouseButtonRelease, origin + region.thumb().center())
    assert not view.selection.has_text()  # neither the drag nor a double click on the bar selected text
    # a click on the track moves the thumb there
    _mouse(view, QEvent.Type.MouseButtonPress, origin + QPointF(thumb.width() / 2 + 2, thumb.center().y()))
    _mouse(view, QEvent.Type.MouseButtonRelease, origin + QPointF(thumb.width() / 2 + 2, thumb.center().y()))
    assert region.offset == 0


def test_left_and_right_scroll_the_current_rows_block(qtbot):
    model, view, item = _view(qtbot)
    _part, region = _region(view, item)
    view.setFocus()
    view.setCurrentIndex(model.index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert region.offset == 2 * KEY_STEP
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert region.offset == KEY_STEP
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)  # Shift: the text selection's
    assert region.offset == KEY_STEP and view.selection.has_text()


def test_selecting_in_a_scrolled_block_copies_what_is_shown(qtbot):
    _model, view, item = _view(qtbot)
    part, region = _region(view, item)
    start = _code_point(view, item, "value_20")
    assert region.scroll_to(start.x() - _origin(view, item).x() - 100)  # value_20 now shows 100 px in
    view.viewport().repaint()
    start = _code_point(view, item, "value_20")
    assert 90 < start.x() - _origin(view, item).x() < 110
    view.selection.double_click(item, start.toPoint())
    assert view.selection.text() == "value_20"
    end = _code_point(view, item, "value_22", len("value_22"))
    _mouse(view, QEvent.Type.MouseButtonPress, start - QPointF(2, 0))
    _mouse(view, QEvent.Type.MouseMove, end)
    _mouse(view, QEvent.Type.MouseButtonRelease, end)
    assert view.selection.text() == "value_20 + value_21 + value_22"
    QApplication.clipboard().setText("")
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "value_20 + value_21 + value_22"
    # the Copy link still copies the whole block
    assert view.chat_delegate.body_of(item).codes()[0] == CODE


def test_offsets_survive_a_resize_clamped_and_a_streamed_block_scrolls(qtbot):
    _model, view, item = _view(qtbot)
    _part, region = _region(view, item)
    region.scroll_to(10_000)
    view.resize(1000, 600)
    view.doItemsLayout()
    _part, wider = _region(view, item)
    assert wider.width > region.width and wider.offset == int(wider.overflow)
    model = view.chat_model
    streamed = model.append(ChatItem("task", key="t", agent="Atlas", streaming=True))
    text = f"Intro\n\n```python\n{LONG}\n```\n\nmore"
    for end in range(10, len(text) + 1, 40):
        model.update("t", content=text[:end])
        view.doItemsLayout()
    model.update("t", content=text, streaming=False)
    view.doItemsLayout()
    view.scrollToBottom()
    view.viewport().repaint()
    assert _region(view, streamed)[1].overflow > 0
