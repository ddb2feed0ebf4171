"""`/brief archive` in the window (issue 35): the log entries retention moved out of the
standing brief, stored and shown nowhere before; an empty archive says why."""

from __future__ import annotations

from tests.ui.chat.test_commands import last, type_command
from tests.ui.helpers import open_window


async def test_brief_archive_shows_the_retired_log_entries(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/brief archive")
        assert "archive is empty" in last(w).content  # nothing retired yet: said so, with the setting
        w.core.config.change(brief_retention=2)
        brief = w.core.sessions.brief()
        brief.set(brief.text() + "".join(f"- 2026-12-0{i}: entry {i}\n" for i in range(1, 5)))
        await type_command(qtbot, w, "/brief archive")
        shown = last(w)
        assert shown.title == "standing brief: archive"
        assert "entry 1" in shown.content and "entry 2" in shown.content and "entry 3" not in shown.content
