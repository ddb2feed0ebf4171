import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from aipa.errors import StoreError
from aipa.store import RunRecord, Store

from .conftest import START


@pytest.fixture
def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def raw_status(db_path, run_id) -> str:
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute("SELECT status FROM runs WHERE id = ?", (run_id,)).fetchone()[0]
    finally:
        conn.close()


def test_create_and_get_run(store, session_id):
    run_id = store.create_run(session_id, "Plan a three-day offsite", kind="plan", pid=os.getpid())
    run = store.get_run(run_id)
    assert isinstance(run, RunRecord)
    assert run.run_id == run_id == "R-20261129-001"
    assert (run.session_id, run.directive, run.kind, run.status, run.stage) == (
        session_id,
        "Plan a three-day offsite",
        "plan",
        "running",
        "",
    )
    assert (run.seq, run.day, run.pid) == (1, "20261129", os.getpid())
    assert run.started_at == run.updated_at and run.started_at.tzinfo == UTC
    assert run.finished_at is None and run.deliverable is None and run.verdict is None and run.error is None
    assert store.get_run("R-19990101-001") is None


def test_run_ids_count_per_day(store, session_id, clock):
    assert store.create_run(session_id, "a") == "R-20261129-001"
    assert store.create_run(session_id, "b") == "R-20261129-002"
    clock.set(START + timedelta(days=1))
    run_id = store.create_run(session_id, "c")
    assert run_id == "R-20261130-001"
    assert (store.get_run(run_id).seq, store.get_run(run_id).day) == (1, "20261130")


def test_counters_live_in_the_file_not_the_instance(db_path, clock):
    with Store(db_path, now=clock) as one, Store(db_path, now=clock) as two:
        session_id = one.create_session()
        assert two.create_run(session_id, "a") == "R-20261129-001"
        assert one.create_run(session_id, "b") == "R-20261129-002"
        assert two.create_session() == "S-20261129-002"


def test_create_run_in_missing_session_is_refused(store):
    with pytest.raises(StoreError, match="create a run"):
        store.create_run("S-19990101-001", "x")


def test_update_run(store, run_id):
    store.update_run(run_id, stage="dispatch", status="suspended")
    run = store.get_run(run_id)
    assert (run.stage, run.status, run.finished_at) == ("dispatch", "suspended", None)
    assert run.updated_at > run.started_at
    store.update_run(run_id, status="done", deliverable="# Plan", verdict="PASS", pid=123)
    run = store.get_run(run_id)
    assert (run.status, run.deliverable, run.verdict, run.pid) == ("done", "# Plan", "PASS", 123)
    assert run.finished_at is not None  # stamped on a finished status


def test_update_run_explicit_finished_at_and_error(store, run_id):
    when = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    store.update_run(run_id, status="failed", error="provider down", finished_at=when)
    run = store.get_run(run_id)
    assert (run.status, run.error, run.finished_at) == ("failed", "provider down", when)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"directive": "x"}, "unknown field"),
        ({"status": "paused"}, "unknown status"),
        ({"finished_at": "yesterday"}, "must be a datetime"),
    ],
)
def test_update_run_refuses_bad_fields(store, run_id, fields, message):
    with pytest.raises(StoreError, match=message):
        store.update_run(run_id, **fields)


def test_update_missing_run_is_refused(store):
    with pytest.raises(StoreError, match="no such run"):
        store.update_run("R-19990101-001", status="done")


def test_list_runs_newest_first_and_by_session(store, session_id):
    other = store.create_session()
    a = store.create_run(session_id, "a")
    b = store.create_run(other, "b")
    c = store.create_run(session_id, "c")
    assert [r.run_id for r in store.list_runs()] == [c, b, a]
    assert [r.run_id for r in store.list_runs(limit=1)] == [c]
    assert [r.run_id for r in store.list_runs(session_id=session_id)] == [c, a]


def test_dead_process_run_is_interrupted_and_persisted(store, db_path, session_id, dead_pid):
    run_id = store.create_run(session_id, "x", pid=dead_pid)
    assert raw_status(db_path, run_id) == "running"
    assert store.get_run(run_id).status == "interrupted"
    assert raw_status(db_path, run_id) == "interrupted"


