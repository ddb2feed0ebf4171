"""On the real model (llama.cpp with SmolLM2): from Send to the first token, the card of
the call at work never stands still for more than 2 s (issue 20: "waiting for the
model…" for minutes). The card's model data is sampled on a QTimer, not by sleeping."""

from __future__ import annotations

import itertools
import time

import pytest
from PySide6.QtCore import Qt, QTimer

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.events import AgentDelta
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import close_window, items, until, write_settings

pytestmark = pytest.mark.llm

# Long enough that the server reads for several seconds before the first token.
DIRECTIVE = "Compare these venues for a team offsite and pick one. " + " ".join(
    f"Venue {n}: a lodge two hours away by train, rooms for twelve, a meeting room, meals included." for n in range(60)
)
MAX_STILL_SECONDS = 2.0


def painted(item) -> tuple:
    """What the card shows now: its state, its live line, its text so far."""
    return (item.status, item.live, item.live_percent, len(item.content), len(item.thinking))


async def test_the_card_changes_every_two_seconds_until_the_first_token(qtbot, tmp_path, llama_server):
    home = tmp_path / "home"
    home.mkdir()
    write_settings(home, provider="openai-compatible", base_url=llama_server.base_url, max_output_tokens=48)
    app = build(Override(), Paths(home))
    window = MainWindow(app.core)
    window.show()
    await window.start(restore=False)
    seen: list[tuple[float, tuple]] = []  # (when, what the run's cards showed) at each change
    first_token: list[float] = []
    events: list = []

    def sample() -> None:
        cards = [i for i in items(window) if i.kind in ("routing", "task", "deliverable", "audit")]
        now = time.monotonic()
        shown = tuple(painted(i) for i in cards)
        if not seen or seen[-1][1] != shown:
            seen.append((now, shown))

    def on_event(event) -> None:  # the routing reply is JSON: its card shows no text, so ask the events
        events.append(event)
        if isinstance(event, AgentDelta) and not first_token:
            first_token.append(time.monotonic())

    window.controller.eventReceived.connect(on_event)
    timer = QTimer()
    timer.setInterval(100)
    timer.timeout.connect(sample)
    try:
        qtbot.keyClicks(window.compose, DIRECTIVE)
        sent = time.monotonic()
        timer.start()
        qtbot.keyClick(window.compose, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: window.controller.busy or first_token, 60, "the run to start")
        await until(lambda: first_token or not window.controller.busy, 300, "the first token")
        timer.stop()
        assert first_token, [e for e in events if "Fail" in type(e).__name__ or "Notice" in type(e).__name__]
        assert first_token[0] - sent > 2 * MAX_STILL_SECONDS, "the prompt was read too fast to test anything"
        moments = [sent] + [t for t, _ in seen] + [first_token[0]]
        gaps = [b - a for a, b in itertools.pairwise(moments)]
        assert max(gaps) <= MAX_STILL_SECONDS, (max(gaps), seen[:20])
        reading = [s for _, shown in seen for s in shown if s[0] == "reading"]
        assert reading and any("reading the prompt" in s[1] for s in reading)
        assert any(s[2] is not None for s in reading), "llama.cpp's prompt progress never reached the card"
    finally:
        timer.stop()
        await close_window(window)
