"""Opening files: pragmas, migrations with backups, newer files read-only, foreign files."""

import ast
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from aipa.errors import StoreError
from aipa.store import SCHEMA_VERSION, Store
from aipa.store.migrations import V1_DDL

STORE_DIR = Path(__file__).resolve().parents[2] / "desktop" / "aipa" / "store"


def pragma(store, name):
    return store._db.execute_sql(f"PRAGMA {name}").fetchone()[0]


def test_fresh_file_is_current_wal_with_foreign_keys(db_path):
    with Store(db_path) as store:
        assert store.schema_version() == SCHEMA_VERSION >= 2
        assert not store.read_only and store.warning is None
        assert pragma(store, "journal_mode") == "wal"
        assert pragma(store, "foreign_keys") == 1
        assert pragma(store, "busy_timeout") > 0
    assert not list(db_path.parent.glob("*.bak-v*"))  # nothing to back up


def test_missing_folders_are_created(tmp_path):
    with Store(tmp_path / "a" / "b" / "aipa.db") as store:
        assert store.create_session()


def test_reopening_keeps_data_and_makes_no_backup(db_path, clock):
    with Store(db_path, now=clock) as store:
        session_id = store.create_session("kept")
    with Store(db_path, now=clock) as store:
        assert store.get_session(session_id).title == "kept"
        assert store.warning is None
    assert not list(db_path.parent.glob("*.bak-v*"))


def test_each_thread_gets_a_working_connection(store, session_id):
    errors = []

    def worker():
        try:
            store.add_message(session_id, "user", "from a thread")
            assert store.get_session(session_id) is not None
        except Exception as exc:
            errors.append(exc)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert errors == []
    assert [m.content for m in store.messages(session_id)] == ["from a thread"]


def test_two_stores_on_two_files_are_independent(tmp_path):
    with Store(tmp_path / "one.db") as one, Store(tmp_path / "two.db") as two:
        one.create_session("one")
        assert two.list_sessions() == []
        assert [s.title for s in one.list_sessions()] == ["one"]


# --- migration from v1 --------------------------------------------------------------


