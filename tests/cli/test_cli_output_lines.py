"""`aipa run`'s printer when its output is not a terminal: whole lines only, each reply
whole when it is done, never two leads' tokens interleaved."""

from __future__ import annotations

import io

from aipa.cli.output import StreamPrinter
from aipa.core import events as ev
from aipa.core.kinds import Activity, Purpose


def test_parallel_leads_print_whole_lines_and_whole_reports():
    out = io.StringIO()  # not a terminal
    printer = StreamPrinter(out)
    texts = {"Rafael": ["Venue ", "A is ", "best."], "Sofia": ["Budget ", "is ", "fine."]}
    for agent, task in (("Rafael", "T-1"), ("Sofia", "T-2")):
        printer(ev.AgentProgress("r", agent, Activity.READING, "reading the prompt · 1 s", task, Purpose.LEAD))
    writes = []
    for i in range(3):  # the two leads' tokens alternate, as parallel streams do
        for agent, task in (("Rafael", "T-1"), ("Sofia", "T-2")):
            so_far = "".join(texts[agent][: i + 1])
            printer(ev.AgentDelta("r", agent, "content", texts[agent][i], so_far, task, Purpose.LEAD))
            printer(ev.AgentProgress("r", agent, Activity.STREAMING, f"writing · {i + 1} tokens", task, Purpose.LEAD))
            writes.append(out.getvalue())
    for agent, task in (("Rafael", "T-1"), ("Sofia", "T-2")):
        printer(ev.AgentMessage("r", agent, "".join(texts[agent]), "", task, Purpose.LEAD))
    text = out.getvalue()
    assert all(w.endswith("\n") for w in writes if w)  # nothing half a line long, ever
    lines = text.splitlines()
    assert "  Venue A is best." in lines and "  Budget is fine." in lines
    assert "\033" not in text  # no cursor movement, no colour
    assert sum("writing" in ln for ln in lines) == 2  # each state once per lead, not per tick


def test_a_rerun_says_what_it_runs_again_and_what_it_keeps():
    out = io.StringIO()
    printer = StreamPrinter(out)
    printer(ev.RerunStarted("R-2", "R-1", 2, "leads", ("Atlas", "Clio"), ("Cole",), ("Add March prices.",)))
    printer(ev.RerunStarted("R-3", "R-1", 3, "audit", (), ("Atlas", "Clio", "Cole")))
    first, second = out.getvalue().splitlines()
    assert first == "↻ revision 2 of R-1: re-ran Atlas, Clio · kept Cole · feedback: “Add March prices.”"
    assert second == "↻ revision 3 of R-1: re-ran the audit · kept every lead's report"
