"""Version 13 of the schema (issue 35), kept beside ``migrations.py`` (which lists it):
the runs started with nobody at the screen get a table of their own, ``service_runs``.

Until version 12 ``schedule_runs`` held them all, a service's under ``schedule_id``
'mcp' or 'api'. Now each row says who started it (``kind``: schedule, mcp, api), the
schedule's id and occurrence (``slot``, ``missed``) for a schedule's, when the process
driving it began and stopped (``started_at``, ``finished_at``) and ``status``: 'running'
while a process drives it, then the run's status when it stopped (done, suspended,
failed, rejected, interrupted). Every ``schedule_runs`` row moves over (an old row's
``finished_at`` is its run's end, or its last change for a run that stopped at a gate),
and ``schedule_runs`` goes.
"""

from __future__ import annotations

SERVICE_RUNS_DDL: tuple[str, ...] = (
    """CREATE TABLE service_runs (
        run_id TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        schedule_id TEXT NOT NULL DEFAULT '',
        slot TEXT NOT NULL DEFAULT '',
        missed INTEGER NOT NULL DEFAULT 0,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running')""",
    """INSERT INTO service_runs (run_id, kind, schedule_id, slot, missed, started_at, finished_at, status)
        SELECT sr.run_id,
            CASE WHEN sr.schedule_id LIKE 'SCH-%' THEN 'schedule' ELSE sr.schedule_id END,
            CASE WHEN sr.schedule_id LIKE 'SCH-%' THEN sr.schedule_id ELSE '' END,
            CASE WHEN sr.schedule_id LIKE 'SCH-%' THEN sr.slot ELSE '' END,
            sr.missed, sr.started_at,
            CASE WHEN r.status = 'running' THEN NULL ELSE COALESCE(r.finished_at, r.updated_at) END,
            COALESCE(r.status, 'running')
        FROM schedule_runs sr JOIN runs r ON r.id = sr.run_id""",
    "DROP TABLE schedule_runs",
    "CREATE INDEX service_runs_started ON service_runs (started_at)",
    "CREATE INDEX service_runs_schedule ON service_runs (schedule_id)",
)
