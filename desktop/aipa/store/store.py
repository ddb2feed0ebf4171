"""``Store``: the one entry point to the database file.

Opening a file creates it if needed, backs it up and migrates it when its
schema is older than this app, and opens it read-only when it is newer.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from peewee import DatabaseError

from aipa.errors import StoreError
from aipa.store.base import READ_ONLY_HINT, utc_now
from aipa.store.brief import BriefOps
from aipa.store.db import backup_file, open_database, probe_file
from aipa.store.documents import DocumentOps
from aipa.store.gates import GateOps
from aipa.store.messages import MessageOps
from aipa.store.migrations import SCHEMA_VERSION, migrate, read_version
from aipa.store.models import bind_models
from aipa.store.runs import RunOps
from aipa.store.sessions import SessionOps
from aipa.store.tasks import TaskOps
from aipa.store.usage import UsageOps


def backup_path(path: Path, version: int) -> Path:
    """Where the copy made before migrating from ``version`` goes: ``<name>.bak-v<version>``."""
    return path.with_name(f"{path.name}.bak-v{version}")


class Store(SessionOps, MessageOps, RunOps, TaskOps, GateOps, UsageOps, BriefOps, DocumentOps):
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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            exists, has_tables, version = probe_file(self.path)
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"{self.path} is not a readable SQLite database: {exc}",
                "move the file aside and restart; a fresh database will be created",
            ) from exc
        if version is None and has_tables:
            raise StoreError(
                f"{self.path} is an SQLite database, but not one of AIPA Desktop",
                "point AIPA_HOME at another folder or move the file aside",
            )
        version = version or 0
        if version > SCHEMA_VERSION:
            self._open_newer(version)
        else:
            self._open_and_migrate(version, backup=exists and version >= 1)
        self._m = bind_models(self._db)

    def _open_newer(self, version: int) -> None:
        self.read_only = True
        self.warning = (
            f"The database {self.path} has schema version {version}, newer than the "
            f"version {SCHEMA_VERSION} this app knows. It is open read-only: nothing you "
            f"do will be saved. To keep working, {READ_ONLY_HINT}."
        )
        try:
            self._db = open_database(self.path, read_only=True)
        except DatabaseError as exc:
            raise StoreError(f"cannot open {self.path} read-only: {exc}", READ_ONLY_HINT) from exc

    def _open_and_migrate(self, version: int, *, backup: bool) -> None:
        try:
            self._db = open_database(self.path)
        except DatabaseError as exc:
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
        try:
            migrate(self._db, now=self._now_fn)
        except DatabaseError as exc:
            reached = read_version(self._db)
            self._db.close()
            hint = f"the file is left at schema version {reached}"
            if backup:
                hint += f"; the copy made before upgrading is {copy}"
            raise StoreError(f"upgrading {self.path} failed: {exc}", hint) from exc
        if backup:
            self.warning = (
                f"Upgraded the database from schema version {version} to {SCHEMA_VERSION}; "
                f"the previous file was saved as {copy}."
            )

    # --- lifecycle ------------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

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
