"""Code blocks that keep their lines: in the window a fenced block is laid out without
wrapping (``white-space: pre``, ``aipa.core.text.code_blocks``), so a line wider than the
column runs past it. Such a block is a *region* of its document: painted clipped to the
column and shifted left by its own offset, with a thin scroll bar drawn in the room the
block leaves under it (only when it overflows). Its language bar and Copy link are
outside the region and stay put; the rest of the message wraps as before.

The offsets live in the regions, which live in the row's ``BlockStack`` (the delegate's
row cache): a block keeps its offset (clamped) when the column's width changes and
starts at 0 when the row is rendered again. ``CodeScroll`` moves them: Shift+wheel or
a horizontal wheel or touchpad over the block, dragging its bar, and Left/Right on the
view's current row (its first overflowing block in view)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QColor, QPainter, QTextDocument

from aipa.core.text.code_blocks import SCROLL_BAR_ROOM, code_colors


@lru_cache(maxsize=1)
def code_backgrounds() -> frozenset[int]:
    """The code blocks' background colours, read from pygments' styles when first needed
    (not before the window's first paint, ARCHITECTURE §6)."""
    return frozenset(QColor(code_colors(dark)[0]).rgb() for dark in (False, True))


END_ROOM = 8  # past the longest line, so that its last character is not flush with the edge
BAR = 4  # the scroll bar's thickness
BAR_INSET = 2  # between the bar and the block's edges
WHEEL_STEP = 60  # pixels a wheel notch (120 eighths of a degree) scrolls
KEY_STEP = 48  # pixels Left/Right scroll


@dataclass
class CodeRegion:
    """The lines of one code block in its document (document coordinates)."""

    top: float
    bottom: float
    content: float  # the width its longest line needs
    width: float  # the column's
    fill: QColor  # the block's background
    offset: float = 0.0

    @property
    def overflow(self) -> float:
        """How far the block can scroll (0: it fits)."""
        return max(0.0, self.content - self.width)

    def scroll_to(self, offset: float) -> bool:
        """Move to ``offset`` (clamped); True when it moved."""
        offset = float(min(max(0, round(offset)), math.floor(self.overflow)))
        moved = offset != self.offset
        self.offset = offset
        return moved

    def lines(self) -> QRectF:
        return QRectF(0, self.top, self.width, self.bottom - self.top)

    def strip(self) -> QRectF:
        """The room under the block where its bar is drawn."""
        return QRectF(0, self.bottom, self.width, SCROLL_BAR_ROOM)

    def track(self) -> tuple[float, float]:
        """(left, length) of the track the bar moves along."""
        return BAR_INSET, self.width - 2 * BAR_INSET

    def thumb(self) -> QRectF:
        left, length = self.track()
        size = max(24.0, length * self.width / self.content)
        x = left + (length - size) * (self.offset / self.overflow if self.overflow else 0.0)
        return QRectF(x, self.bottom + (SCROLL_BAR_ROOM - BAR) / 2, size, BAR)

    def offset_for_thumb(self, left: float) -> float:
        """The offset that puts the thumb's left edge at ``left``."""
        start, length = self.track()
        room = length - self.thumb().width()
        return (left - start) / room * self.overflow if room > 0 else 0.0


def find_regions(doc: QTextDocument, old: list[CodeRegion] | tuple = ()) -> list[CodeRegion]:
    """The code blocks of ``doc`` laid out without wrapping (runs of blocks with the code
    background that keep their lines), each keeping the offset of ``old``'s at its place."""
    layout = doc.documentLayout()
    width = doc.textWidth()
    out: list[CodeRegion] = []
    current: CodeRegion | None = None
    block = doc.begin()
    while block.isValid():
        fmt = block.blockFormat()
        color = fmt.background().color()
        if fmt.nonBreakableLines() and color.rgb() in code_backgrounds():
            rect = layout.blockBoundingRect(block)
            lines = [block.layout().lineAt(i) for i in range(block.layout().lineCount())]
            right = max((rect.left() + line.x() + line.naturalTextWidth() for line in lines), default=0.0)
            if current is None:
                current = CodeRegion(rect.top(), rect.bottom(), 0.0, width, QColor(color))
                out.append(current)
            current.bottom = rect.bottom()
            current.content = max(current.content, right + END_ROOM)
        else:
            current = None
        block = block.next()
    for region, before in zip(out, old):
        region.scroll_to(before.offset)
    return out


def unscrolled(regions: list[CodeRegion], pos: QPointF) -> QPointF:
    """``pos`` (document coordinates, as painted) where it is in the laid-out document:
    over a scrolled block, shifted by the block's offset (hit tests, selection)."""
    for region in regions:
        if region.offset and region.top <= pos.y() < region.bottom:
            return QPointF(pos.x() + region.offset, pos.y())
    return pos


def draw_document(
    painter: QPainter, doc: QTextDocument, ctx: QAbstractTextDocumentLayout.PaintContext, regions: list[CodeRegion]
) -> None:
    """Draw ``doc`` with its code blocks clipped to the column, each shifted by its offset."""
    layout = doc.documentLayout()
    if not any(region.overflow for region in regions):
        layout.draw(painter, ctx)
        return
    width = doc.textWidth()
    painter.save()
    painter.setClipRect(QRectF(0, -1, width, doc.size().height() + 2), Qt.ClipOperation.IntersectClip)
    layout.draw(painter, ctx)
    clip = QRectF(ctx.clip)
    for region in regions:
        area = region.lines()
        if not region.offset or (clip.isValid() and not clip.intersects(area)):
            continue
        painter.save()
        painter.setClipRect(area, Qt.ClipOperation.IntersectClip)
        painter.fillRect(area, region.fill)
        painter.translate(-region.offset, 0)
        ctx.clip = area.translated(region.offset, 0)
        layout.draw(painter, ctx)
        painter.restore()
    ctx.clip = clip
    painter.restore()


def draw_bars(painter: QPainter, regions: list[CodeRegion], ink: QColor) -> None:
    """The scroll bar under each block that overflows, in ``ink`` (the text colour) made faint."""
    thumb = QColor(ink)
    thumb.setAlpha(110)
    for region in regions:
        if not region.overflow:
            continue
        painter.save()
        painter.fillRect(region.strip(), region.fill)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(thumb)
        painter.drawRoundedRect(region.thumb(), BAR / 2, BAR / 2)
        painter.restore()


_HANDLED = frozenset(
    (
        QEvent.Type.Wheel,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.MouseMove,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.KeyPress,
    )
)


class CodeScroll(QObject):
    """Scrolls the chat view's code blocks sideways (an event filter on the view)."""

    def __init__(self, view) -> None:
        super().__init__(view)
        self.view = view
        self._drag: tuple[object, CodeRegion, float] | None = None  # (item, region, grab point in the thumb)
        self._viewport = view.viewport()
        self._viewport.installEventFilter(self)
        view.installEventFilter(self)

    # where ---------------------------------------------------------------------------

    def _stack(self, item):
        delegate = self.view.chat_delegate
        stack, rect = delegate.body_of(item), delegate.body_rect(item)
        return (stack, rect) if stack is not None and rect is not None else (None, None)

    def under(self, pos: QPointF) -> tuple[object, CodeRegion, QPointF] | None:
        """The overflowing code block at ``pos`` (viewport coordinates), its bar's room
        included: (item, region, ``pos`` in the region's document)."""
        index = self.view.indexAt(pos.toPoint())
        if not index.isValid():
            return None
        item = self.view.chat_model.item(index.row())
        stack, rect = self._stack(item)
        if stack is None:
            return None
        at = QPointF(pos) - QPointF(self.view.visualRect(index).topLeft()) - QPointF(rect.topLeft())
        if not 0 <= at.x() < rect.width():
            return None
        for part in stack.parts + ([stack.tail] if stack.tail is not None else []):
            y = at.y() - part.top
            for region in part.regions:
                if region.overflow and region.top <= y < region.bottom + SCROLL_BAR_ROOM:
                    return item, region, QPointF(at.x(), y)
        return None

    def _repaint(self, item) -> None:
        row = self.view.row_of(item)
        if row >= 0:
            self.view.update(self.view.chat_model.index(row, 0))

    def scroll(self, item, region: CodeRegion, offset: float) -> bool:
        if region.scroll_to(offset):
            self._repaint(item)
            return True
        return False

    # events ---------------------------------------------------------------------------

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind not in _HANDLED:  # (also the events of a view being destroyed)
            return False
        if watched is self._viewport:
            if kind == QEvent.Type.Wheel:
                return self._wheel(event)
            pressed = kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)
            if pressed and event.button() == Qt.MouseButton.LeftButton:
                return self._press(event.position())
            if kind == QEvent.Type.MouseMove and self._drag is not None:
                item, region, grab = self._drag
                self.scroll(item, region, region.offset_for_thumb(event.position().x() - self._left(item) - grab))
                return True
            if kind == QEvent.Type.MouseMove and not event.buttons():  # over a bar: the arrow, not the I-beam
                found = self.under(event.position())
                if found is not None and found[2].y() >= found[1].bottom:
                    self._viewport.setCursor(Qt.CursorShape.ArrowCursor)
                    return True
            if kind == QEvent.Type.MouseButtonRelease and self._drag is not None:
                self._drag = None
                return True
        elif watched is self.view and kind == QEvent.Type.KeyPress:
            return self._key(event)
        return False

    def _left(self, item) -> float:
        """The viewport x of ``item``'s body (the regions' x = 0)."""
        _stack, rect = self._stack(item)
        row = self.view.visualRect(self.view.chat_model.index(self.view.row_of(item), 0))
        return float(row.left() + (rect.left() if rect is not None else 0))

    def _wheel(self, event) -> bool:
        pixels, angle = event.pixelDelta(), event.angleDelta()
        dx, dy = (pixels.x(), pixels.y()) if not pixels.isNull() else (angle.x(), angle.y())
        scale = 1.0 if not pixels.isNull() else WHEEL_STEP / 120
        if abs(dx) > abs(dy):
            delta = dx
        elif event.modifiers() & Qt.KeyboardModifier.ShiftModifier and dy:
            delta = dy
        else:
            return False
        found = self.under(event.position())
        if found is None:
            return False
        item, region, _at = found
        self.scroll(item, region, region.offset - delta * scale)
        return True  # at either end too: the list does not scroll sideways

    def _press(self, pos: QPointF) -> bool:
        found = self.under(pos)
        if found is None or found[2].y() < found[1].bottom:
            return False  # on the code itself: a text selection starts as usual
        item, region, at = found
        thumb = region.thumb()
        if not thumb.left() <= at.x() < thumb.right():  # on the track: the thumb jumps there
            self.scroll(item, region, region.offset_for_thumb(at.x() - thumb.width() / 2))
            thumb = region.thumb()
        self._drag = (item, region, at.x() - thumb.left())
        return True

    def _key(self, event) -> bool:
        """Left/Right on the current row scroll its first overflowing code block in view."""
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.key() not in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            return False
        index = self.view.currentIndex()
        if not index.isValid():
            return False
        item = self.view.chat_model.item(index.row())
        region = self.first_in_view(item)
        if region is None:
            return False
        step = KEY_STEP if event.key() == Qt.Key.Key_Right else -KEY_STEP
        self.scroll(item, region, region.offset + step)
        return True

    def first_in_view(self, item) -> CodeRegion | None:
        """``item``'s first overflowing code block whose lines are in view (else its first)."""
        stack, rect = self._stack(item)
        if stack is None:
            return None
        row = self.view.visualRect(self.view.chat_model.index(self.view.row_of(item), 0))
        top = row.top() + rect.top()
        shown = QRectF(self.view.viewport().rect())
        regions = [(part, r) for part in stack.parts for r in part.regions if r.overflow]
        for part, region in regions:
            if shown.intersects(region.lines().translated(0, top + part.top)):
                return region
        return regions[0][1] if regions else None
