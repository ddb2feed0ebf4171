"""The ‹ 2/3 › revision switcher, the compare view and editing the briefs before a branch
(issue 23), through the real window on the scripted provider: a re-run's revision is
shown in place of the earlier one, its cards carry real buttons named "Previous
revision" / "Next revision", Alt+Left / Alt+Right do the same, the choice survives a
restart (the kept leads' reports shown too), the export carries the revision shown, and
"Edit briefs and re-run…" runs only the lead whose brief changed."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from aipa.ui.dialogs.briefs_rerun import BriefsRerunDialog
from aipa.ui.dialogs.compare import CompareDialog
from aipa.ui.transcript.revision_bar import RevisionBar
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until

ALT = Qt.KeyboardModifier.AltModifier


def shown_rows(w, run_id: str) -> list:
    """The cards of ``run_id`` the transcript shows (not hidden)."""
    return [i for row, i in enumerate(w.chat_model.items()) if i.run_id == run_id and not w.chat_view.isRowHidden(row)]


def bar_of(w, item) -> RevisionBar | None:
    widget = w.chat_view.indexWidget(w.chat_model.index(w.chat_view.row_of(item), 0))
    return widget if isinstance(widget, RevisionBar) and widget.isVisible() else None


def card(w, kind: str, run_id: str):
    return next(i for i in items(w, kind) if i.run_id == run_id)


async def two_revisions(w) -> tuple[str, str]:
    w.reviewer.auto = True
    await w.controller.submit(DIRECTIVE)
    first = w.controller.run_id
    await w.controller.rerun(first, stage="synthesize", feedback=("Name the venue.",))
    await idle(w)
    second = w.controller.run_id
    assert second != first and [r.run_id for r in w.core.runs.revisions(first)] == [first, second]
    return first, second


async def test_the_switcher_shows_each_revision_in_place_by_button_and_by_key(qtbot, home):
    async with open_window(home) as w:
        first, second = await two_revisions(w)
        await until(lambda: not shown_rows(w, first) and shown_rows(w, second), what="only the new revision shown")
        deliverable = card(w, "deliverable", second)
        bar = await until(lambda: bar_of(w, deliverable), what="the switcher on the deliverable")
        assert bar.position.text() == "2/2" and bar.position.accessibleName() == "Revision 2 of 2"
        assert bar.previous.accessibleName() == "Previous revision" and bar.next.accessibleName() == "Next revision"
        assert bar.previous.isEnabled() and not bar.next.isEnabled()
        assert "a re-run of revision 1" in bar.toolTip() and "call" in bar.toolTip()  # what it is, what it cost
        assert bar.cost.text().startswith("this revision:")
        spoken = w.chat_model.data(
            w.chat_model.index(w.chat_view.row_of(deliverable), 0), Qt.ItemDataRole.AccessibleTextRole
        )
        assert "revision 2 of 2" in spoken  # what a screen reader says of the card
        strip = w.chat_view.visualRect(w.chat_model.index(w.chat_view.row_of(deliverable), 0))
        assert strip.contains(bar.geometry())  # laid over its own card
        assert bar_of(w, card(w, "audit", second)) is not None  # the audit card of that revision too
        kept = [i for i in shown_rows(w, second) if i.kind == "task"]  # its leads: the kept reports
        assert len(kept) == len(w.core.runs.tasks(second)) and all(i.content and bar_of(w, i) for i in kept)
        w.chat_view.setFocus()  # Tab from the transcript reaches the switchers on its cards
        QTest.keyClick(w.chat_view, Qt.Key.Key_Tab)
        assert QApplication.focusWidget().accessibleName() == "Previous revision"
        # one Tab stop per switcher (issue 35): its other buttons by the arrow keys only
        at = QApplication.focusWidget().parent()  # the first switcher in the Tab order
        assert isinstance(at, RevisionBar)
        assert [b.focusPolicy() for b in at.buttons].count(Qt.FocusPolicy.StrongFocus) == 1
        QTest.keyClick(at.previous, Qt.Key.Key_Right)
        assert QApplication.focusWidget() is at.compare  # Next is disabled at 2/2: skipped
        QTest.keyClick(at.compare, Qt.Key.Key_Left)
        assert QApplication.focusWidget() is at.previous
        QTest.keyClick(at.previous, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() not in at.buttons  # Tab leaves the switcher at once
        bar.previous.setFocus()
        # Previous: the first revision's cards, in place of the second's
        qtbot.mouseClick(bar.previous, Qt.MouseButton.LeftButton)
        await until(lambda: shown_rows(w, first) and not shown_rows(w, second), what="the first revision shown")
        assert w.core.runs.shown_revision(first) == first
        old = card(w, "deliverable", first)
        assert old.content == w.core.runs.get(first).deliverable and "Revised after feedback" not in old.content
        back = await until(lambda: bar_of(w, old), what="the switcher on the first deliverable")
        assert back.position.text() == "1/2" and not back.previous.isEnabled() and back.next.isEnabled()
        assert QApplication.focusWidget() in (back.next, back.compare)  # the keyboard stays on the switcher
        leads = [i for i in shown_rows(w, first) if i.kind == "task"]
        assert leads and all(bar_of(w, i) is not None and i.content for i in leads)
        # the keyboard: Alt+Right, then Alt+Left (View › Next / Previous revision)
        w.compose.setFocus()
        QTest.keyClick(w.compose, Qt.Key.Key_Right, ALT)
        await until(lambda: shown_rows(w, second) and not shown_rows(w, first), what="Alt+Right: the second")
        QTest.keyClick(w.compose, Qt.Key.Key_Left, ALT)
        await until(lambda: shown_rows(w, first) and not shown_rows(w, second), what="Alt+Left: the first")
        # Compare…: the two deliverables side by side, the changes marked and said in words
        qtbot.mouseClick(bar_of(w, old).compare, Qt.MouseButton.LeftButton)
        dialog = await until(lambda: w.dialogs.get("compare"), what="the compare view")
        assert isinstance(dialog, CompareDialog) and dialog.isVisible()
        assert (dialog.old_run, dialog.new_run) == (first, second)
        assert dialog.old_view.toPlainText().strip() == w.core.runs.get(first).deliverable.strip()
        assert dialog.new_view.toPlainText().strip() == w.core.runs.get(second).deliverable.strip()
        assert "words added" in dialog.summary.text() and dialog.comparison.added > 0
        assert "Revised after feedback" in dialog.new_view.accessibleDescription()
        assert "Revised" in dialog.new_view.toHtml() and "underline" in dialog.new_view.toHtml()
        dialog.old_pick.setCurrentIndex(1)  # both the second: nothing changed
        assert dialog.summary.text() == "The two deliverables are the same."
        dialog.close()
        # the session's export carries the revision shown, and says which it is
        out = w.controller.export_to("json", home / "shown.json")
        data = json.loads(out.read_text())
        assert [(r["run_id"], r["revision"], r["revisions"]) for r in data["runs"]] == [(first, 1, 2)]
        md = w.controller.export_to("md", home / "shown.md").read_text()
        assert "Revision 1 of 2" in md


async def test_the_chosen_revision_survives_a_restart_with_its_kept_reports(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        lead = card(w, "task", first)
        await w.controller.rerun(first, leads=(lead.label,))
        await idle(w)
        second = w.controller.run_id
        kept_live = [i.content for i in shown_rows(w, second) if i.kind == "task" and i.agent != lead.agent]
        assert kept_live and all(kept_live)  # the kept reports show in the new revision's cards
    async with open_window(home) as w:  # a restart: the latest revision by default
        await until(lambda: shown_rows(w, second) and not shown_rows(w, first), what="the latest revision restored")
        tasks = [i for i in shown_rows(w, second) if i.kind == "task"]
        assert len(tasks) == len(w.core.runs.tasks(second)) and all(i.content for i in tasks)  # kept reports too
        assert [i.content for i in tasks if i.agent != lead.agent] == kept_live
        w.revisions.step(second, -1)
        await until(lambda: shown_rows(w, first) and not shown_rows(w, second), what="the first revision")
    async with open_window(home) as w:  # and again: the one chosen
        await until(lambda: shown_rows(w, first) and not shown_rows(w, second), what="the chosen revision restored")
        assert bar_of(w, card(w, "deliverable", first)).position.text() == "1/2"


async def test_edit_briefs_and_rerun_runs_only_the_lead_whose_brief_changed(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        before = {t.assigned_to: t for t in w.core.runs.tasks(first)}
        lead = card(w, "task", first)
        w.chat_view.act("rerun_briefs", lead)
        dialog = w.message_actions.rerun_dialog
        assert isinstance(dialog, BriefsRerunDialog) and dialog.isVisible()
        assert not dialog.run_button.isEnabled()  # nothing changed yet
        editor = dialog.editors[lead.label]
        assert editor.toPlainText() == before[lead.agent].brief
        await until(editor.hasFocus, what="the card's brief in focus")
        editor.setPlainText("Compare three lodges within two hours by train, with March prices.")
        assert dialog.run_button.isEnabled() and "1 lead" in dialog.status.text()
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        second = await until(lambda: w.controller.run_id if w.controller.run_id != first else None, what="a re-run")
        await idle(w)
        assert w.core.runs.get(second).status == "done" and w.core.runs.get(second).parent_id == first
        calls = [c for c in w.core.app.store.calls(run_id=second)]
        assert sorted(c.purpose for c in calls) == ["audit", "lead", "synthesize"]
        after = {t.assigned_to: t for t in w.core.runs.tasks(second)}
        assert after[lead.agent].brief.startswith("Compare three lodges")
        assert all(after[k].output == before[k].output for k in before if k != lead.agent)  # byte for byte
        await until(lambda: shown_rows(w, second) and not shown_rows(w, first), what="the branch shown")


def test_the_marks_keep_the_text_readable_in_both_themes():
    """The tints behind changed words leave the text at WCAG AA contrast, light and dark."""
    from aipa.ui.dialogs.compare import tint
    from aipa.ui.theme import DARK, LIGHT, contrast

    for theme in (LIGHT, DARK):
        for mark in (theme.bad, theme.ok):
            assert contrast(theme.text, tint(mark, theme.card)) >= 4.5, (theme.dark, mark)
