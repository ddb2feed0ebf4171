"""Plan a project in the real window: the menu opens a plan window; every stage is
reviewed in the GUI reviewer's dialog; the tree and the sprint board show the plan;
edit regenerates, Later suspends (reopened from the list and resumed), Stop
interrupts, fallbacks show in the stage strip, export writes md/html/json."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog

from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from aipa.ui.plan.runs_dialog import PlanRunsDialog
from aipa.ui.plan.window import PlanWindow
from tests.ui.helpers import open_window, until

DESCRIPTION = "A habit-tracking mobile app, 4 developers, 2-week sprints"
ARTIFACTS = ("analysis", "features", "stories", "tasks", "sprints")


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


async def new_plan(qtbot, w) -> PlanWindow:
    w.menu_actions["plan"].trigger()
    pw = w.plans.windows[-1]
    assert isinstance(pw, PlanWindow) and pw.isVisible()
    qtbot.keyClicks(pw.description, DESCRIPTION)
    click(qtbot, pw.start_button)
    await until(lambda: pw.controller.run_id, what="the plan run")
    return pw


async def review(pw, previous=None, timeout: float = 15.0) -> ReviewDialog:
    return await until(
        lambda: (
            pw.reviewer.active
            if isinstance(pw.reviewer.active, ReviewDialog) and pw.reviewer.active is not previous
            else None
        ),
        timeout,
        "a stage review",
    )


async def answer_intake(qtbot, pw) -> None:
    dialog = await until(
        lambda: pw.reviewer.active if isinstance(pw.reviewer.active, ClarifyDialog) else None,
        what="the intake questions",
    )
    assert pw.view.stages.states["clarify"] == "review"
    assert "deadline" in dialog.answers and "team" not in dialog.answers  # the description said it
    click(qtbot, dialog.send_button)


async def finished(pw, timeout: float = 20.0) -> None:
    await until(lambda: not pw.controller.busy, timeout, "the plan to end")


def scripted_calls(w, purpose: str) -> int:
    return sum(1 for c in w.core.app.providers.get("scripted").calls if c.purpose == purpose)


def check_plan_shown(pw) -> None:
    plan = pw.controller.plan
    tree = pw.view.tree
    assert len(tree.rows("feature")) == len(plan.features) == 5
    stories = tree.rows("story")
    assert len(stories) == len(plan.stories) == 10
    first = stories[0]
    assert first.text(1) == str(plan.stories[0].points) and first.text(2) == plan.stories[0].priority
    assert first.text(4).startswith("As a user, I want to use onboarding, so that")
    assert "Acceptance criteria" in first.toolTip(0)
    assert len(tree.rows("criterion")) == sum(len(s.acceptance_criteria) for s in plan.stories)
    tasks = tree.rows("task")
    assert len(tasks) == len(plan.tasks) == 20
    assert tasks[0].text(3) in ("Code", "Testing") and "test:" in tasks[0].text(4)
    assert tasks[0].parent() is first  # tasks sit under their story
    columns = pw.view.board.columns
    assert len(columns) == len(plan.sprints) >= 2
    for column in columns:
        assert 0 < column.points <= plan.capacity and not column.over
        assert column.bar.text().startswith(f"{column.points} / {plan.capacity} points")
    shown = sorted(sid for c in columns for sid in c.story_ids())
    assert shown == sorted(s.id for s in plan.stories)


async def test_full_plan_accepted_stage_by_stage(qtbot, home):
    async with open_window(home) as w:
        action = w.menu_actions["plan"]
        assert action.shortcut() == QKeySequence("Ctrl+Shift+P")
        session_menu = next(a.menu() for a in w.menuBar().actions() if a.text().replace("&", "") == "Session")
        assert action in session_menu.actions() and w.menu_actions["open_plan"] in session_menu.actions()
        pw = await new_plan(qtbot, w)
        assert not pw.start_button.isEnabled() and pw.stop_button.isEnabled() and pw.description.isReadOnly()
        await answer_intake(qtbot, pw)
        dialog = None
        for i, stage in enumerate(ARTIFACTS):
            dialog = await review(pw, dialog)
            assert dialog.windowTitle() == f"Review the plan: {stage}"
            assert f"Plan: {stage}" in dialog.findChild(type(pw.status_label)).text()
            states = pw.view.stages.states
            assert states[stage] == "review", states
            assert all(states[s] == "done" for s in ("intake", "clarify", *ARTIFACTS[:i])), states
            assert all(states[s] == "pending" for s in ARTIFACTS[i + 1 :]), states
            if stage == "stories":  # the tree already shows what is being reviewed
                assert len(pw.view.tree.rows("story")) == 10 and not pw.view.tree.rows("task")
            click(qtbot, dialog.accept_button)
        await finished(pw)
        run = w.core.app.store.get_run(pw.controller.run_id)
        assert run.status == "done" and run.kind == "plan"
        assert set(pw.view.stages.states.values()) == {"done"}
        check_plan_shown(pw)
        assert "Analysis" in pw.view.summary.text() and pw.view.summary.isVisible()
        assert pw.status_label.text() == "The plan is complete."
        assert not pw.resume_button.isEnabled() and not pw.stop_button.isEnabled()
        assert all(b.isEnabled() for b in pw.export_buttons.values())
        assert pw.windowTitle().startswith("Plan: A habit-tracking")
        assert [r.action for r in w.core.app.store.reviews(run.run_id)] == ["accept"] * 5
        pw.view.grab()  # paints without errors
        await pw.aclose()
        assert not w.plans.windows and not any(k.startswith("plan:") for k in w.dialogs)


async def test_edit_at_stories_regenerates(qtbot, home):
    async with open_window(home) as w:
        pw = await new_plan(qtbot, w)
        await answer_intake(qtbot, pw)
        dialog = None
        for _stage in ("analysis", "features"):
            dialog = await review(pw, dialog)
            click(qtbot, dialog.accept_button)
        stories = await review(pw, dialog)
        assert stories.windowTitle() == "Review the plan: stories"
        assert scripted_calls(w, "plan_stories") == 1
        qtbot.keyClicks(stories.feedback, "Split the big stories please")
        click(qtbot, stories.edit_button)
        again = await review(pw, stories)
        assert again.windowTitle() == "Review the plan: stories"
        assert scripted_calls(w, "plan_stories") == 2
        last = [c for c in w.core.app.providers.get("scripted").calls if c.purpose == "plan_stories"][-1]
        assert "Split the big stories please" in last.messages[-1].content
        assert pw.view.stages.states["stories"] == "review"
        pw.reviewer.auto = True  # accept the rest
        click(qtbot, again.accept_button)
        await finished(pw)
        actions = [(r.stage, r.action) for r in w.core.app.store.reviews(pw.controller.run_id)]
        assert actions[:4] == [
            ("analysis", "accept"),
            ("features", "accept"),
            ("stories", "edit"),
            ("stories", "accept"),
        ]
        assert w.core.app.store.get_run(pw.controller.run_id).status == "done"
        check_plan_shown(pw)
        await pw.aclose()


async def test_later_at_stories_then_reopened_from_the_list_and_resumed(qtbot, home):
    async with open_window(home) as w:
        pw = await new_plan(qtbot, w)
        await answer_intake(qtbot, pw)
        dialog = None
        for _stage in ("analysis", "features"):
            dialog = await review(pw, dialog)
            click(qtbot, dialog.accept_button)
        stories = await review(pw, dialog)
        click(qtbot, stories.later_button)
        await finished(pw)
        run_id = pw.controller.run_id
        assert w.core.app.store.get_run(run_id).status == "suspended"
        assert pw.resume_button.isEnabled() and "Waiting for you at stories" in pw.status_label.text()
        pw.close()
        assert not w.plans.windows
        calls = len(w.core.app.providers.get("scripted").calls)

        w.menu_actions["open_plan"].trigger()
        runs = w.dialogs["plan-runs"]
        assert isinstance(runs, PlanRunsDialog) and runs.run_ids() == [run_id]
        assert "suspended at stories" in runs.list.item(0).text()
        runs.select(run_id)
        click(qtbot, runs.open_button)
        again = w.plans.windows[-1]
        assert again is not pw and again.controller.run_id == run_id
        assert again.description.toPlainText() == DESCRIPTION and not again.start_button.isEnabled()
        states = again.view.stages.states
        assert states["features"] == "done" and states["stories"] == "review" and states["tasks"] == "pending"
        assert len(again.view.tree.rows("feature")) == 5 and len(again.view.tree.rows("story")) == 10
        w.plans.open_run(run_id)  # one window per plan run
        assert w.plans.windows == [again]

        click(qtbot, again.resume_button)
        first = await review(again)
        assert first.windowTitle() == "Review the plan: stories"  # continues at stories, not regenerated
        assert len(w.core.app.providers.get("scripted").calls) == calls
        again.reviewer.auto = True
        click(qtbot, first.accept_button)
        await finished(again)
        purposes = [c.purpose for c in w.core.app.providers.get("scripted").calls[calls:]]
        assert purposes == ["plan_tasks", "plan_sprints"]
        assert w.core.app.store.get_run(run_id).status == "done"
        check_plan_shown(again)
        await again.aclose()


async def test_stop_interrupts_and_resume_finishes(qtbot, home):
    async with open_window(home, tps=200) as w:
        pw = await new_plan(qtbot, w)
        pw.reviewer.auto = True
        await until(lambda: pw.view.stages.states["analysis"] == "active", what="the analysis stage")
        click(qtbot, pw.stop_button)
        await finished(pw)
        run_id = pw.controller.run_id
        assert w.core.app.store.get_run(run_id).status == "interrupted"
        assert pw.resume_button.isEnabled() and "Stopped at analysis" in pw.status_label.text()
        assert pw.reviewer.active is None
        click(qtbot, pw.resume_button)
        await until(lambda: pw.controller.busy, what="the resumed plan")
        await finished(pw, 30)
        assert w.core.app.store.get_run(run_id).status == "done"
        assert set(pw.view.stages.states.values()) == {"done"}
        await pw.aclose()


async def test_fallbacks_show_in_the_stage_strip(qtbot, home):
    async with open_window(home, scenario="garbage") as w:
        w.menu_actions["plan"].trigger()
        pw = w.plans.windows[-1]
        pw.reviewer.auto = True
        pw.description.setPlainText(DESCRIPTION)
        click(qtbot, pw.start_button)
        await until(lambda: pw.controller.run_id, what="the plan run")
        await finished(pw)
        states = pw.view.stages.states
        assert all(states[s] == "fallback" for s in ("intake", *ARTIFACTS)), states
        assert "fell back" in pw.view.stages.chips["stories"].toolTip()
        assert all(not c.over for c in pw.view.board.columns) and pw.view.board.columns
        await pw.aclose()


async def test_export_writes_markdown_html_and_json(qtbot, home, tmp_path):
    async with open_window(home) as w:
        w.menu_actions["plan"].trigger()
        pw = w.plans.windows[-1]
        assert not any(b.isEnabled() for b in pw.export_buttons.values())  # nothing to export yet
        pw.reviewer.auto = True
        pw.description.setPlainText(DESCRIPTION)
        notes = tmp_path / "notes.md"
        notes.write_text("Parents use the app at night; dark mode matters.")
        click(qtbot, pw.attach_button)
        picker = pw.dialogs["context"]
        assert isinstance(picker, QFileDialog)
        picker.fileSelected.emit(str(notes))
        picker.close()
        assert pw.context_label.text().startswith("📎 notes.md")
        click(qtbot, pw.start_button)
        await until(lambda: pw.controller.run_id, what="the plan run")
        await finished(pw)
        assert w.core.app.store.get_checkpoint(pw.controller.run_id, "context")["text"].startswith("Parents use")
        for fmt in ("md", "html", "json"):
            click(qtbot, pw.export_buttons[fmt])
            dialog = pw.dialogs["export"]
            assert isinstance(dialog, QFileDialog)
            dialog.fileSelected.emit(str(tmp_path / f"plan.{fmt}"))
            dialog.close()
        md = (tmp_path / "plan.md").read_text()
        assert md.startswith("# Plan: A habit-tracking") and "## Sprints" in md and "## User stories" in md
        assert "<table>" in (tmp_path / "plan.html").read_text()
        data = json.loads((tmp_path / "plan.json").read_text())
        assert len(data["stories"]) == 10 and all(s["points"] <= data["capacity"] for s in data["sprints"])
        assert pw.status_label.text() == f"Exported to {tmp_path / 'plan.json'}"
        await pw.aclose()


async def test_closing_during_a_review_stops_the_plan(qtbot, home):
    async with open_window(home) as w:
        pw = await new_plan(qtbot, w)
        await answer_intake(qtbot, pw)
        dialog = await review(pw)
        pw.close()  # the review is open: the plan stops and can be resumed later
        await until(lambda: not pw.controller.busy, what="the plan to stop")
        run_id = pw.controller.run_id
        assert w.core.app.store.get_run(run_id).status == "interrupted"
        assert dialog is not None and pw.reviewer.active is None and not w.plans.windows
        second = await new_plan(qtbot, w)  # a plan left running when the main window closes
        await until(lambda: isinstance(second.reviewer.active, ClarifyDialog), what="the intake questions")
    assert w.core.app.store is not None
