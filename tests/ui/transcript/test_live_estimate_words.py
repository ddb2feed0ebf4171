"""The window's line for a prompt being read says the estimate as the core does
(ui/transcript/event_text.live_text; core/run/live.py builds the numbers)."""

from __future__ import annotations

from aipa.core.run.live import Desk, Watch
from aipa.ui.transcript.event_text import live_text


def test_the_window_says_how_long_the_prompt_should_take(qtbot):
    now = [100.0]
    desk = Desk(rate={"p": 50.0})  # measured on this engine by an earlier call
    watch = Watch("Rafael", "p", desk, prompt_estimate=2300, clock=lambda: now[0])
    assert live_text(watch.snapshot("r1")) == "reading the prompt · about 2,300 tokens · 0 s of about 46 s"
    now[0] += 50
    assert live_text(watch.snapshot("r1")).endswith(" · 50 s")  # passed: the clock alone
