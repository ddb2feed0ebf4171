"""The standing brief: retention moves old log entries to the archive; a rewrite that
lost the structure falls back to a dated log line."""

from aipa.core.session.memory import TEMPLATE, StandingBrief, apply_retention, looks_like_brief
from aipa.store import Store


def test_retention_archives_oldest_entries():
    text = TEMPLATE + "".join(f"- entry {i}\n" for i in range(5))
    kept, archived = apply_retention(text, 2)
    assert archived == ["- entry 0", "- entry 1", "- entry 2"]
    assert kept.endswith("- entry 3\n- entry 4\n") and kept.startswith("# Standing brief")


def test_brief_edit_reset_and_fallback(tmp_path):
    store = Store(tmp_path / "a.db")
    brief = StandingBrief(store, retention=2)
    assert brief.text() == TEMPLATE
    for i in range(4):
        assert brief.accept_rewrite(TEMPLATE + "".join(f"- s{j}\n" for j in range(i + 1)), "x")
    assert brief.text().endswith("- s2\n- s3\n")
    assert "- s0" in store.archived_brief_entries()
    assert not brief.accept_rewrite("I forgot the format", "session S-1: plan")
    assert brief.text().rstrip().endswith("session S-1: plan")
    assert looks_like_brief(brief.text())
    brief.reset()
    assert brief.text() == TEMPLATE
    assert len(store.brief_history()) >= 6
    store.close()


async def test_pending_updates_are_caught_up_in_the_background_of_a_start(tmp_path):
    from aipa.app import Override, build
    from aipa.core.config.paths import Paths
    from aipa.core.run.reviewer import AutoReviewer
    from aipa.core.session import memory

    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        pipeline = app.pipeline(AutoReviewer())
        done = [(await pipeline.run("Plan a three-day offsite for a 12-person team")).session_id for _ in range(3)]
        gone = app.store.create_session("deleted before its update")
        for session_id in [*done, gone]:
            memory.mark_pending(app.store, session_id, True)
        app.store.delete_session(gone)
        calls = app.providers.get("scripted").calls
        before = len(calls)
        # no time at all: nothing is lost, everything stays pending
        assert await memory.catch_up(pipeline, bound=0) == []
        assert memory.pending(app.store) == [*done, gone]
        # a session still in use is left for later; a deleted one is dropped
        assert await memory.catch_up(pipeline, skip=[done[2]]) == done[:2]
        assert memory.pending(app.store) == [done[2]]
        assert [c.purpose for c in calls[before:]].count("memory") == 2
        assert all(app.store.get_session(s).closed_at is not None for s in done[:2])
        assert app.store.get_session(done[2]).closed_at is None
        assert app.store.brief_history()[0].reason.startswith("session closed")
    finally:
        await app.aclose()
