"""Checked work in the pipeline (core/run/checks_stage.py, audit_stage.py) on the scripted
provider with a script of its own (the scripted provider is the project's offline model:
deterministic replies by purpose): the router's proposals become judged checks, the
auditor answers them in the structured call, an unusable structured reply falls back to
the memo call, the events come in order, and a PASS over a failed measured check is FLAG."""

from __future__ import annotations

import json

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from aipa.providers.scripted import ScriptedProvider, demo_script

DIRECTIVE = "Write the move note for the team. Use exactly 2 bullet points and cover the new address."


@pytest.fixture
def app(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    yield app
    app.store.close()


def _script(*, audit: str, deliverable: str):
    def script(request):
        if request.purpose == "route":
            lead = list(request.json_schema["properties"]["briefs"]["properties"])[0]
            brief = {"agent": lead, "title": "Note", "instructions": "Draft it."}
            return json.dumps(
                {"mode": "delegate", "briefs": [brief], "message": "ok", "checks": ["covers the new address"]}
            )
        if request.purpose == "synthesize":
            return deliverable
        if request.purpose == "audit":
            return (
                audit if request.json_schema and "rubric" in request.json_schema["properties"] else demo_script(request)
            )
        return demo_script(request)

    return script


def _pipeline(app, script, **settings):
    app.providers._cache["scripted"] = ScriptedProvider(script=script)
    seen: list = []
    app.settings = app.settings.with_changes(**settings)
    app.providers.settings = app.settings
    return app.pipeline(AutoReviewer(), seen.append), seen


async def test_router_checks_are_judged_in_the_structured_audit(app):
    audit = json.dumps(
        {"verdict": "PASS", "rubric": [{"id": "j1", "met": False, "reason": "no address"}], "memo": "Fine."}
    )
    pipeline, seen = _pipeline(app, _script(audit=audit, deliverable="- Pack.\n- Move."))
    result = await pipeline.run(DIRECTIVE)
    by_id = {c["id"]: c for c in result.checks}
    assert by_id["bullets"]["passed"] is True and by_id["j1"]["source"] == "model"
    assert by_id["j1"]["passed"] is False and by_id["j1"]["detail"] == "no address"
    assert result.verdict == "PASS" and result.revisions == []  # a judged failure neither caps nor sends back
    kinds = [type(e).__name__ for e in seen if isinstance(e, ev.ChecksSet | ev.ChecksMeasured | ev.DeliverableReady)]
    assert kinds[0] == "ChecksSet" and kinds.index("DeliverableReady") < kinds.index("ChecksMeasured")
    routed = next(i for i, e in enumerate(seen) if isinstance(e, ev.Routed))
    first_lead = next(i for i, e in enumerate(seen) if isinstance(e, ev.TaskChanged))
    assert routed < next(i for i, e in enumerate(seen) if isinstance(e, ev.ChecksSet)) < first_lead
    audits = [c for c in app.store.calls(run_id=result.run_id) if c.purpose == "audit"]
    assert len(audits) == 1  # verdict, memo and rubric in one call


async def test_an_unusable_structured_audit_falls_back_to_the_memo_and_the_rule_caps_it(app):
    pipeline, seen = _pipeline(app, _script(audit="{not json", deliverable="No bullets at all."), revise_rounds=0)
    result = await pipeline.run(DIRECTIVE)
    assert {c["id"]: c["passed"] for c in result.checks}["bullets"] is False
    # the demo memo says PASS WITH NOTES; the failed measured check makes it FLAG
    assert result.verdict == "FLAG" and result.memo.startswith("**Failed checks**")
    assert "lowered from PASS WITH NOTES" in result.memo and result.memo.rstrip().endswith("VERDICT: FLAG")
    assert "audit" in result.fallbacks
    revising = [e for e in seen if isinstance(e, ev.Revising)]
    assert revising == []  # revise_rounds 0: off


async def test_a_failed_check_sends_it_back_with_events_and_the_budget_of_rounds(app):
    audit = json.dumps({"verdict": "PASS", "rubric": [], "memo": "Fine."})
    pipeline, seen = _pipeline(app, _script(audit=audit, deliverable="No bullets at all."), revise_rounds=1)
    result = await pipeline.run(DIRECTIVE)
    revising = [e for e in seen if isinstance(e, ev.Revising)]
    assert len(revising) == 1 and revising[0].failed_ids == ("bullets",) and revising[0].round == 1
    assert revising[0].next_run_id == result.run_id
    assert any(isinstance(e, ev.Notice) and e.text.startswith("revising: 1 check failed: bullets") for e in seen)
    assert [r["revision"] for r in result.revisions] == [1, 2] and result.verdict == "FLAG"
    assert app.store.get_run(result.run_id).parent_id == revising[0].run_id


async def test_a_stored_session_replays_its_checks_as_they_were_shown(app):
    from aipa.core.session.transcript import session_events

    audit = json.dumps({"verdict": "PASS", "rubric": [], "memo": "Fine."})
    pipeline, seen = _pipeline(app, _script(audit=audit, deliverable="No bullets at all."), revise_rounds=1)
    result = await pipeline.run(DIRECTIVE)
    live = [type(e).__name__ for e in seen if isinstance(e, ev.ChecksSet | ev.ChecksMeasured)]
    replayed = session_events(app.store, result.session_id)
    again = [type(e).__name__ for e in replayed if isinstance(e, ev.ChecksSet | ev.ChecksMeasured)]
    # live: set, measured, judged answered (each revision); replayed: set, then the last measuring
    assert live.count("ChecksSet") == again.count("ChecksSet") == 2
    last = [e for e in replayed if isinstance(e, ev.ChecksMeasured)][-1]
    assert last.run_id == result.run_id and {c["id"]: c["passed"] for c in last.checks}["bullets"] is False
    first_set = next(e for e in replayed if isinstance(e, ev.ChecksSet))
    assert all(c["passed"] is None for c in first_set.checks)
