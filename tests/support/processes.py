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
