"""What the sidebar's session list asks of the main window: open a session, rename, pin
or delete one (to the Trash, with Undo), and open the Trash. Made by
``MainWindow.attach`` (the shell's list asks nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aipa.ui.async_slot import async_slot

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.ui.chat.controller import Controller
    from aipa.ui.window.host import WindowHost


class SessionActions:
    """The session list's requests, carried out through the core and the controller."""

    def __init__(self, window: WindowHost, core: Core, controller: Controller) -> None:
        self.window = window
        self.core = core
        self.controller = controller
        sessions = window.sessions
        sessions.sessionActivated.connect(self.activate)
        sessions.renameRequested.connect(self.rename)
        sessions.pinRequested.connect(self.pin)
        sessions.deleteRequested.connect(self.delete)
        sessions.restoreRequested.connect(self.restore)
        sessions.trashRequested.connect(self.open_trash)
        window.inbox.runOpened.connect(self.open_scheduled)
        window.inbox_questions.answerRequested.connect(self.answer_now)

    @async_slot(str)
    async def activate(self, session_id: str) -> None:
        await self.controller.sessions.switch(session_id)

    @async_slot(str, str)
    async def open_scheduled(self, session_id: str, run_id: str) -> None:
        """An Inbox entry: its session, and the card of the gate its run waits at (a
        question card comes with the switch; a review is driven to its card here)."""
        c = self.controller
        await c.sessions.switch(session_id)
        if c.session_id == session_id and not c.busy and self.core.runs.waiting(session_id) == run_id:
            await c.resume(run_id)

    @async_slot(str, str)
    async def answer_now(self, run_id: str, session_id: str) -> None:
        """The Inbox's Answer now: the run's questions in their form (ui/chat/answer_now.py)."""
        from aipa.ui.chat.answer_now import answer_now

        await answer_now(self.controller, run_id, session_id)

    def rename(self, session_id: str, title: str) -> None:
        self.core.sessions.rename(session_id, title)
        if session_id == self.controller.session_id:
            self.window.on_session(session_id)
        self.window.sessions.refresh()

    def pin(self, session_id: str, pinned: bool) -> None:
        self.core.sessions.pin(session_id, pinned)
        self.window.sessions.refresh()

    @async_slot(str)
    async def delete(self, session_id: str) -> None:
        """Put it in the Trash; the session on screen is replaced by a new one."""
        self.core.sessions.trash.put(session_id)
        self.window.sessions.refresh()  # gone from the list at once
        if session_id == self.controller.session_id:
            await self.controller.sessions.new()

    def restore(self, session_id: str) -> None:
        self.core.sessions.trash.restore(session_id)
        self.window.sessions.refresh()

    def open_trash(self) -> None:
        from aipa.ui.dialogs.trash import TrashDialog

        dialog = TrashDialog(self.window, self.core)
        dialog.changed.connect(self.window.sessions.refresh)
        dialog.open()
