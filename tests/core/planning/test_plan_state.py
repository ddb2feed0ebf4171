"""What the plan window shows, read by core/planning/state.py from a real SQLite file:
each stage's state, the plan and whether the run resumes. Fallbacks come from the
StageFellBack event and the checkpoints' ``fallback`` key (the scripted ``garbage``
model makes every stage fall back), never from a message's text."""

from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.planning.state import PlanService, PlanState, read_state
from aipa.providers.scripted import ScriptedProvider
from tests.support.reviewers import ScriptedReviewer

DESCRIPTION = "A habit-tracking mobile app, 4 developers, 2-week sprints"
ARTIFACTS = ("analysis", "features", "stories", "tasks", "sprints")


def SKIP(questions):
    return {q.qid: "" for q in questions}


class LaterAt(ScriptedReviewer):
    """Accepts every gate until ``stage``'s, which it leaves for later (the run waits)."""

    def __init__(self, stage: str) -> None:
        super().__init__(answers=SKIP)
        self.stage = stage

    async def review(self, item):
        self.items.append(item)
        return None if item.stage == self.stage else await super().review(item)


@pytest.fixture
def app(tmp_path, request):
    model = getattr(request, "param", "demo")
    app = build(Override("scripted", model), Paths(tmp_path / "home"))
    app.providers._cache["scripted"] = ScriptedProvider(model)
    yield app
    app.store.close()


@pytest.mark.parametrize("app", ["garbage"], indirect=True)
async def test_a_waiting_garbage_run_shows_its_fallen_stages_and_resumes(app):
    plans = PlanService.of(app)
    seen = []
    result = await plans.planner(LaterAt("stories"), seen.append).plan(DESCRIPTION)
    assert result.status == "suspended"
    fell = [e.stage for e in seen if isinstance(e, ev.StageFellBack)]
    assert fell == ["intake", "analysis", "features", "stories"]
    # The state reads the database only: no events, no text.
    state = plans.state(result.run_id)
    assert state.status == "suspended" and state.resumable
    assert state.stages == {
        "intake": "fallback",
        "clarify": "done",
        "analysis": "fallback",
        "features": "fallback",
        "stories": "fallback",  # generated, waiting for review: it fell back
        "tasks": "pending",
        "sprints": "pending",
    }
    assert state.plan.analysis.summary and state.plan.features and state.plan.stories and not state.plan.tasks
    # Resumed and finished: every artifact stage fell back, nothing to resume.
    done = await plans.planner(ScriptedReviewer(answers=SKIP), lambda _e: None).resume(result.run_id)
    assert done.status == "done"
    final = plans.state(result.run_id)
    assert not final.resumable and final.plan.sprints
    assert final.stages == {**dict.fromkeys(final.stages, "fallback"), "clarify": "done"}


@pytest.mark.parametrize("app", ["garbage"], indirect=True)
async def test_the_state_says_fallen_back_when_the_event_arrives(app):
    """StageFellBack comes before the stage's value (and its checkpoint) is saved: the
    database says so already, so the window re-reads the state on the event."""
    plans = PlanService.of(app)
    during = {}

    def on_event(event):
        if isinstance(event, ev.StageFellBack):
            during[event.stage] = (
                plans.state(event.run_id).stages[event.stage],
                "value" in app.store.checkpoints(event.run_id).get(event.stage, {}),
            )

    await plans.planner(ScriptedReviewer(answers=SKIP), on_event).plan(DESCRIPTION)
    assert during == {
        "intake": ("fallback", False),
        **{stage: ("fallback", False) for stage in ARTIFACTS},
    }


async def test_a_good_run_is_done_everywhere_and_not_resumable(app):
    plans = PlanService.of(app)
    result = await plans.planner(ScriptedReviewer(answers=SKIP), lambda _e: None).plan(DESCRIPTION)
    state = plans.state(result.run_id)
    assert set(state.stages.values()) == {"done"} and not state.resumable
    assert [r.run_id for r in plans.runs()] == [result.run_id]
    assert read_state(app.planner(), None) == PlanState()  # no run yet: every stage pending, an empty plan


async def test_export_writes_each_format_and_refuses_others(app, tmp_path: Path):
    plans = PlanService.of(app)
    result = await plans.planner(ScriptedReviewer(answers=SKIP), lambda _e: None).plan(DESCRIPTION)
    md = plans.export(result.run_id, "md", tmp_path / "out" / "plan.md")
    assert md.read_text(encoding="utf-8").startswith("# ")
    assert plans.export(result.run_id, "", tmp_path / "plan.json").read_text(encoding="utf-8").startswith("{")
    with pytest.raises(ValueError, match="Cannot export as 'pdf'"):
        plans.export(result.run_id, "", tmp_path / "plan.pdf")
