"""A clarify card left with Later (issue 35): its questions stay readable in the
transcript (a small framed row with Answer now) and in the Inbox (with Answer now too),
after a restart as well; Answer now opens the answer form again."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from aipa.ui.transcript.later_card import answer_label
from tests.ui.helpers import gate, idle, items, open_window, until


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def leave_for_later(qtbot, window) -> list[str]:
    """Send a short directive, press Later on its questions; their texts."""
    send(qtbot, window, "Offsite")
    dialog = await gate(window, ClarifyDialog)
    qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
    await idle(window)
    return [q.text for q in window.core.app.store.questions(window.controller.run_id)]


def later_row(window):
    found = items(window, "questions")
    return found[-1] if found else None


def row_of(window, item) -> int:
    return window.chat_view.chat_model.items().index(item)


async def test_later_keeps_the_questions_in_the_transcript_and_answer_now_reopens_them(qtbot, home):
    async with open_window(home) as w:
        questions = await leave_for_later(qtbot, w)
        assert len(questions) == 2 and w.reviewer.active is None  # the form is gone
        card = await until(lambda: later_row(w), what="the Later card")
        assert all(q in card.content for q in questions) and card.resume
        view = w.chat_view
        row = row_of(w, card)
        index = view.chat_model.index(row, 0)
        spoken = index.data(Qt.ItemDataRole.AccessibleTextRole)
        assert questions[0] in spoken and "Answer now" in spoken  # said with its button
        view.scrollTo(index)
        view.viewport().repaint()
        rects = view.chat_delegate._cache_for(card).rects["actions"]
        assert [key for key, _r in rects] == ["answer"]
        # the keyboard: the row in focus, Enter opens the form again
        view.setFocus()
        view.setCurrentIndex(index)
        qtbot.keyClick(view, Qt.Key.Key_Return)
        dialog = await gate(w, ClarifyDialog)
        assert list(dialog.answers) == ["q1", "q2"]
        qtbot.keyClicks(list(dialog.answers.values())[0], "Team bonding")
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w, ReviewDialog)
        # answered: the card says so and has no button any more
        assert not card.resume and not view.chat_delegate._cache_for(card).rects.get("actions")
        assert all(q in card.content for q in questions)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"


async def test_answer_now_by_mouse_on_the_card(qtbot, home):
    async with open_window(home) as w:
        await leave_for_later(qtbot, w)
        card = await until(lambda: later_row(w), what="the Later card")
        view = w.chat_view
        index = view.chat_model.index(row_of(w, card), 0)
        view.scrollTo(index)
        view.viewport().repaint()
        ((_key, button),) = view.chat_delegate._cache_for(card).rects["actions"]
        at = view.visualRect(index).topLeft() + button.center()
        assert view.chat_delegate.hit(card, button.center()) == ("action", "answer")
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at))
        dialog = await gate(w, ClarifyDialog)
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)  # Later again: still one card
        await idle(w)
        assert len(items(w, "questions")) == 1 and later_row(w).resume


async def test_the_later_card_and_the_inbox_keep_the_questions_after_a_restart(qtbot, home):
    async with open_window(home) as w:
        questions = await leave_for_later(qtbot, w)
        run_id, session_id = w.controller.run_id, w.controller.session_id
        # the Inbox lists the waiting run with its questions and Answer now
        listed = await until(lambda: w.inbox_questions.entries, what="the Inbox's questions")
        assert [e.run_id for e in listed] == [run_id] and list(listed[0].questions) == questions
        assert w.inbox_questions.isVisible() and w.inbox.heading.isVisible()
        assert "1" in w.inbox.heading.text()  # INBOX · 1 WAITING
        button = w.inbox_questions.buttons[0]
        assert button.accessibleName().startswith("Answer now") and questions[0] in button.accessibleDescription()
        assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
    # the app is closed and opened again: the transcript's card is rebuilt from the store
    async with open_window(home) as w2:
        assert w2.controller.session_id == session_id
        card = await until(lambda: later_row(w2), what="the Later card after a restart")
        assert all(q in card.content for q in questions) and card.resume
        dialog = await gate(w2, ClarifyDialog)  # (the window offers the open questions again)
        view = w2.chat_view  # Answer now while the form is open: the form takes the focus
        view.setFocus()
        view.setCurrentIndex(view.chat_model.index(row_of(w2, card), 0))
        qtbot.keyClick(view, Qt.Key.Key_Return)
        first_box = list(dialog.answers.values())[0]
        await until(first_box.hasFocus, what="the open form's first answer in focus")
        assert w2.reviewer.active is dialog
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
        await until(lambda: w2.startup_task.done(), what="the offer to end")
        await until(lambda: w2.inbox_questions.entries, what="the Inbox's questions")
        # Answer now in the Inbox opens the form; answering runs on to the review
        qtbot.mouseClick(w2.inbox_questions.buttons[0], Qt.MouseButton.LeftButton)
        dialog = await gate(w2, ClarifyDialog)
        await until(lambda: not w2.inbox_questions.entries, what="the Inbox to let the run go")
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w2, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w2)
        assert w2.core.app.store.get_run(run_id).status == "done"
        assert not w2.inbox_questions.isVisible()


async def test_the_inbox_answers_a_run_of_another_session(qtbot, home):
    async with open_window(home) as w:
        await leave_for_later(qtbot, w)
        waiting_session = w.controller.session_id
        await w.controller.sessions.new()
        assert w.controller.session_id != waiting_session
        await until(lambda: w.inbox_questions.entries, what="the Inbox's questions")
        buttons = w.inbox_questions.findChildren(QPushButton, "inboxAnswerNow")
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        dialog = await gate(w, ClarifyDialog)
        assert w.controller.session_id == waiting_session
        assert later_row(w) is not None  # its session's card is there, above the form
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)
        await idle(w)


def test_the_answer_label_is_short():
    assert len(answer_label()) < 20


async def test_each_round_of_questions_left_with_later_has_its_own_card(qtbot, home):
    async with open_window(home, scenario="clarify") as w:
        first = await leave_for_later(qtbot, w)
        (card,) = items(w, "questions")
        assert all(q in card.content for q in first)
        view = w.chat_view
        view.setFocus()
        view.setCurrentIndex(view.chat_model.index(row_of(w, card), 0))
        qtbot.keyClick(view, Qt.Key.Key_Return)
        dialog = await gate(w, ClarifyDialog)
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)  # the answers raise one more

        def next_form():
            active = w.reviewer.active
            return active if isinstance(active, ClarifyDialog) and active is not dialog else None

        second = await until(next_form, what="the second round")
        assert not card.resume  # the first round's card: answered
        qtbot.mouseClick(second.later_button, Qt.MouseButton.LeftButton)
        await idle(w)
        old, new = items(w, "questions")
        assert old is card and new.resume and "Which city?" in new.content and first[0] not in new.content
        assert row_of(w, new) > max(row_of(w, a) for a in items(w, "answer"))  # under the first round's answers
