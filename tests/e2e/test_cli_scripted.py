"""`aipa run` headless on the scripted provider, as a user would run it: a real
process, a real SQLite file under AIPA_HOME, kill -9 in the middle, exit codes."""

import signal
import sqlite3
import subprocess
import sys
import time

from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def test_dry_run_is_deterministic_and_persisted(tmp_path):
    home = tmp_path / "home"
    first, a = aipa_json(home, "run", "--dry-run", "--json", "--yes", DIRECTIVE)
    second, b = aipa_json(home, "run", "--provider", "scripted", "--json", "--yes", DIRECTIVE)
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    assert a["deliverable"] and a["deliverable"] == b["deliverable"]
    assert a["run_id"] != b["run_id"]
    assert {"session_id", "run_id", "deliverable", "verdict", "tasks", "usage"} <= set(a)
    assert [t["status"] for t in a["tasks"]] == ["complete"] * 3
    assert all(set(t) >= {"task_id", "assigned_to", "status"} for t in a["tasks"])
    assert (home / "aipa.db").exists()
    listed, runs = aipa_json(home, "runs", "--json")
    assert [r["run_id"] for r in runs] == [b["run_id"], a["run_id"]]
    assert all(r["status"] == "done" for r in runs)
    # how each call went, in the result and in the listing alike
    assert a["stages"] == runs[1]["stages"] and set(a["stages"].values()) == {"ok"} and a["cut"] == []
    assert {"route", "synthesize", "audit"} <= set(a["stages"]) and len(a["stages"]) == 3 + len(a["tasks"])


