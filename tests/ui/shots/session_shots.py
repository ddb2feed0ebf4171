"""Screenshots of the sessions' Trash (the sidebar's Undo bar and the Trash dialog), a
search showing the matched words, and Settings' MCP servers page with a real server
tested (tests/support/mcp_server.py). Called by tests/ui/shots/screenshots.py."""

from __future__ import annotations

import shlex
import sys
import tempfile
from pathlib import Path

from aipa.ui.dialogs.trash import TrashDialog
from tests.ui.helpers import open_window, until


async def shoot_sessions(folder: Path) -> list[Path]:
    saved: list[Path] = []

    def save(widget, name: str) -> None:
        path = folder / name
        widget.grab().save(str(path))
        saved.append(path)

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        async with open_window(home, restore=False) as w:
            w.resize(1280, 800)
            store = w.core.app.store
            for title, text in (
                ("Team offsite in May", "Book the kayaks near the lake for the Friday afternoon"),
                ("Quarterly budget review", "Compare the travel budget with last quarter's"),
                ("Hiring plan for the design team", "Two designers by March, one researcher"),
                ("Customer interviews", "Ten interviews about the onboarding, kayak rental shop included"),
            ):
                sid = w.core.sessions.create(title)
                store.add_message(sid, "user", text)
            w.sessions.refresh()
            gone = [s for s in w.core.sessions.list() if s.title == "Hiring plan for the design team"][0]
            w.sessions.delete_later(gone.id, gone.title)
            await until(lambda: gone.id not in w.sessions.ids(), what="the move to the Trash")
            save(w, "trash-undo.png")
            old = [s for s in w.core.sessions.list() if s.title == "Quarterly budget review"][0]
            w.core.sessions.trash.put(old.id)
            w.sessions.refresh()
            dialog = TrashDialog(w, w.core)
            dialog.show()
            await until(lambda: dialog.isVisible())
            save(dialog, "trash.png")
            dialog.close()
            w.sessions.finish_delete()
            w.sessions.query.setText("kayak")
            w.sessions.refresh()  # now, not after the typing pause
            await until(lambda: w.sessions.groups() == [] and len(w.sessions.ids()) == 2, what="the search")
            save(w, "session-search.png")
            w.sessions.query.clear()

            w.menu_actions["settings"].trigger()
            settings = w.dialogs["settings"]
            page = settings.mcp
            settings.tabs.setCurrentWidget(page)
            page.add_button.click()
            page.name.setText("notes")
            page.command.setText(shlex.join([sys.executable, "-m", "tests.support.mcp_server", "stdio"]))
            page.test_button.click()
            await until(lambda: "Started" in page.status.text() or "(" in page.status.text(), timeout=120)
            page.tools.item(0).setCheckState(page.tools.item(0).checkState().Checked)
            save(settings, "mcp-settings.png")
            settings.reject()
    return saved
