"""Item 9 of issue 21: clarify rounds. An answer names the question set (round) it
answers: two terminals on one run, A answers round 1 and the team asks round 2, B's late
answer to round 1 is refused ("new questions are waiting") and nothing of it is kept.
With the `proceed` policy a run whose prompt is open goes on by itself at the deadline.
A headless run that suspends for answers exits 6 (its own code)."""

from __future__ import annotations

import os
import pty
import sqlite3
import subprocess
import sys
import time

from tests.faults.helpers import DIRECTIVE
from tests.support.cli import ROOT, aipa_json, cli_env, write_settings


def _suspended(home) -> str:
    proc, result = aipa_json(home, "run", "--dry-run", "--model", "clarify", "--json", DIRECTIVE)
    assert proc.returncode == 6, proc.stderr  # suspended: waiting for the Principal
    assert result["status"] == "suspended" and len(result["questions"]) == 2
    assert f"Continue with `aipa run --resume {result['run_id']}`" in proc.stderr
    return result["run_id"]


def _terminal(home, *args: str):
    master, slave = pty.openpty()  # a terminal: stdin is a tty, so `aipa` asks there
    proc = subprocess.Popen(
        [sys.executable, "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home),
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(slave)
    return proc, master


def _read_until(stream, text: str) -> str:
    seen = ""
    while text not in seen:
        line = stream.readline()
        assert line, f"the process ended before printing {text!r}: {seen}"
        seen += line
    return seen


def _rows(home, sql: str, *params):
    with sqlite3.connect(home / "aipa.db") as conn:
        return conn.execute(sql, params).fetchall()


def test_a_late_answer_to_round_1_is_refused_while_round_2_waits(tmp_path):
    home = tmp_path / "home"
    run_id = _suspended(home)
    a, a_keys = _terminal(home, "run", "--resume", run_id, "--dry-run")
    _read_until(a.stderr, "Who is the audience?")  # while a person is asked, nobody holds the run
    b, b_keys = _terminal(home, "run", "--resume", run_id, "--dry-run")
    try:
        _read_until(b.stderr, "Who is the audience?")  # both show round 1
        os.write(a_keys, b"the board\nFriday\n")
        _read_until(a.stderr, "The team needs answers (round 2)")  # A won; the team asks again
        os.write(b_keys, b"late audience\nlate deadline\n")  # B answers round 1, too late
        _, b_err = b.communicate(timeout=120)
        assert b.returncode == 2, b_err
        # (the prompt "  > " has no newline: the terminal's echo of the typed line is not on stderr)
        errors = [line[line.index("error:") :] for line in b_err.splitlines() if "error:" in line]
        assert len(errors) == 1 and errors[0].startswith(f"error: new questions are waiting in run {run_id}")
        assert "your answers to round 1 came after round 2 was asked (in the terminal at" in errors[0]
        assert "hint: your answers were not recorded; answer the new questions" in b_err
        assert "Traceback" not in b_err
        answers = _rows(home, "SELECT round, qid, answer, source FROM questions ORDER BY round, qid")
        assert answers == [(1, "q1", "the board", "typed"), (1, "q2", "Friday", "typed"), (2, "r2q1", None, None)]
        assert not _rows(home, "SELECT 1 FROM messages WHERE content LIKE 'late %'")
        _read_until(a.stderr, "Which city?")  # A still waits for round 2
        os.write(a_keys, b"Lisbon\n")
        _read_until(a.stderr, "=== Review")
        os.write(a_keys, b"a\n")
        _, a_err = a.communicate(timeout=120)
        assert a.returncode == 0, a_err
    finally:
        for proc, keys in ((a, a_keys), (b, b_keys)):
            os.close(keys)
            if proc.poll() is None:
                proc.kill()
    assert _rows(home, "SELECT status FROM runs") == [("done",)]
    assert _rows(home, "SELECT answer FROM questions WHERE round = 2") == [("Lisbon",)]


def test_an_open_prompt_gives_way_at_the_deadline_and_the_run_goes_on(tmp_path):
    home = tmp_path / "home"
    write_settings(home, clarify_deadline_hours=3 / 3600, clarify_deadline_policy="proceed")  # 3 s
    started = time.monotonic()
    proc, keys = _terminal(home, "run", "--dry-run", "--model", "clarify", "--json", DIRECTIVE)
    try:
        err = _read_until(proc.stderr, "the deadline passed; proceeding on stated assumptions")
        assert "Who is the audience?" in err  # it was asked, nobody answered
        _read_until(proc.stderr, "the deadline passed; proceeding on stated assumptions")  # round 2
        _read_until(proc.stderr, "=== Review")
        proc.stderr.read(len("[a]ccept"))  # its prompt (no newline): the question is asked now
        os.write(keys, b"a\n")
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(keys)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert time.monotonic() - started < 120
    rows = _rows(home, "SELECT round, source, answer FROM questions ORDER BY round, qid")
    assert [(r, s) for r, s, _ in rows] == [(1, "deadline"), (1, "deadline"), (2, "deadline")]
    assert rows[1][2] == "No answer came before the deadline: assume end of the month."
    assert _rows(home, "SELECT status FROM runs") == [("done",)]
