"""`aipa shell` on a real pseudo-terminal (issue 35): a directive runs and streams, `/debug`
prints the run's raw replies, Ctrl+C (a real SIGINT from the pty's line discipline, the
pty being the shell's controlling terminal) stops the run at work and the shell stays,
`/history` shows it stopped, `/quit` leaves with 0, and the typed lines are in the
readline history in the data folder. The screen as the Principal saw it is the
recorded session in docs/guide/shell-session.txt, where Ctrl+C was typed marked (set
SHELL_TRANSCRIPT_OUT to a path to write it again)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from aipa.core.session.memory import TEMPLATE
from tests.e2e.test_cli_live_pty import Screen
from tests.support.cli import ROOT, aipa, cli_env, write_settings

PROMPT = re.compile(r"(S-[\w-]+|new) › $")


class Pty:
    """``python -m aipa ARGS`` with the pty as its controlling terminal (so Ctrl+C is a
    real SIGINT to it), typed into and read like a person would."""

    def __init__(self, home: Path, *args: str) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = cli_env(home, TERM="dumb")  # readline without terminal-specific sequences
        env.pop("COLUMNS", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "aipa", *args],
            cwd=ROOT,
            env=env,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),  # the pty is its terminal
        )
        os.close(slave)
        self.raw = b""

    def text(self) -> str:
        return self.raw.decode("utf-8", "replace").replace("\r\n", "\n")

    def until(self, pattern: str, *, since: int = 0, timeout: float = 120) -> int:
        """Read until ``pattern`` appears after character ``since``; its end."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = re.search(pattern, self.text()[since:], re.M)
            if m:
                return since + m.end()
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    self.raw += os.read(self.master, 65536)
                except OSError:  # EIO: the child closed its end
                    break
            elif self.proc.poll() is not None:
                break
        raise AssertionError(f"no {pattern!r} after {since}:\n{self.text()[since:][-3000:]}")

    def type(self, text: str) -> int:
        at = len(self.text())
        os.write(self.master, text.encode())
        return at

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            os.close(self.master)


def test_shell_runs_a_directive_debug_shows_replies_ctrl_c_stops_the_run_not_the_shell(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"scripted": {"tokens_per_second": 60}})
    shell = Pty(home, "shell", "--dry-run", "--yes")
    try:
        shell.until(r"new › ")
        at = shell.type("Plan a three-day offsite for a 12-person team\n")
        at = shell.until(r"^verdict: .* · run (R-[\w-]+)", since=at)
        first_run = re.findall(r"^verdict: .* · run (R-[\w-]+)", shell.text(), re.M)[-1]
        at = shell.until(r"S-[\w-]+ › ", since=at)

        at = shell.type("/debug\n")
        at = shell.until(rf"Raw replies of run {first_run} \(\d+\):", since=at)
        at = shell.until(r"── Miranda · route", since=at)
        at = shell.until(r"S-[\w-]+ › ", since=at)

        at = shell.type("Compare three venues near Lisbon\n")
        at = shell.until(r"writing · \d+ token", since=at)  # a lead at work
        assert shell.proc.poll() is None
        at = shell.type("\x03")  # Ctrl+C, through the line discipline: SIGINT
        at = shell.until(r"Stopped\. /resume continues it; the shell stays\.", since=at)
        # the pty's "^C" echo is cleared with the live lines: the record marks the key instead
        shell.raw = shell.raw.replace(b"\r\nStopped.", "\r\n⟨Ctrl+C⟩\r\nStopped.".encode(), 1)
        at = shell.until(r"S-[\w-]+ › ", since=at)
        assert shell.proc.poll() is None, "the shell is still there"

        at = shell.type("/history\n")
        at = shell.until(r"R-[\w-]+\s+interrupted .*Compare three venues", since=at)
        assert re.search(rf"{first_run}\s+done", shell.text()[at - 400 :])
        shell.type("/quit\n")
        code = shell.close()
    finally:
        if shell.proc.poll() is None:
            shell.proc.kill()
    assert code == 0, shell.text()[-2000:]
    history = (home / "shell_history").read_text()
    assert "Plan a three-day offsite" in history and "/debug" in history and "/quit" in history
    screen = Screen()
    screen.feed(shell.text())
    seen = "\n".join(screen.lines)
    assert "Traceback" not in seen
    out = os.environ.get("SHELL_TRANSCRIPT_OUT")
    if out:
        Path(out).write_text(seen.rstrip() + "\n")


def test_chat_and_shell_show_the_brief_archive_and_refuse_unknown_commands(tmp_path):
    """`/brief archive` in `aipa chat` and `aipa shell` (stdin not a terminal: the same
    commands); a command of the shell only is named as such in a conversation."""
    home = tmp_path / "home"
    write_settings(home, brief_retention=1)
    seeded = aipa(home, "shell", "--dry-run", stdin="/brief archive\n/quit\n")
    assert seeded.returncode == 0, seeded.stderr
    assert "archive is empty" in seeded.stdout and "brief_retention" in seeded.stdout
    # an archived entry in the real database file (retention itself: tests/core/session/test_memory.py)
    with sqlite3.connect(home / "aipa.db") as db:
        db.execute(
            "INSERT INTO brief_archive (entry, archived_at) VALUES (?, datetime('now'))", ("- 2026-12-01: kept apart",)
        )
    chat = aipa(home, "chat", "--agent", "Atlas", "--dry-run", stdin="/brief archive\n/debug\n/nonsense\n/brief\n")
    assert chat.returncode == 0, chat.stderr
    assert "Archived log entries (1 entry, oldest first):\n- 2026-12-01: kept apart" in chat.stdout
    assert "/debug is for `aipa shell SESSION`" in chat.stdout
    assert "Unknown command /nonsense. Type /help for the list." in chat.stdout
    assert TEMPLATE.splitlines()[0] in chat.stdout
