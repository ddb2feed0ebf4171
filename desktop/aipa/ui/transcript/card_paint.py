"""How a chat row is painted: a notice or decision as one line, any other row as a card
(background and border by kind, the header, the thinking panel, the folded report, the
body or a placeholder). Mixed into the chat delegate, which keeps each row's layout."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainter,
    QPalette,
    QPen,
)

from aipa.core.kinds import GIVEN_VERDICTS
from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.transcript import later_card, pictures
from aipa.ui.transcript.card_header import CardHeader, status_text
from aipa.ui.transcript.model import ChatItem, words
from aipa.ui.transcript.row_cache import RowCache

if TYPE_CHECKING:
    from aipa.ui.theme import Theme
    from aipa.ui.transcript.block_stack import PixmapCache
    from aipa.ui.transcript.card_host import CardView, Fonts

MARGIN = 14  # left/right outside the card
GAP = 5  # above/below the card
PAD = 12  # inside the card
FOCUS_RING = 2.0  # the keyboard focus ring's width
WORKER_GAP = 4  # between a lead's worker lines


_RUN_IN_PARENS = re.compile(r"\s*\(run R-[\w-]+\)")
_RUN_ID = re.compile(r"\b([Rr])un R-[\w-]+")
RESUME_LABEL = QT_TRANSLATE_NOOP("CardPaint", "▶ Resume")  # shown through resume_label()
translate = QCoreApplication.translate
THINK_WINDOW = 300  # characters of thinking shown while it streams (the rolling window)


def rolling_window(text: str, chars: int = THINK_WINDOW) -> str:
    """The last ``chars`` characters of ``text``, starting at a word boundary, with a
    leading "…" when something was cut (thinking while it streams)."""
    text = text.strip()
    if len(text) <= chars:
        return text
    tail = text[-chars:]
    if not text[-chars - 1].isspace():  # the cut fell inside a word: start after it
        cut = next((i for i, c in enumerate(tail) if c.isspace()), -1)
        tail = tail[cut:] if 0 <= cut < len(tail) - 1 else tail
    return "…" + tail.lstrip()


def resume_label() -> str:
    return translate("CardPaint", RESUME_LABEL)


def human_line(text: str) -> str:
    """A notice without the run's id (it is in the tooltip and Details)."""
    text = _RUN_IN_PARENS.sub("", text)
    return _RUN_ID.sub(lambda m: "The run" if m.group(1) == "R" else "the run", text)


def mirrored(r: QRect, left: float, width: float = 0) -> float:
    """Where something laid out from the left of ``r`` at ``left`` goes: the same place,
    or mirrored in ``r`` when the window is right to left."""
    return r.left() + r.right() - left - width if QGuiApplication.isRightToLeft() else left


def resumable(item: ChatItem) -> bool:
    """A notice of a run that stopped or waits: it gets a Resume button (the presenter marks
    those; a notice that names /resume, the command line's word, is one too)."""
    return item.kind == "notice" and bool(item.run_id) and (item.resume or "/resume" in item.content)


def line_action(item: ChatItem) -> tuple[str, str] | None:
    """A line row's button (its action and label): Resume on a run that stopped or
    waits, Answer now on the questions of a run left with Later; None for none."""
    if item.streaming:
        return None
    if item.kind == later_card.KIND:
        return ("answer", later_card.answer_label()) if item.resume and item.run_id else None
    return ("resume", resume_label()) if resumable(item) else None


