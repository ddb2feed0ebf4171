"""The Inbox: the runs schedules started, and the runs an MCP host or the local API
(``aipa mcp-serve``, ``aipa serve``) started that wait for the Principal, in the sidebar
above the sessions, each with the gate it waits at; opening one opens its session and
shows that gate's card, so the Principal decides there (the caller's ``run_status``
then sees the decision). And the schedule timer: while the window runs it starts due
schedules on time, and at start it runs each missed one once and says so
(core/service/schedule.py does the work); it looks at the data folder every
WATCH_MS (one cheap query) so a run another process suspends appears without a click."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.i18n import date_time, plural
from aipa.ui.words import run_status, verdict

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.service.schedule import InboxItem

log = logging.getLogger("aipa.ui.inbox")

POLL_MS = 30_000  # how often the timer looks for a due schedule
WATCH_MS = 2_000  # how often the Inbox looks for a change another process made
ROWS = 4  # the Inbox keeps small: the sessions get the sidebar
WAITING_LABEL = {
    "questions": QT_TRANSLATE_NOOP("InboxList", "questions for you"),
    "review": QT_TRANSLATE_NOOP("InboxList", "waiting for review"),
    "plan_review": QT_TRANSLATE_NOOP("InboxList", "plan to review"),
    "queued": QT_TRANSLATE_NOOP("InboxList", "waits for the current one"),  # schedule.QUEUED: a scheduled run
}
translate = QCoreApplication.translate


def label(item: InboxItem) -> str:
    if item.waiting:
        known = WAITING_LABEL.get(item.waiting)
        state = (
            translate("InboxList", known)
            if known
            else translate("InboxList", "waiting at {stage}").format(stage=item.waiting)
        )
    else:
        state = verdict(item.verdict).lower().replace("_", " ") if item.verdict else run_status(item.status)
    directive = item.directive if len(item.directive) <= 34 else item.directive[:33] + "…"
    mark = "○" if item.waiting == "queued" else "●" if item.waiting else "✓"
    return f"{mark} {directive}\n   {state}"


def queued_tip(item: InboxItem) -> str:
    """A scheduled run waiting for its model: what it waits for."""
    text = translate("InboxList", "{origin} · starts when “{current}” is done (one run at a time on a local model)")
    return item.directive + "\n" + text.format(origin=item.origin, current=item.behind[:60])


class InboxList(QListWidget):
    """At most a few rows; hidden while nothing is in it."""

    runOpened = Signal(str, str)  # session id, run id

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxList")
        self.setAccessibleName(self.tr("Inbox"))
        self.setAccessibleDescription(
            self.tr("Runs started by a schedule or a service that wait for you; Enter opens one where its gate waits")
        )
        self.setFrameShape(QListWidget.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.itemActivated.connect(self._open)
        self.itemClicked.connect(self._open)
        self.entries: list[InboxItem] = []
        self.heading: QLabel | None = None  # its section label, shown with it
        self.questions_waiting = 0  # runs waiting for answers, listed under it (inbox_questions.py)

    def show_items(self, items: list[InboxItem]) -> None:
        items = [i for i in items if i.waiting != "questions"]  # listed with their questions: inbox_questions.py
        self.entries = items
        self.clear()
        for entry in items:
            row = QListWidgetItem(label(entry))
            row.setData(Qt.ItemDataRole.UserRole, (entry.session_id, entry.run_id))
            row.setToolTip(entry.directive + "\n" + self.tr("started by {origin} · run {run}").format(
                           origin=entry.origin, run=entry.run_id)
                           + (self.tr(" · ran at the next start (missed)") if entry.missed else "")
                           if entry.run_id else queued_tip(entry))  # fmt: skip
            self.addItem(row)
        line = self.fontMetrics().height()
        self.setFixedHeight(min(len(items), ROWS) * (2 * line + 8) + 4)
        self.setVisible(bool(items))
        self.show_heading()

    def show_heading(self, questions: int | None = None) -> None:
        """The section label, counting the runs waiting here and (``questions``) those
        waiting for answers listed under it (ui/window/inbox_questions.py)."""
        if questions is not None:
            self.questions_waiting = questions
        label_widget = self.heading
        if label_widget is not None:
            waiting = sum(1 for i in self.entries if i.waiting) + self.questions_waiting
            label_widget.setText(self.tr("INBOX · %n WAITING", "", waiting) if waiting else self.tr("INBOX"))
            label_widget.setVisible(bool(self.entries) or self.questions_waiting > 0)

    def _open(self, row: QListWidgetItem) -> None:
        session_id, run_id = row.data(Qt.ItemDataRole.UserRole)
        if run_id:  # (a queued run has not started: nothing to open yet)
            self.runOpened.emit(session_id, run_id)


class ScheduleTimer(QObject):
    """Starts due schedules while the window runs; ``now`` is the clock (tests set it)."""

    def __init__(self, core: Core, spawn, notice: Callable[[str, str], None], inbox: InboxList,
                 now: Callable[[], datetime] | None = None, parent=None) -> None:  # fmt: skip
        super().__init__(parent)
        self.core, self.spawn, self.notice, self.inbox = core, spawn, notice, inbox
        self.now = now
        self.on_event: Callable | None = None  # draws a run live when its session is on screen (scheduled_view.py)
        self.running = False
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.tick)
        self.mark: tuple | None = None
        self.watcher = QTimer(self)
        self.watcher.setInterval(WATCH_MS)
        self.watcher.timeout.connect(self.watch)

    def start(self) -> None:
        """Show the Inbox, run what was missed (once each), then look every POLL_MS
        for a due schedule and every WATCH_MS for a change to the Inbox."""
        self.refresh()
        self.tick()
        self.timer.start()
        self.watcher.start()

    def refresh(self) -> None:
        scheduler = self.core.service.schedules(self.now)
        self.mark = scheduler.inbox_mark()
        self.inbox.show_items(scheduler.inbox())

    def watch(self) -> None:
        """Redraw the Inbox when the data folder says it changed (a service's run came
        to a gate, a decision was made elsewhere); otherwise one query and nothing more."""
        try:
            if self.core.service.schedules(self.now).inbox_mark() != self.mark:
                self.refresh()
        except Exception as exc:  # noqa: BLE001 - a busy database: look again next time
            log.debug("the Inbox could not look at the data folder: %r", exc)

    def tick(self):
        if self.running or not self.core.service.schedules(self.now).due():
            return None
        self.running = True
        return self.spawn(self._run_due())

    async def _run_due(self) -> None:
        try:
            started = await self.core.service.schedules(self.now).run_due(self.on_event)
        except Exception as exc:  # noqa: BLE001 - a broken schedule must not stop the window
            log.warning("scheduled runs failed: %r", exc)
            started = []
        finally:
            self.running = False
        missed = [due for due, _summary in started if due.missed]
        if missed:
            names = ", ".join(
                self.tr("“{directive}” (due {when})").format(
                    directive=d.schedule.directive[:40],
                    when=date_time(d.slot, "ddd HH:mm"),
                )
                for d in missed
            )
            text = self.tr("Ran %n missed scheduled directive(s) once: {names}. Its result waits in the Inbox.",
                           "", len(missed))  # fmt: skip
            self.notice(plural(text, len(missed)).format(names=names), "info")

        self.refresh()
