"""`aipa plan` headless, as a user runs it: scripted, killed mid-plan and resumed,
and against the real small model."""

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from aipa.core.run import told
from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings

DESCRIPTION = "A habit-tracking mobile app, 4 developers, 2-week sprints"


def _check(plan: dict, capacity: int) -> None:
    assert plan["sprints"] and plan["stories"]
    points = {s["id"]: s["points"] for s in plan["stories"]}
    for sprint in plan["sprints"]:
        assert sum(points[sid] for sid in sprint["stories"]) <= capacity
    assert all(s["acceptance_criteria"] for s in plan["stories"])


def test_scripted_plan_fits_capacity_and_exports(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "plan", "--provider", "scripted", "--yes", "--json", DESCRIPTION)
    assert proc.returncode == 0, proc.stderr
    assert result["status"] == "done" and result["fallbacks"] == []
    _check(result["plan"], result["capacity"])
    for fmt, marker in (("md", "## Sprints"), ("html", "<table>"), ("json", '"sprints"')):
        out = aipa(home, "export", result["run_id"], "--format", fmt)
        assert out.returncode == 0 and marker in out.stdout


def test_plan_killed_at_stories_resumes_there(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"scripted": {"tokens_per_second": 300}})
    proc = subprocess.Popen(
        [sys.executable, "-m", "aipa", "plan", "--dry-run", "--yes", "--json", DESCRIPTION],
        cwd=ROOT,
        env=cli_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 180
    try:
        while time.monotonic() < deadline:
            try:
                with sqlite3.connect(home / "aipa.db") as conn:
                    row = conn.execute("select stage from runs").fetchone()
            except sqlite3.OperationalError:
                row = None
            if row and row[0] == "stories":
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the plan never reached the stories stage")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(60)
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "interrupted" and runs[0]["stage"] == "stories"
    write_settings(home)
    resumed, result = aipa_json(home, "plan", "--resume", runs[0]["run_id"], "--dry-run", "--yes", "--json")
    assert resumed.returncode == 0, resumed.stderr
    _check(result["plan"], result["capacity"])
    with sqlite3.connect(home / "aipa.db") as conn:
        purposes = [r[0] for r in conn.execute("select purpose from usage order by id")]
    for earlier in ("plan_intake", "plan_analysis", "plan_features"):
        assert purposes.count(earlier) == 1, f"{earlier} ran again after the restart"
    assert purposes.count("plan_stories") == 1


@pytest.mark.llm
def test_plan_against_the_real_model_reports_fallbacks(tmp_path, llama_server):
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=200)
    proc, result = aipa_json(
        home,
        "plan",
        "--provider",
        "openai-compatible",
        "--base-url",
        llama_server.base_url,
        "--yes",
        "--json",
        DESCRIPTION,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["status"] == "done"
    _check(result["plan"], result["capacity"])
    assert set(result["fallbacks"]) <= {"intake", "analysis", "features", "stories", "tasks", "sprints"}
    # Each fallback is said in people's words (core/run/told.py), never the parser's.
    assert proc.stderr.count(told.PLAN_INSTEAD) >= len(result["fallbacks"])
    assert "model output unusable" not in proc.stderr
