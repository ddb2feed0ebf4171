"""The core's Trash (kept 30 days, then deleted for good) and its search hits (FTS5's
snippet with the matched words' places) on a real SQLite file."""

from datetime import UTC, datetime, timedelta

from aipa.core.session.search import marked, search
from aipa.core.session.trash import KEEP_DAYS, Trash
from aipa.store import Store
from aipa.store.messages import MARK_END, MARK_START


def test_marked_gives_plain_text_and_the_spans():
    text, marks = marked(f"…we booked {MARK_START}kayaks{MARK_END} for\nthe {MARK_START}lake{MARK_END}…")
    assert text == "…we booked kayaks for the lake…"
    assert [text[a:b] for a, b in marks] == ["kayaks", "lake"]


def test_search_hits_carry_the_matched_words(tmp_path):
    with Store(tmp_path / "aipa.db") as store:
        sid = store.create_session("offsite")
        store.add_message(sid, "user", "Book the kayaks near the lake for Friday")
        (hit,) = search(store, "kayak")
        assert hit.session_id == sid
        assert [hit.snippet[a:b] for a, b in hit.marks] == ["kayaks"]


def test_the_trash_keeps_sessions_thirty_days(tmp_path):
    clock = [datetime(2026, 12, 1, 9, tzinfo=UTC)]
    with Store(tmp_path / "aipa.db", now=lambda: clock[0]) as store:
        trash = Trash(store, now=lambda: clock[0])
        sid = store.create_session("to delete")
        trash.put(sid)
        (item,) = trash.items()
        assert trash.expires(item) == clock[0] + timedelta(days=KEEP_DAYS)
        clock[0] += timedelta(days=KEEP_DAYS - 1)
        assert [s.id for s in trash.items()] == [sid]  # not yet
        clock[0] += timedelta(days=2)
        assert trash.items() == [] and store.get_session(sid) is None


def test_restore_and_empty(tmp_path):
    with Store(tmp_path / "aipa.db") as store:
        trash = Trash(store)
        a, b = store.create_session("a"), store.create_session("b")
        trash.put(a)
        trash.put(b)
        trash.restore(a)
        assert [s.id for s in store.list_sessions()] == [a]
        assert trash.empty() == 1
        assert trash.items() == [] and store.get_session(b) is None
