"""Answer now (issue 35): the Later card's button in the transcript and the Inbox's for a
run that waits for answers open the run's questions in their answer form again. The form
open already (the run is driven to its card) gets the focus; a run of another session
opens that session first (which offers its questions: ``SessionController.switch``);
else the run is resumed, and its clarify round asks again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from aipa.ui.chat.controller import Controller


async def answer_now(c: Controller, run_id: str, session_id: str = "") -> None:
    """Open ``run_id``'s questions in their form (``session_id``: the run's session)."""
    from aipa.ui.dialogs.common import ClarifyDialog

    active = c.reviewer.active
    if isinstance(active, ClarifyDialog) and c.busy:  # the form is open: there it is
        active.focus_first()
        return
    if c.busy:
        c.statusMessage.emit(
            QCoreApplication.translate("AnswerNow", "A run is in progress: answer the questions when it stops.")
        )
        return
    if session_id and session_id != c.session_id:
        await c.sessions.switch(session_id)
        return
    await c.resume(run_id)
