"""Immutable values the store hands out. Never peewee model instances.

Every datetime is timezone-aware UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class SessionRecord:
    id: str
    title: str
    created_at: datetime
    closed_at: datetime | None
    last_active: datetime
    pinned: bool = False
    deleted_at: datetime | None = None  # in the Trash since

    @property
    def session_id(self) -> str:
        """Alias of ``id``, for symmetry with the other records."""
        return self.id


@dataclass(frozen=True, slots=True)
class MessageRecord:
    id: int
    session_id: str
    role: str
    content: str
    agent: str
    thinking: str
    run_id: str | None
    task_id: str | None
    kind: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class RunRecord:
    run_id: str
    session_id: str
    directive: str
    kind: str
    status: str
    stage: str
    started_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    pid: int | None
    deliverable: str | None
    verdict: str | None
    error: str | None
    seq: int
    day: str
    provider: str = ""  # how the run was started: --provider / --model / --base-url ("" = settings)
    model: str = ""
    base_url: str = ""
    parent_id: str | None = None  # the run this one re-runs (schema: CALLS_DDL)
    revision: int = 1  # 1 for a first run; a re-run of a run of revision n is n + 1


@dataclass(frozen=True, slots=True)
class TaskRecord:
    task_id: str
    run_id: str
    assigned_to: str
    title: str
    brief: str
    status: str
    output: str
    thinking: str
    error: str | None
    started_at: datetime | None
    finished_at: datetime | None
    attempts: int  # times the task entered in_progress (schema v2)
    workers: tuple[dict, ...] = ()  # the lead's runtime workers, {"id", "task"} each (schema v4)


@dataclass(frozen=True, slots=True)
class QuestionRecord:
    run_id: str
    qid: str
    text: str
    stage: str
    answer: str | None  # None while the question is open
    source: str | None  # how it was answered ("typed", "suggested", ...); None while open
    asked_at: datetime
    answered_at: datetime | None
    round: int = 1  # the question set it belongs to (schema v4)


@dataclass(frozen=True, slots=True)
class QuestionSetRecord:
    """One round of questions of a run: asked together, answered together, first answer wins."""

    run_id: str
    round: int
    stage: str
    transport: str  # where it was asked: window, terminal, scripted
    asked_at: datetime
    deadline: datetime | None
    answered_at: datetime | None  # None while open
    answered_via: str | None  # who answered first: window, terminal, scripted, deadline
    outcome: str  # what a lapsed deadline's policy did ("" when it never ran)


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    run_id: str
    stage: str
    action: str
    feedback: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class BriefRecord:
    version: int
    text: str
    reason: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class CallRecord:
    """One model call (a ``usage`` row): who, for what, when, how much."""

    id: int
    run_id: str | None
    session_id: str | None
    agent: str
    provider: str
    model: str
    purpose: str
    input_tokens: int
    output_tokens: int
    seconds: float
    started_at: datetime  # the row's own, or (older rows) its end less its seconds
    finished_at: datetime
    task_id: str | None = None
    revision: int = 0  # regenerations of the stage's output after an Edit
    reask: bool = False
    tool_calls: int = 0
    cached_input_tokens: int = 0
    cost: float | None = None  # money for a cloud model; None for a local one or an unknown price
