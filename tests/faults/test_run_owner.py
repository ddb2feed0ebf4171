"""One process drives a run; schema creation never races."""

import signal

from aipa.store import SCHEMA_VERSION
from tests.faults.helpers import DIRECTIVE, query, spawn, wait_for
from tests.support.cli import aipa, aipa_json, write_settings

SLOW = {"max_parallel_leads": 1, "providers": {"scripted": {"tokens_per_second": 150}}}


def _killed_after_one_lead(home):
    """A run SIGKILLed after its first lead finished: status interrupted, two leads to go."""
    write_settings(home, **SLOW)
    proc = spawn(home, "run", "--dry-run", "--json", "--yes", DIRECTIVE)
    db = home / "aipa.db"
    try:
        wait_for(lambda: query(db, "select count(*) from tasks where status = 'complete'") >= [(1,)], what="one lead")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.communicate(timeout=120)
    return query(db, "select id from runs")[0][0]


def test_resume_while_another_process_drives_it_exits_2_naming_it(tmp_path):
    home = tmp_path / "home"
    write_settings(home, **SLOW)
    first = spawn(home, "run", "--dry-run", "--json", "--yes", DIRECTIVE)
    db = home / "aipa.db"
    wait_for(lambda: query(db, "select count(*) from tasks where status = 'in_progress'") >= [(1,)], what="a lead")
    run_id = query(db, "select id from runs")[0][0]
    second = aipa(home, "run", "--resume", run_id, "--yes", "--dry-run")
    out, err = first.communicate(timeout=300)
    assert second.returncode == 2, second.stderr
    assert f"error: run {run_id} is being driven by process {first.pid}" in second.stderr
    assert "Traceback" not in second.stderr
    assert first.returncode == 0, err
    assert query(db, "select status, error from runs") == [("done", None)]


def test_two_resumes_started_together_one_drives_each_lead_called_once(tmp_path):
    home = tmp_path / "home"
    run_id = _killed_after_one_lead(home)
    procs = [spawn(home, "run", "--resume", run_id, "--yes", "--dry-run") for _ in range(2)]
    results = [(p.wait(timeout=180), p.communicate()[1]) for p in procs]
    codes = sorted(code for code, _ in results)
    assert codes == [0, 2], results
    loser = next(err for code, err in results if code == 2)
    assert f"run {run_id} is being driven by process" in loser and "Traceback" not in loser
    db = home / "aipa.db"
    leads = query(db, "select agent, count(*) from usage where purpose = 'lead' group by agent")
    assert len(leads) == 3 and all(n == 1 for _, n in leads), leads
    assert query(db, "select status from runs") == [("done",)]
    assert query(db, "select count(*) from tasks where status = 'complete'") == [(3,)]


def test_killed_owner_is_taken_over_by_a_resume(tmp_path):
    home = tmp_path / "home"
    run_id = _killed_after_one_lead(home)
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "interrupted"
    resumed = aipa(home, "run", "--resume", run_id, "--yes", "--dry-run")
    assert resumed.returncode == 0, resumed.stderr
    assert query(home / "aipa.db", "select status from runs") == [("done",)]


def test_eight_first_starts_on_a_fresh_data_folder_do_not_race(tmp_path):
    home = tmp_path / "fresh"
    procs = [spawn(home, "runs", "--json") for _ in range(8)]
    results = [(p.wait(timeout=180), p.communicate()[1]) for p in procs]
    assert all(code == 0 for code, _ in results), results
    assert query(home / "aipa.db", "select version from schema_info") == [(SCHEMA_VERSION,)]


def test_concurrent_new_runs_on_one_folder_all_finish(tmp_path):
    home = tmp_path / "home"
    procs = [spawn(home, "run", "--dry-run", "--yes", f"{DIRECTIVE} #{i}") for i in range(3)]
    results = [(p.wait(timeout=240), p.communicate()[1]) for p in procs]
    assert all(code == 0 for code, _ in results), results
    assert query(home / "aipa.db", "select status, count(*) from runs group by status") == [("done", 3)]
