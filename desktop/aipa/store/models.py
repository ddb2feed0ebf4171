"""peewee models mirroring the DDL in ``migrations.py``.

The classes here are unbound templates. ``bind_models`` makes a private set of
subclasses bound to one database, so two ``Store`` instances never share state.
Foreign keys are enforced by the DDL; here they are plain columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar, cast

from peewee import (
    AutoField,
    BooleanField,
    CompositeKey,
    Database,
    FloatField,
    IntegerField,
    Model,
    TextField,
)


def to_utc(value: datetime) -> datetime:
    """Aware UTC; a naive datetime is taken to be UTC already."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


class UtcDateTimeField(TextField):
    """Aware datetimes stored as fixed-width ISO-8601 UTC text (sortable as text)."""

    def db_value(self, value: datetime | str | None) -> str | None:
        if value is None or isinstance(value, str):
            return value
        return to_utc(value).isoformat(timespec="microseconds")

    def python_value(self, value: str | None) -> datetime | None:
        return None if value is None else to_utc(datetime.fromisoformat(value))


class AppMeta(Model):
    key = TextField(primary_key=True)
    value = TextField()

    class Meta:
        table_name = "meta"


class Session(Model):
    id = TextField(primary_key=True)
    title = TextField(default="")
    created_at = UtcDateTimeField()
    closed_at = UtcDateTimeField(null=True)
    last_active = UtcDateTimeField()
    pinned = BooleanField(default=False)
    deleted_at = UtcDateTimeField(null=True)  # in the Trash since (schema v8)

    class Meta:
        table_name = "sessions"


class Run(Model):
    id = TextField(primary_key=True)
    session_id = TextField()
    directive = TextField()
    kind = TextField(default="directive")
    status = TextField()
    stage = TextField(default="")
    day = TextField()
    seq = IntegerField()
    pid = IntegerField(null=True)
    deliverable = TextField(null=True)
    verdict = TextField(null=True)
    error = TextField(null=True)
    started_at = UtcDateTimeField()
    updated_at = UtcDateTimeField()
    finished_at = UtcDateTimeField(null=True)
    provider = TextField(default="")
    model = TextField(default="")
    base_url = TextField(default="")
    parent_id = TextField(null=True)
    revision = IntegerField(default=1)

    class Meta:
        table_name = "runs"


class Message(Model):
    id = AutoField()
    session_id = TextField()
    role = TextField()
    agent = TextField(default="")
    content = TextField()
    thinking = TextField(default="")
    run_id = TextField(null=True)
    task_id = TextField(null=True)
    kind = TextField(default="message")
    created_at = UtcDateTimeField()

    class Meta:
        table_name = "messages"


class Checkpoint(Model):
    run_id = TextField()
    stage = TextField()
    payload = TextField()
    saved_at = UtcDateTimeField()

    class Meta:
        table_name = "checkpoints"
        primary_key = CompositeKey("run_id", "stage")


class Task(Model):
    id = TextField(primary_key=True)
    run_id = TextField()
    assigned_to = TextField()
    title = TextField()
    brief = TextField()
    status = TextField()
    output = TextField(default="")
    thinking = TextField(default="")
    error = TextField(null=True)
    created_at = UtcDateTimeField()
    started_at = UtcDateTimeField(null=True)
    finished_at = UtcDateTimeField(null=True)
    attempts = IntegerField(default=0)
    workers = TextField(default="[]")  # JSON list of {"id", "task"} (schema v4)

    class Meta:
        table_name = "tasks"


class Question(Model):
    run_id = TextField()
    qid = TextField()
    stage = TextField()
    text = TextField()
    answer = TextField(null=True)
    source = TextField(null=True)
    asked_at = UtcDateTimeField()
    answered_at = UtcDateTimeField(null=True)
    round = IntegerField(default=1)

    class Meta:
        table_name = "questions"
        primary_key = CompositeKey("run_id", "qid")


class QuestionSet(Model):
    run_id = TextField()
    round = IntegerField()
    stage = TextField()
    transport = TextField(default="")
    asked_at = UtcDateTimeField()
    deadline = UtcDateTimeField(null=True)
    answered_at = UtcDateTimeField(null=True)
    answered_via = TextField(null=True)
    outcome = TextField(default="")

    class Meta:
        table_name = "question_sets"
        primary_key = CompositeKey("run_id", "round")


class Review(Model):
    id = AutoField()
    run_id = TextField()
    stage = TextField()
    action = TextField()
    feedback = TextField(default="")
    created_at = UtcDateTimeField()

    class Meta:
        table_name = "reviews"


class Usage(Model):
    id = AutoField()
    run_id = TextField(null=True)
    session_id = TextField(null=True)
    agent = TextField()
    provider = TextField()
    model = TextField()
    purpose = TextField(default="")
    input_tokens = IntegerField()
    output_tokens = IntegerField()
    seconds = FloatField()
    created_at = UtcDateTimeField()
    started_at = UtcDateTimeField(null=True)
    task_id = TextField(null=True)
    revision = IntegerField(default=0)
    reask = BooleanField(default=False)
    tool_calls = IntegerField(default=0)
    cached_input_tokens = IntegerField(default=0)
    cost = FloatField(null=True)

    class Meta:
        table_name = "usage"


class BriefVersion(Model):
    version = AutoField()
    text = TextField()
    reason = TextField(default="")
    created_at = UtcDateTimeField()

    class Meta:
        table_name = "brief_versions"


class BriefArchive(Model):
    id = AutoField()
    entry = TextField()
    archived_at = UtcDateTimeField()

    class Meta:
        table_name = "brief_archive"


@dataclass(frozen=True)
class Models:
    """One database's bound model classes."""

    meta: type[AppMeta]
    session: type[Session]
    run: type[Run]
    message: type[Message]
    checkpoint: type[Checkpoint]
    task: type[Task]
    question: type[Question]
    question_set: type[QuestionSet]
    review: type[Review]
    usage: type[Usage]
    brief_version: type[BriefVersion]
    brief_archive: type[BriefArchive]


M = TypeVar("M", bound=Model)


def _bound(model: type[M], db: Database) -> type[M]:
    meta = type("Meta", (), {"database": db, "table_name": model._meta.table_name})
    return cast(type[M], type(model.__name__, (model,), {"Meta": meta, "__module__": __name__}))


def bind_models(db: Database) -> Models:
    """Fresh subclasses of every model, bound to ``db``."""
    return Models(
        meta=_bound(AppMeta, db),
        session=_bound(Session, db),
        run=_bound(Run, db),
        message=_bound(Message, db),
        checkpoint=_bound(Checkpoint, db),
        task=_bound(Task, db),
        question=_bound(Question, db),
        question_set=_bound(QuestionSet, db),
        review=_bound(Review, db),
        usage=_bound(Usage, db),
        brief_version=_bound(BriefVersion, db),
        brief_archive=_bound(BriefArchive, db),
    )
