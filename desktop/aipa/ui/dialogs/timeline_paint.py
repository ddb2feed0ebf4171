"""The timeline's chart: one row per span of a run's trace (``core.runs.trace``), its name on
the left (indented by depth), its bar on a shared time axis on the right. Painted with
QPainter in the theme's inks; a span's colour says its kind (stage, lead, call, gate,
tool), a failed span is drawn in the error ink and a span that fell back gets a warning
outline. Up/Down (Home/End) select a row, Enter or a double click opens it; hovering a
bar shows its numbers (``tip(span)``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from aipa.ui.dialogs.words import decimal
from aipa.ui.theme import Theme

ROW = 24  # a row's height
AXIS = 22  # the time axis above the rows
LABEL = 280  # the names' column
INDENT = 14  # per depth
PAD = 8
MIN_BAR = 3  # a span of no time still shows


def depths(spans) -> list[int]:
    """Each span's depth under the run (the run itself is 0)."""
    seen: dict[str, int] = {}
    out = []
    for s in spans:
        d = seen.get(s.parent, -1) + 1 if s.parent else 0
        seen[s.key] = d
        out.append(d)
    return out


def nice_step(total: float, room: int) -> float:
    """A round tick interval (1, 2, 5 × 10ⁿ seconds) leaving at least ~70 px between ticks."""
    want = total / max(1, room // 70)
    step = 0.001
    while True:
        for m in (1, 2, 5):
            if step * m >= want:
                return step * m
        step *= 10


def seconds_text(value: float) -> str:
    if value >= 60:
        return f"{int(value // 60)}:{int(value % 60):02d}"
    places = 0 if value >= 10 or value == int(value) else 1
    return QCoreApplication.translate("TimelineDialog", "{seconds} s").format(seconds=decimal(value, places))


class TimelineChart(QWidget):
    """The bars. ``selected(row)`` when the current row changes, ``opened(row)`` on Enter
    or a double click. ``tip(span)`` gives a bar's tooltip; ``color(span)`` its colour."""

    selected = Signal(int)
    opened = Signal(int)

    def __init__(self, trace, theme: Theme, color: Callable, tip: Callable, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("timelineChart")
        self.setAccessibleName(self.tr("Run timeline"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.trace = trace
        self.spans = list(trace.spans)
        self.levels = depths(self.spans)  # (not ``depth``: QWidget's colour depth)
        self.theme = theme
        self.color = color
        self.tip = tip
        self.current = 0 if self.spans else -1
        self.origin = self.spans[0].start if self.spans else None
        self.total = max(self.spans[0].seconds, 1e-3) if self.spans else 1.0

    # --- geometry ---------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(LABEL + 520, AXIS + ROW * len(self.spans) + PAD)

    def minimumSizeHint(self) -> QSize:
        return QSize(LABEL + 200, AXIS + ROW * min(len(self.spans), 4) + PAD)

    def _axis_width(self) -> int:
        return max(40, self.width() - LABEL - 2 * PAD)

    def _x(self, moment) -> float:
        offset = (moment - self.origin).total_seconds()
        return LABEL + PAD + offset / self.total * self._axis_width()

    def bar_rect(self, row: int) -> QRectF:
        s = self.spans[row]
        left = self._x(s.start)
        width = max(MIN_BAR, self._x(s.end) - left)
        top = AXIS + row * ROW + 5
        return QRectF(left, top, width, ROW - 10)

    def row_at(self, y: float) -> int:
        row = int((y - AXIS) // ROW)
        return row if y >= AXIS and 0 <= row < len(self.spans) else -1

    # --- selection ---------------------------------------------------------------------------

    def select(self, row: int) -> None:
        if not self.spans:
            return
        row = max(0, min(row, len(self.spans) - 1))
        if row != self.current:
            self.current = row
            self.update()
        self.selected.emit(row)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_PageUp: -10, Qt.Key.Key_PageDown: 10}
        if key in moves:
            self.select(self.current + moves[key])
        elif key == Qt.Key.Key_Home:
            self.select(0)
        elif key == Qt.Key.Key_End:
            self.select(len(self.spans) - 1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.current >= 0:
            self.opened.emit(self.current)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event) -> None:
        row = self.row_at(event.position().y())
        if row >= 0:
            self.setFocus()
            self.select(row)

    def mouseDoubleClickEvent(self, event) -> None:
        row = self.row_at(event.position().y())
        if row >= 0:
            self.opened.emit(row)

    def event(self, event) -> bool:
        if event.type() == event.Type.ToolTip:
            row = self.row_at(event.pos().y())
            if row >= 0:
                QToolTip.showText(event.globalPos(), self.tip(self.spans[row]), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    # --- painting ----------------------------------------------------------------------------

    def paintEvent(self, _event) -> None:
        t = self.theme
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(t.base))
        fm = QFontMetrics(self.font())
        self._paint_axis(p, fm)
        for row, span in enumerate(self.spans):
            self._paint_row(p, fm, row, span)
        p.end()

    def _paint_axis(self, p: QPainter, fm: QFontMetrics) -> None:
        t = self.theme
        width = self._axis_width()
        step = nice_step(self.total, width)
        p.setPen(QColor(t.dim))
        tick = 0.0
        bottom = AXIS + ROW * len(self.spans)
        while tick <= self.total + 1e-9:
            x = LABEL + PAD + tick / self.total * width
            p.setPen(QPen(QColor(t.border), 1))
            p.drawLine(QPointF(x, AXIS - 4), QPointF(x, bottom))
            p.setPen(QColor(t.dim))
            text = seconds_text(tick)
            p.drawText(QRectF(x - 40, 2, 80, AXIS - 6), int(Qt.AlignmentFlag.AlignCenter), text)
            tick += step

    def _paint_row(self, p: QPainter, fm: QFontMetrics, row: int, span) -> None:
        t = self.theme
        top = AXIS + row * ROW
        if row == self.current:
            p.fillRect(QRect(0, top, self.width(), ROW), QColor(t.principal_bg))
            if self.hasFocus():
                p.setPen(QPen(QColor(t.accent), 1))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(QRectF(0.5, top + 0.5, self.width() - 1, ROW - 1))
        indent = PAD + INDENT * self.levels[row]
        p.setPen(QColor(t.bad if span.error else t.text))
        name = fm.elidedText(span.name, Qt.TextElideMode.ElideRight, LABEL - indent - 4)
        p.drawText(QRect(indent, top, LABEL - indent, ROW), int(Qt.AlignmentFlag.AlignVCenter), name)
        rect = self.bar_rect(row)
        color = QColor(t.bad if span.error else self.color(span))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(color)
        p.drawRoundedRect(rect, 3, 3)
        if span.attrs.get("fallback") or span.attrs.get("reask") or span.attrs.get("reasks"):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor(t.warn), 2))
            p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 3, 3)
        label = seconds_text(span.seconds) if span.seconds >= 0.05 else ""
        if label:  # the seconds after the bar; inside a long one at the axis's end, else before it
            w = fm.horizontalAdvance(label) + 6
            inside = rect.right() + 4 + w > self.width() - 2 and rect.width() > w + 4
            if inside:
                at, ink = QRectF(rect.right() - w - 2, top, w, ROW), t.on_accent
            elif rect.right() + 4 + w <= self.width() - 2:
                at, ink = QRectF(rect.right() + 4, top, w, ROW), t.dim
            else:
                at, ink = QRectF(rect.left() - w - 2, top, w, ROW), t.dim
            p.setPen(QColor(ink))
            p.drawText(at, int(Qt.AlignmentFlag.AlignVCenter), label)
