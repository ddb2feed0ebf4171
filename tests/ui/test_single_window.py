"""One window per data folder, with real processes: a second window
started on the same data folder brings the first forward and exits 0 with a message;
when the first was killed (its socket file left behind), the second starts normally."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from aipa.ui.single_instance import server_name
from tests.support.cli import ROOT, cli_env
from tests.ui.helpers import until

LISTENING = "single window: listening on"
RAISED = "brought forward"


def _log(home) -> str:
    path = home / "logs" / "aipa.log"
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def _window(home, **env) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, QT_QPA_PLATFORM="offscreen", **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def _second(home, **env) -> subprocess.CompletedProcess:
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, QT_QPA_PLATFORM="offscreen", **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_a_second_window_brings_the_first_forward_and_exits(tmp_path):
    home = tmp_path / "home"
    first = _window(home)
    try:
        await until(lambda: LISTENING in _log(home) or first.poll() is not None, timeout=120, what="the first window")
        assert first.poll() is None, first.communicate()[1]
        second = await _second(home)
        assert second.returncode == 0, second.stderr
        assert "already open on this data folder" in second.stdout
        assert "brought that window forward" in second.stdout
        await until(lambda: RAISED in _log(home), timeout=120, what="the first window's raise")
        assert first.poll() is None  # the first window is still there
    finally:
        first.terminate()
        first.communicate(timeout=60)
        Path(server_name(home.resolve())).unlink(missing_ok=True)  # a terminated window leaves it


async def test_a_killed_first_window_is_stale_and_the_second_starts(tmp_path):
    home = tmp_path / "home"
    first = _window(home)
    try:
        await until(lambda: LISTENING in _log(home) or first.poll() is not None, timeout=120, what="the first window")
        assert first.poll() is None, first.communicate()[1]
    finally:
        os.kill(first.pid, signal.SIGKILL)  # its socket file stays behind
        first.communicate(timeout=60)
    second = await _second(home, AIPA_EXIT_AFTER_PAINT="1")
    assert second.returncode == 0, second.stderr
    assert "first paint" in second.stdout  # it started its own window
    assert "already open" not in second.stdout
    assert _log(home).count(LISTENING) == 2  # and took the name over
    assert not Path(server_name(home)).exists()  # removed when that window closed


def _claimed(home) -> bool:
    name = server_name(home.resolve())
    return Path(name).exists() and Path(name + ".lock").exists()


async def test_a_second_window_started_while_the_first_is_starting_brings_it_forward(tmp_path):
    """Issue 21: the first window claims the data folder at once, before its shell, core
    and session load; a second one started meanwhile no longer opens beside it."""
    home = tmp_path / "home"
    first = _window(home)
    try:
        await until(lambda: _claimed(home) or first.poll() is not None, timeout=60, what="the first window's claim")
        second = await _second(home)  # the first may still be loading its core
        assert second.returncode == 0, second.stderr
        assert "already open on this data folder" in second.stdout
        await until(lambda: LISTENING in _log(home), timeout=120, what="the first window")
        await until(lambda: RAISED in _log(home), timeout=30, what="the first window coming forward once shown")
        assert first.poll() is None
    finally:
        first.terminate()
        first.communicate(timeout=60)
        Path(server_name(home.resolve())).unlink(missing_ok=True)


async def test_two_windows_started_together_make_one(tmp_path):
    home = tmp_path / "home"
    windows = [_window(home), _window(home)]
    try:
        await until(lambda: any(w.poll() is not None for w in windows), timeout=120, what="one of them to exit")
        gone = next(w for w in windows if w.poll() is not None)
        out, err = gone.communicate(timeout=30)
        assert gone.returncode == 0 and "already open on this data folder" in out, err
        stays = next(w for w in windows if w is not gone)
        await until(lambda: RAISED in _log(home), timeout=120, what="the other window coming forward")
        assert stays.poll() is None
    finally:
        for w in windows:
            if w.poll() is None:
                w.terminate()
                w.communicate(timeout=60)
        Path(server_name(home.resolve())).unlink(missing_ok=True)
