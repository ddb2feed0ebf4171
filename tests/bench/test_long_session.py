"""Opening a long session: a stored session of 1,000 messages (about 2 MB of
markdown, code and tables) restored by the window at start. Figures: the time from
the window's start to the restored transcript painted; the event-loop lag while the
transcript is scrolled from top to bottom; the process's RSS after it next to the RSS
of the same window idle with no session, in the same process. The idle window is left
half a second, as a person would before opening a session: the window makes its
markdown converter and code highlighter ready when idle after start (MainWindow.start),
so the idle RSS includes them, and the session then opens without building them (a
session restored at start-up is timed by tests/bench/test_startup.py)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.session.last_session import KEY as LAST_SESSION
from aipa.ui.window.main_window import MainWindow
from tests.bench import report
from tests.ui.helpers import close_window

pytestmark = pytest.mark.bench

MESSAGES = 1_000


def _body(i: int) -> str:
    """About 2 KB: a heading, prose with inline markup, a table, a code block, a list."""
    return (
        f"## Finding {i}\n\n"
        "The team compared **three venues** within two hours of the office, with *costs*, "
        "lead times and risks; `Lakeside` is the cheapest, the others book out early.\n\n"
        "| venue | cost | lead time | risk |\n|---|---:|---|---|\n"
        "| Lakeside | 12,400 | 3 weeks | low |\n| Hilltop Lodge | 15,900 | 6 weeks | medium |\n"
        "| Old Mill | 11,200 | 2 weeks | high |\n\n"
        "```python\ndef budget(people: int, nights: int, rate: float = 145.0) -> float:\n"
        "    rooms = -(-people // 2)\n    return rooms * nights * rate * 1.2  # taxes and fees\n```\n\n"
        "1. Approve the short list.\n2. Confirm dates and budget with finance.\n3. Book and send the agenda.\n\n"
        + "Risks: weather on day two, a train strike, dietary needs not collected in time. "
        * 40
    )


def _long_session(home: Path) -> tuple[str, int]:
    app = build(Override("scripted", "", ""), Paths(home))
    store = app.store
    session_id = store.create_session("A long session")
    size = 0
    for i in range(MESSAGES):
        if i % 2 == 0:
            text = f"Question {i // 2}: what about the venues, the budget and the agenda for day {i % 3 + 1}?"
            store.add_message(session_id, "user", text, agent="Miranda", kind="chat")
        else:
            text = _body(i)
            store.add_message(session_id, "assistant", text, agent="Miranda", kind="chat")
        size += len(text.encode())
    store.set_meta(LAST_SESSION, session_id)
    store.close()
    return session_id, size


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _open(home: Path, restore: bool) -> tuple[MainWindow, float]:
    app = build(Override("scripted", "", ""), Paths(home))
    started = time.perf_counter()
    window = MainWindow(app.core)
    window.resize(1200, 900)
    window.show()
    await window.start(restore=restore)
    view = window.chat_view
    view.doItemsLayout()
    view.viewport().repaint()
    return window, time.perf_counter() - started


async def test_open_and_scroll_a_long_session(qtbot, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    session_id, size = _long_session(home)
    # idle: the same window with no session, in this process
    window, empty_s = await _open(home, restore=False)
    await asyncio.sleep(0.5)
    idle_rss = _rss_mib()
    await close_window(window)
    window, open_s = await _open(home, restore=True)
    try:
        assert window.controller.session_id == session_id
        rows = window.controller.chat.rowCount()
        view = window.chat_view
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
            bar.setValue(bar.value() + bar.pageStep() // 2)  # a quick wheel: half a page per step
            steps += 1
            await asyncio.sleep(0.016)
        timer.stop()
        after_rss = _rss_mib()
    finally:
        await close_window(window)
    note = f"{MESSAGES} messages, {size / 1e6:.1f} MB, {rows} rows; load {report.load()}"
    report.record(
        "long session: open to first paint",
        open_s * 1000,
        "<= 300",
        f"the same window with no session: {empty_s * 1000:.0f} ms",
        unit="ms",
        note=note,
    )
    report.record(
        "long session: event-loop lag p99 scrolling top to bottom",
        report.percentile(lags, 99),
        "<= 16",
        f"{steps} steps of half a page, {len(lags)} timer ticks",
        unit="ms",
        note=note,
    )
    report.record(
        "long session: RSS after scrolling vs idle",
        after_rss / idle_rss,
        "<= 1.5",
        f"the window idle with no session in the same process: {idle_rss:.0f} MiB",
        unit="×",
        note=f"after: {after_rss:.0f} MiB; " + note,
    )
