"""The human gates: review (and plan review), clarify (the recruiter's proposal is
ui/dialogs/recruiter_card.py, an MCP tool call's permission ui/dialogs/tool_call.py).

Review and clarify are built ``inline`` for the chat window: a card docked under the
transcript (``ChatView.show_gate``), which already shows what is reviewed, so the card
holds the verdict and the buttons (Accept first and primary, Reject set apart), and Edit
opens the feedback field in place. Elsewhere (the plan window) they
are window-modal dialogs, opened with ``open()`` (no nested event loop: the qasync loop
keeps running). "Later" leaves the run suspended.

For screen readers and the keyboard: each card names itself (its accessible name) and
says what is decided (its description: the verdict, the intro); docked, the focus goes
to ``focus_first`` (Accept, or the first answer box); answer and feedback boxes pass Tab
on instead of typing it, and Ctrl+Enter sends (``widgets.answer_box``, ``submit_keys``).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from aipa.ui.dialogs.checklist import checklist_for
from aipa.ui.platform import fit_platform
from aipa.ui.safe_text import SafeBrowser
from aipa.ui.theme import Theme
from aipa.ui.widgets import answer_box, primary_button, submit_keys
from aipa.ui.words import verdict as verdict_word

LATER = 2  # dialog result code for "Later" (Rejected = 0, Accepted = 1)


class GateDialog(QDialog):
    """Base: a result value plus a Later button; ``inline``: a card inside the window."""

    def __init__(self, parent, title: str, *, inline: bool = False) -> None:
        super().__init__(parent)
        self.inline = inline
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        if inline:
            self.setWindowFlags(Qt.WindowType.Widget)
        else:
            self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.value: object = None  # the answer: each gate says its own type
        self.later_button = QPushButton(self.tr("Later"))
        self.later_button.setToolTip(self.tr("Leave the run waiting; answer it when you are ready"))
        self.later_button.clicked.connect(lambda: self.done(LATER))

    def focus_first(self) -> None:
        """Give the focus to the control a keyboard user starts with (docked inline)."""
        self.setFocus()
        self.focusNextChild()

    def reject(self) -> None:  # Esc / window close = Later
        self.value = None
        self.done(LATER)


class ReviewDialog(GateDialog):
    """Accept / Edit (with feedback) / Reject, showing the verdict and the memo."""

    value: tuple[str, str] | None  # (action, feedback)

    def __init__(self, parent, item, theme: Theme, *, inline: bool = False, checks=None) -> None:
        plan = item.stage == "plan_review"
        title = self.tr("Review the task briefs") if plan else self.tr("Review the deliverable")
        super().__init__(parent, title, inline=inline)
        self.item = item
        self.setObjectName("reviewGate" if inline else "reviewDialog")
        if not inline:
            self.resize(880, 680)
        layout = QVBoxLayout(self)
        if inline:
            above = self.tr("Review the task briefs above") if plan else self.tr("Review the deliverable above")
            layout.addWidget(QLabel(f"<b>{above}</b>"))
        if not inline:  # docked, the transcript above names the deliverable and its revision
            revision = item.extra.get("revision")
            heading = QLabel(
                f"<b>{html.escape(item.title)}</b>"
                + (" · " + self.tr("revision {number}").format(number=revision) if revision else "")
            )
            heading.setWordWrap(True)
            layout.addWidget(heading)
        if item.verdict:
            self._add_verdict(layout, item, theme, inline)
        self._add_body(layout, item, theme, inline)
        self.checklist = checklist_for(item, theme, checks)  # ``checks``: the core's checks door
        if self.checklist is not None:
            layout.addWidget(self.checklist)
        self.feedback_label = QLabel(self.tr("Feedback for a revision (used by Edit):"))
        layout.addWidget(self.feedback_label)
        self.feedback = answer_box("feedback", self.tr("Feedback for a revision"))
        self.feedback_label.setBuddy(self.feedback)
        self._keys = submit_keys(self, self._send_key)
        self.feedback.setPlaceholderText(
            self.tr("What should change? e.g. “Cut the budget to 5,000 €, add a rain plan.”")
        )
        self.feedback.setMaximumHeight(110)
        layout.addWidget(self.feedback)
        # Reject asks why first (optional), in place: stored with the decision like Edit's feedback
        self.reason_label = QLabel(self.tr("Why reject it? (optional: kept with your decision)"))
        self.reason = answer_box("rejectReason", self.tr("Why reject it (optional)"))
        self.reason.setPlaceholderText(self.tr("A reason, if you like. Ctrl+Enter or Reject now rejects; Esc cancels."))
        self.reason.setMaximumHeight(80)
        self.reason_label.setBuddy(self.reason)
        layout.addWidget(self.reason_label)
        layout.addWidget(self.reason)
        self.reason_label.hide()
        self.reason.hide()
        if inline:
            self._inline_buttons(layout, theme)
            fit_platform(self)
            return
        buttons = QDialogButtonBox()
        self.accept_button = buttons.addButton(self.tr("Accept"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.edit_button = buttons.addButton(self.tr("Edit…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.reject_button = buttons.addButton(self.tr("Reject"), QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.accept_button.setDefault(True)
        self.accept_button.clicked.connect(lambda: self._decide("accept"))
        self.edit_button.clicked.connect(self._edit)
        self.reject_button.clicked.connect(self._reject)
        layout.addWidget(buttons)
        fit_platform(self)

    def _add_verdict(self, layout: QVBoxLayout, item, theme: Theme, inline: bool) -> None:
        """The audit's verdict in its colour (docked: for screen readers only)."""
        color = theme.verdict_color(item.verdict, theme.dim)
        self.verdict_label = QLabel(
            f"<span style='color:{color}; font-weight:700'>"
            + self.tr("VERDICT: {verdict}").format(verdict=html.escape(verdict_word(item.verdict)))
            + "</span>"
        )
        self.verdict_label.setObjectName("verdictLabel")
        if inline:  # the audit card just above shows the verdict: once is enough (said to screen readers)
            self.verdict_label.setParent(self)
            self.verdict_label.hide()
        else:
            layout.addWidget(self.verdict_label)
        self.setAccessibleDescription(
            self.tr("The audit's verdict: {verdict}").format(verdict=verdict_word(item.verdict))
        )

    def _add_body(self, layout: QVBoxLayout, item, theme: Theme, inline: bool) -> None:
        """The deliverable and the audit memo (docked: the chat above shows them)."""
        split = QSplitter(Qt.Orientation.Vertical)
        self.body = SafeBrowser(theme=theme)
        self.body.set_markdown(item.body)
        split.addWidget(self.body)
        if item.memo:
            self.memo = SafeBrowser(theme=theme)
            self.memo.set_markdown(item.memo)
            self.memo.setObjectName("auditMemo")
            color = theme.verdict_color(item.verdict, theme.border)
            self.memo.setStyleSheet(f"QTextBrowser#auditMemo {{ border: 2px solid {color}; border-radius: 6px; }}")
            split.addWidget(self.memo)
        if inline:  # the chat shows the deliverable and the memo: not again here
            split.hide()
            split.setParent(self)
        else:
            layout.addWidget(split, 1)

    def focus_first(self) -> None:
        self.accept_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _send_key(self) -> None:
        """Ctrl+Enter: sends the feedback while its field is open and filled, else nothing
        (an Accept must be chosen, never fall out of a key meant for a text field)."""
        if self.reason.isVisible():
            self._decide("reject")
        elif self.feedback.isVisible() and self.feedback.toPlainText().strip():
            self._decide("edit")

    def _inline_buttons(self, layout: QVBoxLayout, theme: Theme) -> None:
        """Accept (primary), Edit…, Later, and Reject set apart at the far end. The
        feedback field stays closed until Edit opens it."""
        self.feedback_label.hide()
        self.feedback.hide()
        row = QHBoxLayout()
        self.accept_button = primary_button(self.tr("Accept"), theme)
        self.accept_button.setDefault(True)
        self.accept_button.setAccessibleDescription(self.tr("Accept the result: the run ends with it"))
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.edit_button.setToolTip(self.tr("Ask for a revision with your feedback"))
        self.edit_button.setAccessibleDescription(self.tr("Ask for a revision with your feedback"))
        self.reject_button = QPushButton(self.tr("Reject"))
        self.reject_button.setAccessibleDescription(self.tr("Reject the result: the run ends without it"))
        self.reject_button.setObjectName("destructiveButton")
        self.reject_button.setToolTip(self.tr("Reject the result: the run ends without it"))
        for button in (self.accept_button, self.edit_button, self.later_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.reject_button)
        self.accept_button.clicked.connect(lambda: self._decide("accept"))
        self.edit_button.clicked.connect(self._edit)
        self.reject_button.clicked.connect(self._reject)
        layout.addLayout(row)

    def _edit(self) -> None:
        if not self.feedback.toPlainText().strip():
            self.feedback_label.show()
            self.feedback.show()
            self.feedback.setFocus()
            self.edit_button.setText(self.tr("Send feedback"))
            self.feedback.setPlaceholderText(self.tr("Type your feedback here, then press Send feedback (Ctrl+Enter)."))
            return
        self._decide("edit")

    def _reject(self) -> None:
        """The first Reject opens the optional reason; the second (or Ctrl+Enter) rejects."""
        if not self.reason.isVisible():
            self.reason_label.show()
            self.reason.show()
            self.reason.setFocus(Qt.FocusReason.OtherFocusReason)
            self.reject_button.setText(self.tr("Reject now"))
            return
        self._decide("reject")

    def _cancel_reject(self) -> None:
        self.reason_label.hide()
        self.reason.hide()
        self.reason.clear()
        self.reject_button.setText(self.tr("Reject"))
        self.reject_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def reject(self) -> None:  # Esc: closes the reason field if it is open, else Later
        if self.reason.isVisible():
            self._cancel_reject()
            return
        super().reject()

    def _decide(self, action: str) -> None:
        said = self.reason if action == "reject" else self.feedback
        self.value = (action, said.toPlainText().strip())
        self.done(QDialog.DialogCode.Accepted)


