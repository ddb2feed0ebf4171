"""A run as a timeline (issue 23), built from what the store already keeps: the run, its
model calls (``usage`` rows: start, end, tokens, re-asks, tool calls, cost), its tasks,
its gates (question sets, reviews), its tool calls (``tool`` messages) and the fallbacks
its checkpoints mark. Any stored run has one, old ones too (a call without a recorded
start is placed at its end less its seconds).

Spans nest: the run; its stages (route, dispatch, synthesize, audit) and gates (clarify,
plan review, review); a lead under dispatch; the model calls under their stage or lead;
a tool call under its lead. A stage spans its children, so the times agree by
construction. ``table`` prints it for a terminal; ``core/run/otlp.py`` writes it as
OpenTelemetry trace JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from aipa.core.kinds import MessageKind, Purpose, Stage, TaskStatus

RUN, STAGE, LEAD, CALL, GATE, TOOL = "run", "stage", "lead", "call", "gate", "tool"
_STAGE_OF_PURPOSE = {
    Purpose.ROUTE: Stage.ROUTE,
    Purpose.SYNTHESIZE: Stage.SYNTHESIZE,
    Purpose.DIRECT: Stage.SYNTHESIZE,
    Purpose.AUDIT: Stage.AUDIT,
}
_ORDER = {RUN: 0, STAGE: 1, GATE: 1, LEAD: 2, CALL: 3, TOOL: 4}


@dataclass(frozen=True)
class Span:
    """One bar of the timeline. ``key`` is unique within the run; ``parent`` is a key."""

    key: str
    parent: str | None
    kind: str  # run | stage | lead | call | gate | tool
    name: str
    start: datetime
    end: datetime
    attrs: dict = field(default_factory=dict)
    error: str = ""  # why it failed ("" when it did not)

    @property
    def seconds(self) -> float:
        return max(0.0, (self.end - self.start).total_seconds())

    def to_json(self, origin: datetime) -> dict:
        return {
            "key": self.key,
            "parent": self.parent,
            "kind": self.kind,
            "name": self.name,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "offset_s": round((self.start - origin).total_seconds(), 3),
            "seconds": round(self.seconds, 3),
            "attributes": self.attrs,
            **({"error": self.error} if self.error else {}),
        }


@dataclass(frozen=True)
class Trace:
    run_id: str
    session_id: str
    directive: str
    status: str
    revision: int
    spans: tuple[Span, ...]
    checks: tuple[dict, ...] = ()  # the run's checks (issue 31), each Check.to_dict()

    @property
    def root(self) -> Span:
        return self.spans[0]

    def children(self, key: str) -> list[Span]:
        return [s for s in self.spans if s.parent == key]

    def to_json(self) -> dict:
        origin = self.root.start
        return {
            "run_id": self.run_id,
            "session_id": self.session_id,
            "directive": self.directive,
            "status": self.status,
            "revision": self.revision,
            "spans": [s.to_json(origin) for s in self.spans],
            "checks": list(self.checks),
        }


def _call_attrs(c) -> dict:
    attrs = {
        "agent": c.agent,
        "provider": c.provider,
        "model": c.model,
        "purpose": c.purpose,
        "input_tokens": c.input_tokens,
        "output_tokens": c.output_tokens,
        "tokens_per_second": round(c.output_tokens / c.seconds, 1) if c.seconds > 0 else 0.0,
    }
    if c.cached_input_tokens:
        attrs["cached_input_tokens"] = c.cached_input_tokens
    if c.reask:
        attrs["reask"] = True
    if c.tool_calls:
        attrs["tool_calls"] = c.tool_calls
    if c.revision:
        attrs["revision"] = c.revision
    if c.cost is not None:
        attrs["cost"] = c.cost
    if c.task_id:
        attrs["task_id"] = c.task_id
    return attrs


def _cover(key, parent, kind, name, children: list[Span], attrs: dict, *, start=None, end=None, error="") -> Span:
    """A span from its earliest child's start to its latest child's end (or wider)."""
    starts = [s.start for s in children] + ([start] if start else [])
    ends = [s.end for s in children] + ([end] if end else [])
    return Span(key, parent, kind, name, min(starts), max(ends), attrs, error)


def _sums(calls: list[Span]) -> dict:
    out = {
        "calls": len(calls),
        "input_tokens": sum(c.attrs["input_tokens"] for c in calls),
        "output_tokens": sum(c.attrs["output_tokens"] for c in calls),
    }
    reasks = sum(1 for c in calls if c.attrs.get("reask"))
    if reasks:
        out["reasks"] = reasks
    costs = [c.attrs["cost"] for c in calls if "cost" in c.attrs]
    if costs:
        out["cost"] = round(sum(costs), 6)
    return out


def of_run(store, run_id: str) -> Trace | None:
    """The run's timeline (None: no such run)."""
    run = store.get_run(run_id)
    if run is None:
        return None
    cps = store.checkpoints(run_id)
    calls = store.calls(run_id=run_id)
    tasks = store.tasks(run_id)
    spans: list[Span] = []
    call_spans = [
        Span(f"call:{c.id}", None, CALL, f"{c.agent} · {c.purpose}" + (" (re-ask)" if c.reask else ""),
             c.started_at, max(c.finished_at, c.started_at), _call_attrs(c))
        for c in calls
    ]  # fmt: skip
    by_id = {c.id: s for c, s in zip(calls, call_spans, strict=True)}

    def fallback(stage: str) -> dict:
        mark = cps.get(stage, {})
        return {"fallback": True, "fallback_reason": mark.get("fallback_reason", "")} if mark.get("fallback") else {}

    # the route stage (and each routing after a plan-review Edit)
    route = [by_id[c.id] for c in calls if c.purpose == Purpose.ROUTE]
    if route:
        spans.append(_cover("stage:route", "run", STAGE, "route", route, {**_sums(route), **fallback(Stage.ROUTE)}))
        spans += [_child(s, "stage:route") for s in route]

    # dispatch: each lead (its task), its calls and its tool calls
    leads: list[Span] = []
    tools = _tool_messages(store, run)
    for t in tasks:
        mine = [by_id[c.id] for c in calls if c.purpose == Purpose.LEAD and _of_task(c, t, calls)]
        key = f"lead:{t.task_id}"
        tool_spans = [
            Span(f"tool:{m.id}", key, TOOL, f"tool {name}", m.created_at, m.created_at, {"tool": name, "agent": agent})
            for m, name, agent in ((m, name, t.assigned_to) for m, name in tools.get(t.task_id, []))
        ]
        if not mine and t.started_at is None:
            continue  # never started (a run stopped before dispatch reached it)
        attrs = {"agent": t.assigned_to, "title": t.title, "task_id": t.task_id, "status": t.status, **_sums(mine)}
        if t.attempts > 1:
            attrs["attempts"] = t.attempts
        start = t.started_at or (mine[0].start if mine else None)
        end = t.finished_at or (mine[-1].end if mine else start)
        error = t.error or "" if t.status == TaskStatus.ERROR else ""
        lead = _cover(key, "stage:dispatch", LEAD, f"{t.assigned_to} · {t.title}", mine + tool_spans, attrs,
                      start=start, end=end, error=error)  # fmt: skip
        leads.append(lead)
        leads += [_child(s, key) for s in mine] + tool_spans
    if leads:
        top = [s for s in leads if s.kind == LEAD]
        lead_calls = [s for s in leads if s.kind == CALL]
        attrs = {"leads": len(top), **_sums(lead_calls), **fallback(Stage.DISPATCH)}
        spans.append(_cover("stage:dispatch", "run", STAGE, "dispatch", top, attrs))
        spans += leads

    # synthesize and audit, one span per revision (an Edit at review regenerates both)
    for stage in (Stage.SYNTHESIZE, Stage.AUDIT):
        revisions = sorted({c.revision for c in calls if _STAGE_OF_PURPOSE.get(c.purpose) == stage})
        for rev in revisions:
            mine = [by_id[c.id] for c in calls if _STAGE_OF_PURPOSE.get(c.purpose) == stage and c.revision == rev]
            key = f"stage:{stage}" + (f":{rev}" if rev else "")
            name = str(stage) + (f" (revision {rev + 1})" if rev else "")
            attrs = {**_sums(mine), **(fallback(stage) if rev == revisions[-1] else {})}
            if stage == Stage.AUDIT and rev == revisions[-1] and cps.get(Stage.AUDIT):
                attrs["verdict"] = cps[Stage.AUDIT].get("verdict", "")
            spans.append(_cover(key, "run", STAGE, name, mine, attrs))
            spans += [_child(s, key) for s in mine]

    spans += _gates(store, run_id, spans)
    ends = [s.end for s in spans] + [run.finished_at or run.updated_at]
    starts = [s.start for s in spans] + [run.started_at]
    totals = _sums([s for s in spans if s.kind == CALL])
    fell_back = cps.get("fallbacks", {}).get("stages", [])
    root_attrs = {"status": run.status, "revision": run.revision, "fallbacks": fell_back, **totals}
    root = Span("run", None, RUN, f"run {run_id}", min(starts), max(ends), root_attrs, run.error or "")
    spans_all = (root, *_depth_first(spans))
    return Trace(
        run_id, run.session_id, run.directive, run.status, run.revision, spans_all, tuple(store.checks(run_id))
    )


