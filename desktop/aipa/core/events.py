"""Typed, immutable events the core emits while a run goes on.

The UI adapts them to Qt signals; the CLI prints them. Deltas carry both the new
text (``delta``) and everything so far (``snapshot``), so a consumer that drops
events (throttling) can still draw the latest state. Stages, purposes, statuses and verdicts
are the ``StrEnum``s of ``aipa.core.kinds`` (equal to their strings).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from aipa.core import kinds
from aipa.core.kinds import Action, Activity, Level, NoticeKind, Purpose, RouteMode, RunStatus, Stage, Verdict


@dataclass(frozen=True)
class RunStarted:
    run_id: str
    session_id: str
    directive: str
    resumed: bool = False


@dataclass(frozen=True)
class StageStarted:
    run_id: str
    stage: Stage


@dataclass(frozen=True)
class AgentState:
    """An agent's live state."""

    run_id: str
    agent: str
    state: Activity
    task_id: str | None = None


@dataclass(frozen=True)
class AgentProgress:
    """What an open model call is doing, sent when its state changes and once a second
    while it is open (core/run/live.py), never stored. ``state`` is queued, reading,
    thinking or streaming; ``text`` says it for people ("reading the prompt · 640 of
    1,531 tokens (42%) · 6 s"). ``behind`` names the agent whose call holds the server
    while this one is queued; ``prompt_tokens``/``prompt_done`` how far the prompt is
    read (``estimated`` when the server does not say and the last measured rate is
    used); ``tokens`` how many were written and ``rate`` how fast (tokens per second);
    ``tool`` the tool waiting for the Principal's permission (asking)."""

    run_id: str
    agent: str
    state: Activity
    text: str
    task_id: str | None = None
    purpose: Purpose | str = ""
    seconds: float = 0.0
    behind: str = ""
    prompt_tokens: int = 0
    prompt_done: int = 0
    estimated: bool = False
    tokens: int = 0
    rate: float = 0.0
    tool: str = ""  # asking: the tool that waits for the Principal's permission
    expected: float = 0.0  # reading: the call's seconds when the prompt should be read (0: unknown)

    @property
    def percent(self) -> int | None:
        """How much of the prompt is read, when its size is known and some of it is (a
        bar at 0 % for a minute reads as stuck: llama.cpp reports once per batch)."""
        if not self.prompt_tokens or not self.prompt_done:
            return None
        return max(0, min(100, round(100 * self.prompt_done / self.prompt_tokens)))


@dataclass(frozen=True)
class AgentDelta:
    """New streamed text of one call. ``stage`` is the stage the call belongs to (None
    outside a playbook stage: chat, memory); ``revision`` counts the regenerations of
    that stage's output after an Edit at the review gate (0 = the first version), so the
    deltas of a regenerated deliverable or plan stage are told from the earlier ones."""

    run_id: str
    agent: str
    kind: str  # "content" | "thinking"
    delta: str
    snapshot: str
    task_id: str | None = None
    purpose: Purpose | str = ""
    stage: Stage | None = None
    revision: int = 0


@dataclass(frozen=True)
class AgentMessage:
    """One agent finished a message (content and thinking complete)."""

    run_id: str
    agent: str
    content: str
    thinking: str = ""
    task_id: str | None = None
    purpose: Purpose | str = ""
    stage: Stage | None = None
    revision: int = 0
    cut: bool = False  # the reply reached its output budget and was cut there


@dataclass(frozen=True)
class Routed:
    run_id: str
    mode: RouteMode
    message: str
    briefs: tuple[dict, ...] = ()
    questions: tuple[dict, ...] = ()
    fallback: bool = False


@dataclass(frozen=True)
class TaskChanged:
    """A task's status changed (live: pending, in_progress, complete, error)."""

    run_id: str
    task_id: str
    agent: str
    title: str
    status: kinds.TaskStatus
    error: str = ""
    workers: tuple[dict, ...] = ()  # the lead's runtime workers ({"id", "task"} each), once complete
    kept: str = ""  # a re-run's copied report (issue 23): shown on its card, never called again


@dataclass(frozen=True)
class ToolUsed:
    run_id: str
    agent: str
    tool: str
    arguments: dict
    result: str
    task_id: str | None = None  # the lead's task, when a lead called it (its card shows the call)


@dataclass(frozen=True)
class DeliverableReady:
    run_id: str
    text: str
    revision: int = 0


@dataclass(frozen=True)
class AuditReady:
    run_id: str
    memo: str
    verdict: Verdict


