"""`aipa run` at AIPA_LOG_LEVEL=debug: the log file says what each model call and each
gate did (names, counts, times, outcomes), and never what was said or a key."""

import re

from tests.support.cli import aipa_json, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
KEY = "sk-test-0123456789abcdefDEBUGLOG"
CALL = re.compile(
    r"DEBUG aipa\.runner: model call stage=(\S+) purpose=(\S+) agent=(.+?) profile=(\S+) model=(\S+) "
    r"prompt_tokens=(\d+) completion_tokens=(\d+) seconds=([\d.]+) outcome=(\S+) run=(\S+) task=(\S+)$"
)


def test_a_debug_run_logs_each_call_and_gate_without_content_or_keys(tmp_path):
    home = tmp_path / "home"
    write_settings(home, plan_review=True)
    proc, result = aipa_json(
        home, "run", "--dry-run", "--json", "--yes", DIRECTIVE, AIPA_LOG_LEVEL="debug", OPENAI_API_KEY=KEY
    )
    assert proc.returncode == 0, proc.stderr
    log = (home / "logs" / "aipa.log").read_text(encoding="utf-8")
    calls = [m for line in log.splitlines() if (m := CALL.search(line))]
    # one line per model call, as many as the run's usage counts
    assert len(calls) == result["usage"]["calls"] == 6, log
    stages = [m.group(1) for m in calls]
    assert stages[0] == "route" and stages.count("dispatch") == 3 and stages[-2:] == ["synthesize", "audit"]
    assert {m.group(4) for m in calls} == {"scripted"} and all(m.group(5) == "demo" for m in calls)
    assert all(m.group(9) == "ok" and m.group(10) == result["run_id"] for m in calls)
    assert sum(int(m.group(6)) for m in calls) == result["usage"]["input_tokens"]
    assert sum(int(m.group(7)) for m in calls) == result["usage"]["output_tokens"]
    leads = {m.group(11): m.group(3) for m in calls if m.group(1) == "dispatch"}
    assert leads == {t["task_id"]: t["assigned_to"] for t in result["tasks"]}
    # each gate: the plan review, then the review of the deliverable
    gates = re.findall(r"DEBUG aipa\.gates: gate kind=(\S+) decision=(\S+) run=(\S+)$", log, re.M)
    assert gates == [("plan_review", "accept", result["run_id"]), ("review", "accept", result["run_id"])]
    # never content: not the directive, the deliverable, a brief or the audit memo; never the key
    assert DIRECTIVE not in log and "offsite" not in log.lower()
    assert result["deliverable"].splitlines()[0] not in log and "VERDICT" not in log
    assert KEY not in log and "sk-" not in log
