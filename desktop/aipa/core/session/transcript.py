"""A session's transcript as events: the stored rows (messages, tasks, reviews, runs and
their checkpoints) turned back into the events a live run emitted, in the order they
came. A window draws a stored session by feeding these to the same code that draws a
live run, so both look the same (ARCHITECTURE §4).

Besides the pipeline's own events it gives what the Principal typed (``Answered``, a
clarifying question's answer; ``ChatSaid``, a message in a direct conversation) and
``Stamped`` before each stored row's events, with the time the row was written (a live
run's events happen now; a replayed row's happened then)."""

from __future__ import annotations

import json

from aipa.core import events as ev
from aipa.core.kinds import RouteMode, RunStatus, Stage, TaskStatus, Verdict
from aipa.core.run.rerun import summary as rerun_summary

STOPPED_HINT = "continue it with /resume"


def _stamp(when) -> list:
    return [ev.Stamped(when.timestamp())] if when is not None else []


def suspended_reason(run, store) -> str:
    """Why a suspended run waits, in the words its live event used."""
    if run.stage == "clarify" or store.pending_questions(run.session_id):
        return "waiting for answers to clarifying questions"
    title = {"plan_review": "Task briefs", "review": "Deliverable"}.get(run.stage)
    return f"waiting for the Principal to review: {title}" if title else "waiting for the Principal"


class _Run:
    """What replaying one run needs to know about it."""

    def __init__(self, store, run) -> None:
        self.run = run
        self.tasks = {t.task_id: t for t in store.tasks(run.run_id)}
        cps = store.checkpoints(run.run_id)
        self.route = cps.get("route", {})
        self.rerun = cps.get("rerun", {})  # what a re-run was asked (issue 23); {} for a first revision
        said = rerun_summary(store, run.run_id) if self.rerun else None
        self.summary = [said] if said is not None else []  # its RerunStarted, given once
        self.rejected = cps.get("review", {}).get("action") == "reject"
        self.questions = tuple({"qid": q.qid, "text": q.text} for q in store.questions(run.run_id, stage="clarify"))
        self.routings = 0  # routing messages in all
        self.routed = 0  # routing messages replayed so far
        self.deliverables = 0
        self.shown_tasks: set[str] = set()
        self.checks = tuple(store.checks(run.run_id))  # as last measured (issue 31)
        sent = store.get_checkpoint(run.parent_id, "revised") if run.parent_id else None
        self.sent_back = sent if sent and sent.get("to") == run.run_id else None  # this run is its revision

    def checks_set(self) -> list:
        """The run's checks as they were set after routing (before anything was measured)."""
        if not self.checks:
            return []
        return [ev.ChecksSet(self.run.run_id, tuple({**c, "passed": None, "detail": ""} for c in self.checks))]

    def routed_event(self, m) -> ev.Routed:
        """The routing decision a routing message came with: its mode and questions are
        in the checkpoint for the last one; an earlier one asked the clarifying questions
        (when there are any) or was revised at the plan review."""
        self.routed += 1
        last = self.routed == self.routings
        if last and self.route:
            mode = self.route.get("mode", "delegate")
            questions = self.questions if mode == "clarify" else ()
            return ev.Routed(
                self.run.run_id, mode, m.content, questions=questions, fallback=bool(self.route.get("fallback"))
            )
        if self.routed == 1 and self.questions:
            return ev.Routed(self.run.run_id, RouteMode.CLARIFY, m.content, questions=self.questions)
        return ev.Routed(self.run.run_id, RouteMode.DELEGATE, m.content)

    def task_events(self, task_id: str) -> list:
        task = self.tasks.get(task_id)
        if task is None or task_id in self.shown_tasks:
            return []
        self.shown_tasks.add(task_id)
        run_id, agent = self.run.run_id, task.assigned_to
        out: list = [ev.TaskChanged(run_id, task_id, agent, task.title, TaskStatus.PENDING)]
        if task.status == "pending":
            return out
        out.append(ev.TaskChanged(run_id, task_id, agent, task.title, TaskStatus.IN_PROGRESS))
        if task.status in ("complete", "error"):
            if task.output or task.thinking:
                out.append(ev.AgentMessage(run_id, agent, task.output, task.thinking, task_id, "lead"))
            workers = tuple(task.workers) if task.status == "complete" else ()
            out.append(ev.TaskChanged(run_id, task_id, agent, task.title, task.status, task.error or "", workers))
        elif task.output:  # cut short: what it had written so far, still streaming when it stopped
            out.append(ev.AgentDelta(run_id, agent, "content", "", task.output, task_id, "lead"))
        return out

    def end_events(self, store) -> list:
        run = self.run
        if run.status in ("done", "rejected"):
            status = RunStatus.REJECTED if run.status == "rejected" or self.rejected else RunStatus.DONE
            return [ev.RunFinished(run.run_id, status, run.deliverable or "", run.verdict or Verdict.NONE)]
        if run.status == "suspended":
            return [ev.RunSuspended(run.run_id, suspended_reason(run, store))]
        if run.status == "interrupted":
            return [ev.RunFailed(run.run_id, "stopped", STOPPED_HINT, "cancelled")]
        if run.status == "failed":
            return [ev.RunFailed(run.run_id, run.error or "unknown error")]
        return []  # still running


