"""`aipa eval` (issue 31, item 4), the real `aipa` command against the Ollama double. The
double is scripted per directive and per arm so that the figures are known in advance:
the single call meets the first directive and breaks the other two; the team's first
synthesis breaks the first (no bullets, another ending) and meets the others; a revision
meets it. Its auditor answers PASS whatever it reads, so the rule in code has to keep the
final verdict honest, and the auditor's own PASS disagrees with the checks once."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.doubles.ollama import OllamaDouble
from tests.support.cli import aipa, aipa_json, write_settings

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)
SUITE = f"""
[[directive]]
id = "note"
text = {json.dumps(OFFICE_MOVE)}
expect = ["bullets", "words", "ends_with"]

[[directive]]
id = "haiku"
text = "Write a haiku about rain, all in lowercase letters."
expect = ["lowercase"]

[[directive]]
id = "person"
text = 'Invent a person and reply in JSON only, with the keys "name" and "age".'
expect = ["json"]
"""
MEETS = {
    "note": "Team, our office moves next week:\n\n- Pack your desk by Thursday.\n- Movers come Friday at 9.\n"
    "- We start in the new office Monday.\n\nThanks, everyone.",
    "haiku": "soft rain on the roof\nthe gutter hums all night long\nmorning smells of earth",
    "person": '{"name": "Ada Stone", "age": 36}',
}
BREAKS = {
    "note": "Hello team. Our office is moving next week. Please pack your desks by Thursday; the movers arrive "
    "on Friday.\n\nBest regards, Sam",
    "haiku": "Soft rain on the roof\nThe gutter hums all night long\nMorning smells of earth",
    "person": "Name: Ada Stone, age 36.",
}


def _which(text: str) -> str:
    return "note" if "office move" in text else "haiku" if "haiku" in text else "person"


class Script:
    """The double's answers: the single call (one user message, no system prompt) meets
    only the note; the team's synthesis breaks only the note, a revision (told the failed
    checks) meets it; the auditor always says PASS."""

    def __init__(self) -> None:
        self.single = 0
        self.revisions = 0
        self._lock = threading.Lock()

    def __call__(self, body: dict) -> str:
        messages = body.get("messages") or []
        last = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
        schema = body.get("format")
        props = schema.get("properties", {}) if isinstance(schema, dict) else {}
        with self._lock:
            if len(messages) == 1 and messages[0].get("role") == "user":
                self.single += 1
                which = _which(last)
                return MEETS[which] if which == "note" else BREAKS[which]
            if "briefs" in props:
                lead = list(props["briefs"]["properties"])[0]
                brief = {"agent": lead, "title": "The draft", "instructions": "Draft it."}
                return json.dumps({"mode": "delegate", "briefs": [brief], "message": "Delegating."})
            if "rubric" in props or "<deliverable>" in last:
                return json.dumps({"verdict": "PASS", "rubric": [], "memo": "It reads well."})
            if "Your leads reported:" in last:
                which = _which(last)
                if "<feedback>" in last:
                    self.revisions += 1
                    return MEETS[which]
                return BREAKS[which] if which == "note" else MEETS[which]
            return "A draft: pack by Thursday, movers Friday, new office Monday."


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    path = tmp_path / "suite.toml"
    path.write_text(SUITE, encoding="utf-8")
    return path


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    write_settings(home, provider="ollama", model="smollm2:135m", max_parallel_leads=1)
    return home


def test_the_three_arms_give_the_figures_the_replies_earn(tmp_path, suite):
    home, script = _home(tmp_path), Script()
    with OllamaDouble(script=script) as double:
        proc, out = aipa_json(home, "eval", "--suite", str(suite), "--json", OLLAMA_HOST=double.url)
        assert proc.returncode == 0, proc.stderr[-3000:]
        _, runs = aipa_json(home, "runs", "--json")
    assert isinstance(out, dict)
    arms = out["arms"]
    assert list(arms) == ["single", "team", "checked"] and out["directives"] == 3
    single, team, checked = arms["single"], arms["team"], arms["checked"]
    # single: the note's 3 checks met, the haiku's capitals and the prose "JSON" not
    assert (single["checks"], single["checks_met"], single["prompts_met"]) == (5, 3, 1)
    assert single["instruction_accuracy"] == 0.6 and single["prompt_accuracy"] == round(1 / 3, 4)
    assert single["pass_over_failed"] is None and single["auditor_agreement"] is None
    # team without revision: the note breaks bullets and ending (its word limit holds)
    assert (team["checks_met"], team["prompts_met"], team["revisions"]) == (3, 2, 0)
    assert team["pass_over_failed"] == 0 and team["auditor_pass_over_failed"] == 1
    assert team["auditor_agreement"] == round(2 / 3, 4)
    # checked: the note went back once and came back right
    assert (checked["checks_met"], checked["prompts_met"], checked["revisions"]) == (5, 3, 1)
    assert checked["instruction_accuracy"] == 1.0 and checked["prompt_accuracy"] == 1.0
    assert checked["pass_over_failed"] == 0 and checked["auditor_agreement"] == 1.0
    assert script.single == 3 and script.revisions == 1
    for figures in arms.values():
        assert figures["input_tokens"] > 0 and figures["output_tokens"] > 0 and figures["seconds"] >= 0
        assert figures["errors"] == 0
    note = next(o for o in out["outcomes"] if o["id"] == "note" and o["arm"] == "team")
    assert {c["id"]: c["passed"] for c in note["checks"]} == {"bullets": False, "words": True, "ending": False}
    assert note["verdict"] == "FLAG" and note["auditor_verdict"] == "PASS"
    assert [(o["id"], o["arm"]) for o in out["outcomes"]][:3] == [("note", "single"), ("note", "team"),
                                                                  ("note", "checked")]  # fmt: skip
    assert runs == []  # the Principal's history is untouched


def test_the_table_limit_arms_and_progress_lines(tmp_path, suite):
    home = _home(tmp_path)
    with OllamaDouble(script=Script()) as double:
        proc = aipa(home, "eval", "--suite", str(suite), "--limit", "2", "--arms", "single", OLLAMA_HOST=double.url)
    assert proc.returncode == 0, proc.stderr[-3000:]
    table = [line for line in proc.stdout.splitlines() if line.startswith("|")]
    assert len(table) == 3 and "instruction-level" in table[0]
    assert table[2].startswith("| single") and "| 2 | 3/4 (75.0%) | 1/2 (50.0%) |" in table[2]
    assert "eval: 0/2 note (single)" in proc.stderr and "eval: 2/2 done" in proc.stderr  # not a tty: plain lines


def test_limit_in_json(tmp_path, suite):
    home = _home(tmp_path)
    with OllamaDouble(script=Script()) as double:
        proc, out = aipa_json(home, "eval", "--suite", str(suite), "--limit", "1", "--arms", "team,single", "--json",
                              OLLAMA_HOST=double.url)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert isinstance(out, dict) and out["directives"] == 1 and list(out["arms"]) == ["team", "single"]
    assert {(o["id"], o["arm"]) for o in out["outcomes"]} == {("note", "team"), ("note", "single")}
    assert set(out) >= {"suite", "provider", "model", "data", "arms", "outcomes"}
    assert out["provider"] == "ollama" and out["model"] == "smollm2:135m"


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "no suite file"),
        ("[[directive]\nid = 1", "not valid TOML"),
        ("title = 'nothing'", "no [[directive]] entries"),
        ('[[directive]]\nid = "a"\ntext = "Write."\nexpect = ["wordz"]', "unknown check kinds: wordz"),
        ('[[directive]]\nid = "a"\ntext = "Write."\nattach = ["nope.md"]', "does not exist"),
        ('[[directive]]\ntext = "Write."', "directive 1: has no id"),
    ],
)
def test_a_bad_suite_file_is_a_clear_message_and_exit_2(tmp_path, content, said):
    path = tmp_path / "suite.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    proc = aipa(tmp_path / "home", "eval", "--dry-run", "--suite", str(path))
    assert proc.returncode == 2, proc.stderr
    assert said in proc.stderr and str(path) in proc.stderr and "hint:" in proc.stderr
    assert proc.stdout == ""


def test_an_unknown_arm_and_a_negative_limit_are_usage_errors(tmp_path):
    proc = aipa(tmp_path / "home", "eval", "--dry-run", "--arms", "single,solo")
    assert proc.returncode == 2 and "unknown arm: solo" in proc.stderr
    proc = aipa(tmp_path / "home", "eval", "--dry-run", "--limit", "-1")
    assert proc.returncode == 2 and "--limit -1" in proc.stderr


def test_a_server_that_cannot_be_reached_stops_the_evaluation_with_exit_3(tmp_path, suite):
    from tests.doubles.base import free_port

    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    proc = aipa(tmp_path / "home", "eval", "--suite", str(suite), "--provider", "openai-compatible", "--base-url", url)
    assert proc.returncode == 3, proc.stderr
    assert "cannot connect" in proc.stderr and "hint:" in proc.stderr and proc.stdout == ""
