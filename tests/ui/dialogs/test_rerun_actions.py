"""Re-runs from the cards (issue 23), through the real window: "Re-run this lead…" on a
lead's card asks for feedback, then runs exactly that lead again (then the synthesis and
the audit) as the run's next revision, the other reports kept byte for byte, and the new
revision shows in the transcript; "Re-run audit" runs the audit alone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from aipa.ui.dialogs.rerun import RerunDialog
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until


async def test_rerun_a_lead_from_its_card_then_the_audit(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        before = {t.assigned_to: t for t in w.core.runs.tasks(first)}  # (task ids are the run's own)
        card = next(i for i in items(w, "task") if i.run_id == first)
        w.chat_view.act("rerun", card)
        dialog = w.message_actions.rerun_dialog
        assert isinstance(dialog, RerunDialog) and dialog.isVisible() and card.agent in dialog.windowTitle()
        qtbot.keyClicks(dialog.feedback, "Name three venues.")
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        second = await until(lambda: w.controller.run_id if w.controller.run_id != first else None, what="a re-run")
        await idle(w)
        assert [r.run_id for r in w.core.runs.revisions(first)] == [first, second]
        assert w.core.runs.get(second).status == "done"
        after = {t.assigned_to: t for t in w.core.runs.tasks(second)}
        assert before.keys() == after.keys()
        kept = [k for k in before if k != card.agent]
        assert kept and all(after[k].output == before[k].output for k in kept)  # the others, byte for byte
        asked = w.core.app.store.get_checkpoint(second, "rerun")["feedback"]  # reaches the lead's prompt
        assert list(asked.values()) == ["Name three venues."] and asked.keys() == {after[card.agent].task_id}
        calls = {c.purpose for c in w.core.app.store.calls(run_id=second)}
        assert calls == {"lead", "synthesize", "audit"}
        assert any(i.run_id == second for i in items(w, "deliverable"))  # the new revision, in the transcript
        audit = next(i for i in items(w, "audit") if i.run_id == second)
        w.chat_view.act("rerun_audit", audit)  # no question: the audit reads the deliverable as it is
        third = await until(lambda: w.controller.run_id if w.controller.run_id != second else None, what="a re-audit")
        await idle(w)
        assert {c.purpose for c in w.core.app.store.calls(run_id=third)} == {"audit"}
        assert len(w.core.runs.revisions(first)) == 3
