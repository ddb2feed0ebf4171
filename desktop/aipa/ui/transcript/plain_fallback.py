"""What a transcript row shows when drawing it failed: its text, plain.

Nothing may raise out of a Qt override (paint, a size asked for by the layout): PySide
prints the error and carries on with a half-drawn row, and an error repeated at each
paint (or a RecursionError, which can take the process down) makes the window unusable.
A row whose body cannot be rendered is shown as escaped plain text; a row that cannot
be painted has its text drawn in its rectangle. Each failure is logged once per row.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter

log = logging.getLogger("aipa.ui")

_reported: set[tuple[str, int]] = set()


def report(what: str, uid: int) -> None:
    """Log the exception being handled, once for this row and this part of the drawing."""
    if (what, uid) in _reported:
        return
    _reported.add((what, uid))
    log.warning("transcript: %s of row %d failed; shown as plain text", what, uid, exc_info=True)


def paint_text(painter: QPainter, rect: QRect, text: str, color: str) -> None:
    """``text`` drawn plainly into ``rect`` (what fits; the row keeps its size)."""
    try:
        painter.save()
        try:
            painter.setPen(QColor(color))
            inner = rect.adjusted(12, 8, -12, -8)
            painter.drawText(inner, int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignTop), text[:20_000])
        finally:
            painter.restore()
    except Exception:
        log.debug("transcript: the plain fallback failed too", exc_info=True)
