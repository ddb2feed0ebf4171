"""The Inbox and the schedule timer in the real window (offscreen, scripted provider),
the clock set by the test: a schedule due while the app was closed runs once at the next
start and says so; its run lands in the Inbox waiting for review; opening it shows the
review card. A second start runs nothing again."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import close_window, gate, items, make_app, until

DIRECTIVE = "Summarise the week's support tickets"


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


async def start_window(home, clock):
    window = MainWindow(make_app(home).core)
    window.schedule_clock = clock
    window.show()
    await window.start(restore=False)
    return window


async def test_a_missed_schedule_runs_once_at_start_and_waits_in_the_inbox(qtbot, home):
    clock = Clock(datetime(2026, 11, 30, 10, tzinfo=UTC))
    app = make_app(home)
    app.core.service.schedules(clock).add(DIRECTIVE, "weekly", "mon,tue,wed", "09:00", "UTC")
    await app.aclose()
    clock.moment = datetime(2026, 12, 2, 12, tzinfo=UTC)  # Tuesday's and Wednesday's runs were missed

    w = await start_window(home, clock)
    try:
        assert w.reviewer.active is None  # the scheduled run's gate waits: never in the way
        await until(lambda: w.inbox.count() == 1, what="the scheduled run in the Inbox")
        assert w.inbox.isVisible() and w.inbox.heading.text() == "INBOX · 1 WAITING"
        assert "waiting for review" in w.inbox.item(0).text() and DIRECTIVE[:20] in w.inbox.item(0).text()
        notices = [i.content for i in items(w, "notice")]
        assert any("Ran 1 missed scheduled directive once" in n and "Inbox" in n for n in notices), notices
        (entry,) = w.inbox.entries
        assert entry.missed and entry.waiting == "review"

        w.inbox.itemClicked.emit(w.inbox.item(0))  # open it: its session, its review card
        dialog = await gate(w, ReviewDialog)
        assert dialog.item.run_id == entry.run_id
        assert w.controller.session_id == entry.session_id
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await until(lambda: (w.inbox.entries and w.inbox.entries[0].status == "done") or w.schedule_timer.refresh(),
                    what="the Inbox entry done")  # fmt: skip
    finally:
        await close_window(w)

    w = await start_window(home, clock)  # the next start: nothing missed any more
    try:
        await until(lambda: w.inbox.count() == 1)
        assert not w.schedule_timer.running and w.schedule_timer.tick() is None
        assert w.inbox.heading.text() == "INBOX"
        assert not any("missed" in i.content for i in items(w, "notice"))
    finally:
        await close_window(w)
