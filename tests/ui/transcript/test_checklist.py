"""The checklist in the window (issue 31): the routing card shows the run's checks after
routing (each with its id, measured or judged); the Principal removes one and adds one
under the transcript before the leads start (plan review holds them) through the core's
checks door; the review card shows the measured checklist, failed first, with the
rounds that sent the work back, and takes a check before a revision. The real window on
the scripted team of tests/ui/checklist_support.py; every wait is on a condition."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui.dialogs.common import ReviewDialog
from tests.ui.checklist_support import OFFICE_MOVE, office_move
from tests.ui.helpers import gate, idle, items, open_window, until


def _team(window) -> None:
    window.core.app.providers._cache["scripted"] = ScriptedProvider(script=office_move, tokens_per_second=2000)


async def _focus(window, widget) -> None:
    """The window active (the offscreen platform leaves none active once a card opens), then the focus."""
    window.activateWindow()
    await until(window.isActiveWindow, what="the window active")
    widget.setFocus()
    await until(widget.hasFocus, what="the focus")


async def _review(window) -> ReviewDialog:
    """The deliverable's review card (not the task briefs' card before it)."""

    def deliverable_card():
        active = window.reviewer.active
        return active if isinstance(active, ReviewDialog) and active.item.stage == "review" else None

    card = await until(deliverable_card, 120, "the review card")
    assert isinstance(card, ReviewDialog)
    return card


def _routing_list(window) -> str:
    cards = items(window, "routing")
    return cards[-1].checklist if cards else ""


async def test_the_routing_card_shows_the_checklist_and_the_principal_edits_it(qtbot, home):
    async with open_window(home, restore=False, plan_review=True, revise_rounds=1) as w:
        _team(w)
        w.controller.spawn(w.controller.submit(OFFICE_MOVE))
        dock = w.checklist_dock
        await until(lambda: dock.isVisible() and dock.editor.checks, what="the checklist under the transcript")
        run_id = dock.run_id
        ids = [c.id for c in dock.editor.checks]
        assert {"bullets", "words", "ending"} <= set(ids)
        listed = await until(lambda: _routing_list(w), what="the checklist on the routing card")
        assert "bullets" in listed and "measured" in listed and "exactly 3 bullet points" in listed
        plan = await gate(w, ReviewDialog)  # the leads wait for the task briefs' card
        assert plan.item.stage == "plan_review" and plan.checklist is None

        # by keyboard: Space on a Remove button, the shortcut to the add field, Return adds
        remove = dock.editor.remove_buttons["bullets"]
        assert remove.accessibleName() == "Remove check bullets" and remove.isVisible()
        await _focus(w, remove)
        qtbot.keyClick(remove, Qt.Key.Key_Space)
        await until(lambda: "bullets" not in [c.id for c in w.core.checks.of_run(run_id)], what="the removal stored")
        assert "bullets" not in dock.editor.remove_buttons
        assert QApplication.focusWidget() is dock.editor.remove_buttons["words"]  # the next row's, never lost
        await until(lambda: "bullets" not in _routing_list(w), what="the routing card to follow the removal")

        dock.shortcut.activated.emit()  # Ctrl+Shift+K
        assert QApplication.focusWidget() is dock.editor.new_check
        qtbot.keyClicks(dock.editor.new_check, "must mention the deposit")
        qtbot.keyClick(dock.editor.new_check, Qt.Key.Key_Return)
        stored = await until(
            lambda: [c for c in w.core.checks.of_run(run_id) if c.kind == "judged"], what="the added check"
        )
        assert stored[0].text == "must mention the deposit" and stored[0].source == "principal"
        qtbot.keyClicks(dock.editor.new_check, "no more than 5 sentences")
        qtbot.mouseClick(dock.editor.add_button, Qt.MouseButton.LeftButton)
        await until(lambda: any(c.kind == "sentences" for c in w.core.checks.of_run(run_id)), what="a measured one")
        assert "sentences, measured" in dock.editor.said.text()
        assert "must mention the deposit" in _routing_list(w) and "judged" in _routing_list(w)

        plan.accept_button.click()  # the leads start; the list is measured after synthesis
        review = await _review(w)
        assert not dock.isVisible()  # measured: no longer editable under the transcript
        measured = {c.id: c for c in w.core.checks.of_run(review.item.run_id)}
        assert "bullets" not in measured and measured["sentences"].passed is not None
        review.accept_button.click()
        await idle(w)


async def test_the_review_card_shows_the_measured_checklist_failed_first(qtbot, home):
    async with open_window(home, restore=False, revise_rounds=1) as w:
        _team(w)
        w.controller.spawn(w.controller.submit(OFFICE_MOVE))
        card = await _review(w)
        editor = card.checklist
        assert editor is not None and editor.isVisible()
        first = editor.checks[0]
        assert first.id == "words" and first.passed is False and "60" in first.detail  # the one still failing
        assert [c.passed for c in editor.checks[1:] if c.measured] == [True] * len(
            [c for c in editor.checks[1:] if c.measured]
        )
        assert editor.history.text() == "Sent back once: bullets, ending"
        assert "1 failed" in editor.title.text()
        row_name = editor.rows.itemAt(0).widget().findChild(type(editor.title), "checkText").accessibleName()
        assert row_name.startswith("words, measured, failed:")
        assert editor.isAncestorOf(editor.new_check) and editor.new_check.isVisible()  # before a revision

        qtbot.keyClicks(editor.new_check, "must mention the new address")
        qtbot.keyClick(editor.new_check, Qt.Key.Key_Return)
        run_id = card.item.run_id
        await until(lambda: any(c.kind == "judged" for c in w.core.checks.of_run(run_id)), what="the added check")
        assert editor.checks[0].id == "words"  # still failed first after the edit
        qtbot.mouseClick(editor.remove_buttons["words"], Qt.MouseButton.LeftButton)
        await until(lambda: "words" not in [c.id for c in w.core.checks.of_run(run_id)], what="the removal")
        assert w.core.checks.sent_back(run_id) == [["bullets", "ending"]]
        card.accept_button.click()
        await idle(w)
        live = _routing_list(w)  # the family's routing card shows the revision's list, as edited
        assert "✓ bullets" in live and "✓ ending" in live and "must mention the new address" in live
        assert "under 60 words" not in live
    async with open_window(home, restore=True) as w:
        await until(lambda: _routing_list(w), what="the replayed routing card")
        assert _routing_list(w) == live


async def test_a_stored_session_shows_the_checklist_as_it_was(qtbot, home):
    async with open_window(home, restore=False, revise_rounds=0) as w:
        _team(w)
        w.controller.spawn(w.controller.submit(OFFICE_MOVE))
        card = await _review(w)
        card.accept_button.click()
        await idle(w)
        live = _routing_list(w)
        assert "✗ bullets" in live and "✗ ending" in live and "✓ words" in live  # measured on the card
    async with open_window(home, restore=True) as w:
        await until(lambda: _routing_list(w), what="the replayed routing card")
        assert _routing_list(w) == live
        assert not w.checklist_dock.isVisible()
