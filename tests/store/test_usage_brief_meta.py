import pytest

from aipa.store import BriefRecord


def _usage(store, run_id, session_id, tokens_in, tokens_out, seconds, **extra):
    store.record_usage(
        run_id=run_id,
        session_id=session_id,
        agent="Atlas",
        provider="ollama",
        model="qwen3:8b",
        input_tokens=tokens_in,
        output_tokens=tokens_out,
        seconds=seconds,
        **extra,
    )


def test_usage_totals(store, session_id, run_id):
    assert store.usage_totals() == {"input_tokens": 0, "output_tokens": 0, "calls": 0, "seconds": 0.0}
    other_run = store.create_run(session_id, "other")
    other_session = store.create_session()
    _usage(store, run_id, session_id, 100, 20, 1.5, purpose="route")
    _usage(store, other_run, session_id, 10, 2, 0.5)
    _usage(store, None, other_session, 1, 1, 0.25, purpose="brief")

    assert store.usage_totals() == {"input_tokens": 111, "output_tokens": 23, "calls": 3, "seconds": 2.25}
    assert store.usage_totals(run_id=run_id) == {"input_tokens": 100, "output_tokens": 20, "calls": 1, "seconds": 1.5}
    assert store.usage_totals(session_id=session_id)["calls"] == 2
    assert store.usage_totals(session_id=other_session)["input_tokens"] == 1
    assert store.usage_totals(run_id=run_id, session_id=other_session)["calls"] == 0


def test_standing_brief_versions(store):
    assert store.current_brief() is None
    assert store.brief_history() == []
    store.save_brief("v1 text", reason="first session")
    store.save_brief("v2 text", reason="session closed")
    store.save_brief("v3 text")
    assert store.current_brief() == "v3 text"
    history = store.brief_history()
    assert all(isinstance(b, BriefRecord) for b in history)
    assert [(b.version, b.text, b.reason) for b in history] == [
        (3, "v3 text", ""),
        (2, "v2 text", "session closed"),
        (1, "v1 text", "first session"),
    ]
    assert history[0].created_at > history[1].created_at
    assert [b.version for b in store.brief_history(limit=2)] == [3, 2]


def test_brief_archive(store):
    assert store.archived_brief_entries() == []
    store.archive_brief_entries(["2026-11-01 chose venue A", "2026-11-02 budget 10k"])
    store.archive_brief_entries([])
    store.archive_brief_entries(["2026-11-03 dates fixed"])
    assert store.archived_brief_entries() == [
        "2026-11-01 chose venue A",
        "2026-11-02 budget 10k",
        "2026-11-03 dates fixed",
    ]


def test_meta(store):
    assert store.get_meta("last_session") is None
    assert store.get_meta("last_session", "none") == "none"
    store.set_meta("last_session", "S-20261129-001")
    store.set_meta("last_session", "S-20261129-002")
    assert store.get_meta("last_session") == "S-20261129-002"
    store.set_meta("last_session", None)
    assert store.get_meta("last_session") is None


@pytest.mark.parametrize("value", ["", "ünï 🙂", "x" * 10_000])
def test_meta_round_trips_text(store, value):
    store.set_meta("k", value)
    assert store.get_meta("k") == value
