"""Backups of the database file: one compact, verified SQLite file each (ARCHITECTURE §6).

A backup is written from one consistent read of the live file (``VACUUM INTO``: SQLite
copies a snapshot, WAL content included, compacted, while other connections go on
writing), into a temp file in the backups folder. The copy then gets two tables of its
own: ``aipa_backup_info`` (kind, time, counts) and ``aipa_backup_files`` (the settings
and agent files that go with it, never a key), is checked (``PRAGMA integrity_check``),
flushed to the disk and renamed into place. Only a file that passed is ever renamed, so
every ``aipa-*.db`` in the folder is a verified backup and a kill at any moment leaves the
older ones as they were (a stale temp file is removed by the next backup).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from aipa.errors import DiskFullError, StoreError, disk_full
from aipa.store.migrations import SCHEMA_VERSION

INFO_TABLE = "aipa_backup_info"
FILES_TABLE = "aipa_backup_files"
KINDS = ("auto", "manual", "pre-migration", "pre-restore", "pre-import", "pre-trash")
OWN_TABLES = ("schema_info", "sessions", "runs", "messages", "tasks")  # what makes a file AIPA's
PREFIX = "aipa-"
TEMP_PREFIX = ".aipa-backup-"


@dataclass(frozen=True)
class BackupInfo:
    """One backup file and what its own info table says about it."""

    path: Path
    kind: str
    created: datetime
    sessions: int
    runs: int
    messages: int
    schema: int
    bytes: int
    verified: bool

    def as_json(self) -> dict:
        return {
            "path": str(self.path),
            "created": self.created.isoformat(),
            "kind": self.kind,
            "sessions": self.sessions,
            "runs": self.runs,
            "messages": self.messages,
            "schema": self.schema,
            "bytes": self.bytes,
            "verified": self.verified,
        }


def _ro(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    conn.execute("PRAGMA busy_timeout = 30000")
    return conn


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder (Windows)
        _fsync(folder)


def counts(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """(sessions, runs, messages) of an open AIPA database."""
    return tuple(int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in ("sessions", "runs", "messages"))  # type: ignore[return-value]


def backup_name(kind: str, now: datetime) -> str:
    """``aipa-20261207-053012-auto.db``: sorts by time, says its kind."""
    return f"{PREFIX}{now.strftime('%Y%m%d-%H%M%S')}-{kind}.db"


def folder_of(db: Path) -> Path:
    """The backups folder of the database ``db``: ``backups/`` beside it."""
    return db.parent / "backups"


def clean_temps(folder: Path) -> None:
    """Remove what a backup killed half-way left (its temp files, never a finished backup)."""
    for stale in folder.glob(f"{TEMP_PREFIX}*"):
        with contextlib.suppress(OSError):
            stale.unlink()


def write_backup(
    db: Path, dest: Path, kind: str, *, files: dict[str, bytes] | None = None, now: datetime | None = None
) -> BackupInfo:
    """A verified backup of the live database ``db`` at ``dest`` (a file path; its folder
    is made). Raises DiskFullError on a full disk, StoreError otherwise; ``dest`` and every
    other file are then as they were."""
    now = now or datetime.now().astimezone()
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.parent / f"{TEMP_PREFIX}{os.getpid()}-{dest.name}"
    tmp.unlink(missing_ok=True)
    try:
        src = _ro(db)
        try:
            src.execute("VACUUM INTO ?", (str(tmp),))
        finally:
            src.close()
        info = _stamp(tmp, kind, now, files or {})
        _fsync(tmp)
        os.replace(tmp, dest)
        _fsync_dir(dest.parent)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        if isinstance(exc, (sqlite3.Error, OSError)):
            if disk_full(exc, dest.parent):
                raise DiskFullError.at(
                    "write the backup", dest, "free some disk space; the earlier backups are kept"
                ) from None
            raise StoreError(
                f"cannot back up {db}: {exc}", "check the data folder's permissions; the earlier backups are kept"
            ) from None
        raise
    return BackupInfo(dest, *info, bytes=dest.stat().st_size, verified=True)  # type: ignore[misc]


def _stamp(tmp: Path, kind: str, now: datetime, files: dict[str, bytes]) -> tuple:
    """Write the backup's own tables into the copy, then check it; raises StoreError if it is unsound."""
    conn = sqlite3.connect(str(tmp))
    try:
        sessions, runs, messages = counts(conn)
        schema = int(conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()[0])
        conn.execute(f"CREATE TABLE {INFO_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute(f"CREATE TABLE {FILES_TABLE} (path TEXT PRIMARY KEY, content BLOB NOT NULL)")
        info = {"kind": kind, "created": now.isoformat(), "sessions": sessions, "runs": runs, "messages": messages}
        conn.executemany(f"INSERT INTO {INFO_TABLE} VALUES (?, ?)", [(k, str(v)) for k, v in info.items()])
        conn.executemany(f"INSERT INTO {FILES_TABLE} VALUES (?, ?)", sorted(files.items()))
        conn.commit()
        found = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if found != ["ok"]:
            raise StoreError(
                f"the new backup failed its check: {'; '.join(found[:3])}", "try again; the earlier backups are kept"
            )
    finally:
        conn.close()
    return kind, now, sessions, runs, messages, schema


def read_info(path: Path) -> BackupInfo | None:
    """What a backup file says about itself; None for a file that is not one of ours."""
    try:
        conn = _ro(path)
        try:
            rows = dict(conn.execute(f"SELECT key, value FROM {INFO_TABLE}").fetchall())
            schema = int(conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()[0])
        finally:
            conn.close()
        return BackupInfo(
            path,
            rows["kind"],
            datetime.fromisoformat(rows["created"]),
            int(rows["sessions"]),
            int(rows["runs"]),
            int(rows.get("messages", 0)),
            schema,
            path.stat().st_size,
            True,  # only a checked file is ever renamed into the folder
        )
    except (sqlite3.Error, OSError, KeyError, ValueError, TypeError):
        return None


def list_backups(folder: Path) -> list[BackupInfo]:
    """The backups in ``folder``, newest first."""
    found = [info for p in folder.glob(f"{PREFIX}*.db") if (info := read_info(p)) is not None]
    return sorted(found, key=lambda b: b.created, reverse=True)


def check_file(path: Path) -> str:
    """What is wrong with ``path`` as a database to restore ('' when nothing): not SQLite,
    damaged, not AIPA's, or from a newer app."""
    if not path.is_file():
        return f"{path} is not a file"
    try:
        conn = _ro(path)
        try:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = [t for t in OWN_TABLES if t not in names]
            if missing:
                return f"{path} is not an AIPA database (no {', '.join(missing)} table)"
            found = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if found != ["ok"]:
                return f"{path} is damaged: {'; '.join(found[:3])}"
            row = conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"{path} is not a readable SQLite database ({exc})"
    version = int(row[0]) if row else 0
    if version > SCHEMA_VERSION:
        return f"{path} has schema version {version}, newer than the version {SCHEMA_VERSION} this app knows"
    return ""


def stored_files(path: Path) -> dict[str, bytes]:
    """The settings and agent files a backup carries ({} for a plain database file)."""
    try:
        conn = _ro(path)
        try:
            return {str(p): bytes(c) for p, c in conn.execute(f"SELECT path, content FROM {FILES_TABLE}")}
        finally:
            conn.close()
    except sqlite3.Error:
        return {}


def copy_for_restore(source: Path, dest: Path) -> None:
    """``source`` as a plain AIPA database at ``dest`` (written, checked and flushed; the
    backup's own tables left out). Raises StoreError / DiskFullError; ``dest`` is then gone."""
    dest.unlink(missing_ok=True)
    try:
        src = _ro(source)
        try:
            src.execute("VACUUM INTO ?", (str(dest),))
        finally:
            src.close()
        conn = sqlite3.connect(str(dest))
        try:
            conn.execute(f"DROP TABLE IF EXISTS {INFO_TABLE}")
            conn.execute(f"DROP TABLE IF EXISTS {FILES_TABLE}")
            conn.commit()
            if [row[0] for row in conn.execute("PRAGMA integrity_check")] != ["ok"]:
                raise StoreError(f"the copy of {source} failed its check", "try again; nothing was changed")
        finally:
            conn.close()
        _fsync(dest)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            dest.unlink()
        if isinstance(exc, (sqlite3.Error, OSError)):
            if disk_full(exc, dest.parent):
                raise DiskFullError.at(
                    "copy the backup into place", dest, "free some disk space; nothing was changed"
                ) from None
            raise StoreError(f"cannot copy {source}: {exc}", "nothing was changed") from None
        raise


def swap_in(new: Path, live: Path) -> None:
    """Put the checked copy ``new`` in place of the live database ``live`` in one rename.
    Nobody else has ``live`` open (the caller made sure). A readable live file's WAL is
    checkpointed into it first (a leftover WAL would be replayed onto the new file); a
    damaged one is kept beside as ``aipa.db.damaged-STAMP``, its WAL moved aside too."""
    wal, shm = live.with_name(live.name + "-wal"), live.with_name(live.name + "-shm")
    if live.exists():
        try:
            conn = sqlite3.connect(str(live), timeout=30)
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            with contextlib.suppress(OSError):  # the damaged file stays beside, for a rescue
                os.link(live, live.with_name(f"{live.name}.damaged-{stamp}"))
            for f in (wal, shm):
                if f.exists():
                    os.replace(f, f.with_name(f"{f.name}.damaged-{stamp}"))
    for f in (wal, shm):
        if f.exists() and f.stat().st_size == 0:
            f.unlink()
    shm.unlink(missing_ok=True)
    os.replace(new, live)
    _fsync_dir(live.parent)
