"""The Inbox's runs waiting for answers (issue 35, ui/window/inbox_questions.py): a
scheduled run that stops at clarifying questions is listed once, with its questions and
Answer now (not also as a bare row of the Inbox's list); Answer now opens its session and
the answer form; answered, it leaves the Inbox."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.ui.helpers import close_window, gate, make_app, until
from tests.ui.window.test_inbox import Clock, start_window


async def test_a_scheduled_run_waiting_for_answers_lists_its_questions_once(qtbot, home):
    clock = Clock(datetime(2026, 11, 30, 10, tzinfo=UTC))
    app = make_app(home)
    app.core.service.schedules(clock).add("Offsite", "daily", "", "09:00", "UTC")  # short: it asks first
    await app.aclose()
    clock.moment = datetime(2026, 12, 1, 12, tzinfo=UTC)
    w = await start_window(home, clock)
    try:
        listed = await until(lambda: w.inbox_questions.entries, what="the run's questions in the Inbox")
        assert w.reviewer.active is None  # the scheduled run's gate waits: never in the way
        (entry,) = listed
        asked = [q.text for q in w.core.app.store.questions(entry.run_id)]
        assert list(entry.questions) == asked and len(asked) == 2
        await until(lambda: w.inbox.entries == [] or w.schedule_timer.refresh(), what="the list to leave it")
        assert w.inbox.count() == 0 and not w.inbox.isVisible()  # once: with its questions
        assert w.inbox.heading.isVisible() and w.inbox.heading.text() == "INBOX · 1 WAITING"
        assert entry.session_id != w.controller.session_id
        qtbot.mouseClick(w.inbox_questions.buttons[0], Qt.MouseButton.LeftButton)
        dialog = await gate(w, ClarifyDialog)
        assert w.controller.session_id == entry.session_id
        qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
        review = await gate(w, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await until(lambda: not w.controller.busy, what="the run to end")
        await until(lambda: not w.inbox_questions.entries, what="the answered run to leave")
        assert not w.inbox_questions.isVisible()
    finally:
        await close_window(w)
