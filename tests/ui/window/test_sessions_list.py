"""Sessions: grouped by day, renamed in a dialog, deleted to the Trash at once with an
Undo that fits the narrow sidebar, restored and emptied from the Trash, found with a
snippet whose matched words are bold, or "No results"."""

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


async def test_rename_and_delete_to_the_trash_with_undo(qtbot, home):
    async with open_window(home) as w:
        first = w.core.sessions.create("First plan")
        second = w.core.sessions.create("Second plan with a rather long title that wraps")
        w.sessions.refresh()
        w.session_actions.rename(first, "Kayak trip")
        assert w.core.sessions.get(first).title == "Kayak trip"
        w.sessions.delete_later(second, "Second plan with a rather long title that wraps")
        await until(lambda: w.core.sessions.get(second).deleted_at is not None, what="the move to the Trash")
        assert second not in w.sessions.ids()  # gone at once
        bar, button = w.sessions.undo_bar, w.sessions.undo_button
        assert bar.isVisible() and button.isVisible() and button.text() == "Undo"
        # the Undo button lies wholly inside the sidebar, however narrow (not cut off)
        right = button.mapTo(w.sessions, button.rect().bottomRight()).x()
        assert right <= w.sessions.width() and button.width() >= button.sizeHint().width()
        button.click()
        assert second in w.sessions.ids() and w.core.sessions.get(second).deleted_at is None
        assert not bar.isVisible()
        w.sessions.delete_later(second, "Second plan")
        w.sessions.finish_delete()  # the Undo time runs out: it stays in the Trash
        await until(lambda: w.core.sessions.get(second).deleted_at is not None, what="the move to the Trash")
        assert w.sessions.ids() == [first] and [s.id for s in w.core.sessions.trash.items()] == [second]


async def test_the_trash_dialog_restores_and_empties(qtbot, home):
    from aipa.ui.dialogs.trash import TrashDialog

    async with open_window(home) as w:
        a = w.core.sessions.create("Offsite")
        b = w.core.sessions.create("Budget")
        w.core.sessions.trash.put(a)
        w.core.sessions.trash.put(b)
        w.sessions.refresh()
        dialog = TrashDialog(w, w.core)
        qtbot.addWidget(dialog)
        dialog.changed.connect(w.sessions.refresh)
        assert dialog.ids() == [b, a] and dialog.tree.topLevelItem(0).text(2)  # when it goes for good
        dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1))
        dialog.restore_button.click()
        assert dialog.ids() == [b] and w.sessions.ids() == [a]
        dialog.empty(confirm=False)
        assert dialog.ids() == [] and w.core.sessions.get(b) is None
        assert not dialog.empty_label.isHidden()


def test_the_rename_dialog_is_wide_and_selects_the_title(qtbot):
    from aipa.ui.dialogs.rename_session import RenameDialog

    dialog = RenameDialog(None, "Plan a team offsite")
    qtbot.addWidget(dialog)
    assert dialog.minimumWidth() >= 460 and dialog.field.selectedText() == "Plan a team offsite"
    dialog.field.setText("  ")
    assert not dialog.ok_button.isEnabled()
    dialog.field.setText("Offsite in May ")
    assert dialog.title() == "Offsite in May"


async def test_search_shows_the_matched_words_in_bold(qtbot, home):
    from aipa.ui.window.session_snippet import MARKS_ROLE, snippet_html

    async with open_window(home) as w:
        sid = w.core.sessions.create("Offsite")
        w.core.app.store.add_message(sid, "user", "We should book the kayaks near the lake for the Friday")
        w.sessions.query.setText("kayak")
        await until(lambda: w.sessions.ids() == [sid], what="the search")
        title, snippet, marks = w.sessions.list.item(0).data(MARKS_ROLE)
        assert [snippet[a:b] for a, b in marks] == ["kayaks"]
        assert "<b>kayaks</b>" in snippet_html(title, snippet, marks)
        assert w.sessions.list.visualItemRect(w.sessions.list.item(0)).height() > 30  # title and snippet


async def test_a_pinned_session_stays_on_top(qtbot, home):
    async with open_window(home) as w:
        old = w.core.sessions.create("Old plan")
        new = w.core.sessions.create("New plan")
        w.sessions.refresh()
        assert w.sessions.ids() == [new, old]
        w.session_actions.pin(old, True)
        assert w.core.sessions.get(old).pinned and w.sessions.ids() == [old, new]
        assert w.sessions.groups() == ["Pinned", "Today"]
        w.session_actions.pin(old, False)
        assert w.sessions.ids() == [new, old] and w.sessions.groups() == ["Today"]
