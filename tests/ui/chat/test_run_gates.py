"""A directive through the real window: review, edit, reject, clarify (now and after
a restart), Stop mid-stream, and the recruiter's card refusing and allowing a write."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from aipa.ui.dialogs.recruiter_card import RecruiterCard
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def test_full_run_accepted(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        assert w.compose.toPlainText() == ""
        dialog = await gate(w, ReviewDialog)
        assert "PASS WITH NOTES" in dialog.accessibleDescription()
        assert "Deliverable" in dialog.body.toPlainText()
        assert "VERDICT" in dialog.memo.toPlainText()
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        kinds = [i.kind for i in items(w)]
        assert kinds[:2] == ["directive", "routing"]
        tasks = items(w, "task")
        assert [t.label[-1] for t in tasks] == ["A", "B", "C"]
        assert all(t.status == "done" and t.content and not t.streaming for t in tasks)
        assert {t.agent for t in tasks} == {"Atlas", "Cole", "Clio"}
        deliverable = items(w, "deliverable")[-1]
        assert deliverable.content.startswith("# Deliverable") and not deliverable.streaming
        assert deliverable.thinking  # thinking kept, shown collapsed
        audit = items(w, "audit")[-1]
        assert audit.verdict == "PASS WITH NOTES"
        assert items(w, "decision")[-1].content.startswith("✓ Accepted")
        routing = items(w, "routing")[0]
        assert routing.content.startswith("Delegating to") and "{" not in routing.content
        run = w.core.app.store.get_run(w.controller.run_id)
        assert run.status == "done" and run.verdict == "PASS WITH NOTES"
        states = {r.name: r.state for r in w.controller.agents.rows()}
        assert states["Atlas"] == "done" and states["Iris"] == "idle"
        assert "tokens this session" in w.status.tokens.text() and w.controller.session_tokens > 0
        assert w.sessions.ids() == [w.controller.session_id]
        assert w.core.app.store.get_meta("ui.last_session") == w.controller.session_id
        # the view painted every card without errors
        w.chat_view.viewport().repaint()


async def test_edit_regenerates_with_feedback(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        first = await gate(w, ReviewDialog)
        qtbot.mouseClick(first.edit_button, Qt.MouseButton.LeftButton)
        assert first.isVisible()  # Edit without feedback asks for it first
        qtbot.keyClicks(first.feedback, "Keep it under 5000 EUR")
        qtbot.mouseClick(first.edit_button, Qt.MouseButton.LeftButton)
        second = await until(
            lambda: w.reviewer.active if w.reviewer.active not in (None, first) else None, what="the second review"
        )
        assert "Revised after feedback: Keep it under 5000 EUR" in second.body.toPlainText()
        qtbot.mouseClick(second.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        deliverables = items(w, "deliverable")
        assert len(deliverables) == 2 and deliverables[1].label == "1"
        assert "Revised after feedback" in deliverables[1].content
        assert len(items(w, "audit")) == 2
        decisions = [d.content for d in items(w, "decision")]
        assert decisions[0].startswith("✎ Changes requested") and "5000 EUR" in decisions[0]
        assert decisions[1].startswith("✓ Accepted")
        assert [r.action for r in w.core.app.store.reviews(w.controller.run_id)] == ["edit", "accept"]


async def test_reject_asks_an_optional_reason_kept_with_the_decision(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        dialog = await gate(w, ReviewDialog)
        qtbot.mouseClick(dialog.reject_button, Qt.MouseButton.LeftButton)
        # one click does not reject: it asks why (optional), in place, the focus in the reason
        await until(lambda: dialog.reason.hasFocus(), what="the reason field focused")
        assert w.reviewer.active is dialog and dialog.reject_button.text() == "Reject now"
        assert dialog.reason.accessibleName() and dialog.reason_label.isVisible()
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Escape)  # Esc cancels the Reject, not the gate
        assert w.reviewer.active is dialog and not dialog.reason.isVisible() and dialog.reject_button.hasFocus()
        assert dialog.reject_button.text() == "Reject"
        qtbot.keyClick(dialog.reject_button, Qt.Key.Key_Space)  # keyboard only from here
        await until(lambda: dialog.reason.hasFocus(), what="the reason field again")
        qtbot.keyClicks(dialog.reason, "Over budget")
        qtbot.keyClick(dialog.reason, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        await idle(w)
        assert items(w, "decision")[-1].content == "✗ Rejected — deliverable: “Over budget”"
        assert w.core.app.store.get_run(w.controller.run_id).status == "rejected"
        reviews = w.core.app.store.reviews(w.controller.run_id)
        assert [(r.action, r.feedback) for r in reviews] == [("reject", "Over budget")]
        w.controller.sessions.open(w.controller.session_id)  # the reason stays in the stored transcript
        assert items(w, "decision")[-1].content == "✗ Rejected — deliverable: “Over budget”"


async def test_review_later_leaves_the_run_suspended(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        dialog = await gate(w, ReviewDialog)
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.core.app.store.get_run(w.controller.run_id).status == "suspended"
        assert "waiting" in items(w, "notice")[-1].content
        w.controller.reviewer.auto = True
        await w.controller.command("/resume")
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"


async def test_clarify_answered_questions_shown_once(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, "Offsite")
        dialog = await gate(w, ClarifyDialog)
        assert len(dialog.answers) == 2
        # the questions are shown once: in the card, not also listed in Miranda's message
        questions = [q.text for q in w.core.app.store.questions(w.controller.run_id)]
        routing = items(w, "routing")[-1]
        assert routing.content.startswith("Before I brief the team")
        assert not any(q in routing.content for q in questions)
        shown = [label.text() for label in dialog.findChildren(QLabel)]
        assert all(sum(q in text for text in shown) == 1 for q in questions)
        boxes = list(dialog.answers.values())
        qtbot.keyClicks(boxes[0], "A relaxed team retreat")
        qtbot.keyClicks(boxes[1], "March, 20k budget")
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        answers = [q.answer for q in w.core.app.store.questions(w.controller.run_id)]
        assert answers == ["A relaxed team retreat", "March, 20k budget"]
        # each answer's row names its question (the card that asked is gone)
        assert [i.content for i in items(w, "answer")] == [f"**{q}**\n{a}" for q, a in zip(questions, answers)]
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"
        assert len(items(w, "task")) == 3


async def test_clarify_left_open_survives_a_restart(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, "Offsite")
        dialog = await gate(w, ClarifyDialog)
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
        await idle(w)
        run_id, session_id = w.controller.run_id, w.controller.session_id
        assert w.core.app.store.get_run(run_id).status == "suspended"
        assert len(w.core.app.store.pending_questions(session_id)) == 2
    # the app is closed and opened again: the session comes back and asks again
    async with open_window(home) as w2:
        assert w2.controller.session_id == session_id
        assert items(w2, "directive")[0].content == "Offsite"
        dialog = await gate(w2, ClarifyDialog)
        assert "before the app was closed" in dialog.findChildren(QLabel)[0].text()
        qtbot.keyClicks(list(dialog.answers.values())[0], "Team bonding")
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w2, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await until(lambda: w2.startup_task.done(), what="the resumed run")
        assert w2.core.app.store.get_run(run_id).status == "done"
        assert w2.core.app.store.questions(run_id)[0].answer == "Team bonding"
        assert not w2.core.app.store.pending_questions(session_id)


async def test_stop_mid_stream(qtbot, home):
    async with open_window(home, tps=60) as w:
        send(qtbot, w, DIRECTIVE)
        await until(
            lambda: any(t.status == "streaming" and t.content for t in items(w, "task")), what="a lead streaming"
        )
        assert w.stop_button.isEnabled()
        provider = w.core.app.providers.get("scripted")
        qtbot.mouseClick(w.stop_button, Qt.MouseButton.LeftButton)
        await idle(w)
        run = w.core.app.store.get_run(w.controller.run_id)
        assert run.status == "interrupted"
        assert any("Stopped" in n.content for n in items(w, "notice"))
        assert not any(i.streaming for i in items(w))
        assert all(t.status in ("interrupted", "done") for t in items(w, "task"))
        # nothing keeps streaming after Stop
        calls = len(provider.calls)
        chars = sum(len(t.content) for t in items(w, "task"))
        await asyncio.sleep(0.3)
        assert len(provider.calls) == calls and sum(len(t.content) for t in items(w, "task")) == chars
        assert not w.stop_button.isEnabled() and w.send_button.isEnabled()


async def test_escape_stops_the_run(qtbot, home):
    async with open_window(home, tps=60) as w:
        send(qtbot, w, DIRECTIVE)
        await until(lambda: w.controller.busy and items(w, "task"), what="the dispatch")
        qtbot.keyClick(w.compose, Qt.Key.Key_Escape)
        await idle(w)
        assert w.core.app.store.get_run(w.controller.run_id).status == "interrupted"


async def test_tool_confirmation_refuses_a_write(qtbot, home):
    async with open_window(home) as w:
        w.agent_list.agentClicked.emit("Evelyn")
        assert w.controller.direct_agent == "Evelyn" and w.direct_banner.isVisible()
        agents_dir = w.core.app.paths.agents
        before = sorted(p.name for p in agents_dir.iterdir())
        send(
            qtbot,
            w,
            '/tool upsert_agent_definition {"name": "Nova", "title": "Forecasting", "description": "Forecasts demand"}',
        )
        card = await gate(w, RecruiterCard)
        diff = card.diff.toPlainText()
        assert "Create agent Nova" in card.heading.text()
        assert '+name = "Nova"' in diff and '+title = "Forecasting"' in diff
        assert sorted(p.name for p in agents_dir.iterdir()) == before  # nothing written while asking
        qtbot.mouseClick(card.reject_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert sorted(p.name for p in agents_dir.iterdir()) == before
        assert w.core.app.agents.find("Nova") is None
        assert any("declined" in n.content for n in items(w, "notice"))
        assert items(w, "chat_user")[0].agent == "Evelyn" and items(w, "chat_agent")


async def test_tool_confirmation_allows_a_write(qtbot, home):
    async with open_window(home) as w:
        w.controller.talk_to("Evelyn")
        send(qtbot, w, '/tool upsert_agent_definition {"name": "Nova", "title": "Forecasting"}')
        card = await gate(w, RecruiterCard)
        qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert (w.core.app.paths.agents / "nova.md").exists()
        w.controller.agents_changed()
        assert w.controller.agents.row("Nova") is not None


async def test_plan_review_gate(qtbot, home):
    async with open_window(home, plan_review=True) as w:
        send(qtbot, w, DIRECTIVE)
        plan = await gate(w, ReviewDialog)
        assert plan.windowTitle() == "Review the task briefs"
        assert "Atlas" in plan.body.toPlainText()
        qtbot.mouseClick(plan.accept_button, Qt.MouseButton.LeftButton)
        review = await until(lambda: w.reviewer.active if w.reviewer.active not in (None, plan) else None)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert [r.stage for r in w.core.app.store.reviews(w.controller.run_id)] == ["plan_review", "review"]
