"""A chat card's header line: who (the Principal, an agent with its colour dot, the
deliverable), what (title, revision), when (a relative time) and, on the right, the
state or the audit's verdict. Ids (task, run) are not shown here: they are in the
card's tooltip and Details. Each look is drawn once into a pixmap and copied after."""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QCoreApplication, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap

from aipa.ui.transcript.model import ChatItem, relative_time

HEADER_PIXMAPS = 128  # card header lines kept drawn

STATUS_TEXT = {
    "queued": "◌ queued",
    "reading": "◔ reading",
    "asking": "◐ waiting for your permission",
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
            painter.drawText(QPointF(x, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), shown)
            x += fm.horizontalAdvance(shown)

        right, right_color = self.right(item) if not reserve else ("", "")
        right_w = self.delegate.fm("bold" if item.kind == "audit" else "small").horizontalAdvance(right) if right else 0
        right_w = max(right_w, reserve)
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
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(item.color))
            painter.drawEllipse(QPointF(x + 5, mid + 1), 4.5, 4.5)
            x += 14
            seg(item.agent, bold, t.agent_ink(item.color))
            if item.kind == "audit":
                seg("  ·  audit", small, t.dim)
            elif item.title:
                seg("  ·  " + item.title, small, t.dim)
        if when:
            seg("  ·  " + when, small, t.dim)
        if right:
            font = bold if item.kind == "audit" else small
            fm = self.delegate.fm("bold" if item.kind == "audit" else "small")
            painter.setFont(font)
            painter.setPen(QColor(right_color))
            painter.drawText(QPointF(rect.right() - right_w, mid + fm.ascent() / 2 - fm.descent() / 2 + 1), right)

    def right(self, item: ChatItem) -> tuple[str, str]:
        """The text on the right (state or verdict) and its colour."""
        theme = self.delegate.theme
        if item.streaming and item.live and (item.content or item.thinking):  # writing: how fast, how long
            return item.live, theme.state_color(item.status)
        if item.kind == "audit":
            if item.streaming:
                return STATUS_TEXT.get(item.status, item.status), theme.state_color(item.status)
            verdict = item.verdict or "NONE"
            if verdict == "NONE":  # no audit ran, or its server could not be reached
                return QCoreApplication.translate("CardHeader", "no verdict"), theme.dim
            return f"VERDICT: {verdict}", theme.verdict_color(verdict, theme.dim)
        if item.kind in ("task", "routing", "chat_agent", "deliverable") and item.status:
            return STATUS_TEXT.get(item.status, item.status), theme.state_color(item.status)
        return "", ""
