"""Backups of the data folder (issue 33): the database (``store/backup.py`` writes and
verifies each file) with the settings and the Principal's agent files carried inside it;
never a key (keys live in the keyring only). Kinds: auto (once a day, in the background,
at the first start that finds data), manual, and the ones made before an operation
(pre-migration, pre-restore, pre-import, pre-trash). Rotation follows the settings.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from aipa.core.config.paths import Paths
from aipa.core.config.settings import Settings
from aipa.store import backup as files
from aipa.store.backup import BackupInfo

log = logging.getLogger("aipa.core.data")

OPERATIONS = ("pre-migration", "pre-restore", "pre-import", "pre-trash")
AGENT_SUFFIXES = (".md", ".toml", ".json")
BACKUP_WAIT = 300.0  # seconds a backup waits for another one to finish


def carried(paths: Paths) -> dict[str, bytes]:
    """The files a backup carries, by their path in the data folder: settings.json and
    the agents folder's text files (settings never hold a key: settings.py)."""
    out: dict[str, bytes] = {}
    if paths.settings.is_file():
        out[paths.settings.name] = paths.settings.read_bytes()
    if paths.agents.is_dir():
        for f in sorted(paths.agents.rglob("*")):
            if f.is_file() and f.suffix in AGENT_SUFFIXES:
                out[f.relative_to(paths.root).as_posix()] = f.read_bytes()
    return out


def has_data(db: Path) -> bool:
    """Whether the database holds anything worth a backup (a session)."""
    import sqlite3

    if not db.is_file():
        return False
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            return conn.execute("SELECT 1 FROM sessions LIMIT 1").fetchone() is not None
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def to_keep(backups: list[BackupInfo], settings: Settings, now: datetime) -> set[Path]:
    """The backups rotation keeps: every manual one; the newest automatic one of each of
    the last ``backup_daily`` days and of each of the last ``backup_weekly`` weeks; the
    operation ones younger than ``backup_operation_days``."""
    keep = {b.path for b in backups if b.kind == "manual"}
    cutoff = now - timedelta(days=settings.backup_operation_days)
    keep |= {b.path for b in backups if b.kind in OPERATIONS and b.created >= cutoff}
    autos = sorted((b for b in backups if b.kind == "auto"), key=lambda b: b.created, reverse=True)
    days: dict[object, Path] = {}
    weeks: dict[object, Path] = {}
    for b in autos:  # newest first: the first of a day or week is its newest
        days.setdefault(b.created.date(), b.path)
        weeks.setdefault(b.created.isocalendar()[:2], b.path)
    keep |= set(list(days.values())[: settings.backup_daily])
    keep |= set(list(weeks.values())[: settings.backup_weekly])
    return keep


class Backups:
    """The backups of one data folder. ``settings`` is read at call time."""

    def __init__(self, paths: Paths, settings: Callable[[], Settings], now: Callable[[], datetime] | None = None):
        self.paths = paths
        self.folder = files.folder_of(paths.db)
        self._settings = settings
        self._now = now or (lambda: datetime.now().astimezone())
        self._daily: threading.Thread | None = None
        self.daily_error = ""

    def make(self, kind: str = "manual", to: Path | None = None) -> BackupInfo:
        """A verified backup now (into the backups folder, or at ``to``); then rotation.
        Raises StoreError / DiskFullError (the earlier backups are kept)."""
        from aipa.errors import StoreError
        from aipa.store.filelock import FileLock, LockBusy

        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(self.folder / ".backup.lock")  # one backup at a time per data folder
        try:
            lock.acquire(wait=BACKUP_WAIT)
        except LockBusy as exc:
            raise StoreError(f"another backup (process {exc.pid or '?'}) is still running", "try again later") from None
        try:
            files.clean_temps(self.folder)  # with the lock held, a temp file is a killed backup's
            now = self._now()
            dest = Path(to).expanduser().resolve() if to else self.folder / files.backup_name(kind, now)
            n = 1
            while to is None and dest.exists():  # two in one second: the earlier one stays
                n += 1
                dest = dest.with_name(f"{files.backup_name(kind, now)[:-3]}-{n}.db")
            made = files.write_backup(self.paths.db, dest, kind, files=carried(self.paths), now=now)
            if to is None:
                self.rotate()
        finally:
            lock.release()
        log.info("backup (%s): %s, %d sessions, %d runs", kind, dest, made.sessions, made.runs)
        return made

    def listed(self) -> list[BackupInfo]:
        """The backups in the data folder, newest first."""
        return files.list_backups(self.folder)

    def newest(self) -> BackupInfo | None:
        found = self.listed()
        return found[0] if found else None

    def rotate(self) -> list[Path]:
        """Delete what the rotation no longer keeps; returns what went."""
        backups = self.listed()
        keep = to_keep(backups, self._settings(), self._now())
        gone = []
        for b in backups:
            if b.path not in keep:
                try:
                    b.path.unlink()
                    gone.append(b.path)
                except OSError as exc:
                    log.warning("cannot remove the old backup %s: %s", b.path, exc)
        return gone

    def due(self) -> bool:
        """Whether today's automatic backup is still to make (and there is data)."""
        if not self._settings().backup_auto or not has_data(self.paths.db):
            return False
        today = self._now().date()
        return not any(b.kind == "auto" and b.created.date() == today for b in self.listed())

    def start_daily(self) -> threading.Thread | None:
        """Today's automatic backup in a background thread, if due (never blocks the caller:
        its own connection reads a snapshot; SQLite runs outside the GIL)."""
        if self._daily is not None:
            return self._daily
        self._daily = threading.Thread(target=self._daily_backup, name="aipa-daily-backup", daemon=True)
        self._daily.start()
        return self._daily

    def _daily_backup(self) -> None:
        from aipa.errors import AipaError

        try:
            if self.due():
                self.make("auto")
        except (AipaError, OSError) as exc:
            self.daily_error = str(exc)
            log.warning("the daily backup failed: %s", exc)

    def wait_daily(self, timeout: float = 120.0) -> None:
        """Let a running daily backup finish (at exit: a kill would only leave a temp file)."""
        if self._daily is not None:
            self._daily.join(timeout)
