"""Closing a session (core/session/closing.py), the one service the window and the
command line use: the update is pending until done, a cut-short or failed one is done
again at the next start, a headless run leaves it for later, and the title rule."""

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.events import null_sink
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.session import closing
from aipa.core.session.closing import SessionClosing, session_title
from aipa.providers.scripted import ScriptedProvider

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


class BrokenMemory(ScriptedProvider):
    """The demo team, but the standing-brief rewrite fails with an unexpected error (a bug,
    not a provider error the pipeline falls back from)."""

    async def stream(self, request):
        if request.purpose == "memory":
            raise RuntimeError("a bug in the rewrite")
        async for event in super().stream(request):
            yield event


@pytest.fixture
async def app(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    yield app
    await app.aclose()


async def test_pending_updates_are_caught_up_in_the_background_of_a_start(app):
    pipeline = app.pipeline(AutoReviewer())
    service = SessionClosing(app.store, lambda: app.settings, lambda: pipeline)
    done = [(await pipeline.run(DIRECTIVE)).session_id for _ in range(3)]
    gone = app.store.create_session("deleted before its update")
    for session_id in [*done, gone]:
        closing.mark_pending(app.store, session_id, True)
    app.store.delete_session(gone)
    calls = app.providers.get("scripted").calls
    before = len(calls)
    # no time at all: nothing is lost, everything stays pending
    assert await service.catch_up(bound=0) == []
    assert service.pending() == [*done, gone]
    # a session still in use is left for later; a deleted one is dropped
    assert await service.catch_up(skip=[done[2]]) == done[:2]
    assert service.pending() == [done[2]]
    assert [c.purpose for c in calls[before:]].count("memory") == 2
    assert all(app.store.get_session(s).closed_at is not None for s in done[:2])
    assert app.store.get_session(done[2]).closed_at is None
    assert app.store.brief_history()[0].reason.startswith("session closed")


async def test_an_update_that_fails_unexpectedly_stays_pending_for_the_next_start(app):
    team = app.core.team(AutoReviewer(), null_sink)
    session_id = (await team.run(DIRECTIVE)).session_id
    app.providers._cache["scripted"] = BrokenMemory()
    with pytest.raises(RuntimeError, match="a bug in the rewrite"):
        await team.close_session(session_id)
    assert app.core.sessions.briefs_pending() == [session_id]  # not dropped: the next start retries it
    assert app.store.get_session(session_id).closed_at is None
    del app.providers._cache["scripted"]  # the next start: a provider that works
    again = app.core.team(AutoReviewer(), null_sink)
    assert await again.closing.catch_up(skip=[None]) == [session_id]
    assert app.core.sessions.briefs_pending() == []
    assert app.store.get_session(session_id).closed_at is not None
    assert "Worked on" in app.brief().text()


async def test_a_close_that_succeeds_clears_its_pending_mark(app):
    team = app.core.team(AutoReviewer(), null_sink)
    session_id = (await team.run(DIRECTIVE)).session_id
    assert await team.close_session(session_id)
    assert app.core.sessions.briefs_pending() == []
    assert app.store.get_session(session_id).closed_at is not None


async def test_defer_leaves_the_update_pending_or_closes_when_the_brief_is_off(app):
    team = app.core.team(AutoReviewer(), null_sink)
    later = (await team.run(DIRECTIVE)).session_id
    team.closing.defer(later)
    assert app.core.sessions.briefs_pending() == [later] and app.store.get_session(later).closed_at is None
    app.core.config.change(memory_brief_enabled=False)
    now = (await team.run(DIRECTIVE)).session_id
    calls = len(app.providers.get("scripted").calls)
    team.closing.defer(now)
    assert app.core.sessions.briefs_pending() == [later]  # closed at once, nothing to do later
    assert app.store.get_session(now).closed_at is not None
    assert len(app.providers.get("scripted").calls) == calls  # no model call


def test_a_session_is_titled_after_its_directive():
    assert session_title("  Plan the offsite  ") == "Plan the offsite"
    assert session_title("x" * 100) == "x" * 80
    assert session_title("") == ""
