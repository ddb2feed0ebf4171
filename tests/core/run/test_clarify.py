"""The clarify gate: question sets with round, transport and deadline; the deadline
policy (proceed on stated assumptions, or wait); more than one round, bounded; the first
answer wins. Scripted provider, a real SQLite file."""

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from aipa import errors
from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run import clarify
from aipa.core.run.reviewer import AutoReviewer, SuspendingReviewer
from tests.support.reviewers import ScriptedReviewer


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


def _answer_all(questions):
    return {q.qid: f"answer to {q.text}" for q in questions}


def _age(app, run_id, hours):
    """Move the stored question set back in time, in the real file (as if hours passed)."""
    with sqlite3.connect(app.paths.db) as conn:
        for column in ("asked_at", "deadline"):
            (value,) = conn.execute(f"select {column} from question_sets where run_id = ?", (run_id,)).fetchone()
            moved = datetime.fromisoformat(value) - timedelta(hours=hours)
            conn.execute(
                f"update question_sets set {column} = ? where run_id = ?",
                (moved.isoformat(timespec="microseconds"), run_id),
            )


def test_stated_assumptions_come_from_the_question():
    assert clarify.stated_assumption("How many people? (default: 12)") == (
        "No answer came before the deadline: assume 12."
    )
    assert "assume a hotel" in clarify.stated_assumption("Where? Otherwise I'll assume a hotel.")
    assert clarify.stated_assumption("Who is coming?") == clarify.ASSUMPTION
    assert clarify.qids(1, 2) == ["q1", "q2"] and clarify.qids(2, 1) == ["r2q1"]


async def test_a_question_set_carries_round_transport_and_deadline(app):
    reviewer = ScriptedReviewer(answers=None)
    reviewer.transport = "window"
    before = datetime.now(UTC)
    result = await app.pipeline(reviewer).run("Plan it")
    assert result.status == "suspended"
    (asked,) = reviewer.asked
    assert [(q.qid, q.round) for q in asked] == [("q1", 1), ("q2", 1)]
    (qset,) = app.store.question_sets(result.run_id)
    assert (qset.round, qset.transport, qset.answered_at) == (1, "window", None)
    hours = (qset.deadline - before).total_seconds() / 3600
    assert 23.99 < hours <= 24.01 and asked[0].deadline == qset.deadline


async def test_a_lapsed_deadline_proceeds_on_the_stated_assumptions_at_resume(app):
    first = await app.pipeline(SuspendingReviewer()).run("Plan it")
    _age(app, first.run_id, 25)
    seen = []
    reviewer = ScriptedReviewer(answers=None)  # nobody answers: the policy does
    done = await app.pipeline(reviewer, seen.append).resume(first.run_id)
    assert done.status == "done" and reviewer.asked == []
    answers = {q["qid"]: q["answer"] for q in done.questions}
    assert answers["q1"] == "No answer came before the deadline: assume a short written plan."
    assert [q.source for q in app.store.questions(first.run_id)] == ["deadline", "deadline"]
    (qset,) = app.store.question_sets(first.run_id)
    assert (qset.answered_via, qset.outcome) == ("deadline", "proceeded")
    assert any(isinstance(e, ev.Notice) and "deadline passed" in e.text for e in seen)
    route = [c for c in app.providers.get("scripted").calls if c.purpose == "route"][-1]
    assert "assume a short written plan" in route.messages[-1].content


async def test_the_wait_policy_stays_suspended_but_a_person_may_still_answer(app):
    app.settings_source.update(clarify_deadline_policy="wait", clarify_deadline_hours=1)
    first = await app.pipeline(SuspendingReviewer()).run("Plan it")
    _age(app, first.run_id, 2)
    assert clarify.lapse_all(app.store, app.settings) == {first.run_id: "waiting"}
    again = await app.pipeline(SuspendingReviewer()).resume(first.run_id)
    assert again.status == "suspended"
    assert clarify.describe(app.store, app.settings, first.run_id)["outcome"] == "waiting"
    done = await app.pipeline(ScriptedReviewer(answers=_answer_all)).resume(first.run_id)
    # A reviewer that names no transport is the window's.
    assert done.status == "done" and app.store.question_sets(first.run_id)[0].answered_via == "window"


async def test_answers_that_raise_new_questions_take_another_round(app):
    app.providers.override = Override("scripted", "clarify")
    reviewer = ScriptedReviewer(answers=_answer_all)
    result = await app.pipeline(reviewer).run("Plan the launch party for the new product")
    assert result.status == "done"
    assert [[q.qid for q in r] for r in reviewer.asked] == [["q1", "q2"], ["r2q1"]]
    assert [q.round for q in reviewer.asked[1]] == [2]
    assert [s.round for s in app.store.question_sets(result.run_id)] == [1, 2]
    route = [c for c in app.providers.get("scripted").calls if c.purpose == "route"][-1]
    assert "answer to Which city?" in route.messages[-1].content and "answer to Who is the audience?" in (
        route.messages[-1].content
    )


async def test_the_number_of_rounds_is_bounded(app):
    app.providers.override = Override("scripted", "clarify")
    app.settings_source.update(clarify_max_rounds=1)
    reviewer = ScriptedReviewer(answers=_answer_all)
    result = await app.pipeline(reviewer).run("Plan the launch party for the new product")
    assert result.status == "done" and len(reviewer.asked) == 1
    route = [c for c in app.providers.get("scripted").calls if c.purpose == "route"][-1]
    assert route.tags["may_ask"] == "no" and "Do not ask again" in route.messages[-1].content


async def test_the_first_answer_wins_and_the_second_is_told(app):
    first = await app.pipeline(SuspendingReviewer()).run("Plan it")
    window = app.pipeline(AutoReviewer())

    def the_window_answers_meanwhile(questions):
        # While the terminal's Principal types, the window's answer arrives first.
        window.answer(first.run_id, {q.qid: "from the window" for q in questions}, transport="window")
        return {q.qid: "from the terminal" for q in questions}

    terminal = ScriptedReviewer(answers=the_window_answers_meanwhile)
    terminal.transport = "terminal"
    with pytest.raises(errors.AlreadyAnswered) as told:
        await app.pipeline(terminal).resume(first.run_id)
    assert "already answered (in the window at " in told.value.message
    assert told.value.exit_code == errors.EXIT_USAGE
    assert [q.answer for q in app.store.questions(first.run_id)] == ["from the window"] * 2
    assert app.store.get_run(first.run_id).status == "suspended"  # not failed: it continues with the answers
    with pytest.raises(errors.AlreadyAnswered):
        window.answer(first.run_id, {"q1": "again"})
    later = await app.pipeline(SuspendingReviewer()).resume(first.run_id)  # no question asked again
    assert later.status == "suspended" and app.store.get_run(first.run_id).stage == "review"