def test_list_runs_detects_interrupted(store, db_path, session_id, dead_pid):
    dead = store.create_run(session_id, "dead", pid=dead_pid)
    mine = store.create_run(session_id, "mine", pid=os.getpid())
    unknown = store.create_run(session_id, "no pid")
    statuses = {r.run_id: r.status for r in store.list_runs()}
    assert statuses == {dead: "interrupted", mine: "running", unknown: "running"}
    assert raw_status(db_path, dead) == "interrupted"


def test_a_dead_process_interrupts_its_tasks_in_progress(store, session_id, dead_pid):
    run_id = store.create_run(session_id, "x", pid=dead_pid)
    for letter, moves in (("A", ["in_progress"]), ("B", ["in_progress", "complete"]), ("C", [])):
        store.create_task(run_id, f"T-{letter}", "Atlas", "t", "b")
        for status in moves:
            store.set_task_status(f"T-{letter}", status)
    assert store.get_run(run_id).status == "interrupted"
    assert {t.task_id: t.status for t in store.tasks(run_id)} == {
        "T-A": "interrupted",
        "T-B": "complete",
        "T-C": "pending",
    }
    store.set_task_status("T-A", "in_progress")  # resume restarts it
    assert store.tasks(run_id)[0].attempts == 2


@pytest.mark.parametrize("status", ["interrupted", "failed", "suspended"])
def test_a_run_leaving_running_interrupts_its_tasks_in_progress(store, session_id, status):
    run_id = store.create_run(session_id, "x", pid=os.getpid())
    store.create_task(run_id, "T-A", "Atlas", "t", "b")
    store.set_task_status("T-A", "in_progress")
    store.update_run(run_id, stage="dispatch")  # no status change: still running
    assert store.tasks(run_id)[0].status == "in_progress"
    store.update_run(run_id, status=status)
    task = store.tasks(run_id)[0]
    assert task.status == "interrupted" and task.finished_at is not None


def test_a_rejected_run_is_finished(store, run_id):
    store.update_run(run_id, status="rejected")
    run = store.get_run(run_id)
    assert run.status == "rejected" and run.finished_at is not None


def test_only_running_runs_are_checked(store, session_id, dead_pid):
    run_id = store.create_run(session_id, "x", pid=dead_pid)
    store.update_run(run_id, status="suspended")
    assert store.get_run(run_id).status == "suspended"


def test_live_child_is_running_until_it_dies(store, session_id):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        run_id = store.create_run(session_id, "x", pid=child.pid)
        assert store.get_run(run_id).status == "running"
    finally:
        child.kill()
        child.wait()
    assert store.get_run(run_id).status == "interrupted"


# --- checkpoints ------------------------------------------------------------------


def test_checkpoints_save_replace_list_delete(store, run_id):
    assert store.get_checkpoint(run_id, "route") is None
    store.save_checkpoint(run_id, "route", {"decision": "delegate", "briefs": [{"to": "Atlas"}]})
    store.save_checkpoint(run_id, "dispatch", {"done": ["A"]})
    store.save_checkpoint(run_id, "route", {"decision": "direct", "ünï": "ok"})
    assert store.get_checkpoint(run_id, "route") == {"decision": "direct", "ünï": "ok"}
    assert store.checkpoints(run_id) == {"dispatch": {"done": ["A"]}, "route": {"decision": "direct", "ünï": "ok"}}
    assert list(store.checkpoints(run_id)) == ["dispatch", "route"]  # order saved
    store.delete_checkpoint(run_id, "route")
    store.delete_checkpoint(run_id, "route")  # no error when absent
    assert store.checkpoints(run_id) == {"dispatch": {"done": ["A"]}}


@pytest.mark.parametrize("payload", [{"x": object()}, {"x": float("nan")}, ["not", "a", "dict"]])
def test_checkpoint_payload_must_be_a_json_dict(store, run_id, payload):
    with pytest.raises(StoreError, match="checkpoint"):
        store.save_checkpoint(run_id, "route", payload)


def test_checkpoint_for_missing_run_is_refused(store):
    with pytest.raises(StoreError, match="save checkpoint"):
        store.save_checkpoint("R-19990101-001", "route", {})


def test_a_killed_but_unreaped_process_counts_as_dead():
    import signal

    from aipa.store.liveness import pid_alive

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert pid_alive(child.pid)
        child.send_signal(signal.SIGKILL)
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # until it is a zombie: dead, not yet reaped
        assert not pid_alive(child.pid)
    finally:
        child.wait()
