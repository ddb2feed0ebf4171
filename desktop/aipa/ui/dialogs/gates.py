"""The GUI's Reviewer (aipa.core.run.reviewer protocol): each gate shows a card in the chat
(a window with a ``chat_view``) or a dialog, and the pipeline awaits a future that the
card or dialog resolves. Cancelling the run closes it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog

from aipa.core.kinds import Action
from aipa.core.run.reviewer import AUTO_ANSWER, Decision, Question, ReviewItem
from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from aipa.ui.dialogs.recruiter_card import RecruiterCard
from aipa.ui.dialogs.tool_call import DENY, ONCE, ToolCallCard


async def run_dialog(dialog: QDialog) -> int:
    """Open ``dialog`` without a nested event loop and wait for its result."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[int] = loop.create_future()

    def finished(code: int) -> None:
        if not done.done():
            done.set_result(code)

    dialog.finished.connect(finished)
    dialog.open()
    try:
        return await done
    finally:
        if dialog.isVisible():
            dialog.finished.disconnect(finished)
            dialog.close()
        dialog.deleteLater()


async def run_inline(card: QDialog, view) -> int:
    """Show ``card`` (an inline gate) docked in ``view``, the chat, and wait for its result."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[int] = loop.create_future()

    def finished(code: int) -> None:
        if not done.done():
            done.set_result(code)

    card.finished.connect(finished)
    view.show_gate(card)
    try:
        return await done
    finally:
        view.close_gate(card)
        card.deleteLater()


class GuiReviewer(QObject):
    """Answers gates with dialogs. ``auto`` accepts every gate (smoke mode)."""

    dialogOpened = Signal(object)  # the dialog, for tests and the window
    dialogClosed = Signal()
    answered = Signal(str, object)  # run id, {qid: answer}

    def __init__(self, window_getter, theme_getter, *, auto: bool = False, parent=None) -> None:
        super().__init__(parent)
        self._window = window_getter
        self._theme = theme_getter
        self.auto = auto
        self.active: QDialog | None = None
        self.clarify_note = ""
        self._one_gate: asyncio.Lock | None = None  # leads that call tools at once are asked in turn

    def _chat(self):
        """The chat view the gates are shown in, if the window has one."""
        view = getattr(self._window(), "chat_view", None)
        return view if view is not None and hasattr(view, "show_gate") else None

    async def _show(self, dialog: QDialog) -> int:
        self.active = dialog
        self.dialogOpened.emit(dialog)
        try:
            if getattr(dialog, "inline", False):
                return await run_inline(dialog, self._chat())
            return await run_dialog(dialog)
        finally:
            self.active = None
            self.dialogClosed.emit()

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        if self.auto:
            return {q.qid: AUTO_ANSWER for q in questions}
        dialog = ClarifyDialog(self._window(), questions, note=self.clarify_note, inline=self._chat() is not None)
        self.clarify_note = ""
        code = await self._show(dialog)
        if code != QDialog.DialogCode.Accepted or not dialog.value:
            return None
        self.answered.emit(run_id, dict(dialog.value))
        return dialog.value

    async def review(self, item: ReviewItem) -> Decision | None:
        if self.auto:
            return Decision.accept()
        core = getattr(self._window(), "core", None)  # its checks door: the checklist's add and remove
        door = getattr(core, "checks", None) if core is not None else None
        dialog = ReviewDialog(self._window(), item, self._theme(), inline=self._chat() is not None, checks=door)
        code = await self._show(dialog)
        if code != QDialog.DialogCode.Accepted or dialog.value is None:
            return None
        action, feedback = dialog.value
        return Decision(Action(action), feedback)

    async def confirm_tool(self, title: str, preview: str) -> bool | str:
        """The recruiter's proposed agent file (core/team/agent_tools.py), as an inline card
        with its diff: True (accept), False (reject) or the Principal's feedback (Edit…)."""
        if self.auto:
            return True
        card = RecruiterCard(self._window(), title, preview, self._theme(), inline=self._chat() is not None)
        code = await self._show(card)
        return card.value if code == QDialog.DialogCode.Accepted else False

    async def confirm_tool_call(self, title: str, preview: str) -> str:
        """An MCP tool call (core/material/mcp_client.py): "once", "session" or "deny", asked in an
        inline card in the chat showing the tool, its server and the arguments."""
        if self.auto:
            return ONCE
        if self._one_gate is None:
            self._one_gate = asyncio.Lock()
        async with self._one_gate:
            card = ToolCallCard(self._window(), title, preview, self._theme(), inline=self._chat() is not None)
            await self._show(card)
            return card.value or DENY
