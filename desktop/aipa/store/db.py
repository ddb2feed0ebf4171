"""Opening the SQLite file: pragmas, read-only mode, probing and backups."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from peewee import SqliteDatabase

BUSY_TIMEOUT_MS = 5000


def _uri(path: Path, mode: str, immutable: bool = False) -> str:
    """``immutable``: the folder is read-only, so SQLite cannot make the -shm file a WAL
    database needs even for reading; nobody can change the file there either."""
    return f"{path.resolve().as_uri()}?mode={mode}" + ("&immutable=1" if immutable else "")


def open_database(path: Path, *, read_only: bool = False, immutable: bool = False) -> SqliteDatabase:
    """A peewee database on ``path``; every new connection gets the pragmas.

    Writable: WAL journal, foreign keys, busy timeout. Read-only: the file is
    opened with ``mode=ro`` and its journal mode is left alone.
    """
    pragmas: list[tuple[str, object]] = [
        ("busy_timeout", BUSY_TIMEOUT_MS),  # first: switching to WAL may wait for another connection
        ("foreign_keys", 1),
    ]
    if read_only:
        pragmas.append(("query_only", 1))
        db = SqliteDatabase(_uri(path, "ro", immutable), uri=True, pragmas=pragmas)
    else:
        pragmas[1:1] = [("journal_mode", "wal"), ("synchronous", "normal")]
        db = SqliteDatabase(str(path), pragmas=pragmas)
    db.connect()
    return db


def probe_file(path: Path, *, immutable: bool = False) -> tuple[bool, bool, int | None]:
    """Look at an existing file without changing it.

    Returns ``(exists, has_tables, version)``: ``version`` is None when there is
    no ``schema_info`` table. Raises ``sqlite3.DatabaseError`` for a non-SQLite file.
    """
    if not path.exists() or path.stat().st_size == 0:
        return False, False, None
    conn = sqlite3.connect(_uri(path, "ro", immutable), uri=True)
    try:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "schema_info" not in names:
            return True, bool(names), None
        row = conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()
        return True, True, int(row[0]) if row else 0
    finally:
        conn.close()


def backup_file(path: Path, dest: Path) -> None:
    """A consistent copy of ``path`` (WAL content included) at ``dest``, via SQLite's backup API."""
    dest.unlink(missing_ok=True)
    src = sqlite3.connect(_uri(path, "ro"), uri=True)
    try:
        out = sqlite3.connect(str(dest))
        try:
            src.backup(out)
        finally:
            out.close()
    finally:
        src.close()
