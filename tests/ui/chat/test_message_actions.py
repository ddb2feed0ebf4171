"""The message actions that need the run, through the real window:
Regenerate while the deliverable waits for review goes through the review gate's Edit
(the core's revision flow); after the run it runs the directive again; Edit & resend
puts the directive back in the compose box."""

from __future__ import annotations

from PySide6.QtCore import Qt

from aipa.ui.chat.message_actions import REGENERATE_FEEDBACK
from aipa.ui.dialogs.common import ReviewDialog
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def test_regenerate_goes_through_the_review_gate_then_runs_again(qtbot, home):
    async with open_window(home) as w:
        actions = w.message_actions  # the window wires them
        send(qtbot, w, DIRECTIVE)
        first = await gate(w, ReviewDialog)
        deliverable = items(w, "deliverable")[-1]
        w.chat_view.act("regenerate", deliverable)  # as the hover button or the menu does
        second = await until(lambda: w.reviewer.active if w.reviewer.active not in (None, first) else None)
        assert f"Revised after feedback: {REGENERATE_FEEDBACK}" in items(w, "deliverable")[-1].content
        reviews = w.core.app.store.reviews(w.controller.run_id)
        assert [(r.action, r.feedback) for r in reviews][-1] == ("edit", REGENERATE_FEEDBACK)
        qtbot.mouseClick(second.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        first_run = w.controller.run_id
        w.reviewer.auto = True
        w.chat_view.act("regenerate", items(w, "deliverable")[-1])  # the run is over: run it again
        await until(lambda: w.controller.run_id != first_run, what="a new run")
        await idle(w)
        assert [i.content for i in items(w, "directive")] == [DIRECTIVE, DIRECTIVE]
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"
        assert actions.directive_of(items(w, "deliverable")[-1]) == DIRECTIVE


async def test_edit_and_resend_fills_the_compose_box(qtbot, home):
    async with open_window(home) as w:
        assert w.message_actions is not None  # the window wires them
        w.reviewer.auto = True
        send(qtbot, w, DIRECTIVE)
        await until(lambda: items(w, "decision"), what="the run to be decided")
        await idle(w)
        assert w.compose.toPlainText() == ""
        w.chat_view.act("edit", items(w, "directive")[-1])
        assert w.compose.toPlainText() == DIRECTIVE
        assert w.compose.textCursor().position() == len(DIRECTIVE)