@dataclass(frozen=True)
class ChecksSet:
    """The run's checks, its definition of done (issue 31), set after routing and before
    the leads start: each a ``Check.to_dict()`` (id, text, kind, source, params, passed,
    detail), in order."""

    run_id: str
    checks: tuple[dict, ...]


@dataclass(frozen=True)
class ChecksMeasured:
    """The checks measured on the deliverable of ``revision`` (``passed`` and ``detail``
    set for the measured ones; judged ones answered after the audit)."""

    run_id: str
    revision: int
    checks: tuple[dict, ...]


@dataclass(frozen=True)
class Revising:
    """The deliverable goes back to the orchestrator: ``failed_ids`` are the checks it
    failed (empty when only the verdict sent it back); ``round`` counts the automatic
    revisions (1 = the first); ``next_run_id`` is the revision that follows."""

    run_id: str
    round: int
    failed_ids: tuple[str, ...]
    next_run_id: str = ""


@dataclass(frozen=True)
class RerunStarted:
    """A re-run the Principal asked for began (``core/run/rerun.summary``): ``what`` it
    runs again (leads, briefs, synthesize, audit, directive), the leads that run again
    (``rerun``) and those whose reports it keeps (``kept``), and the new ``feedback``."""

    run_id: str
    parent_id: str
    revision: int
    what: str
    rerun: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    feedback: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReviewDecided:
    run_id: str
    stage: Stage
    action: Action
    feedback: str = ""


@dataclass(frozen=True)
class Notice:
    """Something the user should know: a fallback, a retry, a warning. ``about`` names
    the call a fallback notice is about ("route", "lead T-…"; "" for other notices), so
    a view that says it on that call's card can leave the notice out.

    ``text`` is the English sentence (the terminal and the log print it); ``kind`` says
    what it is and ``fields`` hold its parts (agent names, counts, keys: see
    ``NoticeKind``), so that a window words it in its own language (ui/notice_words.py).
    Every notice the core emits has a kind (tests/core/test_notice_kinds.py)."""

    run_id: str
    level: Level
    text: str
    about: str = ""
    kind: NoticeKind | str = ""
    fields: dict[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class StageFellBack:
    """A stage used its deterministic fallback: the model's output was unusable after a
    re-ask (or empty twice). Also recorded in the stage's checkpoint (``"fallback":
    true`` and ``"fallback_reason"``). ``task_id`` names the lead of a dispatch fallback."""

    run_id: str
    stage: Stage
    reason: str
    task_id: str | None = None


@dataclass(frozen=True)
class RunSuspended:
    run_id: str
    reason: str


@dataclass(frozen=True)
class RunFinished:
    run_id: str
    status: RunStatus  # DONE or REJECTED, as the database records it
    deliverable: str
    verdict: Verdict | str  # as stored (a Verdict's text)


@dataclass(frozen=True)
class RunFailed:
    run_id: str
    error: str
    hint: str = ""
    kind: str = "error"


@dataclass(frozen=True)
class UsageRecorded:
    run_id: str
    agent: str
    input_tokens: int
    output_tokens: int
    seconds: float
    extra: dict = field(default_factory=dict)


# --- what a window adds: the Principal's own words, and the time of a replayed row -----


@dataclass(frozen=True)
class Answered:
    """The Principal answered a clarifying question (the window shows it at once; a
    replayed session gives it from the stored answer)."""

    run_id: str
    text: str


@dataclass(frozen=True)
class ChatSaid:
    """The Principal wrote to one agent in a direct conversation."""

    agent: str
    text: str


@dataclass(frozen=True)
class Stamped:
    """The events after this one happened at ``at`` (epoch seconds): a stored row's time."""

    at: float


Event = (
    RunStarted
    | StageStarted
    | AgentState
    | AgentProgress
    | AgentDelta
    | AgentMessage
    | Routed
    | TaskChanged
    | ToolUsed
    | DeliverableReady
    | AuditReady
    | ChecksSet
    | ChecksMeasured
    | Revising
    | RerunStarted
    | ReviewDecided
    | Notice
    | StageFellBack
    | RunSuspended
    | RunFinished
    | RunFailed
    | UsageRecorded
    | Answered
    | ChatSaid
    | Stamped
)

EventSink = Callable[[Event], None]


def null_sink(_event: Event) -> None:
    """An event sink that drops everything."""


def guarded(sink: EventSink) -> EventSink:
    """A sink whose failures are logged, never raised: a broken view must not kill a run."""
    log = logging.getLogger("aipa.events")

    def emit(event: Event) -> None:
        try:
            sink(event)
        except Exception:
            log.exception("an event consumer failed on %s", type(event).__name__)

    return emit
