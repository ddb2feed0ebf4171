"""Scheduled directives and the runs they started (the Inbox), in plain SQL: a schedule's
occurrence is claimed with one conditional UPDATE, so two processes on one data folder
(the window, a headless OS timer) never both run it.

``schedule_runs`` holds every run started with nobody at the screen: a schedule's
(``schedule_id`` is its ``SCH-n``) and a service's (``aipa mcp-serve``, ``aipa serve``:
``schedule_id`` is the transport, ``mcp`` or ``api``), so the window's Inbox finds both
without a schema change. A service's run is listed only while it waits (its caller
has the finished result)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from aipa.store.base import StoreBase, require
from aipa.store.models import to_utc

COLUMNS = "id, directive, recurrence, days, at, tz, profile, attachments, folder, created_at, last_slot"


@dataclass(frozen=True)
class ScheduleRow:
    schedule_id: str
    directive: str
    recurrence: str  # daily | weekly | monthly
    days: str  # weekly: "mon,thu"; monthly: "15"; daily: ""
    at: str  # "HH:MM", local to ``tz``
    tz: str  # an IANA zone name
    profile: str = ""
    attachments: tuple[str, ...] = field(default_factory=tuple)
    folder: str = ""
    created_at: str = ""  # UTC ISO
    last_slot: str | None = None  # the latest occurrence claimed (UTC ISO)


@dataclass(frozen=True)
class ScheduledRunRow:
    run_id: str
    schedule_id: str
    slot: str  # the occurrence it ran for (UTC ISO)
    missed: bool
    started_at: str


# A schedule's runs always; a service's only while they wait for the Principal.
_LISTED = "s.deleted_at IS NULL AND (sr.schedule_id LIKE 'SCH-%' OR r.status IN ('suspended', 'interrupted'))"


def _schedule(row: tuple) -> ScheduleRow:
    values = list(row)
    values[7] = tuple(json.loads(values[7] or "[]"))
    return ScheduleRow(*values)


class ScheduleOps(StoreBase):
    def add_schedule(
        self,
        directive: str,
        recurrence: str,
        days: str,
        at: str,
        tz: str,
        *,
        profile: str = "",
        attachments: tuple[str, ...] = (),
        folder: str = "",
        created_at: datetime | None = None,
    ) -> ScheduleRow:
        """A new schedule, ids ``SCH-1``, ``SCH-2``… (never reused); ``created_at`` (the
        scheduler's clock) is the time before which no occurrence counts."""
        with self._writing("add a schedule"):
            schedule_id = f"SCH-{self._next_seq('SCH', '')}"
            self._db.execute_sql(
                f"INSERT INTO schedules ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,NULL)",
                (schedule_id, directive, recurrence, days, at, tz, profile, json.dumps(list(attachments)), folder,
                 to_utc(created_at or self._now()).isoformat()),
            )  # fmt: skip
        found = self.schedule(schedule_id)
        assert found is not None
        return found

    def schedule(self, schedule_id: str) -> ScheduleRow | None:
        row = self._db.execute_sql(f"SELECT {COLUMNS} FROM schedules WHERE id = ?", (schedule_id,)).fetchone()
        return None if row is None else _schedule(row)

    def schedules(self) -> list[ScheduleRow]:
        """Every schedule, oldest first."""
        rows = self._db.execute_sql(f"SELECT {COLUMNS} FROM schedules ORDER BY created_at, id").fetchall()
        return [_schedule(r) for r in rows]

    def remove_schedule(self, schedule_id: str) -> None:
        """The schedule goes; the runs it started stay (and in the Inbox)."""
        with self._writing(f"remove schedule {schedule_id}"):
            cursor = self._db.execute_sql("DELETE FROM schedules WHERE id = ?", (schedule_id,))
            require(cursor.rowcount, f"schedule {schedule_id}")

    def claim_slot(self, schedule_id: str, slot: str) -> bool:
        """Claim the occurrence ``slot`` (UTC ISO) for this process: True once per slot and
        schedule, False when it (or a later one) was claimed already."""
        with self._writing(f"claim schedule {schedule_id}"):
            cursor = self._db.execute_sql(
                "UPDATE schedules SET last_slot = ? WHERE id = ? AND (last_slot IS NULL OR last_slot < ?)",
                (slot, schedule_id, slot),
            )
            return cursor.rowcount == 1

    def link_scheduled_run(self, run_id: str, schedule_id: str, slot: str, missed: bool) -> None:
        with self._writing(f"record run {run_id} of schedule {schedule_id}"):
            self._db.execute_sql(
                "INSERT OR IGNORE INTO schedule_runs (run_id, schedule_id, slot, missed, started_at)"
                " VALUES (?,?,?,?,?)",
                (run_id, schedule_id, slot, int(missed), self._now().isoformat()),
            )

    def link_service_run(self, run_id: str, transport: str) -> None:
        """Record a run a service started (``transport``: mcp, api) for the Inbox."""
        self.link_scheduled_run(run_id, transport, self._now().isoformat(), False)

    def scheduled_runs(self, limit: int = 50) -> list[ScheduledRunRow]:
        """The runs schedules started, and the services' runs that wait (suspended or
        interrupted), newest first (those of a session in the Trash left out)."""
        rows = self._db.execute_sql(
            "SELECT sr.run_id, sr.schedule_id, sr.slot, sr.missed, sr.started_at FROM schedule_runs sr"
            f" JOIN runs r ON r.id = sr.run_id JOIN sessions s ON s.id = r.session_id WHERE {_LISTED}"
            " ORDER BY sr.started_at DESC, sr.run_id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [ScheduledRunRow(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    def inbox_mark(self) -> tuple:
        """What changes when the Inbox would: a cheap look for a window polling the data
        folder (another process, a service or an OS timer, writes it)."""
        row = self._db.execute_sql(
            "SELECT count(*), max(r.updated_at), max(sr.started_at) FROM schedule_runs sr"
            f" JOIN runs r ON r.id = sr.run_id JOIN sessions s ON s.id = r.session_id WHERE {_LISTED}"
        ).fetchone()
        return tuple(row)
