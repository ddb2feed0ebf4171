"""A resume uses the provider, model and base URL the run was started with."""

import signal

from tests.faults.helpers import DIRECTIVE, query, spawn, wait_for
from tests.support.cli import aipa, write_settings


def test_resume_uses_the_runs_own_provider_and_model(tmp_path):
    home = tmp_path / "home"
    # the default provider (Ollama) is not running here: a resume on it would fail
    write_settings(home, max_parallel_leads=1, providers={"scripted": {"tokens_per_second": 150}})
    proc = spawn(home, "run", "--provider", "scripted", "--model", "demo", "--yes", DIRECTIVE)
    db = home / "aipa.db"
    try:
        wait_for(lambda: query(db, "select count(*) from tasks where status = 'complete'") >= [(1,)], what="a lead")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.communicate(timeout=120)
    run_id, provider, model = query(db, "select id, provider, model from runs")[0]
    assert (provider, model) == ("scripted", "demo")
    resumed = aipa(home, "run", "--resume", run_id, "--yes")
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming on scripted · demo (as the run was started)" in resumed.stderr
    assert query(db, "select distinct provider, model from usage") == [("scripted", "demo")]
    assert query(db, "select status from runs") == [("done",)]
