"""`aipa run --rerun`: the real `aipa` command against the Ollama double, whose chat calls
are counted by what they ask (routing, a lead's brief, the synthesis, the audit). A
four-lead run first; then one lead again with feedback (exactly that lead, the synthesis
and the audit are called, the other reports stay byte-identical), the audit alone, and a
re-run SIGKILLed mid-way and resumed to done without calling a finished lead again."""

from __future__ import annotations

import json
import re
import signal
import threading
from collections import Counter
from pathlib import Path

from tests.doubles.ollama import OllamaDouble
from tests.faults.helpers import query, spawn, wait_for
from tests.support.cli import aipa_json, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


class Counted:
    """The double's script: routes to every lead, answers each call with a text of its
    own (so a report called again would differ), and counts the calls by what they ask."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.prompts: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, body: dict) -> str:
        messages = body.get("messages") or []
        last = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
        schema = body.get("format")
        with self._lock:
            n = len(self.calls) + 1
            if isinstance(schema, dict) and "briefs" in schema.get("properties", {}):
                self.calls.append("route")
                leads = list(schema["properties"]["briefs"]["properties"])
                briefs = [
                    {"agent": a, "title": f"Part {i + 1}", "instructions": f"Cover part {i + 1}."}
                    for i, a in enumerate(leads)
                ]
                return json.dumps({"mode": "delegate", "message": "Delegating.", "briefs": briefs})
            brief = re.search(r"^Your brief from the Chief of Staff: (.*)$", last, re.MULTILINE)
            if brief:  # a lead's brief (core/run/prompts.lead)
                title = brief.group(1)
                self.calls.append(f"lead:{title}")
                self.prompts.append(last)
                return f"Report number {n} on {title}: " + "the work in short, " * 30
            if "Your leads reported:" in last:
                self.calls.append("synthesize")
                self.prompts.append(last)
                return f"Deliverable number {n}: the merged plan."
            self.calls.append("audit")
            return f"Memo number {n}: it holds up.\n\nVERDICT: PASS"

    def since(self, start: int) -> Counter:
        return Counter(self.calls[start:])


def _first_run(home: Path, double: OllamaDouble) -> dict:
    write_settings(home, provider="ollama", model="smollm2:135m", max_parallel_leads=1)
    proc, result = aipa_json(home, "run", "--json", "--yes", DIRECTIVE, OLLAMA_HOST=double.url)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert len(result["tasks"]) == 4 and result["revision"] == 1 and result["parent_id"] is None
    return result


def _outputs(home: Path, run_id: str) -> dict[str, bytes]:
    """Each task's report by its letter (A, B, …), as stored, in bytes."""
    rows = query(home / "aipa.db", "select id, output, status from tasks where run_id = ?", run_id)
    return {tid.rsplit("-", 1)[1]: out.encode() for tid, out, status in rows if status == "complete"}


def test_rerun_one_lead_calls_that_lead_the_synthesis_and_the_audit_and_keeps_the_rest(tmp_path) -> None:
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    with double:
        first = _first_run(home, double)
        assert script.since(0) == Counter(
            {
                "route": 1,
                "lead:Part 1": 1,
                "lead:Part 2": 1,
                "lead:Part 3": 1,
                "lead:Part 4": 1,
                "synthesize": 1,
                "audit": 1,
            }
        )
        lead = first["tasks"][1]["assigned_to"]
        before, start = len(double.chat_requests), len(script.calls)
        proc, again = aipa_json(
            home,
            "run", "--json", "--yes", "--rerun", first["run_id"], "--lead", lead, "--feedback", "Add the budget.",
            OLLAMA_HOST=double.url,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-3000:]
        calls = script.since(start)
        print(f"the re-run's calls to the double: {dict(calls)}")  # issue 23's "must show"
        assert calls == Counter({"lead:Part 2": 1, "synthesize": 1, "audit": 1})
        assert len(double.chat_requests) - before == 3
    assert again["run_id"] != first["run_id"] and again["status"] == "done"
    assert again["revision"] == 2 and again["parent_id"] == first["run_id"]
    assert again["usage"]["calls"] == 3
    # the lead was told the feedback and shown its previous report
    lead_prompt = next(p for p in reversed(script.prompts) if "Chief of Staff: Part 2\n" in p)
    assert "Add the budget." in lead_prompt and "Report number 3 on Part 2" in lead_prompt
    old, new = _outputs(home, first["run_id"]), _outputs(home, again["run_id"])
    assert set(old) == set(new) == {"A", "B", "C", "D"}
    for letter in ("A", "C", "D"):
        assert new[letter] == old[letter]  # the kept reports, byte for byte
    assert new["B"] != old["B"] and new["B"].startswith(b"Report number")
    # the synthesis read the new report and the kept ones
    synth = script.prompts[-1]
    assert all(out.decode()[:40] in synth for out in new.values())
    assert again["deliverable"].startswith("Deliverable number") and again["deliverable"] != first["deliverable"]
    # the first revision is as it was; `aipa runs --json` lists both as one family
    proc, runs = aipa_json(home, "runs", "--json")
    by_id = {r["run_id"]: r for r in runs}
    assert by_id[first["run_id"]]["revision"] == 1 and by_id[first["run_id"]]["status"] == "done"
    assert by_id[again["run_id"]]["parent_id"] == first["run_id"]
    assert (
        by_id[first["run_id"]]["revisions"]
        == by_id[again["run_id"]]["revisions"]
        == [
            first["run_id"],
            again["run_id"],
        ]
    )
    assert query(home / "aipa.db", "select deliverable from runs where id = ?", first["run_id"]) == [
        (first["deliverable"],)
    ]
    proc, exported = aipa_json(home, "export", again["run_id"], "--format", "json")
    assert proc.returncode == 0 and exported["revision"] == 2 and exported["parent_id"] == first["run_id"]
    assert exported["deliverable"] == again["deliverable"]


