"""Paints chat rows as cards. Each row keeps a cached, laid-out document; a streaming
row re-renders only its growing tail (finished markdown blocks are appended once),
and a completed row gets one full render."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

from .chat_model import ITEM_ROLE, LINE_KINDS, ChatItem
from .markdown_render import split_stable, to_html
from .safe_text import SafeDocument, document_css
from .theme import STATE_COLORS, Theme

MARGIN = 14  # left/right outside the card
GAP = 5  # above/below the card
PAD = 12  # inside the card
THINK_STREAM_LINES = 8  # lines of thinking shown while it streams

STATUS_TEXT = {
    "queued": "◌ queued",
    "pending": "◌ queued",
    "waiting": "… waiting",
    "thinking": "✱ thinking",
    "streaming": "▮ streaming",
    "in_progress": "▮ working",
    "done": "✓ done",
    "complete": "✓ done",
    "error": "✗ error",
    "stopped": "■ stopped",
}


@dataclass
class _Cache:
    version: int = -1
    width: int = -1
    body: QTextDocument | None = None
    thinking: QTextDocument | None = None
    thinking_text: str = ""
    stable: int = 0  # source chars rendered as finished blocks
    tail_pos: int = 0  # document position where the plain tail starts
    incremental: bool = False
    source: str | None = None  # the content the body was rendered from
    source_streaming: bool = False
    height: int = 0
    rects: dict = field(default_factory=dict)


class ChatDelegate(QStyledItemDelegate):
    def __init__(self, view, theme: Theme) -> None:
        super().__init__(view)
        self.view = view
        self.theme = theme
        self.show_thinking = True
        self._cache: dict[int, _Cache] = {}
        self.full_renders = 0  # counters for tests and benchmarks
        self.tail_renders = 0

    # configuration --------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self._cache.clear()

    def set_show_thinking(self, show: bool) -> None:
        self.show_thinking = show
        for cache in self._cache.values():
            cache.width = -1

    def forget(self) -> None:
        self._cache.clear()

    # geometry ---------------------------------------------------------------------------

    def _width(self) -> int:
        return max(200, self.view.viewport().width())

    def _fonts(self):
        base = QFont(self.view.font())
        bold = QFont(base)
        bold.setWeight(QFont.Weight.DemiBold)
        small = QFont(base)
        small.setPointSizeF(max(7.0, base.pointSizeF() * 0.9))
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setPointSizeF(max(7.0, base.pointSizeF() * 0.88))
        return base, bold, small, mono

    def _new_doc(self, width: float) -> QTextDocument:
        doc = SafeDocument(self)
        doc.setDefaultFont(self.view.font())
        doc.setDefaultStyleSheet(document_css(self.theme))
        doc.setDocumentMargin(0)
        doc.setTextWidth(width)
        return doc

    def _inner_width(self, item: ChatItem, width: int) -> int:
        return max(80, width - 2 * MARGIN - 2 * PAD - (4 if item.kind in ("routing", "chat_agent") else 0))

    def _render_body(self, item: ChatItem, cache: _Cache, inner: int) -> None:
        if not item.content:
            cache.body = None
            cache.incremental = False
            return
        if not item.streaming:
            doc = self._new_doc(inner)
            doc.setHtml(to_html(item.content, dark=self.theme.dark))
            cache.body = doc
            cache.incremental = False
            self.full_renders += 1
            return
        # streaming: append finished blocks once, replace only the plain-text tail
        text = item.content
        if cache.body is None or not cache.incremental or cache.stable > len(text):
            cache.body = self._new_doc(inner)
            cache.stable = cache.tail_pos = 0
            cache.incremental = True
        doc = cache.body
        cursor = QTextCursor(doc)
        stable = split_stable(text)
        if stable > cache.stable:
            cursor.setPosition(cache.tail_pos)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
            cursor.insertHtml(to_html(text[cache.stable:stable], dark=self.theme.dark))
            cache.stable = stable
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            current = cursor.currentList()
            if current is not None:
                current.remove(cursor.block())
            cursor.setBlockFormat(QTextBlockFormat())
            cache.tail_pos = cursor.position()
        cursor.setPosition(cache.tail_pos)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        cursor.insertText(text[cache.stable:].rstrip("\n") + " ▍")
        self.tail_renders += 1

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
            _, _, small, _ = self._fonts()
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
            _, _, small, _ = self._fonts()
            fm = QFontMetrics(small)
            text_rect = fm.boundingRect(QRect(0, 0, width - 2 * MARGIN - 8, 10_000),
                                        int(Qt.TextFlag.TextWordWrap), self._line_text(item))
            cache.height = text_rect.height() + 2 * GAP + 6
            cache.version, cache.width = item.version, width
            return cache
        if item.collapsed:
            pass  # folded: the body is rendered when it is unfolded
        elif cache.source != item.content or cache.source_streaming != item.streaming:
            self._render_body(item, cache, inner)
            cache.source, cache.source_streaming = item.content, item.streaming
        if cache.body is not None and cache.body.textWidth() != inner:
            cache.body.setTextWidth(inner)
        self._render_thinking(item, cache, inner)
        if cache.thinking is not None and cache.thinking.textWidth() != inner - 16:
            cache.thinking.setTextWidth(inner - 16)
        cache.version, cache.width = item.version, width
        self._layout(item, cache, width, inner)
        return cache

    def _layout(self, item: ChatItem, cache: _Cache, width: int, inner: int) -> None:
        base, bold, small, _ = self._fonts()
        header_h = QFontMetrics(bold).height() + 2
        small_h = QFontMetrics(small).height()
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
            h = int(cache.body.size().height()) + 1
            rects["body"] = QRect(left, y, inner, h)
            y += h
        elif item.streaming or item.status in ("queued", "waiting", "pending"):
            rects["placeholder"] = QRect(left, y, inner, small_h)
            y += small_h
        else:
            y -= 6
        cache.rects = rects
        cache.height = y + PAD + GAP

    # Qt API -----------------------------------------------------------------------------

    def sizeHint(self, option, index) -> QSize:  # noqa: N802
        item: ChatItem = index.data(ITEM_ROLE)
        if item is None:
            return QSize(0, 0)
        return QSize(self._width(), self._cache_for(item).height)

    def paint(self, painter: QPainter, option, index) -> None:
        item: ChatItem = index.data(ITEM_ROLE)
        if item is None:
            return
        cache = self._cache_for(item)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(option.rect.topLeft())
        if item.kind in LINE_KINDS:
            self._paint_line(painter, item, cache)
        else:
            self._paint_card(painter, item, cache, bool(option.state & QStyle.StateFlag.State_Selected))
        painter.restore()

    # painting ---------------------------------------------------------------------------

    def _line_text(self, item: ChatItem) -> str:
        return item.content

    def _paint_line(self, painter: QPainter, item: ChatItem, cache: _Cache) -> None:
        t = self.theme
        _, _, small, _ = self._fonts()
        painter.setFont(small)
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
            return t.card, t.verdict_color(item.verdict, item.color), 2.5 if item.verdict in (
                "PASS", "PASS WITH NOTES", "FLAG", "REJECT") else 1.5
        if item.kind == "task":
            return t.card, _mix(item.color, t.card, 0.55), 1.2
        return t.card, t.border, 1

    def _paint_card(self, painter: QPainter, item: ChatItem, cache: _Cache, selected: bool) -> None:
        t = self.theme
        base, bold, small, mono = self._fonts()
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
        self._paint_header(painter, item, cache.rects["header"], bold, small, mono)
        if "thinking" in cache.rects:
            self._paint_thinking(painter, item, cache, small)
        if "fold" in cache.rects:
            r = cache.rects["fold"]
            fm = QFontMetrics(small)
            painter.setFont(small)
            painter.setPen(QColor(t.accent))
            more = f"▸ full report · {len(item.content):,} chars"
            more_w = fm.horizontalAdvance(more)
            painter.drawText(QPointF(r.right() - more_w, r.top() + fm.ascent()), more)
            painter.setPen(QColor(t.dim))
            painter.drawText(QPointF(r.left(), r.top() + fm.ascent()),
                             fm.elidedText(item.preview(), Qt.TextElideMode.ElideRight, r.width() - more_w - 16))
        elif "body" in cache.rects and cache.body is not None:
            r = cache.rects["body"]
            painter.save()
            painter.translate(r.topLeft())
            ctx = QAbstractTextDocumentLayout.PaintContext()
            pal = QPalette(ctx.palette)
            pal.setColor(QPalette.ColorRole.Text, QColor(t.text))
            ctx.palette = pal
            cache.body.documentLayout().draw(painter, ctx)
            painter.restore()
        elif "placeholder" in cache.rects:
            painter.setFont(small)
            painter.setPen(QColor(t.dim))
            label = "waiting for the model…" if item.status in ("waiting", "streaming", "thinking") else "queued"
            painter.drawText(cache.rects["placeholder"], int(Qt.AlignmentFlag.AlignLeft), label)

    def _paint_header(self, painter, item: ChatItem, rect: QRect, bold, small, mono) -> None:
        t = self.theme
        x = rect.left()
        mid = rect.top() + rect.height() // 2

        def seg(text: str, font: QFont, color: str) -> None:
            nonlocal x
            if not text:
                return
            fm = QFontMetrics(font)
            painter.setFont(font)
            painter.setPen(QColor(color))
            room = rect.right() - x - right_w - 8
            if room <= 10:
                return
            shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, room)
            painter.drawText(QPointF(x, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), shown)
            x += fm.horizontalAdvance(shown)

        right, right_color = self._header_right(item)
        right_w = QFontMetrics(bold if item.kind == "audit" else small).horizontalAdvance(right) if right else 0
        if item.kind in ("directive", "answer", "chat_user"):
            seg("Principal", bold, t.accent)
            seg("  ›  " + ("answers" if item.kind == "answer" else
                            f"to {item.agent}" if item.kind == "chat_user" else "directive"), small, t.dim)
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
            fm = QFontMetrics(font)
            painter.setFont(font)
            painter.setPen(QColor(right_color))
            painter.drawText(QPointF(rect.right() - right_w, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), right)

    def _header_right(self, item: ChatItem) -> tuple[str, str]:
        if item.kind == "audit":
            if item.streaming:
                return STATUS_TEXT.get(item.status, item.status), STATE_COLORS.get(item.status, self.theme.dim)
            verdict = item.verdict or "NONE"
            return f"VERDICT: {verdict}", self.theme.verdict_color(verdict, self.theme.dim)
        if item.kind in ("task", "routing", "chat_agent", "deliverable") and item.status:
            return STATUS_TEXT.get(item.status, item.status), STATE_COLORS.get(item.status, self.theme.dim)
        return "", ""

    def _paint_thinking(self, painter, item: ChatItem, cache: _Cache, small) -> None:
        t = self.theme
        r = cache.rects["thinking"]
        fm = QFontMetrics(small)
        painter.setFont(small)
        if cache.thinking is None:
            painter.setPen(QColor(t.dim))
            painter.drawText(QPointF(r.left(), r.top() + fm.ascent() + 1), item.thinking_summary())
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(t.thinking_bg))
        painter.drawRoundedRect(QRectF(r), 6, 6)
        painter.setPen(QColor(t.dim))
        label = "▾ Thinking" + (" …" if item.streaming and not item.content else
                                f" [{len(item.thinking):,} chars]")
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
            anchor = cache.body.documentLayout().anchorAt(QPointF(pos - body.topLeft()))
            if anchor:
                return "link", anchor
        return "", ""


def _mix(a: str, b: str, amount: float) -> str:
    """Blend colour ``a`` toward ``b`` by ``amount`` (0..1)."""
    ca, cb = QColor(a), QColor(b)
    r = ca.red() + (cb.red() - ca.red()) * amount
    g = ca.green() + (cb.green() - ca.green()) * amount
    bl = ca.blue() + (cb.blue() - ca.blue()) * amount
    return QColor(int(r), int(g), int(bl)).name()
