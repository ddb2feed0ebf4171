"""Tasks: one brief handed to one lead agent within a run.

Allowed status moves::

    pending     -> in_progress   start
    pending     -> error         cancelled before it started
    in_progress -> complete      done
    in_progress -> error         failed
    in_progress -> interrupted   its run stopped, failed or its process died (see runs.py)
    in_progress -> in_progress   restarted after a crash (a file written before v3)
    error       -> in_progress   retried on resume
    interrupted -> in_progress   restarted on resume

The values are those of ``aipa.core.kinds.TaskStatus`` (the store keeps plain text).
"""

from __future__ import annotations

import json

from aipa.errors import StoreError
from aipa.store.base import StoreBase, found, require
from aipa.store.models import Task
from aipa.store.records import TaskRecord

TASK_STATUSES = frozenset({"pending", "in_progress", "complete", "error", "interrupted"})
TASK_TRANSITIONS = frozenset(
    {
        ("pending", "in_progress"),
        ("pending", "error"),
        ("in_progress", "in_progress"),
        ("in_progress", "complete"),
        ("in_progress", "error"),
        ("in_progress", "interrupted"),
        ("error", "in_progress"),
        ("interrupted", "in_progress"),
    }
)


def _record(row: Task) -> TaskRecord:
    return TaskRecord(
        task_id=row.id,
        run_id=row.run_id,
        assigned_to=row.assigned_to,
        title=row.title,
        brief=row.brief,
        status=row.status,
        output=row.output,
        thinking=row.thinking,
        error=row.error,
        started_at=row.started_at,
        finished_at=row.finished_at,
        attempts=row.attempts,
        workers=_workers(row.workers),
    )


def _workers(text: str | None) -> tuple[dict, ...]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return ()
    return tuple(w for w in value if isinstance(w, dict)) if isinstance(value, list) else ()


class TaskOps(StoreBase):
    def create_task(self, run_id: str, task_id: str, assigned_to: str, title: str, brief: str) -> None:
        """A new ``pending`` task. ``task_id`` (e.g. ``T-20261129-001-A``) must be unique."""
        with self._writing(f"create task {task_id}"):
            self._m.task.create(
                id=task_id,
                run_id=run_id,
                assigned_to=assigned_to,
                title=title,
                brief=brief,
                status="pending",
                created_at=self._now(),
            )

    def copy_task(self, task: TaskRecord, run_id: str, task_id: str, *, keep: bool, brief: str | None = None) -> None:
        """A copy of ``task`` in the run ``run_id`` as ``task_id`` (a re-run's). With ``keep``
        it is the same in every field but its ids (its output byte for byte, its times and
        attempts); otherwise it is ``pending`` again, title kept, nothing done, and its brief
        ``brief`` when given (an edited brief), else the same."""
        now = self._now()
        fields: dict = dict(id=task_id, run_id=run_id, assigned_to=task.assigned_to, title=task.title)
        fields.update(brief=task.brief if brief is None else brief, created_at=now)
        if keep:
            fields.update(
                status=task.status,
                output=task.output,
                thinking=task.thinking,
                error=task.error,
                started_at=task.started_at,
                finished_at=task.finished_at,
                attempts=task.attempts,
                workers=json.dumps(list(task.workers), ensure_ascii=False),
            )
        else:
            fields.update(status="pending")
        with self._writing(f"copy task {task.task_id} as {task_id}"):
            self._m.task.create(**fields)

    def set_task_status(
        self,
        task_id: str,
        status: str,
        *,
        output: str | None = None,
        error: str | None = None,
        workers: list[dict] | None = None,
    ) -> None:
        """Move a task along its status machine; a refused move raises ``StoreError``.

        Entering ``in_progress`` stamps ``started_at``, counts an attempt and clears
        ``finished_at`` and ``error``; ``complete``/``error`` stamp ``finished_at``.
        ``output``, ``error`` and ``workers`` (the lead's runtime workers, ``{"id", "task"}``
        each), when given, are saved too.
        """
        if status not in TASK_STATUSES:
            raise StoreError(f"task {task_id}: unknown status {status!r}")
        t = self._m.task
        with self._writing(f"set task {task_id} to {status}"):
            row = found(self._row(t, id=task_id), f"task {task_id}")
            if (row.status, status) not in TASK_TRANSITIONS:
                raise StoreError(f"task {task_id} cannot go from {row.status} to {status}")
            now = self._now()
            changes: dict = {t.status: status}
            if status == "in_progress":
                changes.update({t.started_at: now, t.finished_at: None, t.error: None, t.attempts: t.attempts + 1})
            else:
                changes[t.finished_at] = now
            if output is not None:
                changes[t.output] = output
            if error is not None:
                changes[t.error] = error
            if workers is not None:
                changes[t.workers] = json.dumps(workers, ensure_ascii=False)
            t.update(changes).where(t.id == task_id).execute()

    def save_task_output(self, task_id: str, output: str, thinking: str | None = None) -> None:
        """Replace the task's output so far (and thinking, unless None): for batched
        flushes of streamed text, not per token."""
        t = self._m.task
        changes: dict = {t.output: output}
        if thinking is not None:
            changes[t.thinking] = thinking
        with self._writing(f"save output of task {task_id}"):
            require(t.update(changes).where(t.id == task_id).execute(), f"task {task_id}")

    def tasks(self, run_id: str) -> list[TaskRecord]:
        """The run's tasks in task_id order."""
        t = self._m.task
        return [_record(row) for row in t.select().where(t.run_id == run_id).order_by(t.id)]
