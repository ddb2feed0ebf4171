"""Pipeline figures without a window, each measured side by side in one run:

- model calls per directive on the scripted provider (direct, delegate with four leads,
  clarify; and a headless ``aipa run`` counted from its database) against the minimum
  the pipeline needs;
- persistence share: the time spent inside the store's write transactions while four
  leads stream, over the stream's wall time (the store is wrapped here, in the bench);
- parallel dispatch: four leads against an OpenAI-compatible server double that streams
  each reply at a fixed rate, next to one lead alone."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import AutoReviewer
from aipa.providers.scripted import ScriptedProvider, demo_script, tokens
from tests.bench import report
from tests.bench.test_gui_bench import PacedScripted
from tests.doubles.openai import MODEL, OpenAIDouble, stream_reply
from tests.support.cli import aipa

pytestmark = pytest.mark.bench

LEADS = ("Atlas", "Cole", "Clio", "Iris")
DIRECT_ANSWER = (
    "A **stand-up** is a short daily meeting: each person says what they did, what they will do "
    "and what blocks them. Keep it under fifteen minutes, standing, same time every day."
)


def _route(n: int) -> str:
    briefs = [
        {"agent": a, "title": f"Angle {i + 1}", "instructions": f"Cover angle {i + 1}."}
        for i, a in enumerate(LEADS[:n])
    ]
    return json.dumps({"mode": "delegate", "message": f"Delegating to {n} leads.", "briefs": briefs})


def _script(kind: str):
    def script(request):
        if request.purpose == "route":
            if kind == "direct":
                return json.dumps({"mode": "direct", "message": DIRECT_ANSWER})
            if kind == "clarify" and request.tags.get("answered") != "yes":
                return json.dumps({"mode": "clarify", "message": "One question.", "questions": ["Who is it for?"]})
            return _route(4)
        return demo_script(request)

    return script


def _app(home: Path, provider=None, override: Override | None = None, **settings):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps(settings))
    app = build(override or Override("scripted", "", ""), Paths(home))
    if provider is not None:
        app.providers._cache["scripted"] = provider
    return app


# --- model calls per directive ---------------------------------------------------------

MINIMUM = {  # what the pipeline needs: the answer in the routing reply, the audit
    "direct": 1 + 1,
    "delegate (4 leads)": 1 + 4 + 1 + 1,  # route, the leads, synthesis, audit
    "clarify then delegate (4 leads)": 2 + 4 + 1 + 1,  # route, route again with the answers, ...
}


async def test_model_calls_per_directive(tmp_path):
    directive = "Plan a three-day offsite for a 12-person team"
    lines = []
    extra = 0
    for label, kind in (
        ("direct", "direct"),
        ("delegate (4 leads)", "delegate"),
        ("clarify then delegate (4 leads)", "clarify"),
    ):
        provider = ScriptedProvider(script=_script(kind), think=False)
        app = _app(tmp_path / kind, provider)
        try:
            result = await app.pipeline(AutoReviewer()).run(directive)
        finally:
            await app.aclose()
        assert result.status == "done", result
        purposes = [c.purpose for c in provider.calls]
        extra += len(purposes) - MINIMUM[label]
        lines.append(f"{label}: {len(purposes)} calls ({', '.join(purposes)}), minimum {MINIMUM[label]}")
    # the headless command end to end: its calls are the usage rows of its database
    home = tmp_path / "cli"
    proc = aipa(home, "run", "--dry-run", "--yes", "--json", directive)
    assert proc.returncode == 0, proc.stderr
    db = sqlite3.connect(home / "aipa.db")
    purposes = [p for (p,) in db.execute("SELECT purpose FROM usage ORDER BY id")]
    db.close()
    leads = purposes.count("lead")
    cli_min = 1 + leads + 1 + 1
    extra += len(purposes) - cli_min
    lines.append(f"aipa run --dry-run --yes: {len(purposes)} calls ({', '.join(purposes)}), minimum {cli_min}")
    report.record(
        "model calls per directive: calls beyond the minimum",
        extra,
        "== 0",
        "the minimum the pipeline needs (direct: route+audit; delegate n: route+n+synthesis+audit; "
        "clarify: +1 route), summed over direct, delegate, clarify and a headless aipa run",
        unit="calls",
        note="; ".join(lines),
    )


# --- persistence share -----------------------------------------------------------------


def _timed_writes(store) -> list[tuple[float, float]]:
    """Wrap the store's write transaction (the bench only): every write's (start, seconds)."""
    spent: list[tuple[float, float]] = []
    inner = store._writing

    @contextmanager
    def writing(what):
        start = time.perf_counter()
        try:
            with inner(what):
                yield
        finally:
            spent.append((start, time.perf_counter() - start))

    store._writing = writing
    return spent


LEAD_TOKENS = 2_000  # a lead's report of a realistic length


def _four_leads(request):
    if request.purpose == "route":
        return _route(4)
    if request.purpose == "lead":
        text = demo_script(request)
        return text * -(-LEAD_TOKENS // len(tokens(text)))
    return demo_script(request)


async def test_persistence_share_while_four_leads_stream(tmp_path):
    app = _app(tmp_path / "home", PacedScripted(500, _four_leads), max_parallel_leads=4, lead_max_tokens=4096)
    spent = _timed_writes(app.store)
    marks: dict[str, float] = {}

    def on_event(e) -> None:
        if type(e).__name__ == "StageStarted":
            marks.setdefault(str(e.stage), time.perf_counter())

    try:
        started = time.perf_counter()
        result = await app.pipeline(AutoReviewer(), on_event).run("Plan a three-day offsite for a 12-person team")
        wall = time.perf_counter() - started
    finally:
        await app.aclose()
    assert result.status == "done"
    begin, end = marks["dispatch"], marks["synthesize"]
    during = [s for t, s in spent if begin <= t < end]
    stream = end - begin
    total = sum(s for _, s in spent)
    report.record(
        "persistence share: SQLite write time / four-lead stream wall time",
        sum(during) / stream * 100,
        "<= 2",
        "the wall time of the dispatch stage (four leads, 2,000 tokens each at 500 tokens/s), same run",
        unit="%",
        note=f"{len(during)} write transactions, {sum(during) * 1000:.1f} ms in a {stream:.2f} s stream; "
        f"whole run: {len(spent)} writes, {total * 1000:.0f} ms of {wall:.2f} s ({total / wall:.1%}); "
        f"load {report.load()}",
    )


# --- parallel dispatch -----------------------------------------------------------------

LEAD_CHUNKS = 150
CHUNK_DELAY = 0.01  # a fixed 100 chunks/s per stream


def _replies(n: int):
    lead = stream_reply(*[f"word{i} " for i in range(LEAD_CHUNKS)], delay=CHUNK_DELAY)
    return [
        stream_reply(_route(n)),
        *[lead for _ in range(n)],
        stream_reply("## Deliverable\n\nThe leads' work, merged."),
        stream_reply("Fine.\n\nVERDICT: PASS"),
    ]


async def _dispatch_seconds(home: Path, n: int) -> float:
    async with OpenAIDouble(*_replies(n)) as server:
        app = _app(
            home,
            override=Override("openai-compatible", MODEL, server.base_url),
            max_parallel_leads=4,
        )
        marks: dict[str, float] = {}

        def on_event(e) -> None:
            if type(e).__name__ == "StageStarted":
                marks.setdefault(str(e.stage), time.perf_counter())

        try:
            result = await app.pipeline(AutoReviewer(), on_event).run("Plan a three-day offsite for a 12-person team")
        finally:
            await app.aclose()
    assert result.status == "done", result
    assert len(result.tasks) == n
    return marks["synthesize"] - marks["dispatch"]


async def test_parallel_dispatch_four_leads_vs_one(tmp_path):
    times: dict[int, list[float]] = {1: [], 4: []}
    for i in range(3):
        for n in (1, 4):
            times[n].append(await _dispatch_seconds(tmp_path / f"h{n}-{i}", n))
    one, four = report.median(times[1]), report.median(times[4])
    report.record(
        "parallel dispatch: four leads vs the slowest lead alone",
        four / one,
        "<= 1.15",
        "one lead alone against the same server double (each stream at a fixed 100 chunks/s)",
        unit="×",
        note=f"median of 3: four leads {four:.2f} s, one lead {one:.2f} s; load {report.load()}",
    )
