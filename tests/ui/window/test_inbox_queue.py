"""One run at a time per local model, in the real window (offscreen, scripted provider:
a local model), the clock set by the test: a schedule that comes due while the
Principal's run is under way waits; the Inbox lists it first ("waits for the current
one", nothing to open yet) and the status bar says so ("Scheduled run waits for the
current one"). When the Principal's
run is done (its review accepted) the scheduled run starts, the status bar's line goes,
and its run waits in the Inbox for review like any scheduled run. And a scheduled run
whose session the Principal opens from the Inbox while it runs is drawn live there."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from PySide6.QtCore import Qt

from aipa.providers.scripted import ScriptedProvider
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import close_window, gate, items, make_app, until

SCHEDULED = "Summarise the week's support tickets"
MINE = "Plan a team offsite"


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


class HeldProvider(ScriptedProvider):
    """The scripted provider whose first call waits until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()
        self.started = 0

    async def stream(self, request):
        self.started += 1
        if self.started == 1:
            await self.go.wait()
        async for event in super().stream(request):
            yield event


async def test_a_scheduled_run_waits_for_the_principals_run_and_says_so(qtbot, home):
    clock = Clock(datetime(2026, 12, 7, 8, tzinfo=UTC))
    w = MainWindow(make_app(home).core)
    w.schedule_clock = clock
    w.show()
    await w.start(restore=False)
    provider = HeldProvider()
    w.core.app.providers._cache["scripted"] = provider
    try:
        w.core.service.schedules(clock).add(SCHEDULED, "daily", "", "09:00", "UTC")
        w.controller.spawn(w.controller.submit(MINE))
        await until(lambda: provider.started, what="the Principal's run to call the model")
        clock.moment = datetime(2026, 12, 7, 9, 0, 20, tzinfo=UTC)  # the schedule comes due meanwhile
        w.schedule_timer.tick()

        await until(lambda: w.inbox.entries and w.inbox.entries[0].waiting == "queued", what="the queued run")
        first = w.inbox.item(0)
        assert "waits for the current one" in first.text() and SCHEDULED[:20] in first.text()
        assert MINE in first.toolTip() and w.inbox.isVisible()
        assert w.status.queued.isVisible()
        assert w.status.queued.text().endswith("Scheduled run waits for the current one")
        assert SCHEDULED in w.status.queued.toolTip() and MINE in w.status.queued.toolTip()
        w.inbox.itemClicked.emit(first)  # nothing to open yet: the session on screen stays
        session = w.controller.session_id
        await asyncio.sleep(0)
        assert w.controller.session_id == session and provider.started == 1

        provider.go.set()  # the Principal's run goes on to its review
        dialog = await gate(w, ReviewDialog)
        assert w.status.queued.isVisible()  # a run at its review still holds the model
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await until(lambda: not w.status.queued.isVisible(), what="the scheduled run to start")
        await until(
            lambda: (w.inbox.entries and w.inbox.entries[0].waiting == "review") or w.schedule_timer.refresh(),
            what="the scheduled run waiting for review in the Inbox",
        )
        assert "waiting for review" in w.inbox.item(0).text()
        assert all(e.waiting != "queued" for e in w.inbox.entries)
    finally:
        await close_window(w)


async def test_a_scheduled_run_is_drawn_live_when_its_session_is_on_screen(home):
    clock = Clock(datetime(2026, 12, 7, 8, tzinfo=UTC))
    app = make_app(home)
    app.core.service.schedules(clock).add(SCHEDULED, "daily", "", "09:00", "UTC")
    provider = HeldProvider()
    app.providers._cache["scripted"] = provider
    clock.moment = datetime(2026, 12, 7, 9, 0, 20, tzinfo=UTC)
    w = MainWindow(app.core)
    w.schedule_clock = clock
    w.show()
    await w.start(restore=False)  # the timer starts the due schedule at once
    try:
        await until(lambda: provider.started, what="the scheduled run to call the model")
        await until(lambda: (w.inbox.entries and w.inbox.entries[0].run_id) or w.schedule_timer.refresh(),
                    what="the running scheduled run in the Inbox")  # fmt: skip
        entry = w.inbox.entries[0]
        assert entry.status == "running"
        w.inbox.itemClicked.emit(w.inbox.item(0))  # the Principal opens it while it runs
        await until(lambda: w.controller.session_id == entry.session_id, what="its session on screen")
        assert items(w, "deliverable") == []
        provider.go.set()
        await until(lambda: items(w, "deliverable") and items(w, "audit"), what="the run drawn live")
        assert [i.content for i in items(w, "directive")] == [SCHEDULED]  # once: replayed, not drawn twice
        assert len(items(w, "deliverable")) == 1
        await until(lambda: not w.schedule_timer.running, what="the scheduled run to stop at its gate")
        assert w.controller.session_id == entry.session_id and not w.controller.busy
    finally:
        await close_window(w)
