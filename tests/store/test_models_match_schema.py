"""The peewee models mirror the DDL (store/migrations.py is the source of truth): every
model's fields against ``PRAGMA table_info`` of a freshly migrated file, both ways."""

from __future__ import annotations

import pytest
from peewee import AutoField, BooleanField, FloatField, IntegerField, Model, TextField

from aipa.store import models
from aipa.store.db import open_database
from aipa.store.migrations import migrate

# Every model the store binds (store/models.Models lists them), so a new table's model
# is checked without editing this file.
MODELS: tuple[type[Model], ...] = tuple(
    cls for cls in vars(models).values() if isinstance(cls, type) and issubclass(cls, Model) and cls is not Model
)
# Tables without a model, on purpose: the store reads and writes them with plain SQL.
WITHOUT_MODEL = {
    "schema_info",  # the schema version (migrations.read_version / migrate)
    "id_counters",  # per-day id sequences (store/base.py: one upsert, then a SELECT)
    "messages_fts",  # the full-text index over messages.content, kept by triggers; searched with MATCH
    # Attached documents (store/documents.py): content-addressed rows, chunks with their
    # place and an optional embedding blob, written and ranked (BM25, RRF) in plain SQL.
    "documents",
    "session_documents",
    "chunks",
    "chunks_fts",  # the full-text index over chunks.text, kept by triggers
    # Scheduled directives (store/schedules.py): a slot is claimed with one conditional UPDATE.
    "schedules",
    "service_runs",  # the runs started with nobody at the screen (schema 13)
    # Attached pictures (store/pictures.py): rows beside content-addressed files.
    "pictures",
    "checks",  # each run's checks (store/checks.py): written whole, read in order
}
AFFINITY = {
    AutoField: "INTEGER",
    IntegerField: "INTEGER",
    BooleanField: "INTEGER",  # 0/1 in an INTEGER column
    FloatField: "REAL",
    TextField: "TEXT",
}


def _affinity(field) -> str:
    for kind, declared in AFFINITY.items():  # AutoField before IntegerField: order matters
        if isinstance(field, kind):
            return declared
    raise AssertionError(f"no declared type known for {type(field).__name__}")


def _sql_literal(value) -> str:
    if isinstance(value, bool):  # SQLite has no booleans: 0 / 1
        return str(int(value))
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    db = open_database(tmp_path_factory.mktemp("schema") / "aipa.db")
    migrate(db)
    yield db
    db.close()


def _columns(db, table: str) -> dict[str, dict]:
    rows = db.execute_sql(f"PRAGMA table_info({table})").fetchall()
    return {r[1]: {"type": r[2].upper(), "notnull": bool(r[3]), "default": r[4], "pk": r[5]} for r in rows}


def test_every_table_has_a_model_or_a_reason(db):
    tables = {r[0] for r in db.execute_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
    # SQLite's own: AUTOINCREMENT's counters and the FTS5 index's shadow tables.
    tables = {t for t in tables if t != "sqlite_sequence" and not t.startswith(("messages_fts_", "chunks_fts_"))}
    modelled = {m._meta.table_name for m in MODELS}
    assert tables - WITHOUT_MODEL == modelled
    assert tables >= WITHOUT_MODEL, "an excluded table no longer exists: drop it from WITHOUT_MODEL"


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_model_fields_match_the_table(db, model):
    table = model._meta.table_name
    columns = _columns(db, table)
    fields = {f.column_name: f for f in model._meta.sorted_fields}
    assert set(fields) - set(columns) == set(), f"{table}: the model has fields the table lacks"
    assert set(columns) - set(fields) == set(), f"{table}: the table has columns the model lacks"
    primary = {f.column_name for f in model._meta.get_primary_keys()}
    for name, field in fields.items():
        col = columns[name]
        where = f"{table}.{name}"
        assert col["type"] == _affinity(field), f"{where}: declared {col['type']}, model {type(field).__name__}"
        assert bool(col["pk"]) == (name in primary), f"{where}: primary key differs"
        if name not in primary:  # SQLite lets a non-INTEGER primary key hold NULL; the model never writes one
            assert col["notnull"] == (not field.null), f"{where}: NOT NULL is {col['notnull']}, model null={field.null}"
        if field.default is not None and not callable(field.default):
            assert col["default"] == _sql_literal(field.default), f"{where}: default differs"
