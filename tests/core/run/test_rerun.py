"""Re-runs through the facade on the scripted provider and a real SQLite file: what each
kind of re-run calls (the usage rows, by purpose), what it keeps, how revisions are
numbered, and the requests it refuses before writing anything."""

import os

import pytest

from aipa import errors
from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


@pytest.fixture
async def app(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        yield app
    finally:
        await app.core.aclose()


def purposes(app, run_id: str) -> list[str]:
    return sorted(c.purpose for c in app.store.calls(run_id=run_id))


async def test_each_kind_of_rerun_calls_only_what_it_names(app):
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    lead = first.tasks[0]["assigned_to"]
    again = await team.rerun(first.run_id, leads=[lead], feedback=["More detail."])
    assert purposes(app, again.run_id) == ["audit", "lead", "synthesize"]
    old, new = app.store.tasks(first.run_id), app.store.tasks(again.run_id)
    assert [t.output for t in old[1:]] == [t.output for t in new[1:]]  # kept, as they were
    assert [t.assigned_to for t in old] == [t.assigned_to for t in new]
    audit = await team.rerun(again.run_id, stage="audit")
    assert purposes(app, audit.run_id) == ["audit"] and audit.deliverable == again.deliverable
    synth = await team.rerun(first.run_id, stage="synthesize", feedback=["Shorter."])
    assert purposes(app, synth.run_id) == ["audit", "synthesize"]
    branch = await team.rerun(first.run_id, directive="Plan a one-day offsite instead")
    assert "route" in purposes(app, branch.run_id) and "lead" in purposes(app, branch.run_id)
    assert app.store.get_run(branch.run_id).directive == "Plan a one-day offsite instead"
    family = app.core.runs.revisions(first.run_id)
    assert [r.run_id for r in family] == [first.run_id, again.run_id, audit.run_id, synth.run_id, branch.run_id]
    assert [r.revision for r in family] == [1, 2, 3, 4, 5]
    assert [r.parent_id for r in family] == [None, first.run_id, again.run_id, first.run_id, first.run_id]
    assert all(r.status == "done" for r in family)
    app.core.sessions.transcript(first.session_id)  # a session with re-runs replays


@pytest.mark.parametrize(
    "ask, says",
    [
        ({}, "say what to re-run"),
        ({"leads": ["Nobody"]}, "has no lead 'Nobody'"),
        ({"leads": ["x"], "stage": "audit"}, "one of them"),
        ({"stage": "dispatch"}, "no stage 'dispatch'"),
        ({"stage": "audit", "feedback": ["x"]}, "--feedback goes with"),
        ({"stage": "synthesize", "feedback": ["a", "b"]}, "takes one --feedback"),
    ],
)
async def test_a_request_that_cannot_be_done_is_refused_before_anything_is_written(app, ask, says):
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    if ask.get("leads") == ["x"]:
        ask["leads"] = [first.tasks[0]["assigned_to"]]
    with pytest.raises(errors.UsageError, match=says):
        await team.rerun(first.run_id, **ask)
    assert [r.run_id for r in app.store.list_runs()] == [first.run_id]


async def test_leads_feedback_one_each_or_one_for_all(app):
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    names = [t["assigned_to"] for t in first.tasks[:2]]
    with pytest.raises(errors.UsageError, match="one for each --lead"):
        await team.rerun(first.run_id, leads=names + [first.tasks[2]["assigned_to"]], feedback=["a", "b"])
    again = await team.rerun(first.run_id, leads=names, feedback=["first", "second"])
    asked = app.store.get_checkpoint(again.run_id, "rerun")
    ids = [t.task_id for t in app.store.tasks(again.run_id)]
    assert asked["feedback"] == {ids[0]: "first", ids[1]: "second"}
    assert purposes(app, again.run_id).count("lead") == 2


async def test_a_running_run_and_an_unknown_run_cannot_be_rerun(app):
    team = app.core.team(AutoReviewer(), lambda e: None)
    with pytest.raises(errors.UsageError, match="no run R-20200101-001"):
        await team.rerun("R-20200101-001", stage="audit")
    session = app.store.create_session("t")
    running = app.store.create_run(session, DIRECTIVE, pid=os.getpid())
    with pytest.raises(errors.UsageError, match="still running"):
        await team.rerun(running, stage="audit")


async def test_a_rerun_records_the_provider_its_parent_was_started_on(app):
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    again = await team.rerun(first.run_id, stage="audit")
    parent, child = app.store.get_run(first.run_id), app.store.get_run(again.run_id)
    assert (child.provider, child.model, child.base_url) == (parent.provider, parent.model, parent.base_url)
    assert child.provider == "scripted"  # what a `aipa run --resume` of the re-run will use


async def test_edited_briefs_run_only_the_leads_whose_brief_changed(app):
    """A branch from dispatch: the lead whose brief changed runs again on its new brief,
    then the synthesis and the audit; a brief given as it was, and the other leads, keep
    their reports byte for byte."""
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    old = app.store.tasks(first.run_id)
    edited = "Compare three lodges within two hours by train, with prices for March."
    again = await team.rerun(first.run_id, briefs={old[1].assigned_to: edited, old[2].assigned_to: old[2].brief})
    assert purposes(app, again.run_id) == ["audit", "lead", "synthesize"]
    new = app.store.tasks(again.run_id)
    assert new[1].brief == edited and new[1].status == "complete"  # (the scripted lead writes the same words)
    assert [t.brief for i, t in enumerate(new) if i != 1] == [t.brief for i, t in enumerate(old) if i != 1]
    kept = [i for i in range(len(old)) if i != 1]
    assert all(new[i].output.encode() == old[i].output.encode() for i in kept)  # byte for byte
    assert app.store.get_checkpoint(again.run_id, "rerun")["what"] == "briefs"
    route = app.store.get_checkpoint(again.run_id, "route")
    assert route["briefs"][1]["instructions"] == edited  # what the route says it asked, as asked
    assert app.store.get_checkpoint(first.run_id, "route")["briefs"][1]["instructions"] == old[1].brief
    assert app.store.get_run(again.run_id).revision == 2 and app.store.get_run(again.run_id).parent_id == first.run_id
    lead_call = [c for c in app.store.calls(run_id=again.run_id) if c.purpose == "lead"]
    assert [c.task_id for c in lead_call] == [new[1].task_id]
    app.core.sessions.transcript(first.session_id)  # a session with a brief re-run replays


@pytest.mark.parametrize(
    "briefs, feedback, says",
    [
        ("same", (), "no brief changed"),
        ({"Nobody": "x"}, (), "has no lead 'Nobody'"),
        ("empty", (), "an edited brief is empty"),
        ("new", ("x",), "--feedback goes with"),
    ],
)
async def test_edited_briefs_that_cannot_be_done_are_refused_before_anything_is_written(app, briefs, feedback, says):
    team = app.core.team(AutoReviewer(), lambda e: None)
    first = await team.run(DIRECTIVE)
    task = app.store.tasks(first.run_id)[0]
    given = {"same": {task.assigned_to: task.brief}, "empty": {task.assigned_to: "  "}, "new": {task.assigned_to: "y"}}
    with pytest.raises(errors.UsageError, match=says):
        await team.rerun(first.run_id, briefs=given[briefs] if isinstance(briefs, str) else briefs, feedback=feedback)
    assert [r.run_id for r in app.store.list_runs()] == [first.run_id]
