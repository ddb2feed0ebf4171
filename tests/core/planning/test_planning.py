"""The planning playbook on the scripted provider and a real SQLite file: intake
with sources, every stage gated, fallbacks, edits, resume after a restart."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.planning import artifacts as pa
from aipa.core.planning.intake import capacity, rule_extract
from aipa.core.run.reviewer import Decision
from aipa.core.text.parsing import ParseError
from aipa.providers.scripted import ScriptedProvider
from tests.support.reviewers import ScriptedReviewer

DESCRIPTION = "A habit-tracking mobile app, 4 developers, 2-week sprints"


def SKIP(questions):  # the Principal skips every question: defaults apply
    return {q.qid: "" for q in questions}


@pytest.fixture
def home(tmp_path):
    return Paths(tmp_path / "home")


def _app(home, model="demo"):
    app = build(Override("scripted", model), home)
    app.providers._cache["scripted"] = ScriptedProvider(model)
    return app


def _check_plan(plan: pa.Plan):
    assert plan.sprints and plan.stories and plan.tasks and plan.features
    for sprint in plan.sprints:
        assert sprint.points <= plan.capacity
        assert sum(s.points for s in plan.stories if s.id in sprint.stories) == sprint.points
    assert sorted(sid for sp in plan.sprints for sid in sp.stories) == sorted(s.id for s in plan.stories)
    assert all(s.acceptance_criteria for s in plan.stories)
    assert {t.story for t in plan.tasks} == {s.id for s in plan.stories}


async def test_plan_with_yes_is_complete_and_within_capacity(home):
    app = _app(home)
    reviewer = ScriptedReviewer(answers=SKIP)
    seen = []
    result = await app.planner(reviewer, seen.append).plan(DESCRIPTION)
    assert result.status == "done" and result.fallbacks == []
    assert app.store.get_run(result.run_id).status == "done"
    assert not any(isinstance(e, ev.StageFellBack) for e in seen)
    assert all(app.store.get_checkpoint(result.run_id, s)["fallback"] is False for s in ("intake", "analysis"))
    assert set(app.planner().stage_states(result.run_id).values()) == {"done"}
    _check_plan(result.plan)
    assert result.plan.capacity == 32
    sources = {qid: a["source"] for qid, a in result.plan.intake.items()}
    assert sources["team"] == "extracted" and sources["sprint_length"] == "extracted"
    assert sources["deadline"] == "defaulted"
    asked = {q.qid for q in reviewer.asked[0]}
    assert "team" not in asked and "sprint_length" not in asked and "deadline" in asked
    assert [i.stage for i in reviewer.items] == ["analysis", "features", "stories", "tasks", "sprints"]
    app.store.close()


async def test_typed_answers_are_used_and_recorded(home):
    app = _app(home)
    answers = {"users": "busy parents", "capacity": "20 points", "deadline": "June 2027"}
    reviewer = ScriptedReviewer(answers=lambda qs: {q.qid: answers.get(q.qid, "") for q in qs})
    result = await app.planner(reviewer).plan(DESCRIPTION)
    assert result.plan.capacity == 20
    assert result.plan.intake["users"] == {"answer": "busy parents", "source": "typed"}
    assert all(sp.points <= 20 for sp in result.plan.sprints)
    app.store.close()


async def test_garbage_model_falls_back_at_every_stage(home):
    app = _app(home, "garbage")
    result = await app.planner(ScriptedReviewer(answers=SKIP)).plan(DESCRIPTION)
    assert result.status == "done"
    assert result.fallbacks == ["intake", "analysis", "features", "stories", "tasks", "sprints"]
    _check_plan(result.plan)
    cps = app.store.checkpoints(result.run_id)
    for stage in ("intake", "analysis", "features", "stories", "tasks", "sprints"):
        assert cps[stage]["fallback"] is True and cps[stage]["fallback_reason"], stage
    states = app.planner().stage_states(result.run_id)
    assert states == {**dict.fromkeys(states, "fallback"), "clarify": "done"}
    app.store.close()


async def test_edit_regenerates_the_stage_with_feedback_and_previous(home):
    app = _app(home)
    reviewer = ScriptedReviewer(
        [Decision.accept(), Decision.accept(), Decision.edit("Smaller stories please")], answers=SKIP
    )
    result = await app.planner(reviewer).plan(DESCRIPTION)
    calls = [c for c in app.providers.get("scripted").calls if c.purpose == "plan_stories"]
    assert len(calls) == 2
    last = calls[-1].messages[-1].content
    assert "Smaller stories please" in last and "<previous_version>" in last and '"S1"' in last
    assert [r.action for r in app.store.reviews(result.run_id)][:4] == ["accept", "accept", "edit", "accept"]
    assert app.store.get_checkpoint(result.run_id, "stories")["revision"] == 1
    assert app.store.get_checkpoint(result.run_id, "features")["revision"] == 0
    app.store.close()


async def test_reject_stops_the_plan(home):
    app = _app(home)
    seen = []
    reviewer = ScriptedReviewer([Decision.accept(), Decision.reject()], answers=SKIP)
    result = await app.planner(reviewer, seen.append).plan(DESCRIPTION)
    assert result.decision == "reject" and not result.plan.stories
    assert result.status == "rejected" and app.store.get_run(result.run_id).status == "rejected"
    assert [e.status for e in seen if isinstance(e, ev.RunFinished)] == ["rejected"]
    app.store.close()


async def test_interrupted_at_stories_resumes_there_after_restart(home):
    class StopAtStories(ScriptedReviewer):
        async def review(self, item):
            return None if item.stage == "stories" else Decision.accept()

    app = _app(home)
    first = await app.planner(StopAtStories(answers=SKIP)).plan(DESCRIPTION)
    assert first.status == "suspended"
    assert app.store.get_run(first.run_id).stage == "stories"
    stories_before = app.store.get_checkpoint(first.run_id, "stories")["value"]
    app.store.close()

    app2 = _app(home)  # a restart: a new store, new providers
    reviewer = ScriptedReviewer()
    done = await app2.planner(reviewer).resume(first.run_id)
    assert done.status == "done"
    purposes = [c.purpose for c in app2.providers.get("scripted").calls]
    assert purposes == ["plan_tasks", "plan_sprints"], "nothing before the stories stage ran again"
    assert [i.stage for i in reviewer.items] == ["stories", "tasks", "sprints"]
    assert pa.stories_from(stories_before) == done.plan.stories
    _check_plan(done.plan)
    app2.store.close()


async def test_intake_answer_after_restart_lands_on_its_question(home):
    app = _app(home)
    first = await app.planner(ScriptedReviewer(answers=None)).plan("An internal tool")
    assert first.status == "suspended"
    qids = [q.qid for q in app.store.pending_questions()]
    assert "team" in qids and "goal" not in qids
    app.store.close()
    app2 = _app(home)
    done = await app2.planner(ScriptedReviewer(answers=lambda qs: {"team": "6 engineers"})).resume(first.run_id)
    assert done.plan.intake["team"] == {"answer": "6 engineers", "source": "typed"}
    assert done.plan.capacity == 6 * 2 * 4
    app2.store.close()


def test_rules_extract_team_and_sprints():
    found = rule_extract(DESCRIPTION)
    assert found["team"] == "4 developers" and found["sprint_length"] == "2 weeks"
    assert rule_extract("Five engineers, 3-week sprints, 40 points")["capacity"] == "40 points"
    assert capacity({"team": "five engineers", "sprint_length": "10 days"}) == (5 * 2 * 4, True)


def test_old_plans_open_with_defaults():
    story = pa.stories_from([{"id": "S1", "i_want": "x", "added_in_v9": True}])[0]
    assert story.points == 3 and story.acceptance_criteria == () and story.priority == "should"
    assert pa.sprints_from([{"number": 2}])[0].stories == ()
    assert pa.analysis_from(None) == pa.Analysis()


def test_validators_reject_what_breaks_the_rules():
    feats = (pa.Feature(id="F1", name="Core"),)
    good = {
        "id": "S1",
        "feature": "F1",
        "as_a": "u",
        "i_want": "w",
        "so_that": "s",
        "acceptance_criteria": ["c"],
        "points": 3,
        "priority": "must",
    }
    assert pa.parse_stories(json.dumps({"stories": [good]}), feats, 10)[0].id == "S1"
    for bad, why in (
        ({"acceptance_criteria": []}, "acceptance"),
        ({"points": 13}, "points"),
        ({"feature": "F9"}, "feature"),
        ({"so_that": ""}, "so_that"),
    ):
        with pytest.raises(ParseError, match=why):
            pa.parse_stories(json.dumps({"stories": [{**good, **bad}]}), feats, 10)
    stories = pa.parse_stories(json.dumps({"stories": [good, {**good, "id": "S2"}]}), feats, 5)
    with pytest.raises(ParseError, match="over the capacity"):
        pa.parse_sprints('{"sprints": [{"number": 1, "goal": "g", "stories": ["S1", "S2"]}]}', stories, 5)
    with pytest.raises(ParseError, match="not in any sprint"):
        pa.parse_sprints('{"sprints": [{"number": 1, "goal": "g", "stories": ["S1"]}]}', stories, 5)


@given(points=st.lists(st.integers(1, 13), min_size=1, max_size=30), cap=st.integers(1, 40))
def test_packing_never_exceeds_capacity(points, cap):
    # Stories as parse_stories and fallback_stories make them: 1..capacity points each.
    stories = tuple(
        pa.Story(id=f"S{i + 1}", feature="F1", as_a="u", i_want="w", so_that="s", acceptance_criteria=("c",), points=p)
        for i, p in enumerate(min(p, cap) for p in points)
    )
    sprints = pa.pack_sprints(stories, cap)
    assert all(sp.points <= cap for sp in sprints)
    assert sorted(sid for sp in sprints for sid in sp.stories) == sorted(s.id for s in stories)
