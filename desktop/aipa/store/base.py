"""What every part of ``Store`` shares: the bound models, the clock, write guards."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from peewee import DatabaseError, IntegrityError, SqliteDatabase

from aipa.errors import DiskFullError, StoreError, disk_full
from aipa.store.models import M, Models, to_utc

READ_ONLY_HINT = "update AIPA Desktop to a version that knows this database's schema"


def utc_now() -> datetime:
    return datetime.now(UTC)


class StoreBase:
    """State and helpers used by the per-noun parts of ``Store``."""

    _db: SqliteDatabase
    _m: Models
    _now_fn: Callable[[], datetime]
    read_only: bool = False
    read_only_hint: str = READ_ONLY_HINT
    _row_sql: dict[tuple[str, tuple[str, ...]], str]  # see _row

    def _row(self, model: type[M], **where: str) -> M | None:
        """``model.get_or_none(model.f == v, …)`` for text keys, with the SQL that peewee
        builds kept per (model, fields): building it takes ~0.3 ms, which the window's
        thread paid at every stage of a run; the cached query takes ~0.08 ms."""
        names = tuple(sorted(where))
        key = (model._meta.table_name, names)
        sql = self._row_sql.get(key)
        if sql is None:
            sql, _ = model.select().where(*[getattr(model, n) == "" for n in names]).sql()
            self._row_sql[key] = sql
        rows = list(model.raw(sql, *[where[n] for n in names]))
        return rows[0] if rows else None

    def _now(self) -> datetime:
        return to_utc(self._now_fn())

    def _stamp(self) -> tuple[datetime, str]:
        """Now in UTC, and the ``YYYYMMDD`` day for ids (in the zone ``now`` returns)."""
        moment = self._now_fn()
        return to_utc(moment), moment.strftime("%Y%m%d")

    @contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """One write transaction (taking the write lock up front).

        Refuses in read-only mode; database errors become ``StoreError`` naming ``what``.
        """
        if self.read_only:
            raise StoreError(f"cannot {what}: the database is open read-only", self.read_only_hint)
        try:
            with self._db.atomic(lock_type="IMMEDIATE"):
                yield
        except StoreError:
            raise
        except IntegrityError as exc:
            raise StoreError(f"cannot {what}: {exc}") from exc
        except DatabaseError as exc:
            path = getattr(self, "path", Path("aipa.db"))
            if disk_full(exc, path.parent):
                raise DiskFullError.at(what, path) from exc
            raise StoreError(f"cannot {what}: {exc}", "check the disk and the data folder") from exc

    def _next_seq(self, prefix: str, day: str) -> int:
        """The next per-day counter value for ids like ``S-20261129-001``.

        Call inside ``_writing``. Counters only grow, so a deleted id is never reused.
        """
        self._db.execute_sql(
            "INSERT INTO id_counters (prefix, day, value) VALUES (?, ?, 1) "
            "ON CONFLICT (prefix, day) DO UPDATE SET value = value + 1",
            (prefix, day),
        )
        row = self._db.execute_sql(
            "SELECT value FROM id_counters WHERE prefix = ? AND day = ?", (prefix, day)
        ).fetchone()
        return int(row[0])

    def _touch_session(self, session_id: str, when: datetime) -> None:
        s = self._m.session
        s.update(last_active=when).where(s.id == session_id).execute()


def require(count: int | bool, what: str) -> None:
    """Raise ``StoreError`` when an update or delete matched no row."""
    if not count:
        raise StoreError(f"no such {what}")


T = TypeVar("T")


def found(row: T | None, what: str) -> T:
    """``row``, or ``StoreError`` (as ``require``) when a lookup found nothing."""
    if row is None:
        raise StoreError(f"no such {what}")
    return row