class ClarifyDialog(GateDialog):
    """One answer box per question."""

    value: dict[str, str] | None  # the answer to each question, by its id

    def __init__(self, parent, questions, *, note: str = "", inline: bool = False) -> None:
        super().__init__(parent, self.tr("The team has questions"), inline=inline)
        self.setObjectName("clarifyGate" if inline else "clarifyDialog")
        if not inline:
            self.resize(640, 420)
        layout = QVBoxLayout(self)
        intro = QLabel(note or self.tr("Before briefing the team, the Chief of Staff needs a few details."))
        intro.setWordWrap(True)
        self.setAccessibleDescription(intro.text())
        layout.addWidget(intro)
        form_host = QWidget()
        form = QVBoxLayout(form_host)  # each question above its answer, wrapped at the full width
        form.setContentsMargins(0, 0, 0, 0)
        self.answers: dict[str, QPlainTextEdit] = {}
        for q in questions:
            label = QLabel(f"<b>{html.escape(q.text)}</b>")
            label.setWordWrap(True)
            box = answer_box(f"answer_{q.qid}", q.text)
            box.setMaximumHeight(80 if not inline else 60)
            box.setPlaceholderText(self.tr("Your answer (leave empty for “use your judgment”; Ctrl+Enter sends)"))
            label.setBuddy(box)
            form.addWidget(label)
            form.addWidget(box)
            self.answers[q.qid] = box
        if inline:
            layout.addWidget(form_host)
        else:
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(form_host)
            layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox()
        self.send_button = buttons.addButton(self.tr("Send answers"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.send_button.setDefault(True)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.send_button.setToolTip(self.tr("Send the answers (Ctrl+Enter)"))
        self.send_button.clicked.connect(self._send)
        self._keys = submit_keys(self, self._send)
        layout.addWidget(buttons)
        fit_platform(self)

    def focus_first(self) -> None:
        boxes = list(self.answers.values())
        (boxes[0] if boxes else self.send_button).setFocus(Qt.FocusReason.OtherFocusReason)

    def _send(self) -> None:
        # (the empty answer's words go to the model, not to the Principal: left in English)
        self.value = {
            qid: box.toPlainText().strip() or "No preference: use your best judgment."
            for qid, box in self.answers.items()
        }
        self.done(QDialog.DialogCode.Accepted)


class MessageDialog(QDialog):
    """A small question or message box (QMessageBox fixes its own size, which the
    headless test platform cannot apply). ``yes_button`` is None for plain messages."""

    def __init__(
        self, parent, title: str, text: str, *, yes: str = "", no: str = "", details: str = "", name: str = ""
    ) -> None:
        """``no``: the closing button's text ("Close" when none is given)."""
        super().__init__(parent)
        self.setObjectName(name or "messageDialog")
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        layout = QVBoxLayout(self)
        label = QLabel(text)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setMinimumWidth(380)
        layout.addWidget(label)
        if details:
            box = QPlainTextEdit(details)
            box.setReadOnly(True)
            box.setMinimumHeight(160)
            layout.addWidget(box)
        buttons = QDialogButtonBox()
        self.yes_button = buttons.addButton(yes, QDialogButtonBox.ButtonRole.AcceptRole) if yes else None
        self.no_button = buttons.addButton(no or self.tr("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        if self.yes_button is not None:
            self.yes_button.clicked.connect(self.accept)
        self.no_button.clicked.connect(self.reject)
        self.no_button.setDefault(self.yes_button is None)
        layout.addWidget(buttons)
        fit_platform(self)


def confirm(parent, title: str, text: str, yes: str, on_yes, name: str = "") -> MessageDialog:
    """Open a Yes/Cancel box; ``on_yes()`` runs if the Principal confirms."""
    box = MessageDialog(
        parent, title, text, yes=yes, no=QCoreApplication.translate("MessageDialog", "Cancel"), name=name
    )

    box.accepted.connect(on_yes)
    box.open()
    return box
