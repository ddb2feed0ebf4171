"""The clarify card left with Later (issue 35): the run waits, and its questions stay
readable in the transcript as a small framed row (kind ``questions``): a heading, the
questions listed in the small font, and an Answer now button that opens the answer form
again (the view's action ``answer``; Enter does it on the focused row). The presenter
makes it when a run is suspended with questions open, live and when a stored session is
replayed (the run suspended in SQLite), so it is there again after a restart; once the
questions are answered the row says so and loses its button."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen

from aipa.core.text.words import QT_TRANSLATE_NOOP

KIND = "questions"
WAITING = QT_TRANSLATE_NOOP("LaterCard", "◐ The team's questions wait for your answers; the run goes on once answered:")
ANSWERED = QT_TRANSLATE_NOOP("LaterCard", "✓ The team's questions (answered below):")
ANSWER_NOW = QT_TRANSLATE_NOOP("LaterCard", "✎ Answer now")
FRAME = 6  # the frame's padding around the text
translate = QCoreApplication.translate


def key_of(run_id: str) -> str:
    return f"{KIND}:{run_id}"


def content(questions: list[str], *, answered: bool = False) -> str:
    """The row's text: its heading, then one ``- question`` line each (Markdown's list:
    copied and read aloud as a list)."""
    head = translate("LaterCard", ANSWERED if answered else WAITING)
    return "\n".join([head, *(f"- {' '.join(q.split())}" for q in questions if q.strip())])


def answered(text: str) -> str:
    """``text`` (a waiting row's) with the heading of answered questions."""
    return "\n".join([translate("LaterCard", ANSWERED), *text.splitlines()[1:]])


def answer_label() -> str:
    return translate("LaterCard", ANSWER_NOW)


def answer_hint() -> str:
    """What the row adds for a screen reader: its button."""
    return translate("LaterCard", "Answer now button: press Enter to answer the questions.")


def shown(text: str) -> str:
    """The text as painted: the list's dashes as bullets."""
    return "\n".join("•  " + line[2:] if line.startswith("- ") else line for line in text.splitlines())


def paint(painter: QPainter, rect: QRect, text: str, fm: QFontMetrics, colors: tuple[str, str, str, str]) -> None:
    """The frame over ``rect`` and the text in it: the heading in ``head`` colour, the
    questions in ``ink``. ``colors``: (background, border, head, ink)."""
    background, border, head, ink = colors
    painter.setPen(QPen(QColor(border), 1.2))
    painter.setBrush(QColor(background))
    painter.drawRoundedRect(QRectF(rect), 6, 6)
    inner = rect.adjusted(FRAME + 2, FRAME, -FRAME, -FRAME)
    first, _, rest = shown(text).partition("\n")
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
    painter.setPen(QColor(head))
    used = fm.boundingRect(inner, flags, first).height()
    painter.drawText(inner, flags, first)
    if rest:
        painter.setPen(QColor(ink))
        painter.drawText(inner.adjusted(6, used + 2, 0, 0), flags, rest)


def height(text: str, fm: QFontMetrics, width: int) -> int:
    """The height ``paint`` needs for ``text`` at ``width`` (the frame's padding in)."""
    first, _, rest = shown(text).partition("\n")
    flags = int(Qt.TextFlag.TextWordWrap)
    inner = width - 2 * FRAME - 2
    h = fm.boundingRect(QRect(0, 0, inner, 10_000), flags, first).height()
    if rest:
        h += 2 + fm.boundingRect(QRect(0, 0, inner - 6, 10_000), flags, rest).height()
    return h + 2 * FRAME
