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