class CardPainting:
    """The painting half of ``ChatDelegate``, which provides what is declared here."""

    if TYPE_CHECKING:  # (declared for the type checker only: ChatDelegate and BodyRendering define them)
        view: CardView
        theme: Theme
        header: CardHeader
        pixmaps: PixmapCache

        def fonts(self) -> Fonts: ...

        def fm(self, name: str) -> QFontMetrics: ...

        def _width(self) -> int: ...

        def actions_for(self, item: ChatItem) -> list[tuple[str, str]]: ...

        def _body_context(self) -> QAbstractTextDocumentLayout.PaintContext: ...

        def _shown(self, item: ChatItem) -> str: ...

    def _line_text(self, item: ChatItem) -> str:
        return item.content if item.kind == later_card.KIND else human_line(item.content)

    def _line_button(self, cache_height: int, label: str) -> QRect:
        fm = self.fm("small")
        w = fm.horizontalAdvance(label) + 16
        x = MARGIN + 4 if QGuiApplication.isRightToLeft() else self._width() - MARGIN - 4 - w
        return QRect(x, GAP + 1, w, min(fm.height() + 6, cache_height - 2 * GAP))

    def _paint_focus(self, painter: QPainter, rect: QRectF) -> None:
        """The keyboard focus ring: a solid accent outline just outside the card."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(self.theme.accent), FOCUS_RING))
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 10, 10)

    def _paint_line(self, painter: QPainter, item: ChatItem, cache: RowCache, focused: bool = False) -> None:
        t = self.theme
        if focused:
            self._paint_focus(painter, QRectF(MARGIN, GAP, self._width() - 2 * MARGIN, cache.height - 2 * GAP))
        painter.setFont(self.fonts()[2])
        color = t.level_color(item.level)
        if item.kind == later_card.KIND:  # the Later card: framed, its questions in the text's colour
            frame = QRect(MARGIN, GAP, self._width() - 2 * MARGIN, cache.height - 2 * GAP)
            spots = cache.rects.get("actions", ())
            room = spots[0][1].width() + 8 if spots else 0
            pad, rtl = later_card.FRAME, QGuiApplication.isRightToLeft()
            text_rect = frame.adjusted(pad + 2 + (room if rtl else 0), pad, -pad - (0 if rtl else room), -pad)
            colors = (t.card, color if item.resume else t.border, color, t.text)
            later_card.paint(painter, frame, text_rect, item.content, self.fm("small"), colors)
        right = 0
        action = line_action(item)
        for _key, button in cache.rects.get("actions", ()):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.accent))
            painter.drawRoundedRect(QRectF(button), 4, 4)
            painter.setPen(QColor(t.on_accent))
            painter.drawText(button, int(Qt.AlignmentFlag.AlignCenter), action[1] if action else "")
            right = button.width() + 8
        if item.kind == later_card.KIND:
            return
        start = MARGIN + 4 + (right if QGuiApplication.isRightToLeft() else 0)
        rect = QRect(start, GAP + 3, self._width() - 2 * MARGIN - 8 - right, cache.height - 2 * GAP)
        painter.setPen(QColor(color))
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
                2.5 if item.verdict in GIVEN_VERDICTS else 1.5,
            )
        if item.kind == "task":
            return t.card, _mix(item.color, t.card, 0.55), 1.2
        return t.card, t.border, 1

    @staticmethod
    def _reserve(header: QRect, spots) -> int:
        """The header's room the hover actions take, from the end they sit at (the left one right to left)."""
        if QGuiApplication.isRightToLeft():
            return max(r.right() for _k, r in spots) - header.left() + 8
        return header.right() - min(r.left() for _k, r in spots) + 8

    def _paint_actions(self, painter: QPainter, item: ChatItem, cache: RowCache, background: str) -> None:
        """The message's actions over the right of its header (while the pointer is on it)."""
        spots = cache.rects.get("actions")
        if not spots:
            return
        t = self.theme
        header = cache.rects["header"]
        # (the header left this room free: nothing is drawn under the chips)
        if QGuiApplication.isRightToLeft():  # the chips are at the header's left end
            right_end = max(r.right() for _k, r in spots) + 6
            cover = QRect(header.left(), header.top(), right_end - header.left() + 1, header.height())
        else:
            left = min(r.left() for _k, r in spots) - 6
            cover = QRect(left, header.top(), header.right() - left + 1, header.height())
        painter.fillRect(cover, QColor(background))
        painter.setFont(self.fonts()[2])
        labels = dict(self.actions_for(item))
        for key, rect in spots:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.action_bg))
            painter.drawRoundedRect(QRectF(rect).adjusted(0, 1, 0, -1), 4, 4)
            painter.setPen(QColor(t.accent))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), labels.get(key, key))

    def _paint_card(
        self,
        painter: QPainter,
        item: ChatItem,
        cache: RowCache,
        selected: bool,
        shown: QRectF,
        hovered: bool = False,
        focused: bool = False,
    ) -> None:
        t = self.theme
        _base, _bold, small, _mono = self.fonts()
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
        if focused:
            self._paint_focus(painter, card)
        elif selected:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(t.accent), 1, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(card.adjusted(2, 2, -2, -2), 7, 7)
        spots = cache.rects.get("actions") if hovered else None
        reserve = self._reserve(cache.rects["header"], spots) if spots else 0
        if reserve:
            self.header.draw(painter, item, cache.rects["header"], QColor(bg), reserve)
        else:
            self.header.draw(painter, item, cache.rects["header"], QColor(bg))
        if hovered:
            self._paint_actions(painter, item, cache, bg)
        if "workers" in cache.rects:
            self._paint_workers(painter, item, cache.rects["workers"], small)
        self._paint_pictures(painter, item, cache)
        if "thinking" in cache.rects:
            self._paint_thinking(painter, item, cache, small)
        if "fold" in cache.rects:
            self._paint_fold(painter, item, cache.rects["fold"], small)
        elif "body" in cache.rects and cache.body is not None:
            r = cache.rects["body"]
            painter.save()
            painter.translate(r.topLeft())
            selection = self.view.selection.ranges(item, cache.body)
            cache.body.draw(
                painter,
                self._body_context(),
                shown.translated(-r.left(), -r.top()),
                self.pixmaps,
                QColor(bg),
                selection,
                (QColor(t.selection_bg), QColor(t.text)),
            )
            painter.restore()
        elif "placeholder" in cache.rects:
            self._paint_placeholder(painter, item, cache.rects["placeholder"], small)

    def _paint_fold(self, painter: QPainter, item: ChatItem, r: QRect, small: QFont) -> None:
        """A folded card: the link that unfolds it, then the start of its text."""
        t = self.theme
        fm = self.fm("small")
        painter.setFont(small)
        painter.setPen(QColor(t.accent))
        more = translate("CardPaint", "▸ Full report · {words}").format(words=words(item.content))
        more_w = fm.horizontalAdvance(more)
        painter.drawText(QPointF(mirrored(r, r.right() - more_w, more_w), r.top() + fm.ascent()), more)
        painter.setPen(QColor(t.dim))
        preview = fm.elidedText(item.preview(self._shown(item)), Qt.TextElideMode.ElideRight, r.width() - more_w - 16)
        preview_w = fm.horizontalAdvance(preview)
        painter.drawText(QPointF(mirrored(r, r.left(), preview_w), r.top() + fm.ascent()), preview)

    def _paint_placeholder(self, painter: QPainter, item: ChatItem, r: QRect, small: QFont) -> None:
        """A card with no text yet: what the call is doing (with a bar while it reads the prompt)."""
        t = self.theme
        painter.setFont(small)
        painter.setPen(QColor(t.dim))
        waiting = item.status in ("waiting", "working", "streaming", "thinking", "reading", "asking")
        label = item.live or (
            translate("CardPaint", "waiting for the model…") if waiting else translate("CardPaint", "queued")
        )
        if item.live_percent is not None:  # reading the prompt: how far, as a bar after the words
            text_w = self.fm("small").horizontalAdvance(label) + 12
            bar = QRect(r.left() + text_w, r.center().y() - 2, min(160, r.width() - text_w), 5)
            if bar.width() > 30:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(_mix(item.color, t.card, 0.25)))
                painter.drawRoundedRect(bar, 2, 2)
                painter.setBrush(QColor(item.color))
                filled = bar.width() * item.live_percent // 100
                painter.drawRoundedRect(QRect(bar.left(), bar.top(), filled, 5), 2, 2)
            painter.setPen(QColor(t.dim))
        painter.drawText(r, int(Qt.AlignmentFlag.AlignLeft), label)

    def _paint_pictures(self, painter: QPainter, item: ChatItem, cache: RowCache) -> None:
        if "pictures" in cache.rects:
            pictures.paint(painter, cache.rects["pictures"], item.pictures, self.theme.border, self.theme.dim)

    def _paint_workers(self, painter: QPainter, item: ChatItem, r: QRect, small: QFont) -> None:
        """One line per worker: a branch in the lead's colour, its id, what it does, its state."""
        t = self.theme
        fm = self.fm("small")
        painter.setFont(small)
        line_h = fm.height() + WORKER_GAP
        painter.setPen(QPen(QColor(_mix(item.color, t.card, 0.4)), 1.5))
        top = r.top() + WORKER_GAP
        trunk = mirrored(r, r.left() + 5)
        painter.drawLine(QPointF(trunk, top), QPointF(trunk, top + (len(item.workers) - 0.5) * line_h))
        ink = t.agent_ink(item.color)
        for i, worker in enumerate(item.workers):
            y = top + i * line_h
            base = y + fm.ascent()
            painter.setPen(QPen(QColor(_mix(item.color, t.card, 0.4)), 1.5))
            branch_y = y + fm.height() / 2
            painter.drawLine(QPointF(trunk, branch_y), QPointF(mirrored(r, r.left() + 14), branch_y))
            state = status_text(worker.state)
            state_w = fm.horizontalAdvance(state)
            painter.setPen(QColor(t.state_color(worker.state)))
            painter.drawText(QPointF(mirrored(r, r.right() - state_w, state_w), base), state)
            x = r.left() + 20
            painter.setPen(QColor(ink))
            id_w = fm.horizontalAdvance(worker.worker_id)
            painter.drawText(QPointF(mirrored(r, x, id_w), base), worker.worker_id)
            x += fm.horizontalAdvance(worker.worker_id + "  ")
            painter.setPen(QColor(t.text))
            room = r.right() - state_w - 16 - x
            if room > 20:
                task = fm.elidedText(worker.task, Qt.TextElideMode.ElideRight, room)
                painter.drawText(QPointF(mirrored(r, x, fm.horizontalAdvance(task)), base), task)

    def _paint_thinking(self, painter: QPainter, item: ChatItem, cache: RowCache, small: QFont) -> None:
        t = self.theme
        r = cache.rects["thinking"]
        fm = self.fm("small")
        painter.setFont(small)
        if cache.thinking is None:
            painter.setPen(QColor(t.dim))
            summary = item.thinking_summary()
            painter.drawText(
                QPointF(mirrored(r, r.left(), fm.horizontalAdvance(summary)), r.top() + fm.ascent() + 1), summary
            )
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(t.thinking_bg))
        painter.drawRoundedRect(QRectF(r), 6, 6)
        painter.setPen(QColor(t.dim))
        if item.streaming and item.thinking_open is None:  # the rolling window: more on a click
            label = translate("CardPaint", "▸ Thinking … · {words} so far").format(words=words(item.thinking))
        else:
            label = translate("CardPaint", "▾ Thinking") + (
                " …" if item.streaming and not item.content else f" · {words(item.thinking)}"
            )
        painter.drawText(
            QPointF(mirrored(r, r.left() + 8, fm.horizontalAdvance(label)), r.top() + fm.ascent() + 4), label
        )
        painter.save()
        painter.translate(r.left() + 8, r.top() + fm.height() + 6)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        pal = QPalette(ctx.palette)
        pal.setColor(QPalette.ColorRole.Text, QColor(t.dim))
        ctx.palette = pal
        cache.thinking.documentLayout().draw(painter, ctx)
        painter.restore()


@lru_cache(maxsize=256)
def _mix(a: str, b: str, amount: float) -> str:
    """Blend colour ``a`` toward ``b`` by ``amount`` (0..1)."""
    ca, cb = QColor(a), QColor(b)
    r = ca.red() + (cb.red() - ca.red()) * amount
    g = ca.green() + (cb.green() - ca.green()) * amount
    bl = ca.blue() + (cb.blue() - ca.blue()) * amount
    return QColor(int(r), int(g), int(bl)).name()
