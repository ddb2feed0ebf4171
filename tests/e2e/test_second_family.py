"""`aipa run` on the second real model family (Qwen2.5-Coder-0.5B when the suite runs on
SmolLM2): another chat template and tokenizer, through the built-in engine and through a
plain llama.cpp server (OpenAI-compatible).

Like test_cli_llm, these assert behaviour (a finished run, a deliverable, every stage
accounted for), never wording.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.support.cli import aipa_json, write_settings
from tests.support.llama_server import start_llama_server

pytestmark = pytest.mark.llm

DIRECTIVE = "List three risks of moving a team's wiki to a new tool"
BUDGETS = {"max_output_tokens": 96}  # bounded CPU time: a 0.5B model on two busy cores


def _check(home: Path, proc, result) -> None:
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["deliverable"].strip()
    assert result["usage"]["calls"] >= 3 and result["usage"]["output_tokens"] > 0
    with sqlite3.connect(home / "aipa.db") as db:
        (status,) = db.execute("select status from runs where id = ?", (result["run_id"],)).fetchone()
    assert status == "done"


def test_run_on_the_builtin_engine(tmp_path, second_model_path) -> None:
    home = tmp_path / "home"
    write_settings(home, provider="builtin", num_ctx=8192, providers={"builtin": {"threads": 2}}, **BUDGETS)
    (home / "models").mkdir()
    (home / "models" / second_model_path.name).symlink_to(second_model_path)
    proc, result = aipa_json(home, "run", "--provider", "builtin", "--json", "--yes", DIRECTIVE, timeout=900)
    _check(home, proc, result)


def test_run_on_a_llama_cpp_server(tmp_path, second_model_path) -> None:
    home = tmp_path / "home"
    write_settings(home, **BUDGETS)
    with start_llama_server(second_model_path, n_ctx=16384, n_parallel=4, threads=2, timeout=120) as server:
        proc, result = aipa_json(
            home,
            "run",
            "--provider",
            "openai-compatible",
            "--base-url",
            server.base_url,
            "--json",
            "--yes",
            DIRECTIVE,
            timeout=900,
        )
    _check(home, proc, result)