def _depth_first(spans: list[Span]) -> list[Span]:
    """Each span followed by its children, siblings in the order they started."""
    below: dict[str, list[Span]] = {}
    for s in spans:
        below.setdefault(s.parent or "run", []).append(s)
    out: list[Span] = []

    def walk(key: str) -> None:
        for s in sorted(below.get(key, []), key=lambda s: (s.start, _ORDER[s.kind], s.key)):
            out.append(s)
            walk(s.key)

    walk("run")
    return out


def _child(span: Span, parent: str) -> Span:
    return Span(span.key, parent, span.kind, span.name, span.start, span.end, span.attrs, span.error)


def _of_task(call, task, calls) -> bool:
    """Whether a lead call belongs to ``task``: by its task id, or (rows from before the
    task was recorded with the call) by its agent."""
    if call.task_id:
        return call.task_id == task.task_id
    return call.agent == task.assigned_to


def _tool_messages(store, run) -> dict[str, list]:
    """Each task's tool calls: (message, tool name), in order."""
    out: dict[str, list] = {}
    for m in store.messages(run.session_id):
        if m.run_id != run.run_id or m.kind != MessageKind.TOOL or not m.task_id:
            continue
        try:
            name = str(json.loads(m.content).get("tool", "?"))
        except (ValueError, AttributeError):
            name = "?"
        out.setdefault(m.task_id, []).append((m, name))
    return out


