"""A chat card's header line: who (the Principal, an agent with its colour dot, the
deliverable), what (title, revision), when (a relative time) and, on the right, the
state or the audit's verdict. Ids (task, run) are not shown here: they are in the
card's tooltip and Details. Each look is drawn once into a pixmap and copied after."""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QCoreApplication, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPainter, QPixmap

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui import words
from aipa.ui.transcript.model import ChatItem, relative_time

HEADER_PIXMAPS = 128  # card header lines kept drawn
translate = QCoreApplication.translate

STATUS_TEXT = {
    "queued": QT_TRANSLATE_NOOP("CardHeader", "◌ queued"),
    "reading": QT_TRANSLATE_NOOP("CardHeader", "◔ reading"),
    "asking": QT_TRANSLATE_NOOP("CardHeader", "◐ waiting for your permission"),
    "pending": QT_TRANSLATE_NOOP("CardHeader", "◌ queued"),
    "waiting": QT_TRANSLATE_NOOP("CardHeader", "… waiting"),
    "working": QT_TRANSLATE_NOOP("CardHeader", "… working"),
    "thinking": QT_TRANSLATE_NOOP("CardHeader", "✱ thinking"),
    "streaming": QT_TRANSLATE_NOOP("CardHeader", "▮ streaming"),
    "in_progress": QT_TRANSLATE_NOOP("CardHeader", "▮ working"),
    "done": QT_TRANSLATE_NOOP("CardHeader", "✓ done"),
    "complete": QT_TRANSLATE_NOOP("CardHeader", "✓ done"),
    "error": QT_TRANSLATE_NOOP("CardHeader", "✗ error"),
    "stopped": QT_TRANSLATE_NOOP("CardHeader", "■ stopped"),
    "interrupted": QT_TRANSLATE_NOOP("CardHeader", "■ interrupted"),
}


def status_text(status: str) -> str:
    """A card's state as its header shows it ("✓ done"), in the window's language."""
    known = STATUS_TEXT.get(status)
    return translate("CardHeader", known) if known else words.state(status)


class CardHeader:
    def __init__(self, delegate) -> None:
        """``delegate`` is the ChatDelegate: its theme and fonts."""
        self.delegate = delegate
        self._pixmaps: OrderedDict[tuple, QPixmap] = OrderedDict()

    def clear(self) -> None:
        self._pixmaps.clear()

    def draw(self, painter: QPainter, item: ChatItem, rect: QRect, background: QColor, reserve: int = 0) -> None:
        """The header line, copied from a pixmap made the first time it looked like this.
        ``reserve``: pixels kept free at its right end (the hover actions go there): the
        title and time are shortened before them and the state is left out, never drawn under them."""
        dpr = painter.device().devicePixelRatioF()
        when = relative_time(item.at, time.time())
        key = (
            when,
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
            reserve,
        )
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = QPixmap(math.ceil(rect.width() * dpr), math.ceil(rect.height() * dpr))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(background)
            p = QPainter(pixmap)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setLayoutDirection(QGuiApplication.layoutDirection())  # right to left: the text's own direction too
            p.translate(-rect.left(), -rect.top())
            _, bold, small, mono = self.delegate.fonts()
            self._paint(p, item, rect, bold, small, mono, when, reserve)
            p.end()
            self._pixmaps[key] = pixmap
            if len(self._pixmaps) > HEADER_PIXMAPS:
                self._pixmaps.popitem(last=False)
        else:
            self._pixmaps.move_to_end(key)
        painter.drawPixmap(rect.topLeft(), pixmap)

    def _paint(self, painter, item: ChatItem, rect: QRect, bold, small, mono, when: str = "", reserve: int = 0) -> None:
        t = self.delegate.theme
        x = rect.left()
        mid = rect.top() + rect.height() // 2
        rtl = QGuiApplication.isRightToLeft()

        def at(left: float, width: float) -> float:
            """Where something laid out from the left at ``left`` goes (mirrored right to left)."""
            return rect.left() + rect.right() - left - width if rtl else left

        metrics = {
            id(bold): self.delegate.fm("bold"),
            id(small): self.delegate.fm("small"),
            id(mono): self.delegate.fm("mono"),
        }

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
            width = fm.horizontalAdvance(shown)
            painter.drawText(QPointF(at(x, width), mid + fm.ascent() / 2 - fm.descent() / 2 + 1), shown)
            x += width

        right, right_color = self.right(item) if not reserve else ("", "")
        right_w = self.delegate.fm("bold" if item.kind == "audit" else "small").horizontalAdvance(right) if right else 0
        right_w = max(right_w, reserve)
        if item.kind in ("directive", "answer", "chat_user"):
            seg(translate("CardHeader", "Principal"), bold, t.accent)
            seg(
                "  ›  "
                + (
                    translate("CardHeader", "answers")
                    if item.kind == "answer"
                    else translate("CardHeader", "to {agent}").format(agent=item.agent)
                    if item.kind == "chat_user"
                    else translate("CardHeader", "directive")
                ),
                small,
                t.dim,
            )
        elif item.kind == "deliverable":
            seg(translate("CardHeader", "Deliverable"), bold, t.deliverable_border)
            revision = translate("CardHeader", " · revision {n}").format(n=item.label) if item.label else ""
            seg(f"  ·  {item.agent}" + revision, small, t.dim)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(item.color))
            painter.drawEllipse(QPointF(at(x + 5, 0), mid + 1), 4.5, 4.5)
            x += 14
            seg(item.agent, bold, t.agent_ink(item.color))
            if item.kind == "audit":
                seg("  ·  " + translate("CardHeader", "audit"), small, t.dim)
            elif item.title:
                seg("  ·  " + words.title(item.title), small, t.dim)
        if when:
            seg("  ·  " + when, small, t.dim)
        if right:
            font = bold if item.kind == "audit" else small
            fm = self.delegate.fm("bold" if item.kind == "audit" else "small")
            painter.setFont(font)
            painter.setPen(QColor(right_color))
            spot = at(rect.right() - right_w, right_w)
            painter.drawText(QPointF(spot, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), right)

    def right(self, item: ChatItem) -> tuple[str, str]:
        """The text on the right (state or verdict) and its colour."""
        theme = self.delegate.theme
        if item.streaming and item.live and (item.content or item.thinking):  # writing: how fast, how long
            return item.live, theme.state_color(item.status)
        if item.kind == "audit":
            if item.streaming:
                return status_text(item.status), theme.state_color(item.status)
            verdict = item.verdict or "NONE"
            if verdict == "NONE":  # no audit ran, or its server could not be reached
                return translate("CardHeader", "no verdict"), theme.dim
            shown = translate("CardHeader", "VERDICT: {verdict}").format(verdict=words.verdict(verdict))
            return shown, theme.verdict_color(verdict, theme.dim)
        if item.kind in ("task", "routing", "chat_agent", "deliverable") and item.status:
            return status_text(item.status), theme.state_color(item.status)
        return "", ""