def test_rerun_the_audit_calls_only_the_auditor(tmp_path) -> None:
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    with double:
        first = _first_run(home, double)
        start = len(script.calls)
        proc, again = aipa_json(
            home, "run", "--json", "--yes", "--rerun", first["run_id"], "--stage", "audit", OLLAMA_HOST=double.url
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert script.since(start) == Counter({"audit": 1})
    assert again["revision"] == 2 and again["deliverable"] == first["deliverable"]
    assert again["audit_memo"] != first["audit_memo"] and again["verdict"] == "PASS"
    assert _outputs(home, again["run_id"]) == _outputs(home, first["run_id"])


def test_rerun_the_synthesis_with_feedback_then_the_audit(tmp_path) -> None:
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    with double:
        first = _first_run(home, double)
        start = len(script.calls)
        proc, again = aipa_json(
            home,
            "run", "--json", "--yes", "--rerun", first["run_id"], "--stage", "synthesize", "--feedback", "Shorter.",
            OLLAMA_HOST=double.url,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert script.since(start) == Counter({"synthesize": 1, "audit": 1})
    assert "Shorter." in script.prompts[-1] and first["deliverable"] in script.prompts[-1]
    assert again["deliverable"] != first["deliverable"]


def test_a_rerun_killed_mid_way_resumes_to_done_calling_no_finished_lead_again(tmp_path) -> None:
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    db = home / "aipa.db"
    with double:
        first = _first_run(home, double)
        double.word_delay = 0.04  # the re-run's leads stream for a while: time to kill it between them
        start = len(script.calls)
        leads = [first["tasks"][0]["assigned_to"], first["tasks"][2]["assigned_to"]]
        proc = spawn(
            home, "run", "--json", "--yes", "--rerun", first["run_id"], "--lead", leads[0], "--lead", leads[1],
            OLLAMA_HOST=double.url,
        )  # fmt: skip
        try:
            wait_for(lambda: len(query(db, "select id from runs")) == 2, what="the re-run's run")
            (new_id,) = query(db, "select id from runs where parent_id = ?", first["run_id"])[0]
            one_lead = "select count(*) from usage where run_id = ? and purpose = 'lead'"
            wait_for(lambda: query(db, one_lead, new_id) == [(1,)], what="the re-run's first lead")
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.communicate(timeout=120)
        assert proc.returncode == -signal.SIGKILL
        assert query(db, "select status from runs where id = ?", new_id) == [("running",)]  # dead: shown interrupted
        killed = len(script.calls)
        double.word_delay = 0.0
        resumed, result = aipa_json(home, "run", "--json", "--yes", "--resume", new_id, OLLAMA_HOST=double.url)
        assert resumed.returncode == 0, resumed.stderr[-3000:]
        after = script.since(killed)
        assert after == Counter({"lead:Part 3": 1, "synthesize": 1, "audit": 1}), after
        total = script.since(start)
        assert total["lead:Part 1"] == 1 and total["lead:Part 2"] == 0 and total["lead:Part 4"] == 0
    assert result["run_id"] == new_id and result["status"] == "done" and result["revision"] == 2
    old, new = _outputs(home, first["run_id"]), _outputs(home, new_id)
    assert new["B"] == old["B"] and new["D"] == old["D"]
    assert new["A"] != old["A"] and new["C"] != old["C"]
    assert query(db, "select status from runs where id = ?", first["run_id"]) == [("done",)]


def test_rerun_with_edited_briefs_calls_only_the_leads_whose_brief_changed(tmp_path) -> None:
    """`--brief LEAD=TEXT`: a branch from dispatch. The lead whose brief changed is asked
    its new brief, then the synthesis and the audit; a brief given unchanged calls nobody;
    the other reports stay byte-identical."""
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    with double:
        first = _first_run(home, double)
        leads = [t["assigned_to"] for t in first["tasks"]]
        start = len(script.calls)
        proc, again = aipa_json(
            home,
            "run", "--json", "--yes", "--rerun", first["run_id"],
            "--brief", f"{leads[1]}=Cover the venues only, three of them.",
            "--brief", f"{leads[3]}=Cover part 4.",  # as it was: not called again
            OLLAMA_HOST=double.url,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-3000:]
        calls = script.since(start)
        print(f"the brief re-run's calls to the double: {dict(calls)}")
        assert calls == Counter({"lead:Part 2": 1, "synthesize": 1, "audit": 1})
    lead_prompt = next(p for p in reversed(script.prompts) if "Chief of Staff: Part 2\n" in p)
    assert "Cover the venues only, three of them." in lead_prompt and "Cover part 2." not in lead_prompt
    assert again["revision"] == 2 and again["parent_id"] == first["run_id"] and again["status"] == "done"
    old, new = _outputs(home, first["run_id"]), _outputs(home, again["run_id"])
    for letter in ("A", "C", "D"):
        assert new[letter] == old[letter]  # the kept reports, byte for byte
    assert new["B"] != old["B"]
    briefs = query(home / "aipa.db", "select id, brief from tasks where run_id = ? order by id", again["run_id"])
    assert [b for _id, b in briefs] == [
        "Cover part 1.",
        "Cover the venues only, three of them.",
        "Cover part 3.",
        "Cover part 4.",
    ]


def test_a_brief_rerun_killed_mid_way_resumes_to_done_calling_no_finished_lead_again(tmp_path) -> None:
    home = tmp_path / "home"
    script = Counted()
    double = OllamaDouble(script=script)
    db = home / "aipa.db"
    with double:
        first = _first_run(home, double)
        double.word_delay = 0.04  # the re-run's leads stream for a while: time to kill it between them
        start = len(script.calls)
        leads = [first["tasks"][0]["assigned_to"], first["tasks"][2]["assigned_to"]]
        proc = spawn(
            home, "run", "--json", "--yes", "--rerun", first["run_id"],
            "--brief", f"{leads[0]}=Cover part 1 in depth.", "--brief", f"{leads[1]}=Cover part 3 in depth.",
            OLLAMA_HOST=double.url,
        )  # fmt: skip
        try:
            wait_for(lambda: len(query(db, "select id from runs")) == 2, what="the re-run's run")
            (new_id,) = query(db, "select id from runs where parent_id = ?", first["run_id"])[0]
            one_lead = "select count(*) from usage where run_id = ? and purpose = 'lead'"
            wait_for(lambda: query(db, one_lead, new_id) == [(1,)], what="the re-run's first lead")
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.communicate(timeout=120)
        assert proc.returncode == -signal.SIGKILL
        killed = len(script.calls)
        double.word_delay = 0.0
        resumed, result = aipa_json(home, "run", "--json", "--yes", "--resume", new_id, OLLAMA_HOST=double.url)
        assert resumed.returncode == 0, resumed.stderr[-3000:]
        assert script.since(killed) == Counter({"lead:Part 3": 1, "synthesize": 1, "audit": 1})
        total = script.since(start)
        assert total["lead:Part 1"] == 1 and total["lead:Part 2"] == 0 and total["lead:Part 4"] == 0
    assert "Cover part 3 in depth." in next(p for p in reversed(script.prompts) if "Chief of Staff: Part 3\n" in p)
    assert result["run_id"] == new_id and result["status"] == "done" and result["revision"] == 2
    old, new = _outputs(home, first["run_id"]), _outputs(home, new_id)
    assert new["B"] == old["B"] and new["D"] == old["D"]
    assert new["A"] != old["A"] and new["C"] != old["C"]
