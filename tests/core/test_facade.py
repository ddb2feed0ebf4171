"""The core facade on the scripted provider, a real SQLite file and the shipped agents:
what the window asks of it (sessions and search, waiting runs, re-audit, export, the
settings reaching a running team, the catalogue) and the stored transcript as events."""

import json

import pytest

from aipa import errors
from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config import catalogue
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer, Decision
from aipa.core.session.search import snippet
from tests.support.reviewers import ScriptedReviewer

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


async def test_sessions_search_and_the_last_session(app):
    core = app.core
    team = core.team(AutoReviewer(), lambda e: None)
    first = await team.run("Plan a kayak trip for the founders")
    second = await team.run("Draft a hiring plan for two engineers")
    assert [s.id for s in core.sessions.list()] == [second.session_id, first.session_id]
    assert [s.id for s in core.sessions.list("kayak")] == [first.session_id]
    hit = core.sessions.search("kayak")[0]
    assert hit.session_id == first.session_id and "kayak" in hit.snippet.casefold()
    assert core.sessions.last() is None
    core.sessions.remember(first.session_id)
    assert core.sessions.last() == first.session_id
    core.sessions.rename(first.session_id, "Kayaks")
    assert core.sessions.get(first.session_id).title == "Kayaks"
    core.sessions.delete(first.session_id)
    assert core.sessions.last() is None and [s.id for s in core.sessions.list()] == [second.session_id]


def test_snippets_centre_on_the_match():
    text = "word " * 100 + "the kayak trip " + "more " * 100
    cut = snippet(text, "Kayak", width=60)
    assert "kayak" in cut and cut.startswith("…") and cut.endswith("…") and len(cut) <= 62
    assert snippet("short text", "absent") == "short text"


async def test_waiting_runs_and_open_questions(app):
    core = app.core
    later = core.team(ScriptedReviewer([None]), lambda e: None)  # review later: suspended
    result = await later.run(DIRECTIVE)
    assert result.status == "suspended" and core.runs.waiting(result.session_id) == result.run_id
    asked = await core.team(ScriptedReviewer(answers=None), lambda e: None).run("Offsite")
    assert core.runs.pending_question(asked.session_id) == asked.run_id
    assert core.runs.pending_question(result.session_id) is None and core.runs.waiting(None) is None


async def test_reaudit_writes_the_memo_and_emits_a_new_audit(app):
    core, seen = app.core, []
    team = core.team(AutoReviewer(), seen.append)
    result = await team.run(DIRECTIVE)
    target = core.runs.audit_target(result.session_id)
    assert target.run_id == result.run_id
    seen.clear()
    event = await team.reaudit(result.run_id)
    assert isinstance(seen[0], ev.StageStarted) and seen[0].stage == "audit" and seen[-1] == event
    assert event.verdict == "PASS WITH NOTES" and core.runs.get(result.run_id).verdict == "PASS WITH NOTES"
    audits = [m for m in app.store.messages(result.session_id) if m.kind == "audit"]
    assert len(audits) == 2 and audits[-1].content == event.memo
    with pytest.raises(errors.UsageError):
        await team.reaudit("R-none")


async def test_export_a_session_or_one_run(app, tmp_path):
    core = app.core
    team = core.team(AutoReviewer(), lambda e: None)
    one = await team.run(DIRECTIVE)
    two = await team.run("Now a budget", session_id=one.session_id)
    whole = json.loads(core.sessions.export(one.session_id, "json", tmp_path / "all.json").read_text())
    assert [r["run_id"] for r in whole["runs"]] == [one.run_id, two.run_id]
    part = json.loads(
        core.sessions.export(one.session_id, "json", tmp_path / "one.json", run_id=two.run_id).read_text()
    )
    assert [r["run_id"] for r in part["runs"]] == [two.run_id]
    assert {m["run_id"] for m in part["messages"]} == {two.run_id}
    assert part["usage"] == core.runs.usage(run_id=two.run_id)
    md = core.sessions.export(one.session_id, "md", tmp_path / "s.md").read_text()
    assert md.startswith("# ") and "Deliverable" in md


async def test_settings_reach_a_running_team_and_reload_reads_the_file(app):
    core = app.core
    team = core.team(AutoReviewer(), lambda e: None)
    core.config.change(auto_audit=False, max_output_tokens=300, max_tool_iterations=3)
    assert not team.settings.auto_audit and not app.settings.auto_audit
    assert team.pipeline.runner.max_output_tokens == 300 and team.pipeline.runner.max_tool_iterations == 3
    assert json.loads(app.paths.settings.read_text())["auto_audit"] is False
    app.paths.settings.write_text(json.dumps({"auto_audit": True, "colour": "red"}))
    warnings = core.config.reload()
    assert team.settings.auto_audit and any("colour" in w for w in warnings)


def test_the_catalogue_lists_every_provider_and_which_need_keys(app):
    names = [p.name for p in app.core.config.catalogue()]
    assert names[0] == "ollama" and "scripted" in names
    assert "scripted" not in [p.name for p in catalogue.choosable()]
    assert catalogue.provider("openai").needs_key and not catalogue.provider("ollama").needs_key
    assert set(catalogue.KEY_PROVIDERS) <= set(names)


async def test_the_transcript_is_the_runs_events(app):
    core, seen = app.core, []
    reviewer = ScriptedReviewer([Decision("edit", "Shorter"), Decision("accept")], {"q1": "A retreat", "q2": "March"})
    result = await core.team(reviewer, seen.append).run("Offsite")
    stamped = core.sessions.transcript(result.session_id)
    # each stored row's events come after a Stamped with the row's time (replayed cards show it)
    stamps = [e.at for e in stamped if isinstance(e, ev.Stamped)]
    assert stamps and stamps == sorted(stamps) and isinstance(stamped[0], ev.Stamped)
    replay = [e for e in stamped if not isinstance(e, ev.Stamped)]
    kinds = [type(e).__name__ for e in replay]
    assert kinds[0] == "RunStarted" and kinds[-1] == "RunFinished"
    routed = [e for e in replay if isinstance(e, ev.Routed)]
    live_routed = [e for e in seen if isinstance(e, ev.Routed)]
    assert [(e.mode, e.message, e.questions) for e in routed] == [(e.mode, e.message, e.questions) for e in live_routed]
    assert [e.revision for e in replay if isinstance(e, ev.DeliverableReady)] == [0, 1]
    assert [e.action for e in replay if isinstance(e, ev.ReviewDecided)] == ["edit", "accept"]
    assert any(isinstance(e, ev.Answered) and e.text == "A retreat" for e in replay)
    assert [e.verdict for e in replay if isinstance(e, ev.AuditReady)] == [
        e.verdict for e in seen if isinstance(e, ev.AuditReady)
    ]
