"""Issue 21 item 1: rendering cannot fail. A reply nested 250 deep (what a looping small
model or an injected document writes) and a 1 MB table reach the window and the
exports through real ``aipa`` processes; a start that died while restoring a session
is followed by one that opens without restoring and says why."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from tests.doubles.hostile import HostileServer, answer, deep_list
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import ROOT, aipa, aipa_json, cli_env

WINDOW_BOUND = 120  # seconds for a window to start, restore, paint and close on a loaded machine


def _run_on(home, server) -> dict:
    """`aipa run` against the hostile server; the run's JSON."""
    proc, result = aipa_json(home, "run", "--provider", "openai-compatible", "--base-url", server.base_url,
                             "--model", "m", "--yes", "--json", DIRECTIVE)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    return result


def _remember(home, session_id: str) -> None:
    """The window closed on this session (what ``Core.sessions.remember`` records)."""
    with sqlite3.connect(home / "aipa.db") as conn:
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('ui.last_session', ?)", (session_id,))


def _window(home, **env) -> subprocess.CompletedProcess:
    """The real window on ``home``: it paints, restores the last session, paints it, closes."""
    return subprocess.run(
        [sys.executable, "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, QT_QPA_PLATFORM="offscreen", AIPA_EXIT_AFTER_PAINT="1", **env),
        capture_output=True,
        text=True,
        timeout=WINDOW_BOUND,
    )


def _log(home) -> str:
    path = home / "logs" / "aipa.log"
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def test_a_250_deep_list_is_exported_and_the_window_opens_again_on_it(tmp_path):
    home = tmp_path / "home"
    with HostileServer(answer(), deep_list(250)) as server:
        result = _run_on(home, server)
    assert "item 249" in result["deliverable"]
    html = aipa(home, "export", result["run_id"], "--format", "html")
    assert html.returncode == 0, html.stderr[-2000:]
    assert "Traceback" not in html.stderr and "item 249" in html.stdout
    assert html.stdout.count("<ul>") <= 20  # flattened past the depth cap, nothing lost
    _remember(home, result["session_id"])
    for start in (1, 2):  # and again: nothing was left behind that changes the next start
        started = time.monotonic()
        window = _window(home)
        took = time.monotonic() - started
        assert window.returncode == 0, (start, window.returncode, window.stderr[-3000:])
        assert "session painted" in window.stdout, window.stdout
        assert "Traceback" not in window.stderr and "RecursionError" not in _log(home)
        print(f"window start {start} on the 250-deep session: exit 0 in {took:.1f} s")
    assert not (home / "restoring.json").exists()


def test_a_1_mb_table_reply_renders_in_the_window_in_seconds(tmp_path):
    """(A reply this long is stopped at its length cap when it streams, unless its agent's
    budget is that large: the session is given it as the stored deliverable.)"""
    home = tmp_path / "home"
    row = "| " + " | ".join(f"cell {i} value" for i in range(12)) + " |"
    table = row + "\n|" + "---|" * 12 + "\n" + "\n".join(row for _ in range(1_000_000 // len(row)))
    with HostileServer() as server:
        result = _run_on(home, server)
    with sqlite3.connect(home / "aipa.db") as conn:
        changed = conn.execute("UPDATE messages SET content = ? WHERE kind = 'deliverable'", (table,)).rowcount
    assert changed == 1
    _remember(home, result["session_id"])
    started = time.monotonic()
    window = _window(home)
    took = time.monotonic() - started
    assert window.returncode == 0, window.stderr[-3000:]
    assert "session painted" in window.stdout
    print(f"window on a 1 MB table reply: restored and painted, exit 0 in {took:.1f} s")
    assert took < 60  # was 115 s for the table alone


def test_a_start_that_died_restoring_opens_without_restoring_and_says_why(tmp_path):
    home = tmp_path / "home"
    with HostileServer(answer(), deep_list(250)) as server:
        result = _run_on(home, server)
    _remember(home, result["session_id"])
    # a start that died while restoring leaves its marker: simulate one (a process that is gone)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    marker = {"session_id": result["session_id"], "title": "Poisoned", "pid": dead.pid}
    (home / "restoring.json").write_text(json.dumps(marker))
    window = _window(home)
    assert window.returncode == 0, window.stderr[-3000:]
    assert "session painted" in window.stdout
    assert f"the last start died while restoring session {result['session_id']}: not restored" in _log(home)
    assert not (home / "restoring.json").exists()  # this start painted: the next restores again
    again = _window(home)
    assert again.returncode == 0 and "died while restoring" not in again.stderr
    assert _log(home).count("died while restoring") == 1


def test_a_window_killed_while_restoring_leaves_the_marker(tmp_path):
    """The marker is written before the restore and only removed once the session painted:
    a start killed in between leaves it (what the next start reads)."""
    home = tmp_path / "home"
    aipa(home, "run", "--dry-run", "--yes", DIRECTIVE)
    with sqlite3.connect(home / "aipa.db") as conn:
        (session_id,) = conn.execute("SELECT id FROM sessions").fetchone()
    _remember(home, session_id)
    window = subprocess.Popen(
        [sys.executable, "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + WINDOW_BOUND
        while not (home / "restoring.json").exists() and window.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (home / "restoring.json").exists(), "no marker while restoring"
        os.kill(window.pid, signal.SIGKILL)
    finally:
        window.kill()
        window.communicate(timeout=30)
    data = json.loads((home / "restoring.json").read_text())
    assert data["session_id"] == session_id and data["pid"] == window.pid
