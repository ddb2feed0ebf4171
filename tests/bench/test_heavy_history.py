"""Start-up and the terminal with a heavy user's history (issue 33), measured from outside
in one run, alternating the contenders: a data folder grown by tests/bench/heavy_history.py
(``AIPA_BENCH_HEAVY_SESSIONS`` sessions, 2,000 unless set, 20 messages each, on the app's
own schema with the store's own writes) next to one with a single session, and a bare
PySide6 window doing the same first paint.

Figures: the window's first paint with the heavy history against the bare window's (the
goal: 1.5×), the restored session's paint heavy against light, ``aipa runs`` heavy against
light, and ``aipa search`` over the heavy history against ``aipa runs`` on it."""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import pytest

from tests.bench import report
from tests.bench.heavy_history import grow
from tests.bench.test_startup import BARE_WINDOW, _marks, _timed
from tests.support.cli import ROOT, cli_env

pytestmark = pytest.mark.bench

ROUNDS = 5
SESSIONS = int(os.environ.get("AIPA_BENCH_HEAVY_SESSIONS", "2000"))
MESSAGES = 20


@pytest.fixture(scope="module")
def homes(tmp_path_factory) -> dict[str, Path]:
    compileall.compile_dir(str(ROOT / "desktop" / "aipa"), quiet=1)
    out = {}
    for name, sessions in (("heavy", SESSIONS), ("light", 1)):
        home = tmp_path_factory.mktemp(name)
        grow(home / "aipa.db", sessions, MESSAGES)
        out[name] = home
    return out


def _history() -> str:
    return f"{SESSIONS:,} sessions, {SESSIONS * MESSAGES:,} messages"


def test_heavy_history_window_start_up(homes):
    restored: dict[str, list[float]] = {"heavy": [], "light": []}

    def window(name: str):
        env = cli_env(homes[name], AIPA_EXIT_AFTER_PAINT="1", QT_QPA_PLATFORM="offscreen")

        def run() -> float:
            marks = _marks([sys.executable, "-m", "aipa", "--dry-run"], env)
            restored[name].append(marks["session painted"])
            return marks["first paint"]

        return run

    bare_env = cli_env(homes["light"], QT_QPA_PLATFORM="offscreen")
    contenders = {
        "heavy": window("heavy"),
        "light": window("light"),
        "bare": lambda: _marks([sys.executable, "-c", BARE_WINDOW], bare_env)["first paint"],
    }
    for run in contenders.values():  # warm the disk cache
        run()
    for runs in restored.values():
        runs.clear()
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(ROUNDS):
        for name, run in contenders.items():
            times[name].append(run())
    heavy, light, bare = (report.median(times[n]) for n in ("heavy", "light", "bare"))
    heavy_s, light_s = report.median(restored["heavy"]), report.median(restored["light"])
    report.record(
        "heavy history: first paint",
        heavy / bare,
        "<= 1.5",
        "a bare PySide6 window's first paint, same run",
        unit="×",
        note=f"{_history()}; median of {ROUNDS}: aipa {heavy * 1000:.0f} ms (one session: {light * 1000:.0f} ms, "
        f"{light / bare:.2f}×), bare {bare * 1000:.0f} ms; load {report.load()}",
    )
    report.record(
        "heavy history: restored session painted",
        heavy_s / light_s,
        "<= 1.25",
        "the same with one session, same run",
        unit="×",
        note=f"{_history()}; median of {ROUNDS}: {heavy_s * 1000:.0f} ms vs {light_s * 1000:.0f} ms "
        f"({heavy_s / bare:.1f}× and {light_s / bare:.1f}× the bare window's first paint)",
    )


def test_heavy_history_in_the_terminal(homes):
    commands = {
        "runs heavy": ("heavy", ["runs"]),
        "runs light": ("light", ["runs"]),
        "search heavy": ("heavy", ["search", "lighthouse", "--limit", "20"]),
    }
    envs = {name: cli_env(home) for name, home in homes.items()}

    def run(name: str) -> float:
        home, args = commands[name]
        return _timed([sys.executable, "-m", "aipa", *args], envs[home])

    for name in commands:
        run(name)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(ROUNDS):
        for name in commands:
            times[name].append(run(name))
    heavy, light, search = (report.median(times[n]) for n in commands)
    report.record(
        "heavy history: aipa runs",
        heavy / light,
        "<= 1.5",
        "aipa runs with one session, same run",
        unit="×",
        note=f"{_history()}; median of {ROUNDS}: {heavy * 1000:.0f} ms vs {light * 1000:.0f} ms",
    )
    report.record(
        "heavy history: aipa search",
        search / heavy,
        "<= 1.5",
        "aipa runs on the same history, same run",
        unit="×",
        note=f"{_history()}; 'lighthouse', 20 hits; median of {ROUNDS}: {search * 1000:.0f} ms",
    )


async def test_heavy_history_session_list_scroll(qtbot, homes):
    """The window on the heavy history (in this process): the session list filled, then
    scrolled from top to bottom a half page per frame while a 5 ms timer measures the
    event loop's lag (the long-session benchmark's method)."""
    import asyncio
    import time

    from PySide6.QtCore import Qt, QTimer

    from aipa.app import Override, build
    from aipa.core.config.paths import Paths
    from aipa.ui.window.main_window import MainWindow
    from tests.ui.helpers import close_window

    app = build(Override("scripted", "", ""), Paths(homes["heavy"]))
    window = MainWindow(app.core)
    window.resize(1200, 900)
    window.show()
    await window.start(restore=True)
    try:
        view = window.sessions.list
        rows = view.count()
        bar = view.verticalScrollBar()
        lags: list[float] = []
        interval = 0.005
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            lags.append(max(0.0, (now - last[0] - interval) * 1000))
            last[0] = now

        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(int(interval * 1000))
        timer.timeout.connect(tick)
        bar.setValue(bar.minimum())
        await asyncio.sleep(0.1)
        timer.start()
        steps = 0
        while bar.value() < bar.maximum():
            bar.setValue(bar.value() + max(1, bar.pageStep() // 2))
            steps += 1
            await asyncio.sleep(0.016)
        timer.stop()
    finally:
        await close_window(window)
    report.record(
        "heavy history: session list scroll, loop lag p99",
        report.percentile(lags, 99),
        "<= 16",
        f"{steps} steps of half a page, {len(lags)} timer ticks",
        unit="ms",
        note=f"{_history()}; {rows} rows in the list; load {report.load()}",
    )
