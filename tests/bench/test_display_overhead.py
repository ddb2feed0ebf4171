"""Display overhead: tokens per second shown in the window next to tokens per
second the real llama.cpp server produced, measured on the same stream.

A direct conversation with Atlas in the real window on the real llama.cpp server (the
small model). The provider is wrapped (in the bench only) to stamp each delta as it
arrives from the server: first to last delta is the production interval. The chat
view's paint events are stamped too: from the first paint after the first delta to the
first paint after the last delta is the display interval. Same tokens, same run, so the
machine's noise (2 shared cores here) hits both alike; separate runs of the server and
the window differed by 3× from one minute to the next."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QEvent, QObject

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.providers.base import ContentDelta, ThinkingDelta
from aipa.ui.window.main_window import MainWindow
from tests.bench import report
from tests.ui.helpers import close_window, until, write_settings

pytestmark = pytest.mark.bench

MAX_TOKENS = 160
ROUNDS = 3
PROMPT = "Write a short paragraph on how to plan a team offsite."


class Stamped:
    """The provider, with the arrival time of every delta."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.stamps: list[float] = []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    async def stream(self, request):
        async for event in self.inner.stream(request):
            if isinstance(event, (ContentDelta, ThinkingDelta)):
                self.stamps.append(time.perf_counter())
            yield event


class Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[float] = []

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            self.stamps.append(time.perf_counter())
        return False


async def _one(home, url: str) -> tuple[float, float, int]:
    home.mkdir(parents=True, exist_ok=True)
    write_settings(home, max_output_tokens=MAX_TOKENS, history_exchanges=0)
    app = build(Override("openai-compatible", "", url), Paths(home))
    provider = Stamped(app.providers.get("openai-compatible"))
    app.providers._cache["openai-compatible"] = provider
    window = MainWindow(app.core)
    window.show()
    await window.start(restore=False)
    paints = Paints()
    window.chat_view.viewport().installEventFilter(paints)
    try:
        window.controller.talk_to("Atlas")
        await window.controller.submit(PROMPT)
        await until(lambda: not window.controller.busy, 120, "the reply")
        got = provider.stamps
        await until(lambda: paints.stamps and paints.stamps[-1] > got[-1], 10, "the last token painted")
    finally:
        window.chat_view.viewport().removeEventFilter(paints)
        await close_window(window)
    first, last = got[0], got[-1]
    shown_first = next(t for t in paints.stamps if t > first)
    shown_last = next(t for t in paints.stamps if t > last)
    return last - first, shown_last - shown_first, len(got)


async def test_tokens_per_second_shown_vs_produced(qtbot, tmp_path, llama_server):
    url = llama_server.base_url
    await _one(tmp_path / "warm", url)  # the model's first request warms its caches
    ratios, notes = [], []
    for i in range(ROUNDS):
        produced, shown, n = await _one(tmp_path / f"r{i}", url)
        ratios.append(produced / shown)
        notes.append(f"{n} tokens: server {n / produced:.0f}/s, shown {n / shown:.0f}/s")
    report.record(
        "display overhead: tokens/s shown in the window vs produced by the server",
        report.median(ratios),
        ">= 0.97",
        "the real llama.cpp server's own rate on the same stream (arrival of each delta)",
        unit="×",
        note=f"median of {ROUNDS} ({'; '.join(notes)}); SmolLM2-135M Q4_1; load {report.load()}",
    )
