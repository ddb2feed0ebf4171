"""A message body laid out as a stack of documents, one per finished markdown block
(``markdown_render.BlockSplitter``), plus a plain-text tail while the message streams.

Each block is rendered once, when it is finished, and placed under the previous one
with the spacing QTextDocument puts between them inside one document: the larger of
the two facing block margins, and none above a table (the empty block Qt puts before
a table takes that place). So the stack lays out as one document made of the whole
text would (tests/ui/transcript/test_rendering.py compares them), while appending costs the new
block, and drawing and hit-testing cost the blocks in view. A finished block never
changes, so it is drawn once into a pixmap (``PixmapCache``, bounded) and copied after
that: repainting a screen of cards costs a few copies plus the growing tails. Code
blocks keep their lines and scroll sideways, each by its own offset (``code_scroll``).
"""

from __future__ import annotations

import math
import weakref
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QPainter,
    QPixmap,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)

from aipa.core.text.code_blocks import COPY_LINK
from aipa.ui.transcript.code_scroll import draw_bars, draw_document, find_regions, unscrolled

MAX_PIXMAP_HEIGHT = 2048  # taller blocks are drawn directly, clipped to the view
SCREENS = 3  # pixmaps of finished blocks kept: about this many viewports' worth
MIN_BUDGET = 8 << 20  # bytes


def _selection(doc: QTextDocument, span: tuple[int, int], colors) -> QAbstractTextDocumentLayout.Selection:
    chosen = QAbstractTextDocumentLayout.Selection()
    cursor = QTextCursor(doc)
    cursor.setPosition(span[0])
    cursor.setPosition(span[1], QTextCursor.MoveMode.KeepAnchor)
    chosen.cursor = cursor
    fmt = QTextCharFormat()
    if colors is not None:
        fmt.setBackground(colors[0])
        fmt.setForeground(colors[1])
    chosen.format = fmt
    return chosen


@dataclass
class _Part:
    doc: QTextDocument
    top: float = 0.0
    height: float = 0.0
    top_margin: float = 0.0  # of its first block
    bottom_margin: float = 0.0  # of its last block
    table_first: bool = False  # it starts with a table
    codes: list[str] = field(default_factory=list)  # the source of each code block
    regions: list = field(default_factory=list)  # code blocks that keep their lines (code_scroll)
    overhang: float = 0.0  # below its height: the room under a code block that ends it
    pixmap: QPixmap | None = field(default=None, repr=False)
    pixmap_key: tuple[object, ...] = ()

    def measure(self) -> None:
        doc = self.doc
        self.height = doc.size().height()
        self.regions = find_regions(doc, self.regions) if self.codes else []
        self.overhang = max((r.strip().bottom() - self.height for r in self.regions), default=0.0)
        self.overhang = max(0.0, self.overhang)
        self.top_margin = doc.firstBlock().blockFormat().topMargin()
        self.bottom_margin = doc.lastBlock().blockFormat().bottomMargin()
        it = doc.rootFrame().begin()
        if it.currentFrame() is None and not it.currentBlock().text():
            it += 1  # Qt keeps an empty block before a leading table
        self.table_first = not it.atEnd() and it.currentFrame() is not None


class PixmapCache:
    """Pixmaps of finished blocks; the least recently drawn are dropped beyond
    ``budget`` bytes (a few screens' worth), so a long history does not keep them all."""

    def __init__(self, budget: int = 64 << 20) -> None:
        self.budget = budget
        self.used = 0
        self._lru: OrderedDict[int, tuple[weakref.ref[_Part], int]] = OrderedDict()
        self.drawn = 0  # pixmaps made (tests, benchmarks)

    def _drop(self, key: int) -> None:
        entry = self._lru.pop(key, None)
        if entry is None:
            return
        ref, size = entry
        self.used -= size
        part = ref()
        if part is not None:
            part.pixmap, part.pixmap_key = None, ()

    def clear(self) -> None:
        for key in list(self._lru):
            self._drop(key)

    def fit(self, viewport: QSize, dpr: float) -> None:
        """Keep about SCREENS viewports' worth of pixmaps (at least MIN_BUDGET bytes)."""
        self.budget = max(MIN_BUDGET, int(SCREENS * viewport.width() * viewport.height() * 4 * dpr * dpr))
        while self.used > self.budget and len(self._lru) > 1:
            self._drop(next(iter(self._lru)))

    def pixmap(self, part: _Part, ctx, background: QColor, dpr: float) -> tuple[QPixmap, float]:
        """The part drawn on ``background`` at device pixel ratio ``dpr``, and the
        fraction of a pixel it is shifted down by (its top is not always whole)."""
        shift = part.top - math.floor(part.top)
        ink = ctx.palette.text().color().rgba()
        key: tuple[object, ...] = (dpr, background.rgba(), part.doc.textWidth(), shift, ink)
        key += tuple(region.offset for region in part.regions)
        if part.pixmap is not None and part.pixmap_key == key:
            self._lru.move_to_end(id(part))
            return part.pixmap, shift
        self._drop(id(part))
        width = math.ceil(part.doc.textWidth())
        height = math.ceil(part.height + shift) + 1
        pixmap = QPixmap(math.ceil(width * dpr), math.ceil(height * dpr))
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(background)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(0, shift)
        ctx.clip = QRectF()
        draw_document(painter, part.doc, ctx, part.regions)
        painter.end()
        size = pixmap.width() * pixmap.height() * 4
        part.pixmap, part.pixmap_key = pixmap, key
        ident = id(part)
        self._lru[ident] = (weakref.ref(part, lambda _ref: self._drop(ident)), size)
        self.used += size
        self.drawn += 1
        while self.used > self.budget and len(self._lru) > 1:
            self._drop(next(iter(self._lru)))
        return pixmap, shift


