"""Sessions: grouped by day, renamed, deleted with an undo, found with a snippet or
"No results"."""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace

from aipa.ui.window.session_list import SessionList, group_of
from tests.ui.helpers import open_window, until

NOW = datetime(2026, 11, 30, 15, 0).astimezone()


def test_groups_by_day():
    assert group_of(NOW - timedelta(hours=2), NOW) == "Today"
    assert group_of(NOW - timedelta(days=1), NOW) == "Yesterday"
    assert group_of(NOW - timedelta(days=4), NOW) == "Previous 7 days"
    assert group_of(NOW - timedelta(days=30), NOW) == "Older"


def test_the_list_shows_group_headers_and_no_results(qtbot):
    rows = [
        SimpleNamespace(id=f"S-{i}", title=f"Session {i}", last_active=NOW - timedelta(days=d), closed_at=None)
        for i, d in enumerate((0, 1, 3, 40))
    ]
    found: dict[str, list] = {"": [(r, "") for r in rows], "kayak": [(rows[2], "…a kayak trip for the founders…")]}
    sessions = SessionList(lambda q: found.get(q, []), now=lambda: NOW)
    qtbot.addWidget(sessions)
    sessions.refresh()
    assert sessions.groups() == ["Today", "Yesterday", "Previous 7 days", "Older"]
    assert sessions.ids() == ["S-0", "S-1", "S-2", "S-3"]
    sessions.query.setText("kayak")
    sessions.refresh()
    assert sessions.ids() == ["S-2"] and "kayak trip" in sessions.list.item(0).text()
    assert sessions.empty.isHidden()
    sessions.query.setText("zebra")
    sessions.refresh()
    assert sessions.ids() == [] and not sessions.empty.isHidden()


async def test_rename_and_delete_with_undo(qtbot, home):
    async with open_window(home) as w:
        first = w.core.create_session("First plan")
        second = w.core.create_session("Second plan")
        w.sessions.refresh()
        w.session_actions.rename(first, "Kayak trip")
        assert w.core.session(first).title == "Kayak trip"
        w.sessions.delete_later(second, "Second plan")
        assert second not in w.sessions.ids() and w.core.session(second) is not None
        assert "Undo" in w.sessions.undo.text()
        w.sessions.undo_delete()
        assert second in w.sessions.ids() and w.core.session(second) is not None
        w.sessions.delete_later(second, "Second plan")
        w.sessions.finish_delete()  # what the undo time running out does
        await until(lambda: w.core.session(second) is None, what="the delete")
        assert w.sessions.ids() == [first]


async def test_a_pinned_session_stays_on_top(qtbot, home):
    async with open_window(home) as w:
        old = w.core.create_session("Old plan")
        new = w.core.create_session("New plan")
        w.sessions.refresh()
        assert w.sessions.ids() == [new, old]
        w.session_actions.pin(old, True)
        assert w.core.session(old).pinned and w.sessions.ids() == [old, new]
        assert w.sessions.groups() == ["Pinned", "Today"]
        w.session_actions.pin(old, False)
        assert w.sessions.ids() == [new, old] and w.sessions.groups() == ["Today"]
