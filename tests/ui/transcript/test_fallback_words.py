"""Words for people (issue 20 item 5): a run whose every reply is unusable (the scripted
provider's "garbage" model) tells what happened, by the agent's name, in the window's
transcript (live and reopened), in the terminal and in the Markdown export; the parser's
reasons, stage ids and ``VERDICT: NONE`` never reach a person. The raw replies stay
behind ``/debug`` (``Core.runs.raw_replies``)."""

from __future__ import annotations

import io

import pytest

from aipa.app import Override, build
from aipa.cli.output import StreamPrinter
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.session.export import session_data, to_markdown
from aipa.core.session.transcript import session_events
from aipa.ui.transcript.presenter import ItemList, Presenter

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
INTERNAL = (
    "invalid output",
    "no valid JSON",
    "deterministic fallback",
    "model output unusable",
    "mode is 'delegate'",
    "no brief names a known lead",
    "VERDICT: NONE",
    "fell back at",
    "(fallback)",
    "fell back to a default plan",
    "route:",
    "audit:",
    "→ delegate",
    "deciding (",
    "empty reply twice",
)
SAID = (
    "Miranda's routing reply could not be read; asking Miranda once more.",
    "Miranda's routing reply was unusable, so every lead got the directive.",
    "Vera's memo named no verdict, even when asked, so the run is marked FLAG",
)


def _text(items) -> str:
    return "\n".join(f"{i.content}\n{i.live}" for i in items)


def _presenter(items) -> Presenter:
    return Presenter(items, lambda name: ("#123456", name), lambda: "Miranda", lambda: "Vera")


@pytest.fixture
def garbage_run(tmp_path):
    app = build(Override("scripted", "garbage"), Paths(tmp_path / "home"))
    out = io.StringIO()
    window = _presenter(ItemList())
    printer = StreamPrinter(out, color=False, live=False)

    def both(event) -> None:
        window.apply(event)
        printer(event)

    import asyncio

    result = asyncio.run(app.pipeline(AutoReviewer(), both).run(DIRECTIVE))
    window.flush()
    yield app, result, window, out.getvalue()
    app.store.close()


def _clean(text: str, where: str) -> None:
    for phrase in INTERNAL:
        assert phrase not in text, f"{where} says {phrase!r}"


def test_the_window_says_what_happened_live_and_reopened(garbage_run):
    app, result, window, _out = garbage_run
    live = _text(window.items.items())
    for said in SAID:
        assert said in live, said
    assert "Atlas wrote nothing, twice" in live  # on its card, not again as a notice
    assert live.count("every lead got the directive") == 1, "the routing card says it, once"
    _clean(live, "the live transcript")
    reopened = _text(_presenter(ItemList()).replay(session_events(app.store, result.session_id)))
    assert "Miranda's routing reply was unusable, so every lead got the directive." in reopened
    _clean(reopened, "the reopened session")
    routing = next(i for i in window.items.items() if i.kind == "routing")
    assert "every lead got the directive" in routing.content


def test_the_terminal_says_it_in_the_same_words(garbage_run):
    _app, _result, _window, out = garbage_run
    for said in SAID:
        assert said in out, said
    assert "[Miranda] writing the routing reply…" in out
    assert "→ audit verdict: FLAG" in out
    _clean(out, "the terminal")


def test_the_export_has_no_internal_words_and_the_raw_replies_stay_behind_debug(garbage_run):
    app, result, _window, _out = garbage_run
    _clean(to_markdown(session_data(app.store, result.session_id)), "the Markdown export")
    raw = app.core.runs.raw_replies(result.run_id)
    assert any(r.purpose == "route" and r.reask for r in raw), "the re-ask's raw reply is kept for /debug"


def test_a_busy_server_is_a_live_state_that_goes_when_the_lead_starts():
    from aipa.core import events as ev
    from aipa.core.kinds import Activity, Purpose, TaskStatus

    p = _presenter(ItemList())
    p.apply(ev.TaskChanged("R-1", "T-1-A", "Atlas", "Venues", TaskStatus.IN_PROGRESS))
    # (the window says the state from the event's fields, in its language: core/run/live.py fills them)
    queued = ev.AgentProgress(
        "R-1", "Atlas", Activity.QUEUED, "queued behind Cole · 4 s", "T-1-A", Purpose.LEAD, seconds=4, behind="Cole"
    )
    p.apply(queued)
    card = p.items.find("task:T-1-A")
    assert (card.status, card.live) == ("queued", "queued behind Cole · 4 s")
    p.apply(
        ev.AgentProgress("R-1", "Atlas", Activity.READING, "reading the prompt · 1 s", "T-1-A", Purpose.LEAD, seconds=1)
    )
    p.apply(ev.AgentDelta("R-1", "Atlas", "content", "Venue A", "Venue A", "T-1-A", Purpose.LEAD))
    p.flush()
    writing = ev.AgentProgress(
        "R-1", "Atlas", Activity.STREAMING, "writing · 3 tokens · 1 s", "T-1-A", Purpose.LEAD, seconds=1, tokens=3
    )
    p.apply(writing)
    text = _text(p.items.items())
    assert "queued" not in text and "busy" not in text, text  # no line says it any more
    assert p.items.find("task:T-1-A").live == "writing · 3 tokens · 1 s"
