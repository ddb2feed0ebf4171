"""The chat's message actions that need the run (``ChatView.actionRequested``): Edit &
resend puts a directive back in the compose box; Regenerate asks for a new deliverable,
through the review card's Edit when the deliverable still waits for review (the core's
revision flow), else by running its directive again; Resume continues a stopped or
waiting run. The window makes one, with its chat view, controller, compose box and
reviewer."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.transcript.model import ChatItem

REGENERATE_FEEDBACK = QT_TRANSLATE_NOOP(
    "MessageActions", "Regenerate the deliverable: write it again from the team's reports."
)


# a card's re-run (issue 23): action -> (what, what stays, the stage; a lead's card names its task)
RERUNS = {
    "rerun": (
        QT_TRANSLATE_NOOP("MessageActions", "this lead"),
        QT_TRANSLATE_NOOP("MessageActions", "The other leads' reports are kept; the synthesis and the audit follow."),
        "",
    ),
    "rerun_synthesis": (
        QT_TRANSLATE_NOOP("MessageActions", "the synthesis"),
        QT_TRANSLATE_NOOP("MessageActions", "The leads' reports are kept; the audit follows."),
        "synthesize",
    ),
    "rerun_audit": (QT_TRANSLATE_NOOP("MessageActions", "the audit"), "", "audit"),
}


class MessageActions(QObject):
    def __init__(self, view, controller, compose, reviewer, parent=None) -> None:
        super().__init__(parent or view)
        self.view = view
        self.controller = controller
        self.compose = compose
        self.reviewer = reviewer
        self.rerun_dialog: QDialog | None = None  # the open "Re-run…" question
        view.actionRequested.connect(self.on_action)

    def on_action(self, action: str, item: ChatItem) -> None:
        if action == "edit":
            self.edit(item)
        elif action == "regenerate":
            self.regenerate(item)
        elif action == "resume":
            self.controller.spawn(self.controller.resume(item.run_id or None))
        elif action == "answer" and item.run_id:  # the Later card's Answer now
            from aipa.ui.chat.answer_now import answer_now

            self.controller.spawn(answer_now(self.controller, item.run_id))
        elif action == "timeline" and item.run_id:
            self.controller.requestDialog.emit("trace", item.run_id)
        elif action in RERUNS and item.run_id:
            self.rerun(action, item)
        elif action == "rerun_briefs" and item.run_id:
            self.rerun_briefs(item)
        elif action == "compare" and item.run_id:
            self.compare(item.run_id)

    def compare(self, run_id: str) -> None:
        """The compare view of ``run_id``'s revisions (the window's ``Revisions``)."""
        revisions = getattr(self.view.window(), "revisions", None)
        if revisions is not None:
            revisions.compare(run_id)

    def rerun_briefs(self, item: ChatItem) -> None:
        """Edit the leads' briefs of ``item``'s run, then run again the leads whose brief
        changed (then the synthesis and the audit), as the run's next revision."""
        if self.controller.busy:
            self.controller.notice(
                QCoreApplication.translate("MessageActions", "A run is in progress: re-run once it has finished.")
            )
            return
        tasks = self.controller.core.runs.tasks(item.run_id)
        if not tasks:
            self.controller.notice(
                QCoreApplication.translate("MessageActions", "This run has no leads' briefs to edit.")
            )
            return
        from aipa.ui.dialogs.briefs_rerun import BriefsRerunDialog  # (a dialog: loaded when one opens)

        focus = item.label if item.kind == "task" else ""
        self.rerun_dialog = BriefsRerunDialog(tasks, self.view.window(), focus_task=focus)
        run_id = item.run_id
        self.rerun_dialog.chosen.connect(
            lambda edits: self.controller.spawn(self.controller.rerun(run_id, briefs=edits)) if edits else None
        )
        self.rerun_dialog.open()

    def rerun(self, action: str, item: ChatItem) -> None:
        """Run the lead, the synthesis or the audit of ``item``'s run again, as its next
        revision; a lead or the synthesis asks for feedback first (optional)."""
        if self.controller.busy:
            self.controller.notice(self.tr("A run is in progress: re-run once it has finished."))
            return
        what, explain, stage = RERUNS[action]
        what, explain = self.tr(what), self.tr(explain) if explain else ""
        leads = (item.label,) if action == "rerun" and item.label else ()

        def go(feedback: str) -> None:
            note = (feedback,) if feedback else ()
            self.controller.spawn(self.controller.rerun(item.run_id, leads=leads, feedback=note, stage=stage))

        if stage == "audit":
            go("")
            return
        from aipa.ui.dialogs.rerun import RerunDialog  # (a dialog: loaded when one opens)

        title = f"{item.agent} · {item.title}" if action == "rerun" and item.title else what
        self.rerun_dialog = RerunDialog(title, explain, self.view.window())
        self.rerun_dialog.chosen.connect(go)
        self.rerun_dialog.open()

    def edit(self, item: ChatItem) -> None:
        self.compose.setPlainText(item.content)
        cursor = self.compose.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self.compose.setTextCursor(cursor)
        self.compose.setFocus()

    def directive_of(self, item: ChatItem) -> str:
        items = self.view.chat_model.items()
        mine = [i for i in items if i.kind == "directive" and item.run_id and i.run_id == item.run_id]
        if not mine:  # no run id: the last directive before the item
            row = self.view.row_of(item)
            mine = [i for i in items[: max(row, 0)] if i.kind == "directive"]
        return mine[-1].content if mine else ""

    def regenerate(self, item: ChatItem) -> None:
        gate = self.reviewer.active
        if isinstance(gate, ReviewDialog) and gate.item.stage == "review" and gate.item.run_id == item.run_id:
            gate.feedback.setPlainText(self.tr(REGENERATE_FEEDBACK))
            gate.edit_button.click()  # the review gate's Edit: the core revises the deliverable
            return
        if self.controller.busy:
            self.controller.notice(self.tr("A run is in progress: regenerate once it has finished."))
            return
        directive = self.directive_of(item)
        if not directive:
            self.controller.notice(
                self.tr("Nothing to regenerate: the directive of this deliverable is not in the chat.")
            )

            return
        self.controller.spawn(self.controller.submit(directive))