def test_streams_print_live_with_thinking_apart(tmp_path):
    proc = aipa(tmp_path / "home", "run", "--dry-run", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "[Miranda (thinking)]" in out and "[Atlas · T-" in out and "audit verdict: PASS WITH NOTES" in out
    assert "\033[" not in out, "no colour codes when stdout is not a terminal"


def test_garbage_output_falls_back_with_warnings_in_the_log(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--provider", "scripted", "--model", "garbage", "--json", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    assert result["deliverable"].strip() and result["verdict"] == "FLAG"  # no verdict could be read
    assert "route" in result["fallbacks"] and "synthesize" in result["fallbacks"]
    assert result["stages"]["route"] == result["stages"]["audit"] == "fell back"
    log = (home / "logs" / "aipa.log").read_text()
    assert "WARNING aipa.pipeline" in log and "deterministic fallback" in log


def test_kill_during_dispatch_then_resume_skips_finished_leads(tmp_path):
    home = tmp_path / "home"
    # One lead at a time, streaming slowly, so the kill lands between leads.
    write_settings(home, max_parallel_leads=1, providers={"scripted": {"tokens_per_second": 150}})
    proc = subprocess.Popen(
        [sys.executable, "-m", "aipa", "run", "--dry-run", "--json", "--yes", DIRECTIVE],
        cwd=ROOT,
        env=cli_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    db = home / "aipa.db"
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            try:
                with sqlite3.connect(db) as conn:
                    done = conn.execute("select count(*) from tasks where status = 'complete'").fetchone()[0]
            except sqlite3.OperationalError:  # not created yet
                done = 0
            if done >= 1:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("no lead completed in time")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(60)
    _, runs = aipa_json(home, "runs", "--json")
    run_id = runs[0]["run_id"]
    assert runs[0]["status"] == "interrupted", runs
    with sqlite3.connect(db) as conn:
        finished = {r[0]: r[1] for r in conn.execute("select id, output from tasks where status = 'complete'")}
        calls_before = conn.execute("select count(*) from usage where purpose = 'lead'").fetchone()[0]
    assert len(finished) == 1
    with sqlite3.connect(db) as conn:
        statuses = {r[0] for r in conn.execute("select status from tasks")}
    assert "in_progress" not in statuses and statuses <= {"complete", "interrupted", "pending"}, statuses

    write_settings(home, max_parallel_leads=4)
    resumed, result = aipa_json(home, "run", "--resume", run_id, "--json", "--yes", "--dry-run")
    assert resumed.returncode == 0, resumed.stderr
    assert result["run_id"] == run_id and result["deliverable"]
    assert all(t["status"] == "complete" for t in result["tasks"])
    with sqlite3.connect(db) as conn:
        for task_id, output in finished.items():
            row = conn.execute("select output, attempts from tasks where id = ?", (task_id,)).fetchone()
            assert row == (output, 1), "a finished lead is never re-run"
        lead_calls = conn.execute("select agent from usage where purpose = 'lead'").fetchall()
    assert len(lead_calls) - calls_before == 2
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "done"


async def test_a_rejected_run_is_listed_as_rejected(tmp_path):
    from aipa.app import Override, build
    from aipa.core.config.paths import Paths
    from aipa.core.run.reviewer import Decision
    from tests.support.reviewers import ScriptedReviewer

    home = tmp_path / "home"
    app = build(Override("scripted"), Paths(home))
    try:
        result = await app.pipeline(ScriptedReviewer([Decision.reject()])).run(DIRECTIVE)
    finally:
        await app.aclose()
    _, runs = aipa_json(home, "runs", "--json")
    assert [(r["run_id"], r["status"]) for r in runs] == [(result.run_id, "rejected")]
    listed = aipa(home, "runs")
    assert f"{result.run_id}  rejected" in listed.stdout
    assert "rejected" in aipa(home, "runs", "--help").stdout


def test_clarify_suspends_without_yes_then_resume_answers(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--dry-run", "--json", "Plan it")
    assert proc.returncode == 6, proc.stderr
    assert result["status"] == "suspended" and len(result["questions"]) == 2
    assert "aipa run --resume" in proc.stderr
    resumed, done = aipa_json(home, "run", "--resume", result["run_id"], "--dry-run", "--json", "--yes")
    assert resumed.returncode == 0, resumed.stderr
    assert done["status"] == "done" and all(q["answer"] for q in done["questions"])


def test_exit_codes(tmp_path):
    home = tmp_path / "home"
    assert aipa(home, "run").returncode == 2
    assert aipa(home, "run", "--provider", "nonsense", "--yes", "x y z").returncode == 2
    down = aipa(
        home,
        "run",
        "--provider",
        "openai-compatible",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--yes",
        DIRECTIVE,
        timeout=300,
    )
    assert down.returncode == 3, down.stderr
    assert "127.0.0.1:9" in down.stderr and "hint:" in down.stderr
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "failed"
    assert aipa(home, "run", "--resume", "R-19990101-001", "--yes").returncode == 2


def test_corrupt_settings_still_run_on_defaults(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text("{oops")
    proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    assert "settings.json" in proc.stderr and "using default settings" in proc.stderr


def test_bad_agent_file_names_file_and_field(tmp_path):
    home = tmp_path / "home"
    (home / "agents").mkdir(parents=True)
    (home / "agents" / "atlas.md").write_text('+++\nname = "Atlas"\ntemperature = "hot"\n+++\nprompt\n')
    proc, result = aipa_json(home, "run", "--dry-run", "--json", "--yes", DIRECTIVE)
    assert proc.returncode == 0
    assert "atlas.md" in proc.stderr and "temperature" in proc.stderr
    assert any(t["assigned_to"] == "Atlas" for t in result["tasks"])


def test_chat_with_one_agent(tmp_path):
    proc = aipa(tmp_path / "home", "chat", "--agent", "atlas", "--dry-run", "-m", "Hello there")
    assert proc.returncode == 0, proc.stderr
    assert "Noted: Hello there" in proc.stdout
    assert aipa(tmp_path / "home", "chat", "--agent", "nobody", "--dry-run", "-m", "x").returncode == 2


def test_doctor_reports_each_check(tmp_path):
    ok = aipa(tmp_path / "home", "doctor", "--dry-run")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "data folder" in ok.stdout and "database" in ok.stdout and "keyring" in ok.stdout
    down = aipa(tmp_path / "home", "doctor", "--provider", "openai-compatible", "--base-url", "http://127.0.0.1:9/v1")
    assert down.returncode == 3
    assert "→" in down.stdout


def test_environment_settings_override_the_file_and_bad_ones_only_warn(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE, AIPA_AUTO_AUDIT="false")
    assert proc.returncode == 0, proc.stderr
    assert result["verdict"] == "NONE" and result["audit_memo"] == ""
    with sqlite3.connect(home / "aipa.db") as conn:
        purposes = [p for (p,) in conn.execute("select purpose from usage where run_id = ?", (result["run_id"],))]
    assert "audit" not in purposes and "synthesize" in purposes
    assert result["usage"]["calls"] == len(purposes)
    assert not (home / "settings.json").exists(), "the environment is never saved"

    listed = aipa(home, "runs", AIPA_LEAD_TIMEOUT="abc")
    assert listed.returncode == 0, listed.stderr
    assert "AIPA_LEAD_TIMEOUT=abc ignored: must be a number" in listed.stderr
    assert result["run_id"] in listed.stdout


def test_memory_brief_can_be_switched_off_from_the_environment(tmp_path):
    home = tmp_path / "home"
    proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE, AIPA_MEMORY_BRIEF_ENABLED="false")
    assert proc.returncode == 0, proc.stderr
    assert "Updating the standing brief" not in proc.stderr
    with sqlite3.connect(home / "aipa.db") as conn:
        memory_calls = conn.execute("select count(*) from usage where purpose = 'memory'").fetchone()[0]
        closed = conn.execute("select count(*) from sessions where closed_at is not null").fetchone()[0]
    assert memory_calls == 0 and closed == 1
    # switched on again: the update is due (left to the next start), still no call now
    again, second = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert again.returncode == 0, again.stderr
    assert _memory_calls(home) == [] and _pending(home) == [second["session_id"]]


def _memory_calls(home) -> list[str]:
    with sqlite3.connect(home / "aipa.db") as conn:
        return [s for (s,) in conn.execute("select session_id from usage where purpose = 'memory'")]


def _pending(home) -> list[str]:
    with sqlite3.connect(home / "aipa.db") as conn:
        row = conn.execute("select value from meta where key = 'ui.brief_pending'").fetchone()
    return (row[0] if row else "").split()


def test_headless_run_leaves_the_brief_update_to_the_next_start(tmp_path):
    home = tmp_path / "home"
    proc, first = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    assert _memory_calls(home) == []  # the run returned without the rewrite
    assert _pending(home) == [first["session_id"]]
    with sqlite3.connect(home / "aipa.db") as conn:
        assert conn.execute("select closed_at from sessions where id = ?", (first["session_id"],)).fetchone() == (None,)
    # the next start does it in the background (the scripted rewrite is quick: it is done
    # long before the run's six calls), and leaves its own session's update pending
    proc, second = aipa_json(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    assert _memory_calls(home) == [first["session_id"]]
    assert _pending(home) == [second["session_id"]]
    with sqlite3.connect(home / "aipa.db") as conn:
        reasons = [r for (r,) in conn.execute("select reason from brief_versions")]
        closed = conn.execute("select closed_at from sessions where id = ?", (first["session_id"],)).fetchone()[0]
    assert closed is not None
    assert any(r.startswith("session closed") for r in reasons)


def test_garbage_output_is_told_in_words_for_people(tmp_path):
    proc = aipa(tmp_path / "home", "run", "--provider", "scripted", "--model", "garbage", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout + proc.stderr
    assert "Miranda's routing reply was unusable, so every lead got the directive." in out
    assert "Replaced by a plain default (see above): the routing, the report of T-" in out
    assert "verdict: FLAG" in out
    for internal in ("invalid output", "no valid JSON", "fell back at", "(fallback)", "→ delegate", "NONE"):
        assert internal not in out, internal
