"""Scheduled directives and the runs they started (the Inbox), in plain SQL: a schedule's
occurrence is claimed with one conditional UPDATE, so two processes on one data folder
(the window, a headless OS timer) never both run it.

``service_runs`` (schema 13, store/migrations_v13.py) holds every run started with nobody
at the screen: a schedule's (``kind`` schedule, ``schedule_id`` its ``SCH-n``) and a
service's (``aipa mcp-serve``, ``aipa serve``: ``kind`` mcp or api), with when the
process driving it began and stopped and how the run stood then. A service's run is
listed in the Inbox only while it waits (its caller has the finished result)."""

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
    kind: str  # schedule | mcp | api
    schedule_id: str  # a schedule's SCH-n; '' for a service's
    slot: str  # the occurrence it ran for (UTC ISO); '' for a service's
    missed: bool
    started_at: str
    finished_at: str | None = None
    status: str = "running"  # 'running' while driven, then the run's status when it stopped


RUN_COLUMNS = "sr.run_id, sr.kind, sr.schedule_id, sr.slot, sr.missed, sr.started_at, sr.finished_at, sr.status"
# A schedule's runs always; a service's only while they wait for the Principal.
_LISTED = "s.deleted_at IS NULL AND (sr.kind = 'schedule' OR r.status IN ('suspended', 'interrupted'))"


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

    def unclaim_slot(self, schedule_id: str, slot: str, previous: str | None) -> None:
        """Give back the claim of ``slot`` (its run never started: the app closed while it
        waited for its model), so it counts as missed at the next start."""
        with self._writing(f"give back schedule {schedule_id}'s occurrence"):
            self._db.execute_sql(
                "UPDATE schedules SET last_slot = ? WHERE id = ? AND last_slot = ?", (previous, schedule_id, slot)
            )

    def link_scheduled_run(self, run_id: str, schedule_id: str, slot: str, missed: bool) -> None:
        """Record a run schedule ``schedule_id`` started for occurrence ``slot``."""
        self._link_run(run_id, "schedule", schedule_id, slot, missed)

    def link_service_run(self, run_id: str, transport: str) -> None:
        """Record a run a service started (``transport``: mcp, api) for the Inbox."""
        self._link_run(run_id, transport, "", "", False)

    def _link_run(self, run_id: str, kind: str, schedule_id: str, slot: str, missed: bool) -> None:
        with self._writing(f"record {kind} run {run_id}"):
            self._db.execute_sql(
                "INSERT OR IGNORE INTO service_runs (run_id, kind, schedule_id, slot, missed, started_at, status)"
                " VALUES (?,?,?,?,?,?,'running')",
                (run_id, kind, schedule_id, slot, int(missed), self._now().isoformat()),
            )

    def finish_service_run(self, run_id: str, status: str) -> None:
        """The process that drove a schedule's or a service's run stopped: when, and how
        the run stood (done, suspended at a gate, failed…). Nothing for another run."""
        with self._writing(f"record the end of run {run_id}"):
            self._db.execute_sql(
                "UPDATE service_runs SET finished_at = ?, status = ? WHERE run_id = ?",
                (self._now().isoformat(), status, run_id),
            )

    def service_run(self, run_id: str) -> ScheduledRunRow | None:
        row = self._db.execute_sql(f"SELECT {RUN_COLUMNS} FROM service_runs sr WHERE sr.run_id = ?", (run_id,))
        found = row.fetchone()
        return None if found is None else _run_row(found)

    def scheduled_runs(self, limit: int = 50) -> list[ScheduledRunRow]:
        """The runs schedules started, and the services' runs that wait (suspended or
        interrupted), newest first (those of a session in the Trash left out)."""
        rows = self._db.execute_sql(
            f"SELECT {RUN_COLUMNS} FROM service_runs sr"
            f" JOIN runs r ON r.id = sr.run_id JOIN sessions s ON s.id = r.session_id WHERE {_LISTED}"
            " ORDER BY sr.started_at DESC, sr.run_id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [_run_row(r) for r in rows]

    def inbox_mark(self) -> tuple:
        """What changes when the Inbox would: a cheap look for a window polling the data
        folder (another process, a service or an OS timer, writes it)."""
        row = self._db.execute_sql(
            "SELECT count(*), max(r.updated_at), max(sr.started_at) FROM service_runs sr"
            f" JOIN runs r ON r.id = sr.run_id JOIN sessions s ON s.id = r.session_id WHERE {_LISTED}"
        ).fetchone()
        return tuple(row)


def _run_row(row: tuple) -> ScheduledRunRow:
    return ScheduledRunRow(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7])
