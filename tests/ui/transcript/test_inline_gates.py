"""Decisions inline: the review and clarify gates are cards docked
in the chat, under the transcript that already shows what is reviewed, with Accept
first and primary, Reject set apart, Edit opening the feedback field in place, and
they drive the same core Reviewer protocol as the dialogs did."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def _docked(window, card) -> None:
    """Docked below the transcript as its sibling (not its child: a list view's
    accessibility interface would hide it from screen readers), as wide as the transcript,
    not covering it, and holding the focus."""
    view, dock = window.chat_view, window.chat_view.dock
    assert card.inline and not card.isWindow() and card.isVisible()
    assert view.gate is card and dock.widget() is card and not view.isAncestorOf(card)
    assert dock.parentWidget() is view.parentWidget().parentWidget()  # the chat column (view → stack → column)
    assert dock.geometry().top() > view.mapTo(dock.parentWidget(), view.rect().bottomLeft()).y()
    assert abs(dock.width() - view.width()) <= 2 and card.height() > 0
    assert card.isAncestorOf(QApplication.focusWidget())


async def test_review_card_accept_edit_in_place_and_reject_set_apart(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        card = await gate(w, ReviewDialog)
        _docked(w, card)
        assert not card.body.isVisible()  # the deliverable is in the chat above, not repeated
        assert not card.verdict_label.isVisible()  # the audit card above shows the verdict, once
        assert "PASS WITH NOTES" in card.accessibleDescription()
        row = [card.layout().itemAt(card.layout().count() - 1).layout().itemAt(i) for i in range(5)]
        widgets = [r.widget() for r in row]
        assert widgets[:3] == [card.accept_button, card.edit_button, card.later_button]
        assert widgets[3] is None and row[3].spacerItem() is not None  # a stretch sets Reject apart
        assert widgets[4] is card.reject_button
        assert card.accept_button.isDefault() and card.accept_button.objectName() == "primaryButton"
        assert not card.feedback.isVisible()
        before = card.height()
        qtbot.mouseClick(card.edit_button, Qt.MouseButton.LeftButton)
        assert card.feedback.isVisible() and card.edit_button.text() == "Send feedback"
        await until(lambda: card.height() > before, what="the card to grow")
        _docked(w, card)
        qtbot.keyClicks(card.feedback, "Keep it under 5000 EUR")
        qtbot.mouseClick(card.edit_button, Qt.MouseButton.LeftButton)
        second = await until(lambda: w.reviewer.active if w.reviewer.active not in (None, card) else None)
        _docked(w, second)
        assert "Revised after feedback: Keep it under 5000 EUR" in items(w, "deliverable")[-1].content
        qtbot.mouseClick(second.reject_button, Qt.MouseButton.LeftButton)  # the optional reason opens
        qtbot.mouseClick(second.reject_button, Qt.MouseButton.LeftButton)  # none given: rejected
        await idle(w)
        assert w.chat_view.gate is None and not w.chat_view.dock.isVisible()
        assert items(w, "decision")[-1].content.startswith("✗")
        stored = [v.action for v in w.core.app.store.reviews(w.controller.run_id)]
        assert stored[-2:] == ["edit", "reject"]


async def test_clarify_card_wraps_questions_at_full_width(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, "Offsite")
        card = await gate(w, ClarifyDialog)
        _docked(w, card)
        for box in card.answers.values():
            assert box.width() > w.chat_view.width() * 0.8  # not squeezed beside its label
        boxes = list(card.answers.values())
        qtbot.keyClicks(boxes[0], "A relaxed team retreat")
        qtbot.mouseClick(card.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        answers = [q.answer for q in w.core.app.store.questions(w.controller.run_id)]
        assert answers[0] == "A relaxed team retreat"
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"


async def test_later_leaves_the_run_waiting(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        card = await gate(w, ReviewDialog)
        qtbot.mouseClick(card.later_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.chat_view.gate is None
        assert w.core.app.store.get_run(w.controller.run_id).status != "done"
