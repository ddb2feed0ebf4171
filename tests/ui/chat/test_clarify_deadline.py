"""Issue 21 item 9 in the window: with the `proceed` deadline policy a run goes on by
itself once its questions' deadline passes: the open card gives way, and a run whose
deadline passed while the window was closed continues when the window opens on it."""

from __future__ import annotations

import asyncio
import sqlite3

import shiboken6
from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.support.cli import aipa, aipa_json
from tests.ui.helpers import gate, idle, items, open_window, until


async def test_the_open_card_gives_way_at_the_deadline_and_the_run_goes_on(qtbot, home):
    async with open_window(home, scenario="clarify", clarify_deadline_hours=2 / 3600) as w:
        qtbot.keyClicks(w.compose, "Offsite")
        qtbot.keyClick(w.compose, Qt.Key.Key_Return)
        card = await gate(w, ClarifyDialog)
        run_id = w.controller.run_id
        review = await gate(w, ReviewDialog, timeout=60)  # both rounds lapsed, nobody typed
        assert w.reviewer.active is review and not shiboken6.isValid(card)  # the card gave way: closed, deleted
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.core.runs.get(run_id).status == "done"
        store = w.core.app.store
        assert {q.source for q in store.questions(run_id)} == {"deadline"}
        said = [i.content for i in items(w, "notice")]
        assert sum("the deadline passed; proceeding on stated assumptions" in t for t in said) == 2, said


async def test_a_run_whose_deadline_passed_while_closed_goes_on_when_the_window_opens(qtbot, home):
    proc, result = await asyncio.to_thread(
        aipa_json, home, "run", "--dry-run", "--model", "clarify", "--json", "Plan it"
    )
    assert proc.returncode == 6 and result["status"] == "suspended", proc.stderr
    run_id = result["run_id"]
    with sqlite3.connect(home / "aipa.db") as conn:
        # the window was closed on this session (it keeps it in meta), then a day passed
        conn.execute("INSERT INTO meta (key, value) VALUES ('ui.last_session', ?)", (result["session_id"],))
        conn.execute("UPDATE question_sets SET deadline = '2026-01-01T00:00:00.000000+00:00'")
    listed = await asyncio.to_thread(aipa, home, "runs")  # listing applies the policy: answered, still suspended
    assert "proceeded on the stated assumptions" in listed.stdout
    async with open_window(home, scenario="clarify", clarify_deadline_hours=1 / 3600) as w:
        await until(lambda: w.core.runs.get(run_id).status != "suspended", 30, "the run to go on by itself")
        review = await gate(w, ReviewDialog, timeout=60)  # round 2 lapsed in its card too
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.core.runs.get(run_id).status == "done"
