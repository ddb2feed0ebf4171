"""The main window's running life (a base of ``MainWindow``): its slots, one line each
that awaits the controller; the start once the core is attached (the last session, the
provider check, open questions, the schedules and the local API); and the shutdown when
it closes (nothing is lost: the controller finishes what it must first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer, Signal
from PySide6.QtGui import QCloseEvent

from aipa.ui.async_slot import async_slot
from aipa.ui.i18n import core_text
from aipa.ui.window.host import WindowHost

if TYPE_CHECKING:
    import asyncio
    from datetime import datetime

    from aipa.ui.dialogs.gates import GuiReviewer


class WindowRunning(WindowHost):
    """Slots, start-up and shutdown of the main window. Its texts keep the context
    ``MainWindow`` (the translations have them there), hence ``translate`` rather than ``self.tr``."""

    closed = Signal()

    reviewer: GuiReviewer
    startup_task: asyncio.Task | None
    schedule_clock: Callable[[], datetime] | None
    _expected_title: str | None
    _closing: bool
    _closed: bool

    def _update_stack(self, *_args) -> None:
        raise NotImplementedError

    # --- slots (one line: await the controller) -----------------------------------------

    @async_slot(str)
    async def on_submit(self, text: str) -> None:
        await self.controller.submit(text)

    @async_slot()
    async def on_send_clicked(self) -> None:
        await self.controller.submit(self.compose.take_text())

    @async_slot(str)
    async def on_example(self, text: str) -> None:
        self.compose.setPlainText(text)
        await self.controller.submit(self.compose.take_text())

    @async_slot()
    async def on_retry(self) -> None:
        self.connection_notice.text.setText(QCoreApplication.translate("MainWindow", "Checking the connection…"))
        await self.controller.connection.check()

    @async_slot()
    async def on_stop(self) -> None:
        await self.controller.stop()

    @async_slot()
    async def on_escape(self) -> None:
        await (self.controller.stop() if self.controller.busy else self.controller.leave_direct())

    @async_slot(str)
    async def on_command(self, text: str) -> None:
        await self.controller.command(text)

    def on_agent_clicked(self, name: str) -> None:
        self.controller.talk_to(name)

    def on_team_clicked(self) -> None:
        self.controller.talk_to_team()

    # --- startup and shutdown ------------------------------------------------------------

    async def start(self, *, restore: bool = True) -> None:
        """Restore the last session, check the provider, offer open questions again."""
        self.controller.spawn(self.controller.connection.check())
        for text in self.core.warnings:
            self.controller.notice(f"⚠ {core_text(text)}", "warning")
        if restore:
            self.controller.sessions.restore_last()
        if self._expected_title is not None and not self.controller.session_id:
            self.on_session("")  # the expected session did not come back: a new one it is
        self._expected_title = None
        self._update_stack()  # the shell may have shown the chat for a session that is gone
        self.controller.sessions.resume_brief_updates()
        self.sessions.set_current(self.controller.session_id or "")
        if self.reviewer.active is None:  # (a gate shown already keeps the focus)
            self.compose.setFocus()
        self._start_schedules()
        if self.controller.pending_question_run():
            import asyncio

            self.startup_task = asyncio.ensure_future(self.controller.answer_pending())
        # the markdown converter and code highlighter are made ready once the window is
        # idle, so that opening a long session or the first answer does not wait for them
        QTimer.singleShot(0, self.chat_view.warm_up_once)

    def _start_schedules(self) -> None:
        """The Inbox and the schedule timer (ui/window/inbox.py); ``schedule_clock``: tests'."""
        from aipa.ui.window.inbox import ScheduleTimer

        c = self.controller
        from aipa.ui.window.scheduled_view import ScheduledView

        self.schedule_timer = ScheduleTimer(self.core, c.spawn, c.notice, self.inbox, self.schedule_clock, self)
        self.schedule_timer.on_event = ScheduledView(c)  # drawn live while its session is on screen
        self.schedule_timer.start()
        questions = self.inbox_questions  # the runs waiting for answers, under the Inbox
        refresh = lambda *_a: questions.refresh(self.core)  # noqa: E731
        self.schedule_timer.watcher.timeout.connect(refresh)  # (another process's run)
        c.sessionsChanged.connect(refresh)  # an operation ended: a run may wait, or no longer
        refresh()
        self._leave_queue = self.core.service.on_queue(self._queue_changed)  # one run at a time per local model
        from aipa.ui.window.local_api import LocalApiRunner  # the endpoint, when Settings turn it on

        self.local_api = LocalApiRunner(self.core, c.spawn, c.notice)
        self.local_api.start()

    def _queue_changed(self) -> None:
        """A scheduled run started or stopped waiting for the local model: the status
        bar and the Inbox say so at once (core/service/queue.py)."""
        self.status.set_queued(self.core.service.waiting())
        self.schedule_timer.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closed:
            event.accept()
            return
        event.ignore()
        self.sessions.finish_delete()  # the Undo bar goes; a deleted session stays in the Trash
        if not self._closing:
            import asyncio

            self._closing = True
            self._shutdown_task = asyncio.ensure_future(self._shutdown())

    async def _shutdown(self) -> None:
        self.status.showMessage(QCoreApplication.translate("MainWindow", "Closing…"))
        try:
            if (leave := getattr(self, "_leave_queue", None)) is not None:
                leave()
            if self.attached:
                if (api := getattr(self, "local_api", None)) is not None:
                    await api.stop()
                await self.controller.shutdown()
        finally:
            self._closed = True
            for dialog in list(self.dialogs.values()):
                dialog.close()
            self.close()
            self.closed.emit()
