"""The run timeline (issue 23) in the real window, on a stored scripted run: ``/trace``
opens it; it draws one bar per span of ``core.runs.trace(run_id)`` (the data of
``aipa trace --json``), each where its offset and length put it; Up/Down select spans,
the detail pane shows the selected one's numbers, Enter opens its call's raw reply."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from aipa.ui.dialogs.timeline import TimelineDialog, tip
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until


async def type_command(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return)
    for _ in range(3):  # the slot runs as a task on the loop
        await asyncio.sleep(0.01)
    await idle(window)


async def finished_run(window) -> str:
    window.reviewer.auto = True
    await window.controller.submit(DIRECTIVE)
    window.reviewer.auto = False
    return window.controller.run_id


async def test_the_timeline_draws_a_bar_per_span_and_keys_move_between_them(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/trace")
        assert "No run in this session" in items(w)[-1].content and "trace" not in w.dialogs
        run_id = await finished_run(w)
        await type_command(qtbot, w, "/trace")
        dialog = w.dialogs["trace"]
        assert isinstance(dialog, TimelineDialog) and dialog.isVisible() and run_id in dialog.windowTitle()
        chart = dialog.chart
        shown = [s.key for s in chart.spans]
        as_json = [s["key"] for s in w.core.runs.trace(run_id).to_json()["spans"]]  # what `aipa trace --json` prints
        assert shown == as_json and len(shown) > 8
        kinds = {s.kind for s in chart.spans}
        assert {"run", "stage", "lead", "call", "gate"} <= kinds
        await until(lambda: chart.width() > 600, what="the chart laid out")
        # each bar sits where its offset and length put it, on the axis, painted in its colour
        image = chart.grab().toImage()
        ratio = image.devicePixelRatio()
        root = chart.spans[0]
        axis = chart.bar_rect(0)
        assert abs(axis.left() - chart.bar_rect(0).left()) < 1 and axis.width() > 500
        for row, span in enumerate(chart.spans):
            rect = chart.bar_rect(row)
            offset = (span.start - root.start).total_seconds()
            assert abs(rect.left() - (axis.left() + offset / root.seconds * axis.width())) < 1.5
            assert rect.width() >= max(2.9, span.seconds / root.seconds * axis.width() - 1.5)
            if row == chart.current or span.attrs.get("reask") or span.attrs.get("fallback"):
                continue  # a highlighted row or an outlined bar
            centre = rect.center()
            pixel = image.pixelColor(int(centre.x() * ratio), int(centre.y() * ratio))
            expected = QColor(dialog.theme.bad if span.error else dialog._color(span))
            assert pixel.name() == expected.name(), (span.key, pixel.name(), expected.name())
        # keyboard: Down and Up select, the detail pane follows
        assert chart.current == 0 and "run" in dialog.detail.text()
        qtbot.keyClick(chart, Qt.Key.Key_Down)
        assert chart.current == 1 and chart.spans[1].name in dialog.detail.text()
        qtbot.keyClick(chart, Qt.Key.Key_Up)
        assert chart.current == 0
        qtbot.keyClick(chart, Qt.Key.Key_End)
        assert chart.current == len(chart.spans) - 1
        # the numbers on hover: tokens, tokens/s, cost where priced
        call_row = next(i for i, s in enumerate(chart.spans) if s.kind == "call" and "route" in s.name)
        call = chart.spans[call_row]
        text = tip(call)
        assert "tokens/s" in text and f"{call.attrs['output_tokens']:,}" in text
        # Enter on a call opens its raw reply: the routing JSON as the model sent it
        chart.select(call_row)
        qtbot.keyClick(chart, Qt.Key.Key_Return)
        raw = await until(lambda: dialog.raw, what="the raw reply")
        replies = w.core.runs.raw_replies(run_id)
        assert [e.text for e in raw.entries][0].startswith(replies[0].content[:40])
        assert raw.text.toPlainText().lstrip().startswith("{")
        # a lead opens its own calls' replies only
        lead_row = next(i for i, s in enumerate(chart.spans) if s.kind == "lead")
        lead = chart.spans[lead_row]
        raw = dialog.open_span(lead_row)
        assert raw is not None and all(lead.attrs["task_id"] in e.label for e in raw.entries)
        # a gate has no reply: the button says so by being off
        gate_row = next(i for i, s in enumerate(chart.spans) if s.kind == "gate")
        chart.select(gate_row)
        assert not dialog.raw_button.isEnabled()


async def test_a_card_menu_opens_its_runs_timeline(qtbot, home):
    async with open_window(home) as w:
        run_id = await finished_run(w)
        w.chat_view.act("timeline", items(w, "deliverable")[-1])
        dialog = await until(lambda: w.dialogs.get("trace"), what="the timeline")
        assert dialog.trace.run_id == run_id
