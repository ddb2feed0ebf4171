"""The runs started with nobody at the screen (schema 13, store/migrations_v13.py): a
schema-12 file from tests/fixtures/ whose ``schedule_runs`` holds a schedule's run and a
service's (``mcp``), as an older release wrote them, is migrated with its backup; every
row moves to ``service_runs`` with its kind, schedule, occurrence and how its run stood,
``schedule_runs`` is gone, and the Inbox lists the same runs as before. New rows are
written with their kind and closed with their end."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from aipa.store import SCHEMA_VERSION, Store
from aipa.store.store import backup_path

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "aipa-schema-12.db"
DONE, SUSPENDED = "R-20261207-001", "R-20261207-002"  # the fixture's two runs


def old_file(tmp_path: Path) -> Path:
    """The schema-12 fixture with the rows a version-12 release wrote for a schedule's
    run (finished) and an MCP host's run (waiting at its gate)."""
    db = tmp_path / "aipa.db"
    shutil.copy(FIXTURE, db)
    con = sqlite3.connect(db)
    with con:
        con.execute(
            "INSERT INTO schedules (id, directive, recurrence, days, at, tz, created_at, last_slot)"
            " VALUES ('SCH-1', 'Plan a team offsite', 'daily', '', '09:00', 'UTC', '2026-12-01T00:00:00+00:00',"
            " '2026-12-07T09:00:00+00:00')"
        )
        con.executemany(
            "INSERT INTO schedule_runs (run_id, schedule_id, slot, missed, started_at) VALUES (?,?,?,?,?)",
            [
                (DONE, "SCH-1", "2026-12-07T09:00:00+00:00", 1, "2026-12-07T09:00:05+00:00"),
                (SUSPENDED, "mcp", "2026-12-07T09:10:00+00:00", 0, "2026-12-07T09:10:00+00:00"),
            ],
        )
    assert con.execute("SELECT version FROM schema_info").fetchone() == (12,)
    con.close()
    return db


def test_a_schema_12_file_moves_its_schedule_and_service_runs_into_their_own_table(tmp_path):
    db = old_file(tmp_path)
    with Store(db) as store:
        assert store.schema_version() == SCHEMA_VERSION >= 13
        schedule_run, mcp_run = store.service_run(DONE), store.service_run(SUSPENDED)
        assert schedule_run is not None and mcp_run is not None
        assert (schedule_run.kind, schedule_run.schedule_id, schedule_run.slot, schedule_run.missed) == (
            "schedule", "SCH-1", "2026-12-07T09:00:00+00:00", True,
        )  # fmt: skip
        assert schedule_run.status == "done" and schedule_run.finished_at == "2026-12-07T06:47:41.892671+00:00"
        assert (mcp_run.kind, mcp_run.schedule_id, mcp_run.slot, mcp_run.missed) == ("mcp", "", "", False)
        assert mcp_run.status == "suspended" and mcp_run.finished_at  # it stopped at its gate
        assert mcp_run.started_at == "2026-12-07T09:10:00+00:00"
        # the Inbox: the schedule's run, and the service's while it waits; newest first
        assert [(r.run_id, r.kind) for r in store.scheduled_runs()] == [(SUSPENDED, "mcp"), (DONE, "schedule")]
        tables = {row[0] for row in store._db.execute_sql("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "service_runs" in tables and "schedule_runs" not in tables
    backup = backup_path(db, 12)
    assert backup.is_file()
    con = sqlite3.connect(backup)
    assert con.execute("SELECT count(*) FROM schedule_runs").fetchone() == (2,)  # the old file, kept as it was
    con.close()


def test_new_rows_say_who_started_them_and_how_their_run_stood_at_the_end(tmp_path):
    with Store(tmp_path / "aipa.db") as store:
        session = store.create_session("service")
        scheduled = store.create_run(session, "Summarise the tickets")
        served = store.create_run(session, "Compare three note-taking apps")
        store.link_scheduled_run(scheduled, "SCH-3", "2026-12-07T09:00:00+00:00", False)
        store.link_service_run(served, "api")
        row = store.service_run(scheduled)
        assert row is not None and (row.kind, row.schedule_id, row.status, row.finished_at) == (
            "schedule", "SCH-3", "running", None,
        )  # fmt: skip
        store.finish_service_run(scheduled, "suspended")
        row = store.service_run(scheduled)
        assert row is not None and row.status == "suspended" and row.finished_at
        api = store.service_run(served)
        assert api is not None and (api.kind, api.schedule_id, api.slot) == ("api", "", "")
        assert store.service_run("R-nothing") is None
