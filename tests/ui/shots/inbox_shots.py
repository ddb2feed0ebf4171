"""The Inbox's picture for docs/screenshots/ (tests/ui/shots/screenshots.py calls it): a weekly
schedule missed while the app was closed ran once at start and waits for review."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtGui import QCursor

from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import close_window, make_app, until


async def shoot_inbox(folder: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, settle

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        made = datetime.now(UTC) - timedelta(days=8)
        app = make_app(home)
        app.core.service.schedules(lambda: made).add(
            "Summarise the week's support tickets", "daily", "", "09:00", "UTC"
        )
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