def _gates(store, run_id: str, spans: list[Span]) -> list[Span]:
    """The gates: from the end of the work before each one to the Principal's answer."""
    out: list[Span] = []

    def waited_since(moment: datetime) -> datetime:
        before = [s.end for s in spans + out if s.end <= moment]
        return max(before) if before else moment

    for q in store.question_sets(run_id):
        end = q.answered_at or q.asked_at
        attrs = {"round": q.round, "answered_via": q.answered_via or "", "outcome": q.outcome}
        out.append(Span(f"gate:clarify:{q.round}", "run", GATE, f"clarify (round {q.round})", q.asked_at, end, attrs))
    for i, r in enumerate(store.reviews(run_id)):
        attrs = {"decision": r.action, **({"feedback": r.feedback} if r.feedback else {})}
        name = "plan review" if r.stage == Stage.PLAN_REVIEW else f"{r.stage} gate"
        out.append(Span(f"gate:{r.stage}:{i}", "run", GATE, name, waited_since(r.created_at), r.created_at, attrs))
    return out


# --- the terminal's table ---------------------------------------------------------------

BAR = 24  # characters of the time axis


def _money(value: float) -> str:
    return f"${value:.4f}" if value < 1 else f"${value:.2f}"


def table(trace: Trace) -> str:
    """The timeline as text: one row per span, indented by depth, with a bar on a time axis."""
    root = trace.root
    total = root.seconds or 1e-9
    depth = {root.key: 0}
    for s in trace.spans[1:]:
        depth[s.key] = depth.get(s.parent or "run", 0) + 1
    a = root.attrs
    head = (
        f"{trace.run_id} · {trace.status} · revision {trace.revision} · {root.seconds:.2f} s · "
        f"{a.get('calls', 0)} calls · {a.get('input_tokens', 0):,} in / {a.get('output_tokens', 0):,} out"
        + (f" · {_money(a['cost'])}" if "cost" in a else "")
    )
    lines = [head, trace.directive[:100], ""]
    lines.append(f"{'start':>8} {'secs':>7}  {'':<{BAR}}  {'span':<40} {'in':>6} {'out':>6} {'tok/s':>6}  notes")
    for s in trace.spans[1:]:
        offset = (s.start - root.start).total_seconds()
        first = min(BAR - 1, int(offset / total * BAR))
        width = max(1, round(s.seconds / total * BAR))
        bar = (" " * first + "█" * width)[:BAR]
        label = ("  " * (depth[s.key] - 1) + s.name)[:40]
        at = s.attrs
        tok_in = f"{at['input_tokens']:,}" if "input_tokens" in at else ""
        tok_out = f"{at['output_tokens']:,}" if "output_tokens" in at else ""
        rate = f"{at['tokens_per_second']:.0f}" if s.kind == CALL else ""
        notes = _notes(s)
        timing = f"{offset:>7.2f}s {s.seconds:>6.2f}s  {bar:<{BAR}}"
        lines.append(f"{timing}  {label:<40} {tok_in:>6} {tok_out:>6} {rate:>6}  {notes}")
    if trace.checks:
        lines += ["", "checks:"]
        marks = {True: "✓", False: "✗", None: "?"}
        for c in trace.checks:
            detail = f": {c['detail']}" if c.get("detail") else ""
            lines.append(f"  {marks[c.get('passed')]} {c['id']} ({c['kind']}, {c['source']}) {c['text'][:60]}{detail}")
    return "\n".join(lines).rstrip() + "\n"


def _notes(s: Span) -> str:
    at = s.attrs
    notes = []
    if s.kind == CALL:
        notes.append(f"{at['model']}" if at.get("model") else at.get("provider", ""))
    if at.get("reasks") and s.kind != CALL:
        notes.append(f"{at['reasks']} re-ask" + ("s" if at["reasks"] > 1 else ""))
    if at.get("fallback"):
        notes.append("fell back")
    if at.get("tool_calls"):
        notes.append(f"{at['tool_calls']} tool call" + ("s" if at["tool_calls"] > 1 else ""))
    if at.get("verdict"):
        notes.append(f"verdict {at['verdict']}")
    if at.get("decision"):
        notes.append(str(at["decision"]))
    if "cost" in at:
        notes.append(_money(at["cost"]))
    if s.error:
        notes.append(f"error: {s.error[:60]}")
    return " · ".join(n for n in notes if n)
