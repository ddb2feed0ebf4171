"""Each CLI path imports only what it needs: `aipa --help` and `aipa runs`
load no provider SDK, no Qt, no markdown; `runs` not the pipeline or the planner either.
Checked from outside with ``python -X importtime`` (every module a process imports is
one line on stderr)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.cli import ROOT, cli_env

HEAVY = {"openai", "anthropic", "ollama", "PySide6", "shiboken6", "pydantic", "markdown", "httpx", "keyring"}


def imported(home, *args: str) -> set[str]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "aipa.cli.main" in names  # the check itself sees the modules
    return names


@pytest.mark.parametrize("args", [("--help",), ("runs",), ("runs", "--json")])
def test_light_commands_load_no_sdk_qt_or_markdown(tmp_path, args):
    names = imported(tmp_path / "home", *args)
    assert not names & HEAVY, sorted(names & HEAVY)
    assert not {n for n in names if n.split(".")[0] in HEAVY}


def test_runs_does_not_load_the_pipeline_or_the_planner(tmp_path):
    names = imported(tmp_path / "home", "runs")
    assert not names & {
        "aipa.core.run.pipeline",
        "aipa.core.planning.planner",
        "aipa.core.run.runner",
    }
    assert "aipa.store" in names  # it does read the database
    assert "aipa.core.facade" in names  # through the one front door, as the window does


def test_the_window_path_is_not_taken_by_help(tmp_path):
    assert "aipa.gui" not in imported(tmp_path / "home", "--help")
