import pytest

from aipa.errors import StoreError
from aipa.store import TaskRecord

TASK = "T-20261129-001-A"

ALLOWED = [
    ("pending", "in_progress"),
    ("pending", "error"),
    ("in_progress", "in_progress"),
    ("in_progress", "complete"),
    ("in_progress", "error"),
    ("in_progress", "interrupted"),
    ("error", "in_progress"),
    ("interrupted", "in_progress"),
]
STATUSES = ["pending", "in_progress", "complete", "error", "interrupted"]
REFUSED = [(a, b) for a in STATUSES for b in STATUSES if (a, b) not in ALLOWED]

# The shortest path from a fresh task to each status.
PATH_TO = {
    "pending": [],
    "in_progress": ["in_progress"],
    "complete": ["in_progress", "complete"],
    "error": ["error"],
    "interrupted": ["in_progress", "interrupted"],
}


@pytest.fixture
def task(store, run_id):
    store.create_task(run_id, TASK, "Atlas", "Research", "Find venues")
    return TASK


def test_create_task(store, run_id, task):
    [record] = store.tasks(run_id)
    assert isinstance(record, TaskRecord)
    assert (record.task_id, record.run_id, record.assigned_to, record.title, record.brief) == (
        TASK,
        run_id,
        "Atlas",
        "Research",
        "Find venues",
    )
    assert (record.status, record.output, record.thinking, record.error) == ("pending", "", "", None)
    assert (record.started_at, record.finished_at, record.attempts) == (None, None, 0)


def test_duplicate_task_or_missing_run_is_refused(store, run_id, task):
    with pytest.raises(StoreError, match=f"create task {TASK}"):
        store.create_task(run_id, TASK, "Cole", "x", "y")
    with pytest.raises(StoreError, match="create task T-2"):
        store.create_task("R-19990101-001", "T-2", "Cole", "x", "y")


@pytest.mark.parametrize("before, after", ALLOWED)
def test_allowed_transitions(store, run_id, task, before, after):
    for status in PATH_TO[before]:
        store.set_task_status(task, status)
    store.set_task_status(task, after)
    assert store.tasks(run_id)[0].status == after


@pytest.mark.parametrize("before, after", REFUSED)
def test_refused_transitions_name_both_states(store, run_id, task, before, after):
    for status in PATH_TO[before]:
        store.set_task_status(task, status)
    with pytest.raises(StoreError, match=f"from {before} to {after}"):
        store.set_task_status(task, after)
    assert store.tasks(run_id)[0].status == before


def test_unknown_status_and_missing_task(store, task):
    with pytest.raises(StoreError, match="unknown status 'done'"):
        store.set_task_status(task, "done")
    with pytest.raises(StoreError, match="no such task T-X"):
        store.set_task_status("T-X", "in_progress")


def test_lifecycle_stamps_times_output_error_and_attempts(store, run_id, task):
    store.set_task_status(task, "in_progress")
    started = store.tasks(run_id)[0]
    assert started.started_at is not None and started.finished_at is None and started.attempts == 1

    store.set_task_status(task, "error", error="provider down", output="partial")
    failed = store.tasks(run_id)[0]
    assert (failed.error, failed.output) == ("provider down", "partial")
    assert failed.finished_at is not None

    store.set_task_status(task, "in_progress")  # retry on resume
    retried = store.tasks(run_id)[0]
    assert (retried.error, retried.finished_at, retried.attempts) == (None, None, 2)
    assert retried.started_at > started.started_at

    store.set_task_status(task, "complete", output="final")
    done = store.tasks(run_id)[0]
    assert (done.status, done.output, done.error) == ("complete", "final", None)
    assert done.finished_at > done.started_at


def test_save_task_output(store, run_id, task):
    store.save_task_output(task, "Venues within")
    store.save_task_output(task, "Venues within 2 h", thinking="let me think")
    store.save_task_output(task, "Venues within 2 h of the office")
    record = store.tasks(run_id)[0]
    assert (record.output, record.thinking) == ("Venues within 2 h of the office", "let me think")
    with pytest.raises(StoreError, match="no such task"):
        store.save_task_output("T-X", "x")


def test_tasks_in_task_id_order(store, run_id):
    for letter in "CAB":
        store.create_task(run_id, f"T-20261129-001-{letter}", "Atlas", letter, "")
    assert [t.title for t in store.tasks(run_id)] == ["A", "B", "C"]
    assert store.tasks("R-19990101-001") == []


def test_workers_are_kept_with_the_task(store, run_id, task):
    assert store.tasks(run_id)[0].workers == ()
    store.set_task_status(task, "in_progress")
    workers = [{"id": "RSCH-001", "task": "survey venues — near"}, {"id": "RSCH-002", "task": "check prices"}]
    store.set_task_status(task, "complete", output="done", workers=workers)
    assert store.tasks(run_id)[0].workers == tuple(workers)
    store.save_task_output(task, "edited")  # other writes leave the workers alone
    assert store.tasks(run_id)[0].workers == tuple(workers)
