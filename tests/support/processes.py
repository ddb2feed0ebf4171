"""Waiting for a process to go away."""

from __future__ import annotations

import os
import time


def gone(pid: int, within: float = 10) -> bool:
    """True once ``pid`` no longer exists (reaping it if it is our child), False after ``within`` s."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.05)
    return False


_MEASURE = (
    "import os, subprocess, sys\n"
    "p = subprocess.Popen(sys.argv[2:])\n"
    "_, status, usage = os.wait4(p.pid, 0)\n"
    "open(sys.argv[1], 'w').write(str(usage.ru_maxrss))\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def run_measured(args: list[str], peak_file, **popen) -> tuple[int, float]:
    """Run ``args`` and return (exit code, its peak resident memory in MiB). The command is
    started by a small Python process of its own (which writes the peak to ``peak_file``):
    a child forked from a big process (a long test session) has that process's memory
    counted in its peak until it execs."""
    import subprocess
    import sys
    from pathlib import Path

    proc = subprocess.Popen([sys.executable, "-c", _MEASURE, str(peak_file), *args], **popen)
    proc.wait()
    return proc.returncode, int(Path(peak_file).read_text()) / 1024
