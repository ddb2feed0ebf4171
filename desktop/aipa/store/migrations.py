"""Schema versions: an ordered list of migrations, version N -> N+1.

The DDL here is the source of truth for the schema; ``models.py`` mirrors it for
queries. A migration, once released, never changes: add a new one instead.
Statements are executed one at a time (never ``executescript``, which commits)
so that each migration runs inside a single transaction with its version bump.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from peewee import Database

from aipa.store.migrations_v13 import SERVICE_RUNS_DDL

# Version 1: everything the first release needs.
V1_DDL: tuple[str, ...] = (
    """CREATE TABLE schema_info (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL,
        updated_at TEXT NOT NULL)""",
    """CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE id_counters (
        prefix TEXT NOT NULL,
        day TEXT NOT NULL,
        value INTEGER NOT NULL,
        PRIMARY KEY (prefix, day))""",
    """CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        closed_at TEXT,
        last_active TEXT NOT NULL)""",
    "CREATE INDEX sessions_last_active ON sessions (last_active)",
    """CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        directive TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'directive',
        status TEXT NOT NULL,
        stage TEXT NOT NULL DEFAULT '',
        day TEXT NOT NULL,
        seq INTEGER NOT NULL,
        pid INTEGER,
        deliverable TEXT,
        verdict TEXT,
        error TEXT,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT)""",
    "CREATE INDEX runs_session ON runs (session_id)",
    "CREATE INDEX runs_started ON runs (started_at)",
    "CREATE INDEX runs_status ON runs (status)",
    """CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        agent TEXT NOT NULL DEFAULT '',
        content TEXT NOT NULL,
        thinking TEXT NOT NULL DEFAULT '',
        run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
        task_id TEXT,
        kind TEXT NOT NULL DEFAULT 'message',
        created_at TEXT NOT NULL)""",
    "CREATE INDEX messages_session ON messages (session_id, id)",
    "CREATE INDEX messages_run ON messages (run_id)",
    # External-content FTS5 index over messages.content, kept in sync by triggers.
    """CREATE VIRTUAL TABLE messages_fts USING fts5(
        content, content='messages', content_rowid='id')""",
    """CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, content) VALUES (new.id, new.content);
    END""",
    """CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, content)
            VALUES ('delete', old.id, old.content);
    END""",
    """CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, content)
            VALUES ('delete', old.id, old.content);
        INSERT INTO messages_fts (rowid, content) VALUES (new.id, new.content);
    END""",
    """CREATE TABLE checkpoints (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        stage TEXT NOT NULL,
        payload TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (run_id, stage))""",
    """CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        assigned_to TEXT NOT NULL,
        title TEXT NOT NULL,
        brief TEXT NOT NULL,
        status TEXT NOT NULL,
        output TEXT NOT NULL DEFAULT '',
        thinking TEXT NOT NULL DEFAULT '',
        error TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT)""",
    "CREATE INDEX tasks_run ON tasks (run_id)",
    """CREATE TABLE questions (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        qid TEXT NOT NULL,
        stage TEXT NOT NULL,
        text TEXT NOT NULL,
        answer TEXT,
        source TEXT,
        asked_at TEXT NOT NULL,
        answered_at TEXT,
        PRIMARY KEY (run_id, qid))""",
    """CREATE TABLE reviews (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        stage TEXT NOT NULL,
        action TEXT NOT NULL,
        feedback TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL)""",
    "CREATE INDEX reviews_run ON reviews (run_id)",
    """CREATE TABLE usage (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
        session_id TEXT REFERENCES sessions (id) ON DELETE SET NULL,
        agent TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        purpose TEXT NOT NULL DEFAULT '',
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        seconds REAL NOT NULL,
        created_at TEXT NOT NULL)""",
    "CREATE INDEX usage_run ON usage (run_id)",
    "CREATE INDEX usage_session ON usage (session_id)",
    """CREATE TABLE brief_versions (
        version INTEGER PRIMARY KEY AUTOINCREMENT,
        text TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL)""",
    """CREATE TABLE brief_archive (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entry TEXT NOT NULL,
        archived_at TEXT NOT NULL)""",
)

# Version 2: count how many times each task was started (retries, crash restarts).
V2_DDL: tuple[str, ...] = (
    "ALTER TABLE tasks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0",
    # Backfill: any task that ever left "pending" was started at least once.
    "UPDATE tasks SET attempts = 1 WHERE status != 'pending'",
)

# Version 3: a run's final state is what happened, and no task stays "in progress" in a
# run that no longer runs (statuses "rejected" and "interrupted" are new values).
V3_DDL: tuple[str, ...] = (
    "UPDATE runs SET status = 'rejected' WHERE status = 'done' AND id IN (SELECT run_id FROM checkpoints"
    " WHERE stage = 'review' AND json_extract(payload, '$.action') = 'reject')",
    "UPDATE tasks SET status = 'interrupted', finished_at = COALESCE(finished_at, started_at, created_at)"
    " WHERE status = 'in_progress' AND run_id IN (SELECT id FROM runs WHERE status != 'running')",
)


# Version 4: a lead's runtime workers kept with its task (JSON list), and clarifying
# questions asked in rounds: each round is a question set with its transport, deadline,
# who answered it first (the atomic "first answer wins" row) and what a lapsed
# deadline's policy did. Sets already in a file become round 1.
V4_DDL: tuple[str, ...] = (
    "ALTER TABLE tasks ADD COLUMN workers TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE questions ADD COLUMN round INTEGER NOT NULL DEFAULT 1",
    """CREATE TABLE question_sets (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        stage TEXT NOT NULL,
        transport TEXT NOT NULL DEFAULT '',
        asked_at TEXT NOT NULL,
        deadline TEXT,
        answered_at TEXT,
        answered_via TEXT,
        outcome TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (run_id, round))""",
    """INSERT INTO question_sets (run_id, round, stage, asked_at, answered_at, answered_via)
        SELECT run_id, 1, 'clarify', MIN(asked_at),
            CASE WHEN COUNT(answer) = COUNT(*) THEN MAX(answered_at) END,
            CASE WHEN COUNT(answer) = COUNT(*) THEN 'unknown' END
        FROM questions WHERE stage = 'clarify' GROUP BY run_id""",
)


# Version 5: how a run was started (the command line's --provider/--model/--base-url),
# so that a resume uses the same provider unless told otherwise.
RUN_ORIGIN_DDL: tuple[str, ...] = (
    "ALTER TABLE runs ADD COLUMN provider TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE runs ADD COLUMN model TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE runs ADD COLUMN base_url TEXT NOT NULL DEFAULT ''",
)


# Version 6: attached documents. A document's text is stored once per content (sha256),
# split into chunks that keep their place (page, slide, heading); chunks_fts indexes
# them (BM25); an optional embedding per chunk (float32 blob) serves vector search.
# session_documents says which session has which document attached, under which name.
V6_DDL: tuple[str, ...] = (
    """CREATE TABLE documents (
        sha256 TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        size INTEGER NOT NULL,
        chars INTEGER NOT NULL,
        outline TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL)""",
    """CREATE TABLE session_documents (
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        sha256 TEXT NOT NULL REFERENCES documents (sha256) ON DELETE CASCADE,
        name TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (session_id, sha256))""",
    """CREATE TABLE chunks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        sha256 TEXT NOT NULL REFERENCES documents (sha256) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        place TEXT NOT NULL,
        text TEXT NOT NULL,
        embedding BLOB,
        embed_model TEXT NOT NULL DEFAULT '')""",
    "CREATE UNIQUE INDEX chunks_doc ON chunks (sha256, seq)",
    """CREATE VIRTUAL TABLE chunks_fts USING fts5(
        text, content='chunks', content_rowid='id', tokenize='porter unicode61')""",
    """CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts (rowid, text) VALUES (new.id, new.text);
    END""",
    """CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
    END""",
)


# Version 7: a session can be pinned to the top of the window's list.
V7_DDL: tuple[str, ...] = ("ALTER TABLE sessions ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0",)

# Version 8 (the sessions' Trash): a deleted session keeps its rows with the time it was
# put in the Trash; it can be restored, and is deleted for good after 30 days or when
# the Trash is emptied.
TRASH_DDL: tuple[str, ...] = (
    "ALTER TABLE sessions ADD COLUMN deleted_at TEXT",
    "CREATE INDEX sessions_deleted_at ON sessions (deleted_at)",
)


# Version 9: each model call's place on the run's timeline and its cost, and re-runs as
# revisions. ``started_at`` is when the call began (older rows: NULL, read as
# ``created_at - seconds``); ``task_id`` ties a lead's call to its task; ``reask`` marks the
# answer to a re-ask; ``tool_calls`` counts the tools it asked for; ``cached_input_tokens``
# the prompt tokens served from a provider's cache; ``cost`` is money (the price table's
# currency) for a cloud model, NULL for a local one or a model missing from the table.
# A run made by re-running another names it in ``parent_id`` and counts its ``revision``.
CALLS_DDL: tuple[str, ...] = (
    "ALTER TABLE usage ADD COLUMN started_at TEXT",
    "ALTER TABLE usage ADD COLUMN task_id TEXT",
    "ALTER TABLE usage ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE usage ADD COLUMN reask INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE usage ADD COLUMN tool_calls INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE usage ADD COLUMN cached_input_tokens INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE usage ADD COLUMN cost REAL",
    "ALTER TABLE runs ADD COLUMN parent_id TEXT REFERENCES runs (id) ON DELETE SET NULL",
    "ALTER TABLE runs ADD COLUMN revision INTEGER NOT NULL DEFAULT 1",
    "CREATE INDEX runs_parent ON runs (parent_id)",
)


# Version 10 (scheduled directives, issue 24 item 3): a directive with a recurrence
# (daily, weekly on days, monthly on a day), a local time and an IANA zone, its profile
# and material. ``last_slot`` is the latest occurrence (UTC) already claimed: a claim is
# one conditional UPDATE, so the window and a headless ``aipa run --scheduled`` never
# both run one occurrence. ``schedule_runs`` ties each run a schedule started to it (the
# Inbox); ``missed`` marks a run made at the next start for an occurrence the app missed.
SCHEDULES_DDL: tuple[str, ...] = (
    """CREATE TABLE schedules (
        id TEXT PRIMARY KEY,
        directive TEXT NOT NULL,
        recurrence TEXT NOT NULL,
        days TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL,
        tz TEXT NOT NULL,
        profile TEXT NOT NULL DEFAULT '',
        attachments TEXT NOT NULL DEFAULT '[]',
        folder TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        last_slot TEXT)""",
    """CREATE TABLE schedule_runs (
        run_id TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
        schedule_id TEXT NOT NULL,
        slot TEXT NOT NULL,
        missed INTEGER NOT NULL DEFAULT 0,
        started_at TEXT NOT NULL)""",
    "CREATE INDEX schedule_runs_started ON schedule_runs (started_at)",
)


# v11: pictures the Principal attached (store/pictures.py). The files themselves live in
# the data folder, named by their sha256 (core/material/picture_shelf.py); a row says which
# session has one, with which directive (``run_id``: NULL until that run starts), under
# which name and alt text, and how many bytes of it were sent.
PICTURES_DDL: tuple[str, ...] = (
    """CREATE TABLE pictures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        run_id TEXT,
        sha256 TEXT NOT NULL,
        name TEXT NOT NULL,
        alt TEXT NOT NULL DEFAULT '',
        media_type TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        size INTEGER NOT NULL,
        sent_bytes INTEGER NOT NULL DEFAULT 0,
        added_at TEXT NOT NULL)""",
    "CREATE INDEX pictures_session ON pictures (session_id)",
    "CREATE INDEX pictures_run ON pictures (run_id)",
    "CREATE INDEX pictures_sha ON pictures (sha256)",
)

# Version 12 (checked work, issue 31): each run's checks, the directive's requirements in
# order (``position``): ``check_id`` is its id in the run ("words", "bullets", "j1"), ``kind``
# its family (core/checks/model.CheckKind), ``source`` who asked (directive, principal,
# model), ``params`` JSON; ``passed`` NULL until measured (or judged with an answer), then 0/1;
# ``detail`` what was found against what was asked. Deleted with the run.
CHECKS_DDL: tuple[str, ...] = (
    """CREATE TABLE checks (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        check_id TEXT NOT NULL,
        text TEXT NOT NULL,
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        params TEXT NOT NULL DEFAULT '{}',
        passed INTEGER,
        detail TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (run_id, position))""",
)


def _run_all(statements: tuple[str, ...]) -> Callable[[Database], None]:
    def migrate(db: Database) -> None:
        for statement in statements:
            db.execute_sql(statement)

    return migrate


# MIGRATIONS[i] takes a database from version i to version i + 1.
MIGRATIONS: tuple[Callable[[Database], None], ...] = (
    _run_all(V1_DDL),
    _run_all(V2_DDL),
    _run_all(V3_DDL),
    _run_all(V4_DDL),
    _run_all(RUN_ORIGIN_DDL),
    _run_all(V6_DDL),
    _run_all(V7_DDL),
    _run_all(TRASH_DDL),
    _run_all(CALLS_DDL),
    _run_all(SCHEDULES_DDL),
    _run_all(PICTURES_DDL),
    _run_all(CHECKS_DDL),
    _run_all(SERVICE_RUNS_DDL),  # v13: store/migrations_v13.py
)

SCHEMA_VERSION = len(MIGRATIONS)


def read_version(db: Database) -> int:
    """The schema version recorded in the file; 0 for a database without one."""
    if not db.table_exists("schema_info"):
        return 0
    row = db.execute_sql("SELECT version FROM schema_info WHERE id = 1").fetchone()
    return int(row[0]) if row else 0


def migrate(db: Database, *, now: Callable[[], datetime] | None = None) -> list[int]:
    """Apply every pending migration in order; returns the versions reached.

    Each step runs in its own transaction together with its version bump, so a
    failure leaves the file at the last version that fully applied.
    """
    clock = now or (lambda: datetime.now(UTC))
    reached: list[int] = []
    while True:
        with db.atomic(lock_type="IMMEDIATE"):
            # Read under the write lock: another process may have migrated meanwhile.
            version = read_version(db)
            if version >= SCHEMA_VERSION:
                return reached
            MIGRATIONS[version](db)
            db.execute_sql(
                "INSERT OR REPLACE INTO schema_info (id, version, updated_at) VALUES (1, ?, ?)",
                (version + 1, clock().astimezone(UTC).isoformat()),
            )
        reached.append(version + 1)
