"""The raw replies kept per run for /debug: every agent call's reply as the model sent
it (a broken routing reply and its re-ask included), read back through the facade; a
run from before the record is rebuilt from its stored messages. Scripted provider, a
real SQLite file."""

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run import raw_replies
from aipa.core.run.reviewer import AutoReviewer


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


async def test_every_call_of_a_run_is_kept_as_it_came(app):
    result = await app.pipeline(AutoReviewer()).run("Plan a three-day offsite for a 12-person team")
    replies = app.core.runs.raw_replies(result.run_id)
    assert [r.purpose for r in replies][0] == "route" and replies[-1].purpose == "audit"
    assert {r.task_id for r in replies if r.purpose == "lead"} == {t.task_id for t in app.store.tasks(result.run_id)}
    route = replies[0]
    assert route.content.lstrip().startswith("{") and route.recorded and route.provider == "scripted"
    assert route.output_tokens > 0 and route.at
    lead = next(r for r in replies if r.purpose == "lead")
    task = next(t for t in app.store.tasks(result.run_id) if t.task_id == lead.task_id)
    assert lead.content.strip() == task.output.strip() and any(r.thinking for r in replies)
    assert replies[-1].content.strip() == result.memo.strip()


async def test_a_broken_reply_and_its_reask_are_both_kept(app):
    app.providers.override = Override("scripted", "garbage")
    result = await app.pipeline(AutoReviewer()).run("Plan a three-day offsite for a 12-person team")
    routes = [r for r in app.core.runs.raw_replies(result.run_id) if r.purpose == "route"]
    assert [r.reask for r in routes] == [False, True]
    assert routes[0].label == "Miranda · route" and routes[1].label == "Miranda · route (re-ask)"


async def test_a_run_from_before_the_record_is_rebuilt_from_its_messages(app):
    result = await app.pipeline(AutoReviewer()).run("Plan a three-day offsite for a 12-person team")
    app.store.delete_checkpoint(result.run_id, raw_replies.CHECKPOINT)  # as an older run has it
    replies = app.core.runs.raw_replies(result.run_id)
    assert replies and not any(r.recorded for r in replies)
    assert [r.purpose for r in replies][0] == "route" and replies[-1].purpose == "audit"
    assert app.core.runs.raw_replies(None) == [] and app.core.runs.raw_replies("R-nope") == []


def test_a_runaway_reply_is_clipped(app):
    session = app.store.create_session("x")
    run_id = app.store.create_run(session, "x")
    raw_replies.record(app.store, run_id, raw_replies.RawReply("Atlas", "lead", "y" * (raw_replies.MAX_CHARS + 10)))
    (kept,) = raw_replies.of_run(app.store, run_id)
    assert len(kept.content) < raw_replies.MAX_CHARS + 100 and kept.content.endswith("(10 more characters)")
    raw_replies.record(app.store, "", raw_replies.RawReply("Atlas", "chat", "no run: not kept"))
    assert len(raw_replies.of_run(app.store, run_id)) == 1
