"""Live rendering and replay are one function (ARCHITECTURE §3): the chat items a run showed
live equal the items drawn from the database when its session is opened again in a new
window, whatever the run went through (review, edit, reject, later, clarify, plan
review, re-audit, Stop)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until

VISIBLE = ("kind", "agent", "title", "label", "status", "content", "verdict", "collapsed", "streaming")


def shown(window, fields=VISIBLE) -> list[tuple]:
    return [tuple(getattr(item, f) for f in fields) for item in items(window)]


async def replayed(home, live: list[tuple], session_id: str, fields=VISIBLE) -> None:
    async with open_window(home) as again:  # restores the last session from the database
        assert again.controller.session_id == session_id
        assert shown(again, fields) == live


async def click(qtbot, window, cls, button: str):
    dialog = await gate(window, cls)
    qtbot.mouseClick(getattr(dialog, button), Qt.MouseButton.LeftButton)
    return dialog


async def test_an_accepted_run_and_a_re_audit(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await w.controller.command("/audit")
        await idle(w)
        assert [i.kind for i in items(w)].count("audit") == 2
        assert {t.status for t in items(w, "task")} == {"done"}
        live, session = shown(w), w.controller.session_id
    await replayed(home, live, session)


async def test_an_edited_then_rejected_run(qtbot, home):
    async with open_window(home) as w:
        await w.controller.command("/panels on")
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        first = await gate(w, ReviewDialog)
        qtbot.keyClicks(first.feedback, "Shorter, please")
        qtbot.mouseClick(first.edit_button, Qt.MouseButton.LeftButton)
        second = await until(lambda: w.reviewer.active if w.reviewer.active not in (None, first) else None)
        qtbot.mouseClick(second.reject_button, Qt.MouseButton.LeftButton)  # opens the optional reason
        qtbot.keyClicks(second.reason, "Too long")
        qtbot.mouseClick(second.reject_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert [d.label for d in items(w, "deliverable")] == ["", "1"]
        live, session = shown(w), w.controller.session_id
    await replayed(home, live, session)


async def test_a_run_left_for_later_and_a_clarified_one(qtbot, home):
    async with open_window(home) as w:
        w.controller.spawn(w.controller.submit("Offsite"))
        dialog = await gate(w, ClarifyDialog)
        for box, text in zip(dialog.answers.values(), ("A team retreat", "March")):
            qtbot.keyClicks(box, text)
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        await click(qtbot, w, ReviewDialog, "accept_button")
        await idle(w)
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        await click(qtbot, w, ReviewDialog, "later_button")
        await idle(w)
        assert [i.content.splitlines()[-1] for i in items(w, "answer")] == ["A team retreat", "March"]
        assert "waiting" in items(w, "notice")[-1].content
        live, session = shown(w), w.controller.session_id
    await replayed(home, live, session)


async def test_a_run_with_plan_review(qtbot, home):
    async with open_window(home, plan_review=True) as w:
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        plan = await click(qtbot, w, ReviewDialog, "accept_button")  # the task briefs
        review = await until(lambda: w.reviewer.active if w.reviewer.active not in (None, plan) else None)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)  # the deliverable
        await idle(w)
        assert [d.content.split(" — ")[1] for d in items(w, "decision")] == ["task briefs", "deliverable"]
        live, session = shown(w), w.controller.session_id
    await replayed(home, live, session)


async def test_a_stopped_run(qtbot, home):
    """What a stopped lead had written reaches the database in flushes, so the texts are
    left out here; every card's kind, agent, title and state agree."""
    fields = ("kind", "agent", "title", "label", "status", "verdict", "streaming")
    async with open_window(home, tps=60) as w:
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        await until(lambda: any(t.status == "streaming" and t.content for t in items(w, "task")), what="a lead")
        await w.controller.stop()
        await idle(w)
        assert "interrupted" in {t.status for t in items(w, "task")}
        live, session = shown(w, fields), w.controller.session_id
    await replayed(home, live, session, fields)


async def test_replayed_cards_carry_the_time_their_rows_were_written(qtbot, home):
    """Issue 12, item 6: a stored session's cards show when they happened (the
    transcript stamps each row's events with the row's time), not nothing and not now."""
    before = time.time()
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await idle(w)
        after = time.time()
        kinds = [i.kind for i in items(w)]
    async with open_window(home) as again:
        replayed_items = items(again)
        assert [i.kind for i in replayed_items] == kinds
        assert all(before <= i.at <= after for i in replayed_items), [(i.kind, i.at) for i in replayed_items]
