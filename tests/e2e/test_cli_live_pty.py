"""`aipa run` in a real pseudo-terminal (issue 20 item 3): one live line per lead
(state, tokens, tokens/s), redrawn in place with cursor control, never two for one
lead, gone when the run ends; each lead's report printed whole. Not a terminal: whole
lines only, no control sequence at all. The scripted provider writes slowly enough
that the leads are seen working side by side."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

from tests.support.cli import ROOT, aipa, cli_env, write_settings

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
UP_CLEAR = re.compile(r"\x1b\[(\d+)F\x1b\[J")
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
LIVE = re.compile(r"^  (\w+) · (T-[\w-]+): ")  # a lead's live line: "  Atlas · T-…-A: writing · …"


class Screen:
    """Just enough of a terminal for the printer's output: text, newlines, carriage
    returns and "n lines up, clear below"; colours dropped."""

    def __init__(self) -> None:
        self.lines: list[str] = [""]
        self.row = 0
        self.worst: dict[str, int] = {}  # lead -> the most live lines it ever had on screen at once

    def feed(self, text: str) -> None:
        for part in re.split(r"(\x1b\[\d+F\x1b\[J|\n|\r)", COLOUR.sub("", text)):
            if not part:
                continue
            if part == "\n":
                self.row += 1
                if self.row == len(self.lines):
                    self.lines.append("")
            elif part == "\r":
                self.lines[self.row] = ""
            elif m := UP_CLEAR.fullmatch(part):
                self.row = max(0, self.row - int(m.group(1)))
                del self.lines[self.row :]
                self.lines.append("")
            else:
                self.lines[self.row] += part
            self._count()

    def _count(self) -> None:
        seen: dict[str, int] = {}
        for line in self.lines:
            if m := LIVE.match(line):
                seen[m.group(1)] = seen.get(m.group(1), 0) + 1
        for lead, n in seen.items():
            self.worst[lead] = max(self.worst.get(lead, 0), n)

    def live_lines(self) -> list[str]:
        return [line for line in self.lines if LIVE.match(line)]


def run_in_pty(home, *args: str, timeout: float = 120) -> tuple[int, str]:
    """``python -m aipa ARGS`` with stdout and stderr on a pty of 120 columns; its output."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = cli_env(home)
    env.pop("COLUMNS", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "aipa", *args], cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave
    )
    os.close(slave)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the child closed its end
                    break
                if not data:
                    break
                chunks.append(data)
            elif proc.poll() is not None:
                break
        code = proc.wait(timeout=max(1, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return code, b"".join(chunks).decode("utf-8", "replace")


def test_live_lines_redraw_in_place_one_per_lead_and_reports_print_whole(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"scripted": {"tokens_per_second": 120}})
    code, out = run_in_pty(home, "run", "--dry-run", "--yes", DIRECTIVE)
    assert code == 0, out[-2000:]
    redraws = UP_CLEAR.findall(out)
    assert len(redraws) > 10, "the live lines are redrawn in place (cursor up, clear below)"
    screen = Screen()
    screen.feed(out.replace("\r\n", "\n"))
    leads = {"Atlas", "Cole", "Clio"}
    assert leads <= set(screen.worst), screen.worst  # every lead had its live line
    assert all(n == 1 for n in screen.worst.values()), screen.worst  # never two lines for one lead
    assert max(int(n) for n in redraws) <= 4, "no more live lines than calls at work"
    seen = COLOUR.sub("", out)
    assert re.search(r"  Atlas · T-[\w-]+: writing · \d+ tokens · \d+\.\d tokens/s", seen)
    # when the run ends no live line is left, and each lead's report is there whole
    assert screen.live_lines() == []
    text = "\n".join(screen.lines)
    for lead in leads:
        header = next(i for i, line in enumerate(screen.lines) if re.match(rf"\[{lead} · T-[\w-]+\]$", line))
        report = screen.lines[header + 1 : header + 4]
        assert all(line.startswith("  ") for line in report if line), report
    assert "Run R-" in text and " done." in text


def test_not_a_terminal_prints_whole_lines_without_control_sequences(tmp_path):
    home = tmp_path / "home"
    write_settings(home, providers={"scripted": {"tokens_per_second": 400}})
    proc = aipa(home, "run", "--dry-run", "--yes", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    both = proc.stdout + proc.stderr
    assert "\x1b" not in both and "\r" not in both
    assert re.search(r"^\[Atlas · T-[\w-]+\]$", proc.stdout, re.M) and "[Atlas · T-" in proc.stdout
