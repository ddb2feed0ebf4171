"""Waiting for a process to go away; a real server the tests start in a process of its
own (llama.cpp, LiteLLM's proxy): stopped, its log read, asked whether it answers."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path


class ServerProcess:
    """A real server in a subprocess, its log in ``folder`` (removed on stop)."""

    stop_within = 10.0  # seconds it has to end after SIGTERM

    def __init__(self, process: subprocess.Popen[bytes], url: str, folder: Path, log_name: str) -> None:
        self.process, self.url, self.folder = process, url, folder
        self.log_path = folder / log_name

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=self.stop_within)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def answers(url: str) -> bool:
    """Whether ``url`` answers 200 within 2 s."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


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
