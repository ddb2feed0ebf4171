"""Paints chat rows as cards. Each row keeps its body laid out (``BlockStack``): a
streaming row renders each markdown block once, when it is finished, and shows the
growing tail as plain text; when the row completes only the blocks not yet rendered
are (a message that arrives whole gets one full render). Painting draws only what is
in view, and a row whose height did not change is repainted without a relayout."""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QTextDocument,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

from aipa.core.render import BlockSplitter, has_references, split_blocks, to_html
from aipa.ui.chat.block_stack import MAX_PIXMAP_HEIGHT, BlockStack, PixmapCache
from aipa.ui.chat.model import ITEM_ROLE, LINE_KINDS, ChatItem
from aipa.ui.safe_text import SafeDocument, document_css
from aipa.ui.theme import STATE_COLORS, Theme

MARGIN = 14  # left/right outside the card
GAP = 5  # above/below the card
PAD = 12  # inside the card
THINK_STREAM_LINES = 8  # lines of thinking shown while it streams
HEADER_PIXMAPS = 128  # card header lines kept drawn
PREPAINT_PARTS = 8  # new blocks of a changed row drawn ahead of its paint, at most

STATUS_TEXT = {
    "queued": "◌ queued",
    "pending": "◌ queued",
    "waiting": "… waiting",
    "working": "… working",
    "thinking": "✱ thinking",
    "streaming": "▮ streaming",
    "in_progress": "▮ working",
    "done": "✓ done",
    "complete": "✓ done",
    "error": "✗ error",
    "stopped": "■ stopped",
    "interrupted": "■ interrupted",
}
STATUS_COLORS = {**STATE_COLORS, "working": STATE_COLORS["waiting"]}


@dataclass
class _Cache:
    version: int = -1
    width: int = -1
    body: BlockStack | None = None
    thinking: QTextDocument | None = None
    thinking_text: str = ""
    splitter: BlockSplitter | None = None  # while the body is built block by block
    stable: int = 0  # source chars rendered as finished blocks
    incremental: bool = False  # the body is built block by block (and may still grow)
    source: str | None = None  # the content the body was rendered from
    source_streaming: bool = False
    height: int = 0
    hinted: int | None = None  # the height stored in the model for the layout (size_for)
    size: QSize | None = None  # width and height
    rects: dict = field(default_factory=dict)


