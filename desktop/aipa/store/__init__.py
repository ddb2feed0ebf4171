"""Persistence: one SQLite file (peewee, WAL, FTS5), reached only through ``Store``.

Qt-free; never imports ``aipa.core``, ``aipa.providers`` or ``aipa.ui``.
"""

from aipa.store.migrations import SCHEMA_VERSION
from aipa.store.records import (
    BriefRecord,
    CallRecord,
    MessageRecord,
    QuestionRecord,
    QuestionSetRecord,
    ReviewRecord,
    RunRecord,
    SessionRecord,
    TaskRecord,
)
from aipa.store.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "BriefRecord",
    "CallRecord",
    "MessageRecord",
    "QuestionRecord",
    "QuestionSetRecord",
    "ReviewRecord",
    "RunRecord",
    "SessionRecord",
    "Store",
    "TaskRecord",
]
