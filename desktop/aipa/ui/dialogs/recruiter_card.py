"""The recruiter's proposal (core/team/agent_tools.py asks through the reviewer's
``confirm_tool`` before it writes an agent file): what it wants to create or change, as
the file's diff, with Accept / Edit… / Reject. Docked inline under the transcript like
the review, clarify and permission cards (a window-modal dialog only where there is no
chat: the plan window). Nothing is written unless the Principal accepts.

Edit… opens a feedback field: sending it declines this version and hands the words to
the recruiter, which proposes again (``value`` is then the feedback). Esc and closing
reject. The diff is shown in plain words first ("2 lines added, 1 removed"), then each
line coloured (+ added, − removed) and wrapped, never cut off at the right."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from aipa.ui.dialogs.common import GateDialog
from aipa.ui.platform import fit_platform
from aipa.ui.theme import Theme
from aipa.ui.widgets import answer_box, primary_button, submit_keys

MAX_LINES = 14  # the diff box's height in lines; a longer diff scrolls inside it


def _body(preview: str) -> list[str]:
    """The diff's lines from its first hunk on: the file headers (``---``/``+++`` before
    it) left out, while an agent file's own ``+++`` front-matter line is kept."""
    lines = preview.splitlines()
    first = next((n for n, line in enumerate(lines) if line.startswith("@@")), len(lines))
    return lines[first:]


def diff_counts(preview: str) -> tuple[int, int]:
    """(lines added, lines removed) in a unified diff."""
    lines = _body(preview)
    return sum(line.startswith("+") for line in lines), sum(line.startswith("-") for line in lines)


def readable_diff(preview: str) -> str:
    """The diff without its file headers (the heading names the agent); a hunk marker
    becomes "…", the lines left out between two changes (none before the first)."""
    keep = [" …" if line.startswith("@@") else line for line in _body(preview)]
    return "\n".join(keep[1:] if keep[:1] == [" …"] else keep)


class RecruiterDiffHighlighter(QSyntaxHighlighter):
    """Added lines in the theme's ok colour, removed ones in its bad colour (both contrast-checked)."""

    def __init__(self, doc: QTextDocument, theme: Theme) -> None:
        super().__init__(doc)
        self.added, self.removed = QTextCharFormat(), QTextCharFormat()
        self.added.setForeground(QColor(theme.ok))
        self.removed.setForeground(QColor(theme.bad))

    def highlightBlock(self, text: str) -> None:
        if text.startswith("+"):
            self.setFormat(0, len(text), self.added)
        elif text.startswith("-"):
            self.setFormat(0, len(text), self.removed)


