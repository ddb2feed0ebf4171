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


# --- question sets: rounds, deadlines, first answer wins ---------------------------------


def test_a_question_set_carries_round_transport_and_deadline(store, run_id, clock):
    from datetime import timedelta

    from aipa.store import QuestionSetRecord

    deadline = clock.now + timedelta(hours=24)
    store.ask_question_set(run_id, 1, [("q1", "Budget?"), ("q2", "When?")], transport="terminal", deadline=deadline)
    store.ask_question_set(run_id, 1, [("q1", "Asked again")], transport="window", deadline=None)  # idempotent
    (qset,) = store.question_sets(run_id)
    assert isinstance(qset, QuestionSetRecord)
    assert (qset.round, qset.transport, qset.deadline, qset.answered_at, qset.outcome) == (
        1,
        "terminal",
        deadline,
        None,
        "",
    )
    assert [(q.qid, q.text, q.round) for q in store.questions(run_id)] == [("q1", "Budget?", 1), ("q2", "When?", 1)]
    assert store.open_question_sets() == [qset]

    store.answer_question_set(run_id, 1, {"q1": "10k", "q2": "May"}, via="terminal")
    (qset,) = store.question_sets(run_id)
    assert qset.answered_via == "terminal" and qset.answered_at is not None
    assert [q.answer for q in store.questions(run_id)] == ["10k", "May"]
    assert store.open_question_sets() == []

    store.ask_question_set(run_id, 2, [("r2q1", "Which city?")], transport="terminal", deadline=None)
    assert [s.round for s in store.question_sets(run_id)] == [1, 2]
    assert [q.round for q in store.questions(run_id)] == [1, 1, 2]


def test_the_first_answer_wins_and_the_second_is_told(store, db_path, run_id, clock):
    from aipa.errors import AlreadyAnswered
    from aipa.store import Store

    store.ask_question_set(run_id, 1, [("q1", "Budget?")], transport="window", deadline=None)
    other = Store(db_path, now=clock)  # a second process's connection to the same file
    try:
        other.answer_question_set(run_id, 1, {"q1": "from the terminal"}, via="terminal")
        with pytest.raises(AlreadyAnswered) as told:
            store.answer_question_set(run_id, 1, {"q1": "from the window"}, via="window")
    finally:
        other.close()
    assert told.value.via == "terminal" and told.value.exit_code == 2
    assert "already answered (in the terminal at " in told.value.message
    assert [q.answer for q in store.questions(run_id)] == ["from the terminal"]
    with pytest.raises(StoreError, match="no such question round 5"):
        store.answer_question_set(run_id, 5, {}, via="window")


def test_waiting_question_sets_lists_each_waiting_directive_run_once_latest_first(store, session_id):
    """The Inbox's one query (issue 35): a run's latest open clarify round, only while the
    directive run waits (suspended or interrupted) in a session not in the Trash."""
    runs = [store.create_run(session_id, f"Directive {i}") for i in range(4)]
    plan = store.create_run(session_id, "A plan", kind="plan")
    for run_id in [*runs, plan]:
        store.ask_question_set(run_id, 1, [("q1", "Budget?")], transport="window", deadline=None)
        store.update_run(run_id, status="suspended")
    store.answer_question_set(runs[1], 1, {"q1": "10k"}, via="window")  # its answers raised a second round
    store.ask_question_set(runs[1], 2, [("r2q1", "Which city?")], transport="window", deadline=None)
    store.update_run(runs[2], status="running")  # driven now: its card is open
    store.answer_question_set(runs[3], 1, {"q1": "10k"}, via="terminal")  # answered
    assert store.waiting_question_sets(10) == [(runs[1], 2), (runs[0], 1)]
    assert store.waiting_question_sets(1) == [(runs[1], 2)]
    store.trash_session(session_id)
    assert store.waiting_question_sets(10) == []
