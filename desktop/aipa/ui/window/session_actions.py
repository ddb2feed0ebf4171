"""What the sidebar's session list asks of the main window: open a session, rename, pin
or delete one. Made by ``MainWindow.attach`` (the shell's list asks nothing)."""

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

    @async_slot(str)
    async def activate(self, session_id: str) -> None:
        await self.controller.sessions.switch(session_id)

    def rename(self, session_id: str, title: str) -> None:
        self.core.rename_session(session_id, title)
        if session_id == self.controller.session_id:
            self.window.on_session(session_id)
        self.window.sessions.refresh()

    def pin(self, session_id: str, pinned: bool) -> None:
        self.core.pin_session(session_id, pinned)
        self.window.sessions.refresh()

    @async_slot(str)
    async def delete(self, session_id: str) -> None:
        """Delete it (the undo time has passed); the session on screen is replaced by a new one."""
        if session_id == self.controller.session_id:
            await self.controller.sessions.new()
        self.core.delete_session(session_id)
        self.window.sessions.refresh()
