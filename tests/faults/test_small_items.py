"""Item 10 of issue 21, the small ones, each with a real `aipa` process: an empty
`--smoke` directive, an empty model name to pull, a `javascript:` profile URL, the bound
`aipa doctor` gives MCP servers, unknown `AIPA_*` variables, a suspended plan's resume
command, and why an `openai` profile on another server gets no OPENAI_API_KEY."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from tests.faults.helpers import DIRECTIVE
from tests.support.cli import ROOT, aipa, cli_env, write_settings


def _one_error(proc, code: int, text: str) -> None:
    assert proc.returncode == code, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and text in errors[0], proc.stderr
    assert "hint:" in proc.stderr and "Traceback" not in proc.stderr


def test_smoke_with_an_empty_directive_is_one_line_not_a_hang(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "aipa", "--smoke", ""],
        cwd=ROOT,
        env=cli_env(tmp_path / "home", QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=60,  # a hang fails here
    )
    _one_error(proc, 2, "--smoke needs a directive")


def test_pulling_an_empty_model_name_is_one_line(tmp_path):
    for extra in ([], ["--provider", "builtin"]):
        proc = aipa(tmp_path / "home", "models", "pull", "", *extra, timeout=60)
        _one_error(proc, 2, "give the name of a model to pull")
        assert "pydantic" not in proc.stderr and "validation error" not in proc.stderr


def test_a_javascript_profile_url_is_refused_and_nothing_saved(tmp_path):
    home = tmp_path / "home"
    for url in ("javascript:alert(1)", "file:///etc/passwd", "http://"):
        proc = aipa(home, "providers", "add", "lab", "--kind", "openai-compatible", "--base-url", url)
        _one_error(proc, 2, "the base URL")
        assert not (home / "settings.json").exists() or "lab" not in (home / "settings.json").read_text()
    assert (
        "only http:// and https:// URLs are accepted"
        in aipa(home, "providers", "add", "lab", "--kind", "ollama", "--base-url", "javascript:alert(1)").stderr
    )
    ok = aipa(home, "providers", "add", "lab", "--kind", "openai-compatible", "--base-url", "http://127.0.0.1:8000/v1")
    assert ok.returncode == 0, ok.stderr


def test_doctor_gives_an_mcp_server_the_time_a_run_gives_it(tmp_path):
    home = tmp_path / "home"
    slow = {  # starts in 12 s: inside a run's 20 s bound, outside the 10 s doctor used to give
        "name": "slow",
        "command": "/bin/sh",
        "args": ["-c", f"sleep 12; exec {sys.executable} -m tests.support.mcp_server stdio"],
        "cwd": str(ROOT),
    }
    write_settings(home, mcp_servers=[slow])
    started = time.monotonic()
    proc = aipa(home, "doctor", "--dry-run", "--json", timeout=120)
    checks = {c["name"]: c for c in json.loads(proc.stdout)}
    assert checks["MCP server slow"]["status"] == "ok", checks["MCP server slow"]
    assert "lookup" in checks["MCP server slow"]["detail"]
    assert time.monotonic() - started < 60


def test_unknown_aipa_variables_are_warned_with_a_guess(tmp_path):
    proc = aipa(tmp_path / "home", "runs", AIPA_LEAD_TIMOUT="5", AIPA_WHATEVER="1")
    assert proc.returncode == 0, proc.stderr
    assert (
        "warning: the environment variable AIPA_LEAD_TIMOUT is not one AIPA knows; ignored "
        "(did you mean AIPA_LEAD_TIMEOUT?)" in proc.stderr
    )
    assert "warning: the environment variable AIPA_WHATEVER is not one AIPA knows; ignored\n" in proc.stderr
    assert "5" not in proc.stderr.replace("AIPA_", "")  # the value is not echoed
    quiet = aipa(tmp_path / "home", "runs", AIPA_LEAD_TIMEOUT="300")
    assert "warning" not in quiet.stderr


def test_a_suspended_plan_says_aipa_plan_resume(tmp_path):
    home = tmp_path / "home"
    proc = aipa(home, "plan", "--dry-run", "A habit-tracking app, 4 developers, 2-week sprints")
    assert proc.returncode == 6, proc.stdout + proc.stderr  # suspended at its first gate: waits for you
    assert "Continue with `aipa plan --resume R-" in proc.stdout + proc.stderr
    assert "aipa run --resume" not in proc.stdout + proc.stderr


def test_an_openai_profile_on_another_server_says_why_the_key_is_withheld(tmp_path):
    key = "sk-env-key-" + "0" * 24
    proc = aipa(tmp_path / "home", "run", "--provider", "openai", "--base-url", "http://127.0.0.1:9/v1",
                "--yes", DIRECTIVE, OPENAI_API_KEY=key)  # fmt: skip
    _one_error(proc, 4, "OPENAI_API_KEY is set, but it is not sent to 127.0.0.1: it goes to api.openai.com only")
    assert "aipa keys set openai" in proc.stderr and key not in proc.stdout + proc.stderr