def session_events(store, session_id: str) -> list:
    """The events that draw session ``session_id`` as it was shown live."""
    runs = {r.run_id: _Run(store, r) for r in store.list_runs(limit=10_000, session_id=session_id)}
    rows: list[tuple] = []
    for i, m in enumerate(store.messages(session_id)):
        rows.append((m.created_at, i, "message", m))
        if m.run_id in runs and m.kind == "routing":
            runs[m.run_id].routings += 1
    for run_id in runs:
        rows += [(r.created_at, len(rows), "review", r) for r in store.reviews(run_id)]
    rows.sort(key=lambda row: (row[0], row[1]))
    last_row = {row[3].run_id: i for i, row in enumerate(rows) if row[3].run_id in runs}
    events: list = []
    begun: set[str] = set()
    for i, (when, _n, what, row) in enumerate(rows):
        replay = runs.get(row.run_id)
        events += _stamp(when)
        if replay is not None and replay.run.parent_id and row.run_id not in begun:
            begun.add(row.run_id)
            events += _rerun_start(replay, row, session_id)
        if what == "review":
            events.append(ev.ReviewDecided(row.run_id, row.stage, row.action, row.feedback))
        else:
            events += _message_events(row, replay, session_id)
        if replay is not None and last_row[row.run_id] == i:
            run = replay.run
            events += _stamp(run.finished_at or run.updated_at)
            events += replay.end_events(store)
    return events


def _rerun_start(replay: _Run, first, session_id: str) -> list:
    """A re-run begins as it did live: its directive (a branch wrote one of its own), then
    its leads' cards, the kept reports in them (a re-run copied those, without messages)."""
    run = replay.run
    events: list = []
    if getattr(first, "kind", "") != "directive":
        events.append(ev.RunStarted(run.run_id, session_id, run.directive))
        events += replay.summary  # what it runs again, at its top (a branch's comes after its directive)
    if replay.sent_back is not None:  # an automatic revision: its parent's work went back to it
        sent = replay.sent_back
        events.append(
            ev.Revising(run.parent_id or "", int(sent.get("round", 1)), tuple(sent.get("failed", ())), run.run_id)
        )
    if replay.rerun.get("what") != "directive":  # a branch from routing dispatches its own briefs
        events += replay.checks_set()  # routed as its parent was: its checks come first
        for task_id in replay.tasks:
            events += replay.task_events(task_id)
    return events


def _tool_used(run_id: str, m) -> ev.ToolUsed:
    """A stored tool call (JSON: tool, arguments, result) as the event it came with."""
    try:
        data = json.loads(m.content)
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    raw = data.get("arguments")
    arguments: dict = raw if isinstance(raw, dict) else {}
    tool, result = str(data.get("tool", "tool")), str(data.get("result", ""))
    return ev.ToolUsed(run_id, m.agent, tool, arguments, result, m.task_id)


def _message_events(m, replay: _Run | None, session_id: str) -> list:
    if replay is None:  # a direct conversation (or a row of a run that is gone)
        if m.kind != "chat":
            return []
        if m.role == "user":
            return [ev.ChatSaid(m.agent, m.content)]
        return [ev.AgentMessage("", m.agent, m.content, m.thinking, None, "chat")]
    run_id = replay.run.run_id
    if m.kind == "directive":
        return [ev.RunStarted(run_id, session_id, m.content), *replay.summary]
    if m.kind == "answer":
        return [ev.Answered(run_id, m.content)]
    if m.kind == "routing":
        routed = [
            ev.StageStarted(run_id, Stage.ROUTE),
            ev.AgentMessage(run_id, m.agent, m.content, m.thinking, None, "route"),
            replay.routed_event(m),
        ]
        return routed + (replay.checks_set() if replay.routed == replay.routings else [])
    if m.kind == "brief" and m.task_id:
        return replay.task_events(m.task_id)
    if m.kind == "tool" and m.task_id:
        return [_tool_used(run_id, m)]
    if m.kind == "deliverable":
        revision = replay.deliverables
        replay.deliverables += 1
        return [
            ev.AgentMessage(run_id, m.agent, m.content, m.thinking, None, "synthesize"),
            ev.DeliverableReady(run_id, m.content, revision),
        ]
    if m.kind == "audit":
        from aipa.core.text.parsing import parse_verdict

        return [
            ev.StageStarted(run_id, Stage.AUDIT),
            ev.AgentMessage(run_id, m.agent, m.content, m.thinking, None, "audit"),
            ev.AuditReady(run_id, m.content, parse_verdict(m.content)),
            *([ev.ChecksMeasured(run_id, max(0, replay.deliverables - 1), replay.checks)] if replay.checks else []),
        ]
    return []
