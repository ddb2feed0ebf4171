"""A re-run's revision begins with a small summary (issue 35): which leads it ran again,
whose reports it kept, the new feedback; live and after a restart (replayed from the
store) alike, and shown with its revision only (the switcher hides it with the rest)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until


def summary_of(w, run_id: str):
    return w.chat_model.find(f"rerun:{run_id}")


def shown(w, item) -> bool:
    return not w.chat_view.isRowHidden(w.chat_model.items().index(item))


async def test_a_rerun_of_two_leads_says_what_it_ran_again_and_what_it_kept(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        leads = [t.assigned_to for t in w.core.runs.tasks(first)]
        again, kept = leads[:2], leads[2:]
        await w.controller.rerun(first, leads=tuple(again), feedback=("Add March prices.",))
        await idle(w)
        second = w.controller.run_id
        line = await until(lambda: summary_of(w, second), what="the re-run's summary")
        assert line.run_id == second and line.kind == "notice"
        text = line.content
        assert f"re-ran {again[0]} and {again[1]}" in text and "Revision 2" in text
        assert f"kept {kept[0]}'s report" in text and "“Add March prices.”" in text
        # at the top of its revision: before its first lead's card
        rows = [i for i in w.chat_model.items() if i.run_id == second]
        assert rows.index(line) < min(rows.index(i) for i in rows if i.kind == "task")
        assert shown(w, line)
        spoken = w.chat_model.index(w.chat_model.items().index(line), 0).data(Qt.ItemDataRole.AccessibleTextRole)
        assert again[0] in spoken
        w.revisions.step(second, -1)  # the first revision shown: its summary goes with it
        await until(lambda: not shown(w, line), what="the summary hidden with its revision")
        w.revisions.step(first, 1)
        await until(lambda: shown(w, line), what="the summary back")
        w.chat_view.viewport().repaint()
    async with open_window(home) as w:  # a restart: the same summary, from the store
        line = await until(lambda: summary_of(w, second), what="the summary after a restart")
        assert line.content == text


async def test_a_stage_rerun_says_every_report_was_kept(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        await w.controller.rerun(first, stage="synthesize", feedback=("Name the venue.",))
        await idle(w)
        line = await until(lambda: summary_of(w, w.controller.run_id), what="the re-run's summary")
        assert "re-ran the synthesis" in line.content and "kept every lead's report" in line.content
        assert "“Name the venue.”" in line.content
        # a first run has none
        assert summary_of(w, first) is None and len([i for i in items(w) if i.key.startswith("rerun:")]) == 1
