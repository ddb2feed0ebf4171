"""``Store``: the one entry point to the database file.

Opening a file creates it if needed, backs it up and migrates it when its
schema is older than this app, and opens it read-only when it is newer.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from peewee import DatabaseError

from aipa.errors import DiskFullError, RunBusyError, StoreError, disk_full
from aipa.store.base import READ_ONLY_HINT, utc_now
from aipa.store.brief import BriefOps
from aipa.store.checks import CheckOps
from aipa.store.db import backup_file, open_database, probe_file
from aipa.store.documents import DocumentOps
from aipa.store.filelock import FileLock, LockBusy
from aipa.store.gates import GateOps
from aipa.store.holders import OpenMark
from aipa.store.messages import MessageOps
from aipa.store.migrations import SCHEMA_VERSION, migrate, read_version
from aipa.store.models import bind_models
from aipa.store.pictures import PictureOps
from aipa.store.reserve import SpaceReserve
from aipa.store.runs import RunOps
from aipa.store.schedules import ScheduleOps
from aipa.store.sessions import SessionOps
from aipa.store.tasks import TaskOps
from aipa.store.usage import UsageOps

log = logging.getLogger("aipa.store")

SCHEMA_LOCK_WAIT = 60.0  # seconds another process may spend creating or upgrading the schema


DAMAGED_HINT = (
    "copy the file aside, then rescue what is readable with `sqlite3 aipa.db .recover | sqlite3 rescued.db` "
    "and use the rescued file as aipa.db (`aipa doctor` checks it)"
)


def _folder_writable(path: Path) -> bool:
    return os.access(path.parent, os.W_OK)


def _writable(path: Path) -> bool:
    """Can this process write the file and create its -wal/-shm files next to it?"""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def backup_path(path: Path, version: int) -> Path:
    """Where the copy made before migrating from ``version`` goes: ``<name>.bak-v<version>``."""
    return path.with_name(f"{path.name}.bak-v{version}")


class Store(
    SessionOps, MessageOps, RunOps, TaskOps, GateOps, UsageOps, BriefOps, DocumentOps, ScheduleOps, PictureOps, CheckOps
):
    """All persistence of the app, over one SQLite file (WAL, foreign keys on).

    ``read_only`` is True when the file's schema is newer than this app: reads
    work, every write raises ``StoreError``. ``warning`` then says why, and it
    also reports a migration (with the backup's path).
    """

    def __init__(self, path: str | Path, *, now: Callable[[], datetime] = utc_now) -> None:
        self.path = Path(path)
        self._now_fn = now
        self._row_sql = {}
        self.read_only = False
        self.warning: str | None = None
        self._run_locks: dict[str, FileLock] = {}
        self.origin = {}  # provider/model/base_url recorded with new runs (see RunOps)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._open_mark = OpenMark(self.lock_dir)  # before opening: a restore waits for nobody unseen
        self._open_mark.take()
        try:
            self._open_all()
        except BaseException:
            self._open_mark.release()
            raise
        self._m = bind_models(self._db)
        self.reserve = SpaceReserve(self.lock_dir / "space-reserve")
        if not self.read_only:
            self.reserve.ensure()

    def _open_all(self) -> None:
        version = self._probe()[2] or 0
        if version < SCHEMA_VERSION and os.access(self.path.parent, os.W_OK):
            # Creating or migrating: one process at a time (two first starts on a new
            # data folder would both try to create the tables).
            lock = FileLock(self.lock_dir / "schema.lock")
            try:
                lock.acquire(wait=SCHEMA_LOCK_WAIT)
            except LockBusy as exc:
                raise StoreError(
                    f"another AIPA process (pid {exc.pid or '?'}) is still upgrading {self.path}",
                    "wait for it to finish, then try again",
                ) from None
            try:
                self._open(self._probe())
            finally:
                lock.release()
        else:
            self._open(self._probe())

    @property
    def lock_dir(self) -> Path:
        """Where the run and schema locks of this database live."""
        return self.path.with_name(self.path.name + ".locks")

    def _probe(self) -> tuple[bool, bool, int | None]:
        try:
            with open(self.path, "rb"):  # SQLite says only "unable to open database file"
                pass
        except FileNotFoundError:
            pass
        except OSError as exc:
            why = "permissions" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
            raise StoreError(
                f"cannot read {self.path} ({why})",
                "give your user read and write permission on it (and on its folder); the file is left as it is",
            ) from None
        try:
            return probe_file(self.path, immutable=not _folder_writable(self.path))
        except sqlite3.DatabaseError as exc:
            if disk_full(exc, self.path.parent):
                raise DiskFullError.at("open the database", self.path) from exc
            if "malformed" in str(exc):
                raise StoreError(f"{self.path} is damaged: {exc}", DAMAGED_HINT) from exc
            raise StoreError(
                f"{self.path} is not a readable SQLite database: {exc}",
                "move the file aside and restart; a fresh database will be created",
            ) from exc

    def _open(self, probed: tuple[bool, bool, int | None]) -> None:
        exists, has_tables, version = probed
        if version is None and has_tables:
            raise StoreError(
                f"{self.path} is an SQLite database, but not one of AIPA Desktop",
                "point AIPA_HOME at another folder or move the file aside",
            )
        version = version or 0
        if version > SCHEMA_VERSION:
            self._open_newer(version)
        elif exists and version == SCHEMA_VERSION and not _writable(self.path):
            self._open_unwritable()
        else:
            self._open_and_migrate(version, backup=exists and version >= 1)

    def _open_newer(self, version: int) -> None:
        self.read_only = True
        self.warning = (
            f"The database {self.path} has schema version {version}, newer than the "
            f"version {SCHEMA_VERSION} this app knows. It is open read-only: nothing you "
            f"do will be saved. To keep working, {READ_ONLY_HINT}."
        )
        try:
            self._db = open_database(self.path, read_only=True, immutable=not _folder_writable(self.path))
        except DatabaseError as exc:
            raise StoreError(f"cannot open {self.path} read-only: {exc}", READ_ONLY_HINT) from exc

    def _open_unwritable(self) -> None:
        """A read-only data folder (a read-only mount, a backup, another user's files):
        list, search and export work; nothing is written."""
        self.read_only = True
        self.read_only_hint = "make the data folder writable, or set AIPA_HOME to a writable folder"
        self.warning = (
            f"The data folder {self.path.parent} is read-only: runs can be listed and exported, "
            "but nothing new is saved. To work here, make the folder writable or set AIPA_HOME to another one."
        )
        try:
            self._db = open_database(self.path, read_only=True, immutable=not _folder_writable(self.path))
        except DatabaseError as exc:
            raise StoreError(f"cannot open {self.path} read-only: {exc}", "make the data folder readable") from exc

    def _open_and_migrate(self, version: int, *, backup: bool) -> None:
        try:
            self._db = open_database(self.path)
        except DatabaseError as exc:
            if disk_full(exc, self.path.parent):
                raise DiskFullError.at("open the database", self.path) from exc
            raise StoreError(f"cannot open {self.path}: {exc}", "check the file's permissions") from exc
        if version == SCHEMA_VERSION:
            return
        copy = backup_path(self.path, version)
        if backup:
            try:
                backup_file(self.path, copy)
            except (sqlite3.Error, OSError) as exc:
                self._db.close()
                raise StoreError(
                    f"cannot back up {self.path} before upgrading it: {exc}",
                    "free some disk space or check the folder's permissions",
                ) from exc
            self._verified_backup("pre-migration")
        try:
            migrate(self._db, now=self._now_fn)
        except DatabaseError as exc:
            reached = read_version(self._db)
            self._db.close()
            if disk_full(exc, self.path.parent):
                raise DiskFullError.at("upgrade the database", self.path) from exc
            hint = f"the file is left at schema version {reached}"
            if backup:
                hint += f"; the copy made before upgrading is {copy}"
            raise StoreError(f"upgrading {self.path} failed: {exc}", hint) from exc
        if backup:
            self.warning = (
                f"Upgraded the database from schema version {version} to {SCHEMA_VERSION}; "
                f"the previous file was saved as {copy}."
            )

    def _verified_backup(self, kind: str) -> None:
        """One verified backup in ``backups/`` too (the ``.bak-v`` copy beside is the one the
        upgrade relies on, so a failure here is only logged)."""
        from aipa.store import backup

        now = datetime.now().astimezone()
        try:
            backup.write_backup(self.path, backup.folder_of(self.path) / backup.backup_name(kind, now), kind, now=now)
        except StoreError as exc:
            log.warning("no %s backup: %s", kind, exc.message)

    # --- lifecycle ------------------------------------------------------------

    def close(self) -> None:
        for lock in self._run_locks.values():
            lock.release()
        self._run_locks.clear()
        self._db.close()
        self._open_mark.release()

    def batch(self, what: str):
        """One transaction around several writes: all of them are saved, or none
        (``with store.batch("create the tasks"): ...``)."""
        return self._writing(what)

    # --- who drives a run ---------------------------------------------------------

    def claim_run(self, run_id: str) -> None:
        """Become the one process driving ``run_id`` (an OS lock, released by ``release_run``,
        ``close`` or the process's end). Raises ``RunBusyError`` naming the process that drives it."""
        if run_id in self._run_locks or self.read_only:
            return
        lock = FileLock(self.lock_dir / f"{run_id}.lock")
        try:
            lock.acquire()
        except LockBusy as exc:
            who = f"process {exc.pid}" if exc.pid else "another process"
            raise RunBusyError(
                f"run {run_id} is being driven by {who}",
                "wait for it to finish or stop it there; `aipa runs` shows its status",
            ) from None
        except OSError as exc:
            raise StoreError(
                f"cannot lock run {run_id}: {exc.strerror or exc}", "check that the data folder is writable"
            ) from None
        self._run_locks[run_id] = lock

    def interrupt_on_full_disk(self, run_id: str, error: str) -> bool:
        """Mark ``run_id`` interrupted (resumable) after a write failed on a full disk,
        in the room the space reserve gives back. False when even that failed: the run
        then reads as interrupted once this process has ended (its pid is gone)."""
        self.reserve.release()
        try:
            self.update_run(run_id, status="interrupted", error=error)
        except StoreError:
            return False
        return True

    def holds_run(self, run_id: str) -> bool:
        """Whether this store's process drives ``run_id`` now (holds its claim)."""
        return run_id in self._run_locks

    def release_run(self, run_id: str) -> None:
        lock = self._run_locks.pop(run_id, None)
        if lock is not None:
            lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def quick_check(self, limit: int = 20) -> list[str]:
        """``PRAGMA quick_check``: what is wrong with the file ([] when it is sound)."""
        try:
            rows = self._db.execute_sql(f"PRAGMA quick_check({int(limit)})").fetchall()
        except DatabaseError as exc:
            return [str(exc)]
        found = [str(r[0]) for r in rows]
        return [] if found == ["ok"] else found

    def schema_version(self) -> int:
        """The version recorded in the file (newer than ``SCHEMA_VERSION`` when read-only)."""
        return read_version(self._db)

    # --- small app state --------------------------------------------------------

    def get_meta(self, key: str, default: str | None = None) -> str | None:
        m = self._m.meta
        row = self._row(m, key=key)
        return default if row is None else row.value

    def set_meta(self, key: str, value: str | None) -> None:
        """Set a small piece of app state; ``None`` removes the key."""
        m = self._m.meta
        with self._writing(f"save setting {key}"):
            if value is None:
                m.delete().where(m.key == key).execute()
            else:
                m.insert(key=key, value=str(value)).on_conflict_replace().execute()
