"""The run presenter draws interrupted tasks and rejected runs as what they are."""

from __future__ import annotations

from aipa.core import events as ev
from aipa.core.kinds import RunStatus, TaskStatus
from aipa.ui.transcript.presenter import INTERRUPTED_TEXT, REJECTED_TEXT, ItemList, Presenter


def presenter() -> Presenter:
    return Presenter(ItemList(), lambda name: ("#123456", "Lead"), lambda: "Miranda", lambda: "Vera")


def test_an_interrupted_task_stops_and_says_how_to_finish_it():
    p = presenter()
    p.apply(ev.TaskChanged("R-1", "T-1-A", "Atlas", "Venues", TaskStatus.IN_PROGRESS))
    assert p.items.find("task:T-1-A").streaming
    p.apply(ev.TaskChanged("R-1", "T-1-A", "Atlas", "Venues", TaskStatus.INTERRUPTED))
    item = p.items.find("task:T-1-A")
    assert (item.status, item.streaming, item.content) == ("interrupted", False, INTERRUPTED_TEXT)


def test_an_interrupted_task_keeps_the_report_it_streamed():
    p = presenter()
    p.apply(ev.TaskChanged("R-1", "T-1-A", "Atlas", "Venues", TaskStatus.IN_PROGRESS))
    p.apply(ev.AgentDelta("R-1", "Atlas", "content", "Half a report", "Half a report", task_id="T-1-A", purpose="lead"))
    p.flush()
    p.apply(ev.TaskChanged("R-1", "T-1-A", "Atlas", "Venues", TaskStatus.INTERRUPTED))
    assert p.items.find("task:T-1-A").content == "Half a report"


def test_a_replayed_interrupted_task_is_drawn_interrupted():
    items = presenter().replay([ev.TaskChanged("R-1", "T-1-B", "Cole", "Budget", TaskStatus.INTERRUPTED)])
    assert [(i.status, i.streaming, i.content) for i in items] == [("interrupted", False, INTERRUPTED_TEXT)]


def test_a_rejected_run_ends_with_a_notice_and_no_streaming_rows():
    p = presenter()
    p.apply(ev.RunStarted("R-1", "S-1", "Plan an offsite"))
    p.apply(ev.StageStarted("R-1", "route"))
    assert any(i.streaming for i in p.items.items())
    p.apply(ev.RunFinished("R-1", RunStatus.REJECTED, "", ""))
    assert not any(i.streaming for i in p.items.items())
    assert p.items.items()[-1].content == REJECTED_TEXT and p.items.items()[-1].level == "warning"


def test_a_run_done_adds_no_notice():
    p = presenter()
    p.apply(ev.RunStarted("R-1", "S-1", "Plan an offsite"))
    p.apply(ev.RunFinished("R-1", RunStatus.DONE, "text", "PASS"))
    assert [i.kind for i in p.items.items()] == ["directive"]


def test_a_failed_run_shows_its_hint_without_backticks():
    p = presenter()
    p.apply(ev.RunFailed("R-1", "ollama: Ollama is not running", hint="start it with `ollama serve`"))
    assert p.items.items()[-1].content == "✗ ollama: Ollama is not running — start it with “ollama serve”"