def _gap(above: _Part, below: _Part) -> float:
    return 0.0 if below.table_first else max(above.bottom_margin, below.top_margin)


class BlockStack:
    """Documents made by ``make_doc()`` (fonts and style sheet set), ``width`` wide."""

    def __init__(self, make_doc: Callable[[], QTextDocument], width: float) -> None:
        self._make = make_doc
        self.width = width
        self.parts: list[_Part] = []
        self.tail: _Part | None = None
        self._tops: list[float] = []
        self.height = 0.0

    # building -------------------------------------------------------------------------

    def _new(self) -> _Part:
        doc = self._make()
        doc.setTextWidth(self.width)
        return _Part(doc)

    def append_html(self, html: str, codes: list[str] | None = None) -> None:
        """Add a finished block (or a whole message) rendered as ``html``, with the
        source of its code blocks (``render``'s second value) for their Copy links."""
        part = self._new()
        part.codes = list(codes or ())
        part.doc.setHtml(html)
        part.measure()
        if self.parts:
            last = self.parts[-1]
            part.top = last.top + last.height + _gap(last, part)
        self.parts.append(part)
        self._tops.append(part.top)
        self._place_tail()

    def set_tail(self, text: str) -> None:
        """Show ``text`` as plain text under the blocks ("" removes the tail)."""
        if not text:
            self.tail = None
        else:
            if self.tail is None:
                self.tail = self._new()
            self.tail.codes = []
            self.tail.doc.setPlainText(text)
            self.tail.measure()
        self._place_tail()

    def set_tail_html(self, html: str) -> None:
        """Show the unfinished tail rendered (a table's finished rows while it streams)."""
        if self.tail is None:
            self.tail = self._new()
        self.tail.codes = []
        self.tail.doc.setHtml(html)
        self.tail.measure()
        self._place_tail()

    def _place_tail(self) -> None:
        last = self.parts[-1] if self.parts else None
        if self.tail is not None:
            self.tail.top = last.top + last.height + _gap(last, self.tail) if last else 0.0
            last = self.tail
        self.height = last.top + last.height + last.overhang if last else 0.0

    def set_width(self, width: float) -> None:
        if width == self.width:
            return
        self.width = width
        y = 0.0
        previous = None
        for part in self.parts:
            part.doc.setTextWidth(width)
            part.measure()
            part.top = y + (_gap(previous, part) if previous else 0.0)
            y = part.top + part.height
            previous = part
        self._tops = [p.top for p in self.parts]
        if self.tail is not None:
            self.tail.doc.setTextWidth(width)
            self.tail.measure()
        self._place_tail()

    # reading --------------------------------------------------------------------------

    def _all(self) -> list[_Part]:
        return self.parts + ([self.tail] if self.tail is not None else [])

    def _first_at(self, y: float) -> int:
        return max(0, bisect_right(self._tops, y) - 1)

    def draw(
        self,
        painter: QPainter,
        ctx: QAbstractTextDocumentLayout.PaintContext,
        clip: QRectF,
        cache: PixmapCache | None = None,
        background: QColor | None = None,
        selection: dict[int, tuple[int, int]] | None = None,
        highlight: tuple[QColor, QColor] | None = None,
    ) -> None:
        """Draw the parts that meet ``clip`` (stack coordinates; the painter is at the
        stack's top left). With a ``cache`` (and the opaque ``background`` under the
        text), finished blocks are copied from pixmaps. ``selection`` (part index: its
        range, from ``selected``) is drawn in the ``highlight`` colours (background, text)."""
        first = self._first_at(clip.top())
        parts = self._all()
        dpr = painter.device().devicePixelRatioF() if cache is not None else 1.0
        for index in range(first, len(parts)):
            part = parts[index]
            if part.top > clip.bottom():
                break
            if part.top + part.height + part.overhang < clip.top():
                continue
            chosen = selection.get(index) if selection else None
            if (
                chosen is None
                and cache is not None
                and background is not None
                and part is not self.tail
                and part.height <= MAX_PIXMAP_HEIGHT
            ):
                pixmap, shift = cache.pixmap(part, ctx, background, dpr)
                painter.drawPixmap(QPointF(0, part.top - shift), pixmap)
            else:
                painter.save()
                painter.translate(0, part.top)
                ctx.clip = clip.translated(0, -part.top)
                if chosen is not None:
                    ctx.selections = [_selection(part.doc, chosen, highlight)]
                draw_document(painter, part.doc, ctx, part.regions)
                ctx.selections = []
                painter.restore()
            if part.regions:
                painter.save()
                painter.translate(0, part.top)
                draw_bars(painter, part.regions, ctx.palette.text().color())
                painter.restore()

    def part_at(self, pos: QPointF) -> _Part | None:
        for part in self._all()[self._first_at(pos.y()) :]:
            if part.top <= pos.y() < part.top + part.height:
                return part
        return None

    def anchor_at(self, pos: QPointF) -> str:
        part = self.part_at(pos)
        return part.doc.documentLayout().anchorAt(pos - QPointF(0, part.top)) if part is not None else ""

    def code_at(self, pos: QPointF) -> str | None:
        """The source of the code block whose Copy link is at ``pos`` (None: no such link)."""
        part = self.part_at(pos)
        if part is None:
            return None
        anchor = part.doc.documentLayout().anchorAt(pos - QPointF(0, part.top))
        if not anchor.startswith(COPY_LINK):
            return None
        index = anchor[len(COPY_LINK) :]
        return part.codes[int(index)] if index.isdigit() and int(index) < len(part.codes) else None

    def codes(self) -> list[str]:
        return [code for part in self._all() for code in part.codes]

    # text selection: a point is (part index, position in its document) -------------

    def locate(self, pos: QPointF) -> tuple[int, int]:
        """The text position nearest ``pos`` (above the stack: its start; below: its end)."""
        parts = self._all()
        if not parts or pos.y() < 0:
            return (0, 0)
        if pos.y() >= self.height:
            return self.end()
        index = self._first_at(pos.y())
        if self.tail is not None and pos.y() >= self.tail.top:
            index = len(parts) - 1
        part = parts[index]
        at = part.doc.documentLayout().hitTest(
            unscrolled(part.regions, pos - QPointF(0, part.top)), Qt.HitTestAccuracy.FuzzyHit
        )
        return (index, max(0, at))

    def end(self) -> tuple[int, int]:
        parts = self._all()
        return (len(parts) - 1, parts[-1].doc.characterCount() - 1) if parts else (0, 0)

    def clamp(self, point: tuple[int, int]) -> tuple[int, int]:
        parts = self._all()
        if not parts:
            return (0, 0)
        index = min(point[0], len(parts) - 1)
        return (index, min(point[1], parts[index].doc.characterCount() - 1))

    def selected(self, a: tuple[int, int], b: tuple[int, int]) -> dict[int, tuple[int, int]]:
        """The range selected in each part between the points ``a`` and ``b``."""
        a, b = sorted((self.clamp(a), self.clamp(b)))
        parts = self._all()
        out = {}
        for index in range(a[0], b[0] + 1):
            start = a[1] if index == a[0] else 0
            end = b[1] if index == b[0] else parts[index].doc.characterCount() - 1
            if end > start:
                out[index] = (start, end)
        return out

    def text_between(self, a: tuple[int, int], b: tuple[int, int]) -> str:
        parts = self._all()
        texts = []
        for index, (start, end) in self.selected(a, b).items():
            cursor = QTextCursor(parts[index].doc)
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            texts.append(cursor.selection().toPlainText())
        return "\n".join(texts)

    def move(self, point: tuple[int, int], op: QTextCursor.MoveOperation) -> tuple[int, int]:
        """``point`` moved by a cursor movement, across parts at their edges."""
        parts = self._all()
        if not parts:
            return (0, 0)
        index, position = self.clamp(point)
        cursor = QTextCursor(parts[index].doc)
        cursor.setPosition(position)
        if cursor.movePosition(op):
            return (index, cursor.position())
        backward = op in (
            QTextCursor.MoveOperation.Left,
            QTextCursor.MoveOperation.PreviousCharacter,
            QTextCursor.MoveOperation.PreviousWord,
            QTextCursor.MoveOperation.WordLeft,
            QTextCursor.MoveOperation.Up,
            QTextCursor.MoveOperation.StartOfLine,
        )
        if backward and index > 0:
            return (index - 1, parts[index - 1].doc.characterCount() - 1)
        if not backward and index < len(parts) - 1:
            return (index + 1, 0)
        return (index, position)

    def word_at(self, point: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
        parts = self._all()
        index, position = self.clamp(point)
        cursor = QTextCursor(parts[index].doc)
        cursor.setPosition(position)
        cursor.select(QTextCursor.SelectionType.WordUnderCursor)
        return (index, cursor.selectionStart()), (index, cursor.selectionEnd())

    def to_plain_text(self) -> str:
        return "\n".join(p.doc.toPlainText() for p in self._all())
