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
