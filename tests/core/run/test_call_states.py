"""Output budgets per stage, replies cut at their budget, the verdict as a constrained
second call, and how each call went (ok / re-asked / fell back) in the JSON result: the
pipeline end to end on the scripted provider and a real SQLite file (issue 20)."""

from __future__ import annotations

import json

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run import prompts
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.text.parsing import VERDICT_SCHEMA, ParseError, parse_verdict_reply
from aipa.providers.scripted import ScriptedProvider, demo_script

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


async def _run(app, script, **settings):
    provider = ScriptedProvider(script=script, think=False)
    app.providers._cache["scripted"] = provider
    if settings:
        app.settings = app.settings.with_changes(**settings)
        app.providers.settings = app.settings
    seen: list = []
    result = await app.pipeline(AutoReviewer(), seen.append).run(DIRECTIVE)
    return result, provider.calls, seen


async def test_each_stage_asks_for_its_own_budget_and_all_went_ok(app):
    result, calls, _ = await _run(app, demo_script)
    budgets = {(c.purpose, c.max_tokens) for c in calls}
    assert budgets == {("route", 512), ("lead", 1024), ("synthesize", 1536), ("audit", 512)}
    assert result.stages == {"route": "ok", **{f"lead {t['task_id']}": "ok" for t in result.tasks}} | {
        "synthesize": "ok",
        "audit": "ok",
    }
    assert result.cut == [] and result.to_json()["stages"] == result.stages


async def test_budgets_are_settings_and_the_global_cap_still_caps(app):
    result, calls, _ = await _run(app, demo_script, lead_max_tokens=300, audit_max_tokens=64, max_output_tokens=400)
    assert {c.purpose: c.max_tokens for c in calls} == {"route": 400, "lead": 300, "synthesize": 400, "audit": 64}


async def test_the_audit_is_told_the_memo_length_that_leaves_room_for_the_verdict(app):
    _, calls, _ = await _run(app, demo_script, audit_max_tokens=192)
    audit = next(c for c in calls if c.purpose == "audit")
    assert "Write the memo in at most 105 words" in audit.messages[-1].content  # (192 - 16) * 0.6


async def test_the_orchestrator_gets_the_directive_once_and_no_blank_standing_brief(app):
    _, calls, _ = await _run(app, demo_script)
    for call in (c for c in calls if c.purpose in ("route", "synthesize")):
        assert sum(DIRECTIVE in m.content for m in call.messages) == 1, call.purpose
        assert "standing brief" not in call.messages[0].content  # the untouched template says nothing
    brief = "# Standing brief\n\n## Principal\n- Ana, a baker\n\n## Log\n"
    app.pipeline(AutoReviewer(), lambda e: None).brief.set(brief)
    _, calls, _ = await _run(app, demo_script)
    route = next(c for c in calls if c.purpose == "route")
    assert "Ana, a baker" in route.messages[0].content


async def test_a_reply_cut_at_its_budget_is_marked_cut(app):
    def script(request):
        return "word " * 500 if request.purpose == "lead" else demo_script(request)

    result, _, seen = await _run(app, script, lead_max_tokens=40)
    leads = [f"lead {t['task_id']}" for t in result.tasks]
    assert result.cut == leads and all(result.stages[lead] == "ok" for lead in leads)
    finished = [e for e in seen if isinstance(e, ev.AgentMessage) and e.purpose == "lead"]
    assert finished and all(e.cut for e in finished)
    assert all(len(e.content.split()) == 40 for e in finished)
    saved = app.store.get_checkpoint(result.run_id, "fallbacks")
    assert saved["cut"] == leads and saved["states"] == result.stages  # a resumed run reports them too


def _memo_without_verdict(answer: str):
    def script(request):
        if request.purpose == "audit" and request.tags.get("verdict") == "yes":
            return answer
        if request.purpose == "audit":
            return "**Summary** The plan is sound but the budget is thin."
        return demo_script(request)

    return script


