"""`aipa run` against a REAL llama.cpp server with the real SmolLM2-135M model.

The model's answers are poor; these tests assert behaviour (exit code, persisted
run, deliverable present, fallbacks reported), never wording.
"""

import sqlite3

import pytest

from tests.support.cli import aipa, aipa_json, write_settings
from tests.support.llama_server import start_llama_server

pytestmark = pytest.mark.llm

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def test_run_against_the_real_model(tmp_path, llama_server):
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=160)  # keep CPU time bounded; the model rambles
    proc, result = aipa_json(
        home,
        "run",
        "--provider",
        "openai-compatible",
        "--base-url",
        llama_server.base_url,
        "--json",
        "--yes",
        DIRECTIVE,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert result["deliverable"].strip()
    assert result["mode"] in ("delegate", "direct")
    if result["mode"] == "delegate":
        assert result["tasks"] and all(t["task_id"].startswith("T-") for t in result["tasks"])
    assert result["verdict"] in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT", "NONE")
    assert result["usage"]["calls"] >= 3 and result["usage"]["output_tokens"] > 0
    with sqlite3.connect(home / "aipa.db") as conn:
        status, deliverable = conn.execute(
            "select status, deliverable from runs where id = ?", (result["run_id"],)
        ).fetchone()
        stages = {r[0] for r in conn.execute("select stage from checkpoints where run_id = ?", (result["run_id"],))}
    assert status == "done" and deliverable == result["deliverable"]
    assert {"route", "synthesize", "review"} <= stages


def test_wrong_api_key_is_an_auth_error_and_nothing_else(tmp_path, model_path):
    home = tmp_path / "home"
    write_settings(home, providers={"openai-compatible": {"use_openai_key": True}})  # OPENAI_API_KEY is for OpenAI
    with start_llama_server(model_path, n_ctx=2048, n_parallel=1, api_key="the-right-key") as server:
        proc = aipa(
            home,
            "run",
            "--provider",
            "openai-compatible",
            "--base-url",
            server.base_url,
            "--yes",
            DIRECTIVE,
            OPENAI_API_KEY="a-wrong-key",
        )
    assert proc.returncode == 4, proc.stderr
    errors = [ln for ln in proc.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "401" in errors[0] and "API key" in errors[0]
    assert "hint:" in proc.stderr
    assert "a-wrong-key" not in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
