"""Stop and crash leave every task in a truthful state."""

import signal

import pytest

from tests.faults.helpers import DIRECTIVE, query, spawn, wait_for
from tests.support.cli import aipa_json, write_settings

SLOW = {"max_parallel_leads": 1, "providers": {"scripted": {"tokens_per_second": 150}}}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["stop", "crash"])
def test_stop_and_crash_leave_no_task_in_progress(tmp_path, sig):
    home = tmp_path / "home"
    write_settings(home, **SLOW)
    proc = spawn(home, "run", "--dry-run", "--yes", DIRECTIVE)
    db = home / "aipa.db"
    try:
        wait_for(lambda: query(db, "select count(*) from tasks where status = 'in_progress'") >= [(1,)], what="a lead")
        proc.send_signal(sig)
    finally:
        proc.communicate(timeout=120)
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "interrupted"
    statuses = [s for (s,) in query(db, "select status from tasks")]
    assert "in_progress" not in statuses and "interrupted" in statuses, statuses