async def test_a_memo_without_verdict_gets_a_constrained_verdict_call(app):
    result, calls, _ = await _run(app, _memo_without_verdict('{"verdict": "PASS WITH NOTES"}'))
    ask = [c for c in calls if c.tags.get("verdict") == "yes"]
    assert len(ask) == 1 and ask[0].json_schema == VERDICT_SCHEMA and ask[0].max_tokens == 24
    # lean: a one-line system prompt and the memo, not the auditor's rules nor the directive
    system, asked = ask[0].messages
    assert system.content == prompts.verdict_system("Vera") and "budget is thin" in asked.content
    assert DIRECTIVE not in asked.content
    assert result.verdict == "PASS WITH NOTES" and result.memo.endswith("VERDICT: PASS WITH NOTES")
    assert result.stages["audit"] == "re-asked" and "audit" not in result.fallbacks
    assert app.store.get_run(result.run_id).verdict == "PASS WITH NOTES"


async def test_an_unusable_verdict_call_is_flag_and_fell_back(app):
    result, calls, _ = await _run(app, _memo_without_verdict("I cannot say."))
    assert len([c for c in calls if c.tags.get("verdict") == "yes"]) == 2  # asked, then re-asked
    assert result.verdict == "FLAG" and result.memo.endswith("VERDICT: FLAG")
    assert result.stages["audit"] == "fell back" and "audit" in result.fallbacks


async def test_a_reask_reply_that_echoes_the_reask_is_never_the_answer(app):
    def script(request):
        if request.purpose == "route" and request.tags.get("reask") == "yes":
            return json.dumps({"mode": "direct", "message": "Your output was invalid: no valid JSON object was found"})
        if request.purpose == "route":
            return "Sure! Here is my plan."
        return demo_script(request)

    result, _, _ = await _run(app, script)
    assert result.stages["route"] == "fell back" and "route" in result.fallbacks
    assert result.mode == "delegate" and len(result.tasks) == 4  # the deterministic routing


async def test_a_good_reask_reply_is_re_asked(app):
    def script(request):
        if request.purpose == "route" and request.tags.get("reask") != "yes":
            return "Sure! Here is my plan."
        return demo_script(request)

    result, _, _ = await _run(app, script)
    assert result.stages["route"] == "re-asked" and result.fallbacks == []


def test_the_verdict_reply_parses_json_or_one_bare_word():
    assert parse_verdict_reply('{"verdict": "flag"}') == "FLAG"
    assert parse_verdict_reply("PASS WITH NOTES") == "PASS WITH NOTES"
    for bad in ("", "PASS or REJECT", '{"verdict": "maybe"}'):
        with pytest.raises(ParseError):
            parse_verdict_reply(bad)


async def test_a_routing_reply_cut_at_its_budget_keeps_what_came_before_the_cut(app):
    cut_off = (
        '{"mode": "delegate", "message": "Two leads.", "briefs": [{"agent": "Atlas", "title": "Venues", '
        '"instructions": "Find three venues near the city"}, {"agent": "Cole", "title": "Plan", "instructions": "Draw'
    )

    def script(request):
        return cut_off + " up the days " * 50 if request.purpose == "route" else demo_script(request)

    result, calls, _ = await _run(app, script, route_max_tokens=len(cut_off.split()) + 2)
    assert [t["assigned_to"] for t in result.tasks] == ["Atlas", "Cole"]
    assert result.stages["route"] == "ok" and "route" in result.cut and result.fallbacks == []
    assert len([c for c in calls if c.purpose == "route"]) == 1  # no re-ask needed


def test_close_truncated_drops_the_unfinished_item_and_closes_the_rest():
    from aipa.core.text.truncated import close_truncated

    assert close_truncated('{"mode": "direct", "message": "The answer is') == {
        "mode": "direct",
        "message": "The answer is",
    }
    assert close_truncated('{"a": [1, 2, {"b": "c"}, {"d": ') == {"a": [1, 2, {"b": "c"}, {}]}
    assert close_truncated("no json here") is None and close_truncated('{"mo') is None
