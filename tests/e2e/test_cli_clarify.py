"""The clarify gate from the terminal: a question set past its deadline and what the
policy did (`aipa runs --json`), and two answers to one set (the window's and the
terminal's `aipa run --resume`): one recorded, the other told."""

import os
import pty
import sqlite3
import subprocess
import sys

from aipa.app import build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import SuspendingReviewer
from tests.support.cli import ROOT, aipa, aipa_json, cli_env, write_settings


def _suspended_clarify_run(home):
    proc, result = aipa_json(home, "run", "--dry-run", "--json", "Plan it")
    assert proc.returncode == 6, proc.stderr
    assert result["status"] == "suspended" and len(result["questions"]) == 2
    return result["run_id"]


def test_a_lapsed_question_set_proceeds_and_runs_json_says_so(tmp_path):
    home = tmp_path / "home"
    run_id = _suspended_clarify_run(home)
    _, runs = aipa_json(home, "runs", "--json")
    gate = runs[0]["clarify"]
    assert (gate["round"], gate["transport"], gate["outcome"], gate["answered_at"]) == (1, "terminal", "", None)
    # A day and more passes: move the stored deadline back in the real file.
    with sqlite3.connect(home / "aipa.db") as conn:
        conn.execute("update question_sets set deadline = '2026-01-01T00:00:00.000000+00:00'")
    _, runs = aipa_json(home, "runs", "--json")
    gate = runs[0]["clarify"]
    assert (gate["policy"], gate["outcome"], gate["answered_via"]) == ("proceed", "proceeded", "deadline")
    assert gate["note"] == "the deadline passed: proceeded on the stated assumptions"
    listed = aipa(home, "runs")
    assert "clarify: the deadline passed: proceeded on the stated assumptions" in listed.stdout
    done_proc, done = aipa_json(home, "run", "--resume", run_id, "--dry-run", "--json", "--yes")
    assert done_proc.returncode == 0, done_proc.stderr
    assert done["status"] == "done"
    assert {q["answer"] for q in done["questions"]} == {
        "No answer came before the deadline: assume a short written plan.",
        "No answer came before the deadline: assume none beyond common sense.",
    }


def test_the_wait_policy_leaves_the_run_suspended(tmp_path):
    home = tmp_path / "home"
    write_settings(home, clarify_deadline_policy="wait", clarify_deadline_hours=0)
    run_id = _suspended_clarify_run(home)
    _, runs = aipa_json(home, "runs", "--json")
    assert runs[0]["status"] == "suspended"
    assert runs[0]["clarify"]["outcome"] == "waiting" and runs[0]["clarify"]["answered_at"] is None
    again, result = aipa_json(home, "run", "--resume", run_id, "--dry-run", "--json")
    assert again.returncode == 6 and result["status"] == "suspended"


def _read_until(stream, text: str) -> str:
    seen = ""
    while text not in seen:
        line = stream.readline()
        assert line, f"the process ended before printing {text!r}: {seen}"
        seen += line
    return seen


async def test_two_answers_to_one_question_set_the_second_is_told(tmp_path):
    home = tmp_path / "home"
    run_id = _suspended_clarify_run(home)
    master, slave = pty.openpty()  # the terminal: stdin is a tty, so `aipa` asks there
    terminal = subprocess.Popen(
        [sys.executable, "-m", "aipa", "run", "--resume", run_id, "--dry-run"],
        cwd=ROOT,
        env=cli_env(home),
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(slave)
    try:
        _read_until(terminal.stderr, "The team needs answers")
        # Meanwhile the window answers the same question set, and wins.
        app = build(paths=Paths(home))
        try:
            questions = app.store.questions(run_id)
            app.pipeline(SuspendingReviewer()).answer(run_id, {q.qid: "from the window" for q in questions})
        finally:
            await app.aclose()
        os.write(master, b"from the terminal\nand again\n")
        out, err = terminal.communicate(timeout=300)
    finally:
        os.close(master)
        if terminal.poll() is None:
            terminal.kill()
    assert terminal.returncode == 2, err
    assert f"the questions of run {run_id} were already answered (in the window at " in err
    assert "hint: your answer was not recorded; the run continues with those answers" in err
    with sqlite3.connect(home / "aipa.db") as conn:
        answers = [a for (a,) in conn.execute("select answer from questions where run_id = ?", (run_id,))]
        status = conn.execute("select status from runs where id = ?", (run_id,)).fetchone()[0]
    assert answers == ["from the window", "from the window"] and status == "suspended"
    resumed, done = aipa_json(home, "run", "--resume", run_id, "--dry-run", "--json", "--yes")
    assert resumed.returncode == 0 and done["status"] == "done"
    assert all(q["answer"] == "from the window" for q in done["questions"])