class ChatDelegate(QStyledItemDelegate):
    def __init__(self, view, theme: Theme) -> None:
        super().__init__(view)
        self.view = view
        self.theme = theme
        self.show_thinking = True
        self._cache: dict[int, _Cache] = {}
        self.viewport_width: int | None = None
        self._font_set: tuple = ()
        self._metrics: dict[str, QFontMetrics] = {}
        self._css = ""
        self.pixmaps = PixmapCache()
        self._headers: OrderedDict[tuple, QPixmap] = OrderedDict()
        self.full_renders = 0  # counters for tests and benchmarks
        self.tail_renders = 0
        self.finish_renders = 0  # a streamed row completed: only its last blocks rendered

    # configuration --------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self._css = ""
        self._cache.clear()
        self.pixmaps.clear()
        self._headers.clear()
        self.view.sizes_changed()

    def set_show_thinking(self, show: bool) -> None:
        self.show_thinking = show
        for cache in self._cache.values():
            cache.width = -1
        self.view.sizes_changed()

    def drop(self, item: ChatItem) -> None:
        """Forget one row's rendering."""
        self._cache.pop(item.uid, None)

    def forget(self) -> None:
        self._cache.clear()
        self.pixmaps.clear()

    # geometry ---------------------------------------------------------------------------

    def _width(self) -> int:
        # the view keeps viewport_width current (asking the viewport is slow for a
        # call made for every row whenever the rows are laid out)
        width = self.viewport_width
        if width is None:
            width = self.viewport_width = self.view.viewport().width()
        return max(200, width)

    def font_changed(self) -> None:
        """The view's font changed (the view calls this): fonts and cards are made again."""
        self._font_set = ()
        self._cache.clear()
        self.pixmaps.clear()
        self._headers.clear()
        self.view.sizes_changed()

    def _fonts(self):
        """(base, bold, small, mono), made once per view font."""
        if self._font_set:
            return self._font_set
        base = QFont(self.view.font())
        bold = QFont(base)
        bold.setWeight(QFont.Weight.DemiBold)
        small = QFont(base)
        small.setPointSizeF(max(7.0, base.pointSizeF() * 0.9))
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setPointSizeF(max(7.0, base.pointSizeF() * 0.88))
        self._font_set = base, bold, small, mono
        self._metrics = {name: QFontMetrics(f) for name, f in zip(("base", "bold", "small", "mono"), self._font_set)}
        return self._font_set

    def _fm(self, name: str) -> QFontMetrics:
        if not self._font_set:
            self._fonts()
        return self._metrics[name]

    def _new_doc(self, width: float) -> QTextDocument:
        # no QObject parent: a replaced document is freed with its last reference
        doc = SafeDocument()
        doc.setDefaultFont(self.view.font())
        if not self._css:
            self._css = document_css(self.theme)
        doc.setDefaultStyleSheet(self._css)
        doc.setDocumentMargin(0)
        doc.setTextWidth(width)
        return doc

    def _new_stack(self, width: float) -> BlockStack:
        return BlockStack(lambda: self._new_doc(width), width)

    def _inner_width(self, item: ChatItem, width: int) -> int:
        return max(80, width - 2 * MARGIN - 2 * PAD - (4 if item.kind in ("routing", "chat_agent") else 0))

    def _render_body(self, item: ChatItem, cache: _Cache, inner: int) -> None:
        text = item.content
        if not text:
            cache.body, cache.splitter, cache.incremental = None, None, False
            return
        dark = self.theme.dark
        if not item.streaming:
            if self._continues(cache, text) and not has_references(text):
                # completed after streaming: render only the blocks not rendered yet
                for block in split_blocks(text[cache.stable :]):
                    cache.body.append_html(to_html(block, dark=dark))
                cache.body.set_tail("")
                cache.splitter, cache.incremental = None, False
                self.finish_renders += 1
                return
            cache.body = self._new_stack(inner)
            cache.body.append_html(to_html(text, dark=dark))
            cache.splitter, cache.incremental = None, False
            self.full_renders += 1
            return
        # streaming: render each block once, when it is finished; the tail is plain text
        if not self._continues(cache, text) or not cache.splitter.extends(text):
            cache.body = self._new_stack(inner)
            cache.splitter, cache.stable, cache.incremental = BlockSplitter(), 0, True
        for cut in cache.splitter.feed(text):
            cache.body.append_html(to_html(text[cache.stable : cut], dark=dark))
            cache.stable = cut
        cache.body.set_tail(text[cache.stable :].rstrip("\n") + " ▍")
        self.tail_renders += 1

    @staticmethod
    def _continues(cache: _Cache, text: str) -> bool:
        """Whether ``text`` keeps the blocks already rendered block by block."""
        if not (cache.incremental and cache.body is not None and cache.splitter is not None):
            return False
        done = (cache.source or "")[: cache.stable]
        if text.startswith(done):
            return True
        # the final text may lose the trailing blank lines the stream had
        return done.startswith(text) and not done[len(text) :].strip()

    def _render_thinking(self, item: ChatItem, cache: _Cache, inner: int) -> None:
        if not (self.show_thinking and item.thinking and item.show_thinking_open()):
            cache.thinking = None
            return
        text = item.thinking.strip("\n")
        if item.streaming and item.thinking_open is None:
            lines = text.split("\n")
            text = "\n".join(lines[-THINK_STREAM_LINES:])
        if cache.thinking is None or cache.thinking_text != text:
            doc = cache.thinking or self._new_doc(inner - 16)
            small = self._fonts()[2]
            doc.setDefaultFont(small)
            doc.setPlainText(text)
            cache.thinking = doc
            cache.thinking_text = text

    def _cache_for(self, item: ChatItem) -> _Cache:
        width = self._width()
        cache = self._cache.get(item.uid)
        if cache is None:
            cache = self._cache[item.uid] = _Cache()
        if cache.version == item.version and cache.width == width:
            return cache
        inner = self._inner_width(item, width)
        if item.kind in LINE_KINDS:
            fm = self._fm("small")
            text_rect = fm.boundingRect(
                QRect(0, 0, width - 2 * MARGIN - 8, 10_000), int(Qt.TextFlag.TextWordWrap), self._line_text(item)
            )
            cache.height = text_rect.height() + 2 * GAP + 6
            cache.version, cache.width = item.version, width
            cache.size = QSize(width, cache.height)
            return cache
        if item.collapsed:
            pass  # folded: the body is rendered when it is unfolded
        elif cache.source != item.content or cache.source_streaming != item.streaming:
            self._render_body(item, cache, inner)
            cache.source, cache.source_streaming = item.content, item.streaming
        if cache.body is not None and cache.body.width != inner:
            cache.body.set_width(inner)
        self._render_thinking(item, cache, inner)
        if cache.thinking is not None and cache.thinking.textWidth() != inner - 16:
            cache.thinking.setTextWidth(inner - 16)
        cache.version, cache.width = item.version, width
        self._layout(item, cache, width, inner)
        cache.size = QSize(width, cache.height)
        return cache

    def _layout(self, item: ChatItem, cache: _Cache, width: int, inner: int) -> None:
        header_h = self._fm("bold").height() + 2
        small_h = self._fm("small").height()
        left = MARGIN + PAD + (4 if item.kind in ("routing", "chat_agent") else 0)
        y = GAP + PAD
        rects = {"header": QRect(left, y, inner, header_h)}
        y += header_h + 6
        if self.show_thinking and item.thinking and not item.collapsed:
            if cache.thinking is not None:
                h = small_h + 6 + int(cache.thinking.size().height()) + 8
                rects["thinking"] = QRect(left, y, inner, h)
                rects["thinking_toggle"] = QRect(left, y, inner, small_h + 6)
                y += h + 6
            else:
                rects["thinking"] = QRect(left, y, inner, small_h + 4)
                rects["thinking_toggle"] = rects["thinking"]
                y += small_h + 10
        if item.collapsed and item.content:
            rects["fold"] = QRect(left, y, inner, small_h + 2)
            y += small_h + 2
        elif cache.body is not None:
            h = int(cache.body.height) + 1
            rects["body"] = QRect(left, y, inner, h)
            y += h
        elif item.streaming or item.status in ("queued", "waiting", "working", "pending"):
            rects["placeholder"] = QRect(left, y, inner, small_h)
            y += small_h
        else:
            y -= 6
        cache.rects = rects
        cache.height = y + PAD + GAP

    # Qt API -----------------------------------------------------------------------------

    # No sizeHint override: the view stores each row's size in the model (size_for),
    # and QStyledItemDelegate's C++ sizeHint reads it when Qt lays the rows out.

    def size_for(self, item: ChatItem) -> QSize:
        """The row's size, brought up to date, as the view stores it in the model."""
        cache = self._cache_for(item)
        cache.hinted = cache.height
        return cache.size

    def _body_context(self) -> QAbstractTextDocumentLayout.PaintContext:
        ctx = QAbstractTextDocumentLayout.PaintContext()
        pal = QPalette(ctx.palette)
        pal.setColor(QPalette.ColorRole.Text, QColor(self.theme.text))
        ctx.palette = pal
        return ctx

    def prepaint(self, item: ChatItem) -> None:
        """Draw a row's newest finished blocks into their pixmaps now (the view calls
        this for a row in view that just changed), so that the next paint, which may
        have several such rows to show, only copies them."""
        cache = self._cache.get(item.uid)
        if cache is None or cache.body is None or item.collapsed or item.kind in LINE_KINDS:
            return
        dpr = self.view.viewport().devicePixelRatioF()
        background = QColor(self._card_style(item)[0])
        ctx = self._body_context()
        for part in cache.body.parts[::-1][:PREPAINT_PARTS]:
            if part.pixmap is not None:
                break  # older blocks were drawn when they arrived
            if part.height <= MAX_PIXMAP_HEIGHT:
                self.pixmaps.pixmap(part, ctx, background, dpr)

    def height_for(self, item: ChatItem) -> int:
        return self._cache_for(item).height

    def height_changed(self, item: ChatItem) -> bool:
        """Bring the row up to date; True when its stored size must change (and the
        rows be laid out again)."""
        cache = self._cache_for(item)
        return cache.height != cache.hinted

    def paint(self, painter: QPainter, option, index) -> None:
        item: ChatItem = index.data(ITEM_ROLE)
        if item is None:
            return
        cache = self._cache_for(item)
        # the part of the row in view, in row coordinates: only that is drawn
        shown = QRectF(option.rect).intersected(QRectF(self.view.viewport().rect()))
        if shown.isEmpty():
            shown = QRectF(option.rect)
        shown.translate(-option.rect.left(), -option.rect.top())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(option.rect.topLeft())
        if item.kind in LINE_KINDS:
            self._paint_line(painter, item, cache)
        else:
            self._paint_card(painter, item, cache, bool(option.state & QStyle.StateFlag.State_Selected), shown)
        painter.restore()

    # painting ---------------------------------------------------------------------------

    def _line_text(self, item: ChatItem) -> str:
        return item.content

    def _paint_line(self, painter: QPainter, item: ChatItem, cache: _Cache) -> None:
        t = self.theme
        painter.setFont(self._fonts()[2])
        color = {"warning": "#c98a00", "error": "#d64545"}.get(item.level, t.dim)
        if item.kind == "decision":
            color = item.color or t.dim
        painter.setPen(QColor(color))
        rect = QRect(MARGIN + 4, GAP + 3, self._width() - 2 * MARGIN - 8, cache.height - 2 * GAP)
        align = Qt.AlignmentFlag.AlignHCenter if item.kind == "decision" else Qt.AlignmentFlag.AlignLeft
        painter.drawText(rect, int(align | Qt.TextFlag.TextWordWrap), self._line_text(item))

    def _card_style(self, item: ChatItem) -> tuple[str, str, float]:
        """(background, border colour, border width)."""
        t = self.theme
        if item.kind in ("directive", "answer", "chat_user"):
            return t.principal_bg, t.principal_bg, 0
        if item.kind == "deliverable":
            return t.card, t.deliverable_border, 2.5
        if item.kind == "audit":
            return (
                t.card,
                t.verdict_color(item.verdict, item.color),
                2.5 if item.verdict in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT") else 1.5,
            )
        if item.kind == "task":
            return t.card, _mix(item.color, t.card, 0.55), 1.2
        return t.card, t.border, 1

    def _paint_card(self, painter: QPainter, item: ChatItem, cache: _Cache, selected: bool, shown: QRectF) -> None:
        t = self.theme
        _base, _bold, small, _mono = self._fonts()
        width = self._width()
        bg, border, bw = self._card_style(item)
        card = QRectF(MARGIN, GAP, width - 2 * MARGIN, cache.height - 2 * GAP)
        painter.setBrush(QColor(bg))
        painter.setPen(QPen(QColor(border), bw) if bw else Qt.PenStyle.NoPen)
        painter.drawRoundedRect(card.adjusted(bw / 2, bw / 2, -bw / 2, -bw / 2), 8, 8)
        if item.kind in ("routing", "chat_agent"):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(item.color))
            painter.drawRoundedRect(QRectF(MARGIN + 1, GAP + 8, 4, card.height() - 16), 2, 2)
        if selected:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(t.accent), 1, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(card.adjusted(2, 2, -2, -2), 7, 7)
        self._draw_header(painter, item, cache.rects["header"], QColor(bg))
        if "thinking" in cache.rects:
            self._paint_thinking(painter, item, cache, small)
        if "fold" in cache.rects:
            r = cache.rects["fold"]
            fm = self._fm("small")
            painter.setFont(small)
            painter.setPen(QColor(t.accent))
            more = f"▸ full report · {len(item.content):,} chars"
            more_w = fm.horizontalAdvance(more)
            painter.drawText(QPointF(r.right() - more_w, r.top() + fm.ascent()), more)
            painter.setPen(QColor(t.dim))
            painter.drawText(
                QPointF(r.left(), r.top() + fm.ascent()),
                fm.elidedText(item.preview(), Qt.TextElideMode.ElideRight, r.width() - more_w - 16),
            )
        elif "body" in cache.rects and cache.body is not None:
            r = cache.rects["body"]
            painter.save()
            painter.translate(r.topLeft())
            cache.body.draw(
                painter, self._body_context(), shown.translated(-r.left(), -r.top()), self.pixmaps, QColor(bg)
            )
            painter.restore()
        elif "placeholder" in cache.rects:
            painter.setFont(small)
            painter.setPen(QColor(t.dim))
            label = (
                "waiting for the model…" if item.status in ("waiting", "working", "streaming", "thinking") else "queued"
            )
            painter.drawText(cache.rects["placeholder"], int(Qt.AlignmentFlag.AlignLeft), label)

    def _draw_header(self, painter: QPainter, item: ChatItem, rect: QRect, background: QColor) -> None:
        """The header line, copied from a pixmap made the first time it looked like this."""
        dpr = painter.device().devicePixelRatioF()
        key = (
            item.kind,
            item.label,
            item.agent,
            item.title,
            item.color,
            item.status,
            item.verdict,
            item.streaming,
            rect.width(),
            rect.height(),
            dpr,
            background.rgba(),
        )
        pixmap = self._headers.get(key)
        if pixmap is None:
            pixmap = QPixmap(math.ceil(rect.width() * dpr), math.ceil(rect.height() * dpr))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(background)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.translate(-rect.left(), -rect.top())
            _, bold, small, mono = self._fonts()
            self._paint_header(p, item, rect, bold, small, mono)
            p.end()
            self._headers[key] = pixmap
            if len(self._headers) > HEADER_PIXMAPS:
                self._headers.popitem(last=False)
        else:
            self._headers.move_to_end(key)
        painter.drawPixmap(rect.topLeft(), pixmap)

    def _paint_header(self, painter, item: ChatItem, rect: QRect, bold, small, mono) -> None:
        t = self.theme
        x = rect.left()
        mid = rect.top() + rect.height() // 2

        metrics = {id(bold): self._fm("bold"), id(small): self._fm("small"), id(mono): self._fm("mono")}

        def seg(text: str, font: QFont, color: str) -> None:
            nonlocal x
            if not text:
                return
            fm = metrics[id(font)]
            painter.setFont(font)
            painter.setPen(QColor(color))
            room = rect.right() - x - right_w - 8
            if room <= 10:
                return
            shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, room)
            painter.drawText(QPointF(x, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), shown)
            x += fm.horizontalAdvance(shown)

        right, right_color = self._header_right(item)
        right_w = self._fm("bold" if item.kind == "audit" else "small").horizontalAdvance(right) if right else 0
        if item.kind in ("directive", "answer", "chat_user"):
            seg("Principal", bold, t.accent)
            seg(
                "  ›  "
                + (
                    "answers"
                    if item.kind == "answer"
                    else f"to {item.agent}"
                    if item.kind == "chat_user"
                    else "directive"
                ),
                small,
                t.dim,
            )
        elif item.kind == "deliverable":
            seg("Deliverable", bold, t.deliverable_border)
            seg(f"  ·  {item.agent}" + (f" · revision {item.label}" if item.label else ""), small, t.dim)
        else:
            if item.kind == "task" and item.label:
                seg(item.label + "  ", mono, t.dim)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(item.color))
            painter.drawEllipse(QPointF(x + 5, mid + 1), 4.5, 4.5)
            x += 14
            seg(item.agent, bold, item.color)
            if item.kind == "audit":
                seg("  ·  audit", small, t.dim)
            elif item.title:
                seg("  ·  " + item.title, small, t.dim)
        if right:
            font = bold if item.kind == "audit" else small
            fm = self._fm("bold" if item.kind == "audit" else "small")
            painter.setFont(font)
            painter.setPen(QColor(right_color))
            painter.drawText(QPointF(rect.right() - right_w, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), right)

    def _header_right(self, item: ChatItem) -> tuple[str, str]:
        if item.kind == "audit":
            if item.streaming:
                return STATUS_TEXT.get(item.status, item.status), STATUS_COLORS.get(item.status, self.theme.dim)
            verdict = item.verdict or "NONE"
            return f"VERDICT: {verdict}", self.theme.verdict_color(verdict, self.theme.dim)
        if item.kind in ("task", "routing", "chat_agent", "deliverable") and item.status:
            return STATUS_TEXT.get(item.status, item.status), STATUS_COLORS.get(item.status, self.theme.dim)
        return "", ""

    def _paint_thinking(self, painter, item: ChatItem, cache: _Cache, small) -> None:
        t = self.theme
        r = cache.rects["thinking"]
        fm = self._fm("small")
        painter.setFont(small)
        if cache.thinking is None:
            painter.setPen(QColor(t.dim))
            painter.drawText(QPointF(r.left(), r.top() + fm.ascent() + 1), item.thinking_summary())
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(t.thinking_bg))
        painter.drawRoundedRect(QRectF(r), 6, 6)
        painter.setPen(QColor(t.dim))
        label = "▾ Thinking" + (" …" if item.streaming and not item.content else f" [{len(item.thinking):,} chars]")
        painter.drawText(QPointF(r.left() + 8, r.top() + fm.ascent() + 4), label)
        painter.save()
        painter.translate(r.left() + 8, r.top() + fm.height() + 6)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        pal = QPalette(ctx.palette)
        pal.setColor(QPalette.ColorRole.Text, QColor(t.dim))
        ctx.palette = pal
        cache.thinking.documentLayout().draw(painter, ctx)
        painter.restore()

    # hit testing ------------------------------------------------------------------------

    def hit(self, item: ChatItem, pos) -> tuple[str, str]:
        """What is under ``pos`` (row-relative): ("thinking" | "fold", "") or ("link", url)."""
        cache = self._cache_for(item)
        fold = cache.rects.get("fold")
        if fold is not None and fold.contains(pos):
            return "fold", ""
        if item.kind == "task" and item.content and not item.streaming and cache.rects["header"].contains(pos):
            return "fold", ""
        toggle = cache.rects.get("thinking_toggle")
        if toggle is not None and toggle.contains(pos):
            return "thinking", ""
        body = cache.rects.get("body")
        if body is not None and cache.body is not None and body.contains(pos):
            anchor = cache.body.anchor_at(QPointF(pos - body.topLeft()))
            if anchor:
                return "link", anchor
        return "", ""


@lru_cache(maxsize=256)
def _mix(a: str, b: str, amount: float) -> str:
    """Blend colour ``a`` toward ``b`` by ``amount`` (0..1)."""
    ca, cb = QColor(a), QColor(b)
    r = ca.red() + (cb.red() - ca.red()) * amount
    g = ca.green() + (cb.green() - ca.green()) * amount
    bl = ca.blue() + (cb.blue() - ca.blue()) * amount
    return QColor(int(r), int(g), int(bl)).name()
