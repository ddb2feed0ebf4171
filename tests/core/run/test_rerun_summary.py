"""What a re-run says at its start (issue 35, ``rerun.summary``): the leads it runs again,
the leads whose reports it keeps and the new feedback, for each kind of re-run; the same
event live and when its session is replayed; none for a first run or an automatic revision."""

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run import rerun
from aipa.core.run.reviewer import AutoReviewer

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


@pytest.fixture
async def app(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        yield app
    finally:
        await app.core.aclose()


async def test_each_kind_of_rerun_says_what_it_runs_again_and_what_it_keeps(app):
    said: list = []
    team = app.core.team(AutoReviewer(), said.append)
    first = await team.run(DIRECTIVE)
    leads = [t["assigned_to"] for t in first.tasks]
    assert rerun.summary(app.store, first.run_id) is None  # a first run
    again = await team.rerun(first.run_id, leads=[leads[0]], feedback=["More detail."])
    live = [e for e in said if isinstance(e, ev.RerunStarted)]
    assert live == [rerun.summary(app.store, again.run_id)]  # said live as the store tells it after
    one = live[0]
    assert (one.parent_id, one.revision, one.what) == (first.run_id, 2, "leads")
    assert one.rerun == (leads[0],) and one.kept == tuple(leads[1:]) and one.feedback == ("More detail.",)
    audit = rerun.summary(app.store, (await team.rerun(again.run_id, stage="audit")).run_id)
    assert audit.what == "audit" and audit.kept == tuple(leads) and not audit.rerun and not audit.feedback
    synth = await team.rerun(first.run_id, stage="synthesize", feedback=["Shorter."])
    assert rerun.summary(app.store, synth.run_id).feedback == ("Shorter.",)
    tasks = app.store.tasks(first.run_id)
    briefs = await team.rerun(first.run_id, briefs=[(tasks[1].task_id, "Compare three lodges, with prices.")])
    edited = rerun.summary(app.store, briefs.run_id)
    assert edited.what == "briefs" and edited.rerun == (leads[1],) and leads[1] not in edited.kept
    branch = rerun.summary(app.store, (await team.rerun(first.run_id, directive="A one-day offsite")).run_id)
    assert branch.what == "directive" and not branch.rerun and not branch.kept
    # a replayed session gives each re-run's summary once, right after its start
    replayed = app.core.sessions.transcript(first.session_id)
    starts = [e for e in replayed if isinstance(e, ev.RerunStarted)]
    assert [e.run_id for e in starts] == [r.run_id for r in app.core.runs.revisions(first.run_id)[1:]]
    for e in starts:
        before = replayed[replayed.index(e) - 1]
        assert isinstance(before, ev.RunStarted) and before.run_id == e.run_id
