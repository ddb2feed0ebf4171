"""`aipa eval` on a REAL small model (llama.cpp with the test model, marker llm): two
directives of the shipped suite, the single call and the checked team. Behaviour only,
never wording: every figure is there, the verdict is never PASS over a failed measured
check, the revisions stay within their bound, the command ends."""

from __future__ import annotations

import pytest

from tests.support.cli import aipa_json, write_settings

pytestmark = pytest.mark.llm

ROUNDS = 1  # one revision at most: keeps the CPU time bounded
SHOWN = ("instruction_accuracy", "prompt_accuracy", "pass_over_failed", "auditor_agreement", "input_tokens", "seconds")


def test_eval_on_a_real_model_reports_every_figure_and_stays_honest(tmp_path, llama_server):
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=160, revise_rounds=ROUNDS, max_parallel_leads=1)
    proc, out = aipa_json(
        home,
        "eval", "--limit", "1", "--arms", "single,checked", "--json",
        "--provider", "openai-compatible", "--base-url", llama_server.base_url,
        timeout=1200,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert isinstance(out, dict) and out["directives"] == 1 and list(out["arms"]) == ["single", "checked"]
    for arm, figures in out["arms"].items():
        print(arm, {k: figures[k] for k in SHOWN})
        assert figures["directives"] == 1 and figures["checks"] >= 1 and figures["errors"] == 0
        assert 0 <= figures["instruction_accuracy"] <= 1 and 0 <= figures["prompt_accuracy"] <= 1
        assert figures["input_tokens"] > 0 and figures["output_tokens"] > 0 and figures["seconds"] > 0
    checked = out["arms"]["checked"]
    assert checked["pass_over_failed"] == 0  # the rule: never PASS over a failed measured check
    assert 0 <= checked["auditor_agreement"] <= 1
    assert checked["revisions"] <= ROUNDS
    for outcome in out["outcomes"]:
        assert all(c["passed"] in (True, False) and c["detail"] for c in outcome["checks"])
        if outcome["arm"] == "checked" and not outcome["all_met"]:
            assert outcome["verdict"] not in ("PASS", "PASS WITH NOTES")
    _, runs = aipa_json(home, "runs", "--json")
    assert runs == []  # nothing in the Principal's history
