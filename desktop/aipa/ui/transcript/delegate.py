"""Paints chat rows as cards. Each row keeps its body laid out (``BlockStack``, rendered
by card_body.py): a streaming row renders each markdown block once, when it is finished,
and shows the growing tail as plain text; when the row completes only the blocks not yet
rendered are (a message that arrives whole gets one full render). Here: each row's
layout (sizes, the rectangles of its parts), painting, hit testing. Painting draws only
what is in view, and a row whose height did not change is repainted without a relayout."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

from aipa.core.text.render_limits import plain_html
from aipa.ui.theme import Theme
from aipa.ui.transcript import later_card, pictures, plain_fallback
from aipa.ui.transcript.block_stack import MAX_PIXMAP_HEIGHT, BlockStack, PixmapCache
from aipa.ui.transcript.card_body import BodyRendering
from aipa.ui.transcript.card_header import CardHeader
from aipa.ui.transcript.card_host import CardView, Fonts
from aipa.ui.transcript.card_layout import CardLayout
from aipa.ui.transcript.card_paint import (
    GAP,
    MARGIN,
    PAD,
    CardPainting,
    line_action,
)
from aipa.ui.transcript.catch_up import CatchUp
from aipa.ui.transcript.model import ITEM_ROLE, LINE_KINDS, ChatItem
from aipa.ui.transcript.row_cache import RowCache
from aipa.ui.transcript.row_sizes import KeptRows, estimate_height

PREPAINT_PARTS = 8  # new blocks of a changed row drawn ahead of its paint, at most


class ChatDelegate(BodyRendering, CardPainting, CardLayout, QStyledItemDelegate):
    def __init__(self, view, theme: Theme) -> None:
        """``view`` is the ChatView (a QListView), its parent."""
        super().__init__(view)
        self.view: CardView = view
        self.theme = theme
        self.show_thinking = True
        self._cache: dict[int, RowCache] = {}
        self.kept_rows = KeptRows(self._release)  # rows with documents, least recently used first
        self.viewport_width: int | None = None
        self._font_set: Fonts | None = None
        self._metrics: dict[str, QFontMetrics] = {}
        self._css = ""
        self.pixmaps = PixmapCache()
        self.header = CardHeader(self)
        self.full_renders = 0  # counters for tests and benchmarks
        self.tail_renders = 0
        self.finish_renders = 0  # a streamed row completed: only its last blocks rendered
        self.catch_up = CatchUp(view, self)  # long bodies rendered a slice per turn (card_body.py)

    # configuration --------------------------------------------------------------------

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self._css = ""
        self._cache.clear()
        self.kept_rows.clear()
        self.pixmaps.clear()
        self.header.clear()
        self.view.sizes_changed()

    def set_show_thinking(self, show: bool) -> None:
        self.show_thinking = show
        for cache in self._cache.values():
            cache.width = -1
        self.view.sizes_changed()

    def drop(self, item: ChatItem) -> None:
        """Forget one row's rendering."""
        self._cache.pop(item.uid, None)
        self.kept_rows.discard(item.uid)

    def forget(self) -> None:
        self._cache.clear()
        self.kept_rows.clear()
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
        self._font_set = None
        self._cache.clear()
        self.kept_rows.clear()
        self.pixmaps.clear()
        self.header.clear()
        self.view.sizes_changed()

    def fonts(self) -> Fonts:
        """(base, bold, small, mono), made once per view font."""
        if self._font_set is not None:
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

    def fm(self, name: str) -> QFontMetrics:
        if self._font_set is None:
            self.fonts()
        return self._metrics[name]

    def _inner_width(self, item: ChatItem, width: int) -> int:
        return max(80, width - 2 * MARGIN - 2 * PAD - (4 if item.kind in ("routing", "chat_agent") else 0))

    def _cache_for(self, item: ChatItem) -> RowCache:
        width = self._width()
        cache = self._cache.get(item.uid)
        if cache is None:
            cache = self._cache[item.uid] = RowCache()
        if cache.version == item.version and cache.width == width:
            return cache
        inner = self._inner_width(item, width)
        if item.kind in LINE_KINDS:
            fm = self.fm("small")
            button = line_action(item)
            room = fm.horizontalAdvance(button[1]) + 24 if button else 0
            if item.kind == later_card.KIND:
                self._later_layout(item, cache, width, room, button)
            else:
                text_width = width - 2 * MARGIN - 8 - room
                flags = int(Qt.TextFlag.TextWordWrap)
                text_h = fm.boundingRect(QRect(0, 0, text_width, 10_000), flags, self._line_text(item)).height()
                cache.height = max(text_h, fm.height() + 4 if button else 0) + 2 * GAP + 6
                cache.rects = {"actions": [(button[0], self._line_button(cache.height, button[1]))]} if button else {}
            cache.version, cache.width = item.version, width
            cache.size = QSize(width, cache.height)
            return cache
        if item.collapsed:
            pass  # folded: the body is rendered when it is unfolded
        elif (shown := self._shown(item)) != cache.source or cache.behind or cache.source_streaming != item.streaming:
            try:
                self._render_body(item, cache, inner, shown)
            except Exception:  # noqa: BLE001 - called from Qt's layout and paint: degrade, never raise
                plain_fallback.report("rendering the body", item.uid)
                cache.body, cache.splitter, cache.incremental = self._new_stack(inner), None, False
                cache.body.append_html(plain_html(shown))
            cache.source, cache.source_streaming = shown, item.streaming
        if cache.body is not None and cache.body.width != inner:
            cache.body.set_width(inner)
        self._render_thinking(item, cache, inner)
        if cache.thinking is not None and cache.thinking.textWidth() != inner - 16:
            cache.thinking.setTextWidth(inner - 16)
        cache.version, cache.width, cache.estimated = item.version, width, None
        self._layout(item, cache, width, inner)
        cache.size = QSize(width, cache.height)
        if cache.body is not None or cache.thinking is not None:
            self.kept_rows.use(item.uid)
        return cache

    def _later_layout(self, item: ChatItem, cache: RowCache, width: int, room: int, button) -> None:
        """The Later card's height and its Answer now inside its frame, at the top right."""
        fm, pad = self.fm("small"), later_card.FRAME
        text_h = later_card.text_height(item.content, fm, width - 2 * MARGIN - 2 * pad - 2 - room)
        cache.height = max(text_h, fm.height() + 6) + 2 * pad + 2 * GAP
        if button is None:
            cache.rects = {}
            return
        inward = pad if QGuiApplication.isRightToLeft() else -pad
        spot = self._line_button(cache.height, button[1]).translated(inward, pad - 1)
        cache.rects = {"actions": [(button[0], spot)]}

    # a long transcript: rows laid out lazily, few kept ----------------------------------

    def _release(self, uid: int) -> None:
        """Drop a row's documents (KeptRows: not used for long); its size stays."""
        old = self._cache.get(uid)
        if old is not None and not old.source_streaming:
            old.body = old.thinking = old.splitter = old.prepared = None
            old.source, old.thinking_text, old.incremental, old.tail_rows = None, "", False, ""
            old.version = -1  # laid out again when next needed

    def laid_out(self, item: ChatItem) -> bool:
        """Whether the row's size is its real one at the current width (not a guess)."""
        cache = self._cache.get(item.uid)
        return cache is not None and cache.version == item.version and cache.width == self._width()

    def size_estimate(self, item: ChatItem) -> QSize:
        """The row's size for the layout without rendering its markdown: its real size when
        it is laid out (or cheap to lay out: a notice, a live or folded row, one kept laid
        out), else a guess from its text, made real when it comes into view."""
        cache = self._cache.get(item.uid)
        if (
            item.kind in LINE_KINDS
            or item.streaming
            or item.collapsed
            or not item.content
            or (cache is not None and (cache.body is not None or cache.version == item.version))
        ):
            return self.size_for(item)
        width = self._width()
        if cache is None:
            cache = self._cache[item.uid] = RowCache()
        elif cache.estimated is not None and cache.width == width:
            return cache.size  # guessed at this width already
        inner = self._inner_width(item, width)
        cache.estimated = estimate_height(item.content, inner, self.fm("base"), self.fm("mono"))
        self._render_thinking(item, cache, inner)
        self._layout(item, cache, width, inner)
        cache.version, cache.width, cache.size = -1, width, QSize(width, cache.height)
        cache.hinted = cache.height
        return cache.size

    # Qt API -----------------------------------------------------------------------------

    def updateEditorGeometry(self, editor, option, index) -> None:
        """An index widget (the revision switcher) goes into its card's strip."""
        item: ChatItem = index.data(ITEM_ROLE)
        strip = self._cache_for(item).rects.get("revisions") if item is not None else None
        if strip is None:
            editor.hide()
            return
        top = option.rect.topLeft()
        hint = editor.sizeHint()
        editor.setGeometry(
            QRect(top.x() + strip.left(), top.y() + strip.top(), min(hint.width(), strip.width()), strip.height())
        )

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
        try:
            self._paint(painter, option, item)
        except Exception:  # noqa: BLE001 - a Qt override: an error here would repeat at every paint
            plain_fallback.report("painting", item.uid)
            plain_fallback.paint_text(painter, option.rect, item.body(), self.theme.text)

    def _paint(self, painter: QPainter, option, item: ChatItem) -> None:
        cache = self._cache_for(item)
        # the part of the row in view, in row coordinates: only that is drawn
        shown = QRectF(option.rect).intersected(QRectF(self.view.viewport().rect()))
        if shown.isEmpty():
            shown = QRectF(option.rect)
        shown.translate(-option.rect.left(), -option.rect.top())
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.translate(option.rect.topLeft())
            state = option.state
            # the keyboard's current row: a focus ring while the transcript has the focus
            focused = bool(state & QStyle.StateFlag.State_HasFocus) and self.view.hasFocus()
            if item.kind in LINE_KINDS:
                self._paint_line(painter, item, cache, focused)
            else:
                self._paint_card(
                    painter,
                    item,
                    cache,
                    bool(state & QStyle.StateFlag.State_Selected),
                    shown,
                    bool(state & QStyle.StateFlag.State_MouseOver),
                    focused,
                )
        finally:
            painter.restore()

    # text and actions -------------------------------------------------------------------

    def body_of(self, item: ChatItem) -> BlockStack | None:
        """The row's laid-out body (brought up to date), or None when it shows none."""
        cache = self._cache_for(item)
        return cache.body if "body" in cache.rects else None

    def body_rect(self, item: ChatItem) -> QRect | None:
        return self._cache_for(item).rects.get("body")

    # hit testing ------------------------------------------------------------------------

    def hit(self, item: ChatItem, pos) -> tuple[str, str]:
        """What is under ``pos`` (row-relative): ("thinking" | "fold", ""), ("link", url)
        or ("copy", the code of the block whose Copy link it is)."""
        cache = self._cache_for(item)
        for key, rect in cache.rects.get("actions", ()):
            if rect.contains(pos):
                return "action", key
        if item.kind in LINE_KINDS:
            return "", ""
        strip = cache.rects.get("pictures")
        if strip is not None and (index := pictures.at(strip, item.pictures, pos)) >= 0:
            return "picture", str(index)
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
            at = QPointF(pos - body.topLeft())
            code = cache.body.code_at(at)
            if code is not None:
                return "copy", code
            anchor = cache.body.anchor_at(at)
            if anchor:
                return "link", anchor
        return "", ""