def make_v1_file(path: Path) -> sqlite3.Connection:
    """A version-1 file as the first release wrote it, left open in WAL mode
    (so the latest rows are still in the -wal file when the app opens it)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=wal")
    for statement in V1_DDL:
        conn.execute(statement)
    t = "2026-11-28T10:00:00.000000+00:00"
    conn.execute("INSERT INTO schema_info VALUES (1, 1, ?)", (t,))
    conn.execute("INSERT INTO sessions VALUES ('S-20261128-001', 'old session', ?, NULL, ?)", (t, t))
    conn.execute("INSERT INTO id_counters VALUES ('S', '20261128', 1), ('R', '20261128', 1)")
    conn.execute(
        "INSERT INTO runs (id, session_id, directive, kind, status, stage, day, seq, started_at,"
        " updated_at) VALUES ('R-20261128-001', 'S-20261128-001', 'old directive', 'directive',"
        " 'suspended', 'clarify', '20261128', 1, ?, ?)",
        (t, t),
    )
    conn.execute(
        "INSERT INTO messages (session_id, role, content, created_at)"
        " VALUES ('S-20261128-001', 'user', 'remember the lighthouse', ?)",
        (t,),
    )
    for task_id, status in [("T-20261128-001-A", "complete"), ("T-20261128-001-B", "pending")]:
        conn.execute(
            "INSERT INTO tasks (id, run_id, assigned_to, title, brief, status, output,"
            " created_at) VALUES (?, 'R-20261128-001', 'Atlas', 't', 'b', ?, 'out', ?)",
            (task_id, status, t),
        )
    # A run the Principal rejected (recorded "done" before v3) with a lead left in progress.
    conn.execute(
        "INSERT INTO runs (id, session_id, directive, kind, status, stage, day, seq, started_at,"
        " updated_at) VALUES ('R-20261128-002', 'S-20261128-001', 'rejected directive', 'directive',"
        " 'done', 'review', '20261128', 2, ?, ?)",
        (t, t),
    )
    conn.execute("INSERT INTO checkpoints VALUES ('R-20261128-002', 'review', '{\"action\": \"reject\"}', ?)", (t,))
    conn.execute(
        "INSERT INTO tasks (id, run_id, assigned_to, title, brief, status, output,"
        " created_at) VALUES ('T-20261128-002-A', 'R-20261128-002', 'Cole', 't', 'b', 'in_progress', '', ?)",
        (t,),
    )
    conn.execute(
        "INSERT INTO questions (run_id, qid, stage, text, asked_at)"
        " VALUES ('R-20261128-001', 'q1', 'clarify', 'Budget?', ?)",
        (t,),
    )
    conn.execute("INSERT INTO brief_versions (text, reason, created_at) VALUES ('brief v1', '', ?)", (t,))
    return conn


def test_v1_file_is_backed_up_and_migrated(db_path, clock):
    old = make_v1_file(db_path)
    try:
        store = Store(db_path, now=clock)
    finally:
        old.close()
    backup = db_path.with_name(db_path.name + ".bak-v1")
    with store:
        assert store.schema_version() == SCHEMA_VERSION
        assert not store.read_only
        assert "from schema version 1" in store.warning and str(backup) in store.warning

        assert store.get_session("S-20261128-001").title == "old session"
        run = store.get_run("R-20261128-001")
        assert (run.status, run.stage, run.directive) == ("suspended", "clarify", "old directive")
        assert [m.content for m in store.search_messages("lighthouse")] == ["remember the lighthouse"]
        assert {t.task_id: t.attempts for t in store.tasks(run.run_id)} == {
            "T-20261128-001-A": 1,
            "T-20261128-001-B": 0,
        }  # v2 backfill
        rejected = store.get_run("R-20261128-002")
        assert rejected.status == "rejected"  # v3: what happened, not "done"
        assert [t.status for t in store.tasks(rejected.run_id)] == ["interrupted"]  # v3 backfill
        assert [q.qid for q in store.pending_questions()] == ["q1"]
        (qset,) = store.question_sets(run.run_id)  # v4: an open clarify set becomes round 1
        assert (qset.round, qset.answered_at, qset.deadline) == (1, None, None)
        assert store.questions(run.run_id)[0].round == 1
        assert all(t.workers == () for t in store.tasks(run.run_id))  # v4: no workers yet
        assert store.current_brief() == "brief v1"

        store.set_task_status("T-20261128-001-B", "in_progress")  # the new column works
        assert store.tasks(run.run_id)[1].attempts == 1
        assert store.create_session() == "S-20261129-001"

    assert backup.exists()
    conn = sqlite3.connect(backup)
    try:
        assert conn.execute("SELECT version FROM schema_info").fetchone() == (1,)
        assert conn.execute("SELECT title FROM sessions").fetchall() == [("old session",)]
        assert "attempts" not in [row[1] for row in conn.execute("PRAGMA table_info(tasks)")]
    finally:
        conn.close()

    with Store(db_path, now=clock) as again:  # already current: no second upgrade
        assert again.warning is None


def test_failed_migration_leaves_the_file_at_its_version(db_path):
    old = make_v1_file(db_path)
    old.execute("ALTER TABLE tasks ADD COLUMN attempts INTEGER")  # makes the v2 step fail
    old.close()
    with pytest.raises(StoreError, match="upgrading .* failed") as caught:
        Store(db_path)
    assert "left at schema version 1" in caught.value.hint
    assert db_path.with_name(db_path.name + ".bak-v1").exists()
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("SELECT version FROM schema_info").fetchone() == (1,)
    finally:
        conn.close()


# --- a file from a newer app ------------------------------------------------------


def test_newer_file_opens_read_only(db_path, clock):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    with Store(db_path, now=clock) as store:
        session_id = store.create_session("from the future")
        run_id = store.create_run(session_id, "x", pid=dead.pid)
        store.set_meta("k", "v")
    newer = SCHEMA_VERSION + 1
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE schema_info SET version = ?", (newer,))
    conn.commit()
    conn.close()

    with Store(db_path, now=clock) as store:
        assert store.read_only
        assert f"version {newer}" in store.warning and f"version {SCHEMA_VERSION}" in store.warning
        assert "update AIPA Desktop" in store.warning
        assert store.schema_version() == newer
        assert store.get_session(session_id).title == "from the future"
        assert store.get_meta("k") == "v"
        assert store.get_run(run_id).status == "interrupted"  # reported, not saved
        assert [r.status for r in store.list_runs()] == ["interrupted"]
        for write in (
            lambda: store.create_session(),
            lambda: store.set_meta("k", "w"),
            lambda: store.add_message(session_id, "user", "x"),
            lambda: store.update_run(run_id, status="done"),
        ):
            with pytest.raises(StoreError, match="read-only"):
                write()

    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("SELECT version FROM schema_info").fetchone() == (newer,)
        assert conn.execute("SELECT status FROM runs").fetchone() == ("running",)
    finally:
        conn.close()
    assert not list(db_path.parent.glob("*.bak-v*"))


# --- files that are not ours ------------------------------------------------------


def test_foreign_sqlite_file_is_refused(db_path):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not one of AIPA Desktop"):
        Store(db_path)


def test_garbage_file_is_refused(db_path):
    db_path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a readable SQLite database"):
        Store(db_path)


def test_empty_file_is_initialised(db_path):
    db_path.touch()
    with Store(db_path) as store:
        assert store.schema_version() == SCHEMA_VERSION


# --- boundaries -------------------------------------------------------------------

FORBIDDEN = ("PySide6", "aipa.core", "aipa.providers", "aipa.ui", "aipa.app", "aipa.cli.main")


@pytest.mark.parametrize("module", sorted(STORE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_store_imports_nothing_above_it(module):
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    assert not [n for n in names if n.startswith(FORBIDDEN)]


def test_store_package_loads_without_qt():
    code = "import sys, aipa.store; sys.exit('PySide6' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
