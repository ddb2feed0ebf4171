"""The Inbox's runs that wait for answers (issue 35): each directive run whose clarifying
questions are open (a card left with Later, a schedule's or a service's run), listed in
the Inbox under the sidebar's INBOX heading with its directive, its questions in the
small font and an Answer now button that opens the answer form (``answerRequested``;
the window carries it out: ui/chat/answer_now.py). Kept apart from the Inbox's list
(ui/window/inbox.py), which leaves these runs to it. Rebuilt only when what it lists
changes; the window refreshes it at start, after each operation, and as the Inbox
watches the data folder."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.run.questions_waiting import QuestionsWaiting

RUNS = 3  # runs shown at most: the sessions keep the sidebar
QUESTIONS = 4  # questions shown of each run, the rest counted
DIRECTIVE_CHARS = 60


class InboxQuestions(QWidget):
    """One small frame per waiting run: its directive, its questions, Answer now."""

    answerRequested = Signal(str, str)  # run id, session id
    changed = Signal()  # what it lists changed (the Inbox's heading counts it)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxQuestions")
        self.setAccessibleName(self.tr("Questions waiting for you"))
        self.entries: list[QuestionsWaiting] = []
        self.buttons: list[QPushButton] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self.hide()

    def refresh(self, core: Core) -> None:
        """List what waits now (nothing redrawn when nothing changed)."""
        try:
            entries = core.runs.questions_waiting(RUNS)
        except Exception:  # noqa: BLE001 - a busy database: the next refresh shows it
            return
        if entries != self.entries:
            self.show_entries(entries)

    def show_entries(self, entries: list[QuestionsWaiting]) -> None:
        self.entries = list(entries)
        while (child := self._layout.takeAt(0)) is not None:
            if (widget := child.widget()) is not None:
                widget.deleteLater()
        self.buttons = []
        for entry in self.entries:
            self._layout.addWidget(self._frame(entry))
        self.setVisible(bool(self.entries))
        self.changed.emit()

    def _frame(self, entry: QuestionsWaiting) -> QFrame:
        frame = QFrame()
        frame.setObjectName("inboxQuestion")
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(frame)
        box.setContentsMargins(6, 4, 6, 6)
        box.setSpacing(2)
        directive = " ".join(entry.directive.split())
        short = directive if len(directive) <= DIRECTIVE_CHARS else directive[: DIRECTIVE_CHARS - 1] + "…"
        head = QLabel(f"● <b>{html.escape(short)}</b>")
        head.setWordWrap(True)
        head.setToolTip(directive)
        box.addWidget(head)
        shown = entry.questions[:QUESTIONS]
        lines = [f"•&nbsp;{html.escape(q)}" for q in shown]
        if len(entry.questions) > len(shown):
            more = len(entry.questions) - len(shown)
            lines.append(html.escape(self.tr("+ {count} more").format(count=more)))
        questions = QLabel("<br>".join(lines))
        questions.setObjectName("inboxQuestionText")
        questions.setWordWrap(True)
        questions.setTextFormat(Qt.TextFormat.RichText)
        font = questions.font()
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.9))
        questions.setFont(font)
        box.addWidget(questions)
        button = QPushButton(self.tr("Answer now"))
        button.setObjectName("inboxAnswerNow")
        button.setAccessibleName(self.tr("Answer now: {directive}").format(directive=short))
        button.setAccessibleDescription(" ".join(entry.questions))
        button.setToolTip(self.tr("Open the answer form of these questions"))
        button.clicked.connect(lambda _=False, e=entry: self.answerRequested.emit(e.run_id, e.session_id))
        box.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        self.buttons.append(button)
        return frame
