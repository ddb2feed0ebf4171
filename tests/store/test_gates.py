import pytest

from aipa.errors import StoreError
from aipa.store import QuestionRecord, ReviewRecord


def test_questions_ask_and_answer(store, run_id):
    store.add_question(run_id, "q1", "What is the budget?")
    store.add_question(run_id, "q2", "How many people?")
    store.add_question(run_id, "q1", "Asked again with other words")  # idempotent
    store.add_question(run_id, "s1", "Which sprint length?", stage="stories")

    questions = store.questions(run_id)
    assert [q.qid for q in questions] == ["q1", "q2", "s1"]
    q1 = questions[0]
    assert isinstance(q1, QuestionRecord)
    assert (q1.run_id, q1.text, q1.stage, q1.answer, q1.source, q1.answered_at) == (
        run_id,
        "What is the budget?",
        "clarify",
        None,
        None,
        None,
    )
    assert [q.qid for q in store.questions(run_id, stage="clarify")] == ["q1", "q2"]

    store.answer_question(run_id, "q1", "10k EUR")
    store.answer_question(run_id, "q2", "12", source="suggested")
    q1, q2, _ = store.questions(run_id)
    assert (q1.answer, q1.source) == ("10k EUR", "typed")
    assert (q2.answer, q2.source) == ("12", "suggested")
    assert q1.answered_at > q1.asked_at


def test_answering_unknown_question_is_refused(store, run_id):
    with pytest.raises(StoreError, match="no such question q9"):
        store.answer_question(run_id, "q9", "x")


def test_question_for_missing_run_is_refused(store):
    with pytest.raises(StoreError, match="add question"):
        store.add_question("R-19990101-001", "q1", "x")


def test_pending_questions_across_runs_and_by_session(store, session_id, run_id):
    other_session = store.create_session()
    other_run = store.create_run(other_session, "other")
    store.add_question(run_id, "q1", "a?")
    store.add_question(other_run, "q1", "b?")
    store.add_question(run_id, "q2", "c?")
    store.answer_question(run_id, "q2", "yes")

    assert [(q.run_id, q.qid) for q in store.pending_questions()] == [(run_id, "q1"), (other_run, "q1")]
    assert [(q.run_id, q.qid) for q in store.pending_questions(session_id)] == [(run_id, "q1")]
    assert [(q.run_id, q.qid) for q in store.pending_questions(other_session)] == [(other_run, "q1")]


def test_reviews(store, run_id):
    store.add_review(run_id, "plan", "accept")
    store.add_review(run_id, "review", "edit", "shorter please")
    store.add_review(run_id, "review", "reject")
    reviews = store.reviews(run_id)
    assert all(isinstance(r, ReviewRecord) for r in reviews)
    assert [(r.run_id, r.stage, r.action, r.feedback) for r in reviews] == [
        (run_id, "plan", "accept", ""),
        (run_id, "review", "edit", "shorter please"),
        (run_id, "review", "reject", ""),
    ]
    assert reviews[0].created_at < reviews[1].created_at


def test_review_action_is_checked(store, run_id):
    with pytest.raises(StoreError, match="unknown action 'approve'"):
        store.add_review(run_id, "plan", "approve")
    with pytest.raises(StoreError, match="add a review"):
        store.add_review("R-19990101-001", "plan", "accept")
