"""The Inbox's pictures for docs/screenshots/ (tests/ui/shots/screenshots.py calls them): a
schedule missed while the app was closed ran once at start and waits for review
(inbox.png); a schedule that came due while the Principal's run streams on the same local
model waits for it, in the Inbox and the status bar (scheduled-queued.png, issue 35)."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import DIRECTIVE, close_window, items, make_app, until

SCHEDULED = "Summarise the week's support tickets"


async def shoot_inbox(folder: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, settle

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        made = datetime.now(UTC) - timedelta(days=8)
        app = make_app(home)
        app.core.service.schedules(lambda: made).add(SCHEDULED, "daily", "", "09:00", "UTC")
        await app.aclose()
        w = MainWindow(make_app(home).core)
        w.show()
        w.resize(*SIZE)
        await w.start(restore=False)
        try:
            await until(lambda: w.inbox.count() == 1, 120, "the scheduled run in the Inbox")
            w.controller.sessions.open(w.inbox.entries[0].session_id)
            w.on_session(w.inbox.entries[0].session_id)
            QCursor.setPos(w.screen().geometry().bottomRight())
            await settle()
            path = folder / "inbox.png"
            w.grab().save(str(path))
        finally:
            await close_window(w)
    return [path]


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


async def shoot_queued(folder: Path) -> list[Path]:
    """The Principal's run streams its leads on the local model; the daily schedule came
    due meanwhile and waits: first in the Inbox, and in the status bar."""
    from tests.ui.shots.screenshots import SIZE, four_leads, settle

    theming.apply(QApplication.instance(), "light")  # the style sheet: a shot before may have changed it
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        clock = Clock(datetime.now(UTC).replace(hour=8, minute=0, second=0, microsecond=0))
        w = MainWindow(make_app(home).core)
        w.schedule_clock = clock
        w.show()
        w.resize(*SIZE)
        await w.start(restore=False)
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=four_leads, tokens_per_second=12)
        try:
            w.core.service.schedules(clock).add(SCHEDULED, "daily", "", "09:00", "UTC")
            w.controller.spawn(w.controller.submit(DIRECTIVE))
            await until(lambda: len(items(w, "task")) >= 2, 120, "the leads at work")
            clock.moment = clock.moment.replace(hour=9, minute=0, second=20)
            w.schedule_timer.tick()
            await until(lambda: w.status.queued.isVisible(), 120, "the scheduled run waiting")
            await until(lambda: any(len(t.content) > 120 for t in items(w, "task")), 120, "the leads' text")
            QCursor.setPos(w.screen().geometry().bottomRight())
            await settle()
            path = folder / "scheduled-queued.png"
            w.grab().save(str(path))
        finally:
            await close_window(w)
    return [path]


def main() -> None:
    """``python -m tests.ui.shots.inbox_shots DIR``: the queued scheduled run alone."""
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_queued(folder))


if __name__ == "__main__":
    main()
