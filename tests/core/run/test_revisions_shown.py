"""Which revision of a run the window shows (core/run/revisions.py, through the facade):
the latest by default, the one chosen after a restart, the latest again once a newer
one exists; the session's export then carries the shown revision and says which it is."""

import json

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def open_app(home):
    return build(Override("scripted"), Paths(home))


@pytest.fixture
def home(tmp_path):
    return tmp_path / "home"


async def test_the_shown_revision_survives_a_restart_and_a_new_one_is_shown(home, tmp_path):
    app = open_app(home)
    try:
        team = app.core.team(AutoReviewer(), lambda e: None)
        first = await team.run(DIRECTIVE)
        second = await team.rerun(first.run_id, stage="synthesize", feedback=["Shorter."])
        assert app.core.runs.shown_revision(first.run_id) == second.run_id  # the latest by default
        app.core.runs.show_revision(first.run_id)
        session = first.session_id
    finally:
        await app.core.aclose()
    app = open_app(home)  # a restart
    try:
        core = app.core
        assert core.runs.shown_revision(second.run_id) == first.run_id
        out = core.sessions.export(session, "json", tmp_path / "shown.json", shown=True)
        data = json.loads(out.read_text())
        assert [(r["run_id"], r["revision"], r["revisions"]) for r in data["runs"]] == [(first.run_id, 1, 2)]
        assert {m["run_id"] for m in data["messages"]} == {first.run_id}
        md = core.sessions.export(session, "md", tmp_path / "shown.md", shown=True).read_text()
        assert "*Revision 1 of 2: the first; its re-runs are kept.*" in md
        every = json.loads(core.sessions.export(session, "json", tmp_path / "all.json").read_text())
        assert len(every["runs"]) == 2  # the export of the command line: every revision
        team = core.team(AutoReviewer(), lambda e: None)
        third = await team.rerun(first.run_id, stage="audit")
        assert core.runs.shown_revision(first.run_id) == third.run_id  # a newer revision is shown
        md = core.sessions.export(session, "md", tmp_path / "third.md", shown=True).read_text()
        assert "*Revision 3 of 3: a re-run of an earlier revision, which is kept.*" in md
        diff = core.runs.compare(first.run_id, second.run_id)
        assert "".join(p.text for p in diff.old) == core.runs.get(first.run_id).deliverable
        assert "".join(p.text for p in diff.new) == core.runs.get(second.run_id).deliverable
        assert core.runs.shown_revision("R-20200101-001") == ""
        other = await team.run("Something else")
        families = core.runs.families(session)
        family = (first.run_id, second.run_id, third.run_id)
        assert families == dict.fromkeys(family, family)  # (the other run is of another session)
        assert core.runs.families(other.session_id) == {other.run_id: (other.run_id,)}
    finally:
        await app.core.aclose()
