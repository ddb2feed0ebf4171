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
