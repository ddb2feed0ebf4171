"""Shared by the fault tests: real `aipa` processes on a real data folder."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.support.cli import ROOT, cli_env

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def spawn(home: Path, *args: str, **env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home, **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def query(db: Path, sql: str, *params) -> list[tuple]:
    """Rows of ``sql`` on the database, [] while it (or the table) does not exist yet."""
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db, timeout=60) as conn:
            return conn.execute(sql, params).fetchall()
    except sqlite3.OperationalError:
        return []


def wait_for(condition, within: float = 120, what: str = "condition") -> None:
    """Poll ``condition()`` until it is true (no fixed sleeps in the tests)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not reached within {within} s")


def without_dac_override() -> list[str]:
    """A command prefix under which file modes hold even for root (as they do for the
    user): ``setpriv`` drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH. Empty when not root."""
    import os

    if os.geteuid() != 0:
        return []
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]


def aipa_as_user(home: Path, *args: str, timeout: float = 300, stdin: str = "", **env: str):
    """``aipa ARGS`` with file permissions enforced (see ``without_dac_override``)."""
    return subprocess.run(
        [*without_dac_override(), sys.executable, "-m", "aipa", *args],
        cwd=ROOT,
        env=cli_env(home, **env),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
