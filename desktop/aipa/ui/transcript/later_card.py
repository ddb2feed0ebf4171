"""The clarify card left with Later (issue 35): the run waits, and its questions stay
readable in the transcript as a small framed row (kind ``questions``): a heading, the
questions listed in the small font, and an Answer now button that opens the answer form
again (the view's action ``answer``; Enter does it on the focused row). The presenter
makes it when a run is suspended with questions open, live and when a stored session is
replayed (the run suspended in SQLite), so it is there again after a restart; once the
questions are answered the row says so and loses its button."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QGuiApplication, QPainter, QPen

from aipa.core.text.words import QT_TRANSLATE_NOOP

KIND = "questions"
WAITING = QT_TRANSLATE_NOOP("LaterCard", "◐ The team's questions wait for your answers; the run goes on once answered:")
ANSWERED = QT_TRANSLATE_NOOP("LaterCard", "✓ The team's questions (answered below):")
ANSWER_NOW = QT_TRANSLATE_NOOP("LaterCard", "✎ Answer now")
FRAME = 6  # the frame's padding around the text
translate = QCoreApplication.translate


def key_of(run_id: str, round_: int) -> str:
    """The row of a run's round of questions (``round_``: its routing's number; a round's
    Later card, left again, stays one row)."""
    return f"{KIND}:{run_id}:{round_}"


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


def lines(text: str) -> tuple[str, list[str]]:
    """The heading and the questions (the list's lines without their dashes)."""
    head, *rest = text.splitlines() or [""]
    return head, [line[2:] if line.startswith("- ") else line for line in rest]


BULLET = "•"
INDENT = 14  # the questions' text, right of their bullets


def paint(painter: QPainter, frame: QRect, text_rect: QRect, text: str, fm: QFontMetrics, colors: tuple) -> None:
    """The frame over ``frame`` and the text in ``text_rect``: the heading in the ``head``
    colour, each question under it by its bullet in ``ink`` (wrapped lines indented).
    ``colors``: (background, border, head, ink)."""
    background, border, head, ink = colors
    painter.setPen(QPen(QColor(border), 1.2))
    painter.setBrush(QColor(background))
    painter.drawRoundedRect(QRectF(frame), 6, 6)
    heading, questions = lines(text)
    rtl = QGuiApplication.isRightToLeft()
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)  # (the right side, right to left)
    painter.setPen(QColor(head))
    y = text_rect.top()
    painter.drawText(QRect(text_rect.left(), y, text_rect.width(), 10_000), flags, heading)
    y += fm.boundingRect(QRect(0, 0, text_rect.width(), 10_000), flags, heading).height() + 2
    painter.setPen(QColor(ink))
    for question in questions:
        spot = QRect(text_rect.left(), y, text_rect.width(), fm.height())
        shifted = spot.adjusted(0 if rtl else INDENT // 2, 0, -INDENT // 2 if rtl else 0, 0)
        painter.drawText(shifted, flags, BULLET)
        body = QRect(text_rect.left() + (0 if rtl else INDENT + 6), y, text_rect.width() - INDENT - 6, 10_000)
        painter.drawText(body, flags, question)
        y += fm.boundingRect(QRect(0, 0, body.width(), 10_000), flags, question).height() + 1


def text_height(text: str, fm: QFontMetrics, width: int) -> int:
    """The height ``paint``'s text needs at ``width``."""
    heading, questions = lines(text)
    flags = int(Qt.TextFlag.TextWordWrap)
    h = fm.boundingRect(QRect(0, 0, width, 10_000), flags, heading).height() + 2
    for question in questions:
        h += fm.boundingRect(QRect(0, 0, width - INDENT - 6, 10_000), flags, question).height() + 1
    return h + 3  # (the last line's descenders clear the frame)