class RecruiterCard(GateDialog):
    """``value``: True (accepted), False (rejected) or the Principal's feedback (Edit…)."""

    value: bool | str

    def __init__(self, parent, title: str, preview: str, theme: Theme, *, inline: bool = True) -> None:
        super().__init__(parent, QCoreApplication.translate("RecruiterCard", "Change the team?"), inline=inline)
        self.setObjectName("recruiterGate" if inline else "recruiterDialog")
        if not inline:
            self.resize(760, 560)
        self.value = False
        added, removed = diff_counts(preview)
        layout = QVBoxLayout(self)
        proposes = QCoreApplication.translate("RecruiterCard", "The recruiter proposes:")
        self.heading = QLabel(
            f"<b>{html.escape(proposes)} {html.escape(title)}</b><br>"
            f"<span style='color:{theme.dim}'>"
            + html.escape(
                QCoreApplication.translate(
                    "RecruiterCard", "{added} lines added, {removed} removed. Nothing is written unless you accept."
                )
            )
            .replace("{added}", str(added))
            .replace("{removed}", str(removed))
            + "</span>"
        )
        self.heading.setObjectName("recruiterTitle")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.setAccessibleDescription(
            QCoreApplication.translate(
                "RecruiterCard", "The recruiter proposes: {title}. {added} lines added, {removed} removed."
            )
            .replace("{title}", title)
            .replace("{added}", str(added))
            .replace("{removed}", str(removed))
        )
        self._add_diff(layout, preview, theme)
        self.feedback_label = QLabel(QCoreApplication.translate("RecruiterCard", "What should the recruiter change?"))
        self.feedback = answer_box(
            "recruiterFeedback", QCoreApplication.translate("RecruiterCard", "Feedback for the recruiter")
        )
        self.feedback.setPlaceholderText(
            QCoreApplication.translate(
                "RecruiterCard", "e.g. “Call it Forecasting, and give it the web search tool.” (Ctrl+Enter sends)"
            )
        )
        self.feedback.setMaximumHeight(90)
        self.feedback_label.setBuddy(self.feedback)
        self.feedback_label.hide()
        self.feedback.hide()
        layout.addWidget(self.feedback_label)
        layout.addWidget(self.feedback)
        self._keys = submit_keys(self, self._send_key)
        self._add_buttons(layout, theme)
        self.later_button.hide()  # the recruiter waits mid-call: it is decided now (Esc rejects)
        fit_platform(self)

    def _add_diff(self, layout: QVBoxLayout, preview: str, theme: Theme) -> None:
        """The proposed change, as a read-only diff (+ added, - removed) of its lines."""
        self.diff = QPlainTextEdit()
        self.diff.setObjectName("recruiterDiff")
        self.diff.setAccessibleName(
            QCoreApplication.translate("RecruiterCard", "The proposed agent file: + added lines, - removed lines")
        )
        self.diff.setTabChangesFocus(True)
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)  # a prompt's long lines wrap
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.diff.setFont(mono)
        self.diff.setPlainText(readable_diff(preview))
        self._highlighter = RecruiterDiffHighlighter(self.diff.document(), theme)
        lines = max(3, min(MAX_LINES, self.diff.document().blockCount()))
        self.diff.setFixedHeight(self.diff.fontMetrics().lineSpacing() * lines + 14)
        layout.addWidget(self.diff)

    def _add_buttons(self, layout: QVBoxLayout, theme: Theme) -> None:
        """Accept, Edit… (feedback for the recruiter) and Reject."""
        row = QHBoxLayout()
        self.accept_button = primary_button(QCoreApplication.translate("RecruiterCard", "Accept"), theme)
        self.accept_button.setAccessibleDescription(
            QCoreApplication.translate("RecruiterCard", "Write the agent file as shown")
        )
        self.accept_button.setToolTip(QCoreApplication.translate("RecruiterCard", "Write the agent file as shown"))
        self.edit_button = QPushButton(QCoreApplication.translate("RecruiterCard", "Edit…"))
        self.edit_button.setAccessibleDescription(
            QCoreApplication.translate("RecruiterCard", "Tell the recruiter what to change; it proposes again")
        )
        self.edit_button.setToolTip(
            QCoreApplication.translate("RecruiterCard", "Tell the recruiter what to change; it proposes again")
        )
        self.reject_button = QPushButton(QCoreApplication.translate("RecruiterCard", "Reject"))
        self.reject_button.setObjectName("destructiveButton")
        self.reject_button.setAccessibleDescription(
            QCoreApplication.translate("RecruiterCard", "Write nothing; the recruiter is told you declined")
        )
        self.reject_button.setToolTip(
            QCoreApplication.translate("RecruiterCard", "Write nothing; the recruiter is told you declined")
        )
        row.addWidget(self.accept_button)
        row.addWidget(self.edit_button)
        row.addStretch(1)
        row.addWidget(self.reject_button)
        layout.addLayout(row)
        self.accept_button.clicked.connect(lambda: self._decide(True))
        self.edit_button.clicked.connect(self._edit)
        self.reject_button.clicked.connect(lambda: self._decide(False))

    def focus_first(self) -> None:
        """The diff first (a screen reader reads what is proposed), then the buttons."""
        self.diff.setFocus(Qt.FocusReason.OtherFocusReason)

    def _edit(self) -> None:
        text = self.feedback.toPlainText().strip()
        if not self.feedback.isVisible() or not text:
            self.feedback_label.show()
            self.feedback.show()
            self.feedback.setFocus(Qt.FocusReason.OtherFocusReason)
            self.edit_button.setText(QCoreApplication.translate("RecruiterCard", "Send feedback"))
            return
        self._decide(text)

    def _send_key(self) -> None:
        """Ctrl+Enter sends the feedback while its field is open and filled, else nothing."""
        if self.feedback.isVisible() and self.feedback.toPlainText().strip():
            self._decide(self.feedback.toPlainText().strip())

    def _decide(self, value: bool | str) -> None:
        self.value = value
        self.done(QDialog.DialogCode.Accepted)

    def reject(self) -> None:  # Esc / close = Reject: nothing is written
        self.value = False
        self.done(QDialog.DialogCode.Rejected)
