"""Worker agents a lead composes at run time for parts of its brief.

The shipped lead prompts ask for one line per worker at the top of the reply::

    WORKER RSCH-001: survey venues within two hours of the office

(prefixes by lead: RSCH research, OPS operations, ANLY analysis, UX interface). This
module reads them back out of a lead's output. The convention is a courtesy, not a
contract: a reply without such lines, or with broken ones, simply has no workers, and
nothing else changes. Lines inside code fences are never workers (a lead quoting the
convention is not composing one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The prefix each shipped lead uses (other leads may use any 2-5 capital letters).
PREFIXES: dict[str, str] = {"Atlas": "RSCH", "Cole": "OPS", "Clio": "ANLY", "Iris": "UX"}
MAX_WORKERS = 12
MAX_TASK_CHARS = 300

_LINE = re.compile(
    r"^[\s>*_`#-]*WORKER[\s*_`]+(?P<id>[A-Z]{2,5}-\d{1,4})[\s*_`]*[:\u2013\u2014-]\s*(?P<task>.+?)[\s*_`]*$"
)
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Worker:
    worker_id: str  # e.g. "RSCH-001"
    task: str  # what it does, one sentence

    def to_json(self) -> dict[str, str]:
        return {"id": self.worker_id, "task": self.task}

    @classmethod
    def from_json(cls, data: dict) -> Worker:
        return cls(str(data.get("id", "")), str(data.get("task", "")))


def parse_workers(text: str) -> tuple[Worker, ...]:
    """The workers a lead's output declares, in order, each id once (the first wins)."""
    found: dict[str, Worker] = {}
    fenced = False
    for line in (text or "").splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or "WORKER" not in line:
            continue
        match = _LINE.match(line)
        if match is None:
            continue
        task = " ".join(match["task"].split())[:MAX_TASK_CHARS]
        worker_id = match["id"]
        if task and worker_id not in found:
            found[worker_id] = Worker(worker_id, task)
        if len(found) >= MAX_WORKERS:
            break
    return tuple(found.values())


@dataclass(frozen=True)
class WorkerProgress:
    """One worker as the Principal sees it under its lead: what it does and how far."""

    worker_id: str
    task: str
    state: str  # queued | working | done | interrupted | error (the chat's state words)


_HEADING = re.compile(r"^[ \t]{0,3}(?P<level>#{1,6})[ \t]+[*_`]*(?P<id>[A-Z]{2,5}-\d{1,4})?", re.MULTILINE)
FINISHED = frozenset({"done", "complete"})
STOPPED = frozenset({"error", "interrupted", "stopped"})


def _sections(text: str, ids: set[str]) -> dict[str, bool]:
    """Each worker whose section has begun (a heading starting with its id) → whether it
    ended (a later heading of the same or a higher level began)."""
    open_: dict[str, int] = {}
    ended: dict[str, bool] = {}
    for match in _HEADING.finditer(text):
        level = len(match["level"])
        for worker_id, at_level in list(open_.items()):
            if level <= at_level:
                ended[worker_id] = True
                del open_[worker_id]
        worker_id = match["id"]
        if worker_id in ids and worker_id not in ended and worker_id not in open_:
            open_[worker_id] = level
            ended[worker_id] = False
    return ended


def worker_progress(text: str, lead_state: str) -> tuple[WorkerProgress, ...]:
    """The workers a lead's text declares and how far each is, read from the text so far:
    a worker whose section (a heading starting with its id) is open is working, one whose
    section a later heading closed is done, one with no section yet is queued. When the
    lead is done every worker is; when it stopped, an open section stopped with it. A lead
    that writes no sections (the convention half followed) shows its workers queued while
    it works and done when it is."""
    if "WORKER" not in text:  # most leads compose none: no line-by-line reading for them
        return ()
    finished = lead_state in FINISHED or lead_state in STOPPED
    # while the lead writes, its last line is not read until it is complete (a half-written
    # worker line or heading would show for a moment)
    if not finished:
        text = text[: text.rfind("\n") + 1]
    workers = parse_workers(text)
    if not workers:
        return ()
    sections = _sections(text, {w.worker_id for w in workers})
    out = []
    for w in workers:
        if lead_state in FINISHED:
            state = "done"
        elif w.worker_id not in sections:
            state = "queued"
        elif sections[w.worker_id]:
            state = "done"
        else:
            state = lead_state if lead_state in STOPPED else "working"
        out.append(WorkerProgress(w.worker_id, w.task, state))
    return tuple(out)


def without_worker_lines(text: str) -> str:
    """The lead's text without its WORKER lines (the card shows the workers on their
    own lines above it), and without the blank lines they leave at the top."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines(keepends=True):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and "WORKER" in line and _LINE.match(line.rstrip("\r\n")):
            continue
        out.append(line)
    return "".join(out).lstrip("\n")
