"""Checked work on a REAL small model (llama.cpp with SmolLM2 or Qwen2.5, marker llm):
behaviour only, never wording. The office-move directive's three checks are found; the
verdict is never PASS (or PASS WITH NOTES) over a failed measured check, in any revision;
the revisions stop within ``revise_rounds``."""

from __future__ import annotations

import pytest

from tests.support.cli import aipa_json, write_settings

pytestmark = pytest.mark.llm

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)
ROUNDS = 1  # one revision at most: keeps the CPU time of the suite bounded


def test_checks_on_a_real_model_hold_the_rule_and_stop(tmp_path, llama_server):
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=160, revise_rounds=ROUNDS, max_parallel_leads=1)
    proc, result = aipa_json(
        home,
        "run", "--provider", "openai-compatible", "--base-url", llama_server.base_url, "--json", "--yes", OFFICE_MOVE,
        timeout=900,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert isinstance(result, dict)
    print("checks:", [(c["id"], c["passed"], c["detail"]) for c in result["checks"]])
    print(
        "verdict:",
        result["verdict"],
        "revisions:",
        [(r["revision"], r["verdict"], r["failed"]) for r in result["revisions"]],
    )
    measured = [c for c in result["checks"] if c["kind"] != "judged"]
    assert [c["id"] for c in measured] == ["bullets", "words", "ending"]
    assert all(c["passed"] in (True, False) and c["detail"] for c in measured)
    if any(c["passed"] is False for c in measured):
        assert result["verdict"] not in ("PASS", "PASS WITH NOTES")
    revisions = result["revisions"]
    assert len(revisions) <= ROUNDS + 1
    for entry in revisions:  # every revision keeps the rule, and only a failing one went back
        if entry["failed"]:
            assert entry["verdict"] not in ("PASS", "PASS WITH NOTES")
        if entry["sent_back"]:
            assert entry["failed"] or entry["verdict"] == "FLAG"
    if revisions:
        assert not revisions[-1]["sent_back"] and result["revision"] == revisions[-1]["revision"]
