from datetime import UTC, datetime, timedelta, timezone

import pytest

from aipa.errors import StoreError
from aipa.store import SessionRecord, Store

from .conftest import START


def test_session_ids_count_per_day(store, clock):
    assert store.create_session() == "S-20261129-001"
    assert store.create_session() == "S-20261129-002"
    clock.set(START + timedelta(days=1))
    assert store.create_session() == "S-20261130-001"
    clock.set(START)
    assert store.create_session() == "S-20261129-003"


def test_deleted_session_ids_are_not_reused(store):
    first = store.create_session()
    store.delete_session(first)
    assert store.create_session() == "S-20261129-002"


def test_id_day_follows_the_zone_of_now_and_times_are_stored_utc(db_path):
    sydney = timezone(timedelta(hours=11))
    local = datetime(2026, 11, 30, 8, 0, tzinfo=sydney)  # 2026-11-29 21:00 UTC
    with Store(db_path, now=lambda: local) as store:
        session_id = store.create_session()
        assert session_id == "S-20261130-001"
        created = store.get_session(session_id).created_at
        assert created.tzinfo == UTC
        assert created == local


def test_get_session(store, clock):
    clock.set(START)
    session_id = store.create_session("offsite plan")
    record = store.get_session(session_id)
    assert isinstance(record, SessionRecord)
    assert record.id == record.session_id == session_id
    assert record.title == "offsite plan"
    assert record.created_at == START == record.last_active
    assert record.closed_at is None
    assert store.get_session("S-19990101-001") is None


def test_records_are_frozen(store, session_id):
    record = store.get_session(session_id)
    with pytest.raises(AttributeError):
        record.title = "x"


def test_list_sessions_newest_activity_first(store):
    a = store.create_session("a")
    b = store.create_session("b")
    c = store.create_session("c")
    assert [s.id for s in store.list_sessions()] == [c, b, a]
    store.add_message(a, "user", "hi")
    assert [s.id for s in store.list_sessions()] == [a, c, b]
    store.create_run(b, "go")
    assert [s.id for s in store.list_sessions()] == [b, a, c]
    assert [s.id for s in store.list_sessions(limit=2)] == [b, a]


def test_rename_and_close(store, session_id):
    store.rename_session(session_id, "renamed")
    assert store.get_session(session_id).title == "renamed"
    store.close_session(session_id)
    closed_at = store.get_session(session_id).closed_at
    assert closed_at is not None and closed_at.tzinfo == UTC
    store.close_session(session_id)  # idempotent, keeps the first time
    assert store.get_session(session_id).closed_at == closed_at


@pytest.mark.parametrize("method", ["rename_session", "close_session", "delete_session"])
def test_unknown_session_is_refused(store, method):
    args = ("S-19990101-001", "t") if method == "rename_session" else ("S-19990101-001",)
    with pytest.raises(StoreError, match="no such session S-19990101-001"):
        getattr(store, method)(*args)


def test_delete_session_cascades(store, session_id, run_id):
    other = store.create_session("other")
    store.add_message(session_id, "user", "findable words", run_id=run_id)
    store.add_message(other, "user", "findable too")
    store.create_task(run_id, "T-20261129-001-A", "Atlas", "Research", "brief")
    store.save_checkpoint(run_id, "route", {"x": 1})
    store.add_question(run_id, "q1", "Budget?")
    store.add_review(run_id, "plan", "accept")
    store.record_usage(
        run_id=run_id,
        session_id=session_id,
        agent="Miranda",
        provider="scripted",
        model="m",
        input_tokens=5,
        output_tokens=7,
        seconds=0.5,
    )

    store.delete_session(session_id)

    assert store.get_session(session_id) is None
    assert store.messages(session_id) == []
    assert store.get_run(run_id) is None
    assert store.tasks(run_id) == []
    assert store.checkpoints(run_id) == {}
    assert store.questions(run_id) == []
    assert store.reviews(run_id) == []
    assert [m.session_id for m in store.search_messages("findable")] == [other]
    # usage is accounting: it stays, detached from the deleted session
    assert store.usage_totals()["calls"] == 1
    assert store.usage_totals(session_id=session_id)["calls"] == 0
