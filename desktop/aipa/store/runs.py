"""Runs (one directive or playbook each) and their per-stage checkpoints.

Statuses are the values of ``aipa.core.kinds.RunStatus``: running, suspended,
interrupted, failed, done, rejected. A task is in progress only while its run is
running: when the run leaves ``running`` for anything else (stopped, failed, its
process died), its in-progress tasks become ``interrupted`` in the same transaction.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from peewee import EXCLUDED

from aipa.errors import StoreError
from aipa.store.base import StoreBase, found
from aipa.store.liveness import pid_alive
from aipa.store.models import Run
from aipa.store.records import RunRecord

RUN_STATUSES = frozenset({"running", "suspended", "interrupted", "failed", "done", "rejected"})
FINISHED_STATUSES = frozenset({"failed", "done", "rejected"})
UPDATABLE_FIELDS = frozenset({"status", "stage", "deliverable", "verdict", "error", "pid", "finished_at"})


def _record(row: Run) -> RunRecord:
    return RunRecord(
        run_id=row.id,
        session_id=row.session_id,
        directive=row.directive,
        kind=row.kind,
        status=row.status,
        stage=row.stage,
        started_at=row.started_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        pid=row.pid,
        deliverable=row.deliverable,
        verdict=row.verdict,
        error=row.error,
        seq=row.seq,
        day=row.day,
        provider=row.provider,
        model=row.model,
        base_url=row.base_url,
        parent_id=row.parent_id,
        revision=row.revision or 1,
    )


class RunOps(StoreBase):
    # How new runs are started (provider, model, base_url from the command line),
    # recorded with each so that a resume uses them; set by the composition root.
    origin: dict[str, str]

    # --- runs ---------------------------------------------------------------

    def create_run(
        self,
        session_id: str,
        directive: str,
        *,
        kind: str = "directive",
        pid: int | None = None,
        parent_id: str | None = None,
        revision: int = 1,
        origin: dict[str, str] | None = None,
    ) -> str:
        """A new run, status ``running``; its id is ``R-YYYYMMDD-NNN``.

        ``pid`` is the process driving the run (usually ``os.getpid()``); with
        ``None`` the run is never detected as interrupted. A re-run names the run it
        re-runs (``parent_id``) and its ``revision``; ``origin`` (provider, model,
        base_url) replaces the store's, e.g. a re-run's, taken from the run it re-runs.
        """
        with self._writing(f"create a run in session {session_id}"):
            now, day = self._stamp()
            seq = self._next_seq("R", day)
            run_id = f"R-{day}-{seq:03d}"
            self._m.run.create(
                id=run_id,
                session_id=session_id,
                directive=directive,
                kind=kind,
                status="running",
                stage="",
                day=day,
                seq=seq,
                pid=pid,
                started_at=now,
                updated_at=now,
                parent_id=parent_id,
                revision=revision,
                **(self.origin if origin is None else origin),
            )
            self._touch_session(session_id, now)
        return run_id

    def get_run(self, run_id: str) -> RunRecord | None:
        row = self._row(self._m.run, id=run_id)
        return None if row is None else self._checked(row)

    def list_runs(self, limit: int = 100, *, session_id: str | None = None) -> list[RunRecord]:
        """Newest first. Runs whose process died show (and are saved) as interrupted."""
        r = self._m.run
        query = r.select().order_by(r.started_at.desc(), r.day.desc(), r.seq.desc())
        if session_id is not None:
            query = query.where(r.session_id == session_id)
        return [self._checked(row) for row in query.limit(limit)]

    def revisions(self, run_id: str) -> list[RunRecord]:
        """Every revision of the run ``run_id`` belongs to (the first run and its re-runs,
        re-runs of re-runs too), oldest first."""
        r = self._m.run
        root = found(self._row(r, id=run_id), f"run {run_id}")
        while root.parent_id:
            parent = self._row(r, id=root.parent_id)
            if parent is None:
                break
            root = parent
        family, frontier = [root], [root.id]
        while frontier:
            children = list(r.select().where(r.parent_id.in_(frontier)))
            family += children
            frontier = [c.id for c in children]
        family.sort(key=lambda row: (row.revision or 1, row.started_at, row.seq))
        return [self._checked(row) for row in family]

    def update_run(self, run_id: str, **fields: Any) -> None:
        """Change any of status, stage, deliverable, verdict, error, pid, finished_at.

        Moving to a finished status (failed, done, rejected) stamps ``finished_at``
        unless it is given or already set.
        """
        unknown = set(fields) - UPDATABLE_FIELDS
        if unknown:
            raise StoreError(f"cannot update run {run_id}: unknown field(s) {', '.join(sorted(unknown))}")
        status = fields.get("status")
        if status is not None and status not in RUN_STATUSES:
            raise StoreError(f"cannot update run {run_id}: unknown status {status!r}")
        finished_at = fields.get("finished_at")
        if finished_at is not None and not isinstance(finished_at, datetime):
            raise StoreError(f"cannot update run {run_id}: finished_at must be a datetime")
        r = self._m.run
        with self._writing(f"update run {run_id}"):
            row = found(self._row(r, id=run_id), f"run {run_id}")
            now = self._now()
            changes = dict(fields, updated_at=now)
            if status in FINISHED_STATUSES and "finished_at" not in fields and row.finished_at is None:
                changes["finished_at"] = now
            r.update(**changes).where(r.id == run_id).execute()
            if status is not None and status != "running":
                self._interrupt_tasks(run_id, now)

    def _interrupt_tasks(self, run_id: str, now: datetime) -> None:
        """Its in-progress tasks become interrupted (call inside ``_writing``)."""
        t = self._m.task
        t.update({t.status: "interrupted", t.finished_at: now}).where(
            t.run_id == run_id, t.status == "in_progress"
        ).execute()

    def _checked(self, row: Run) -> RunRecord:
        """The run's record, turning a dead process's ``running`` into ``interrupted``."""
        if row.status == "running" and row.pid is not None and not pid_alive(row.pid):
            row.status = "interrupted"
            if not self.read_only:
                r = self._m.run
                row.updated_at = self._now()
                with self._writing(f"mark run {row.id} interrupted"):
                    if (
                        r.update(status="interrupted", updated_at=row.updated_at)
                        .where(r.id == row.id, r.status == "running")
                        .execute()
                    ):
                        self._interrupt_tasks(row.id, row.updated_at)
        return _record(row)

    # --- checkpoints ----------------------------------------------------------

    def save_checkpoint(self, run_id: str, stage: str, payload: dict) -> None:
        """Save the stage's result; saving the same stage again replaces it."""
        if not isinstance(payload, dict):
            raise StoreError(f"checkpoint {run_id}/{stage}: payload must be a dict")
        try:
            text = json.dumps(payload, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"checkpoint {run_id}/{stage} is not JSON-serialisable: {exc}") from exc
        c = self._m.checkpoint
        with self._writing(f"save checkpoint {run_id}/{stage}"):
            c.insert(run_id=run_id, stage=stage, payload=text, saved_at=self._now()).on_conflict(
                conflict_target=[c.run_id, c.stage],
                update={c.payload: EXCLUDED.payload, c.saved_at: EXCLUDED.saved_at},
            ).execute()

    def get_checkpoint(self, run_id: str, stage: str) -> dict | None:
        c = self._m.checkpoint
        row = self._row(c, run_id=run_id, stage=stage)
        return None if row is None else json.loads(row.payload)

    def checkpoints(self, run_id: str) -> dict[str, dict]:
        """Every checkpoint of the run, stage -> payload, in the order they were saved."""
        c = self._m.checkpoint
        query = c.select().where(c.run_id == run_id).order_by(c.saved_at, c.stage)
        return {row.stage: json.loads(row.payload) for row in query}

    def delete_checkpoint(self, run_id: str, stage: str) -> None:
        """Forget a stage's checkpoint (no error if there is none)."""
        c = self._m.checkpoint
        with self._writing(f"delete checkpoint {run_id}/{stage}"):
            c.delete().where(c.run_id == run_id, c.stage == stage).execute()
