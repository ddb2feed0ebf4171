"""A lead's workers as sub-items of its card: one line each under the header
(id, what it does, state), updated while the lead streams and drawn again on replay."""

from __future__ import annotations

from PySide6.QtGui import QPainter

from tests.ui.helpers import DIRECTIVE, idle, items, open_window


def _atlas(window):
    return next((t for t in items(window, "task") if t.agent == "Atlas"), None)


def _states(item) -> list[tuple[str, str]]:
    return [(w.worker_id, w.state) for w in item.workers] if item is not None else []


def painted_text(view) -> str:
    """Every string the chat view draws in one repaint."""
    painted: list[str] = []
    original = QPainter.drawText

    def spy(self, *args):
        painted.append(next((a for a in args if isinstance(a, str)), ""))
        return original(self, *args)

    QPainter.drawText = spy
    try:
        view.chat_delegate.header.clear()
        view.viewport().grab()
    finally:
        QPainter.drawText = original
    return "\n".join(painted)


def test_the_lead_card_follows_its_workers_as_it_streams():
    """The presenter reads the lead's text at each flush (a live run's snapshots)."""
    from aipa.core import events as ev
    from aipa.core.kinds import TaskStatus
    from aipa.providers.base import ChatRequest, Message
    from aipa.providers.scripted import _demo_lead
    from aipa.ui.transcript.presenter import ItemList, Presenter

    request = ChatRequest(model="demo", messages=[Message("user", DIRECTIVE)], purpose="lead")
    request.tags.update(agent="Atlas", title="Research the options", directive=DIRECTIVE)
    text = _demo_lead(request)
    presenter = Presenter(ItemList(), lambda name: ("#4a8fd9", "Research"), lambda: "Miranda", lambda: "Vera")
    presenter.apply(ev.TaskChanged("R-1", "T-1", "Atlas", "Research the options", TaskStatus.IN_PROGRESS))
    card = presenter.items.find("task:T-1")
    seen = []
    for cut in range(0, len(text) + 1, 8):
        presenter.apply(ev.AgentDelta("R-1", "Atlas", "content", "", text[:cut], "T-1", "lead"))
        presenter.flush()
        if not seen or seen[-1] != _states(card):
            seen.append(_states(card))
    assert seen == [
        [],
        [("RSCH-001", "queued")],
        [("RSCH-001", "queued"), ("RSCH-002", "queued")],
        [("RSCH-001", "working"), ("RSCH-002", "queued")],
        [("RSCH-001", "done"), ("RSCH-002", "working")],
        [("RSCH-001", "done"), ("RSCH-002", "done")],
    ]
    cut = text.index("### RSCH-002") + 20
    presenter.apply(ev.AgentDelta("R-1", "Atlas", "content", "", text[:cut], "T-1", "lead"))
    presenter.flush()
    presenter.apply(ev.TaskChanged("R-1", "T-1", "Atlas", "Research the options", TaskStatus.INTERRUPTED))
    presenter.flush()
    assert _states(card) == [("RSCH-001", "done"), ("RSCH-002", "interrupted")]


async def test_workers_show_under_the_lead_and_again_on_replay(qtbot, home):
    async with open_window(home) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await idle(w, timeout=90)
        atlas = _atlas(w)
        assert _states(atlas) == [("RSCH-001", "done"), ("RSCH-002", "done")]
        assert atlas.workers[1].task == "check prices, lead times and availability to verify"
        assert all(not t.workers for t in items(w, "task") if t.agent != "Atlas")
        w.chat_view.scrollTo(w.chat_view.chat_model.index(w.chat_view.row_of(atlas), 0))
        text = painted_text(w.chat_view)
        assert "RSCH-001" in text and "RSCH-002" in text and "✓ done" in text
        # the WORKER lines are the worker lines: the report's text shows them once, not twice
        assert "WORKER RSCH-001" in atlas.content and "WORKER" not in w.chat_view.chat_delegate.plain_text(atlas)
        assert "WORKER" not in text
        rects = w.chat_view.chat_delegate._cache_for(atlas).rects
        assert rects["workers"].top() > rects["header"].bottom()
        live = [(t.agent, t.workers) for t in items(w, "task")]
    async with open_window(home) as again:  # the stored session, drawn again
        assert [(t.agent, t.workers) for t in items(again, "task")] == live
