"""One run at a time per local model (core/service/queue.py, issue 35): the queue alone
(runs on one local model never overlap, first come first served, a cancelled waiter
leaves the line, a cloud model has no line), which models count as local, and the real
thing on the scripted provider and a real SQLite file: a scheduled run due while the
Principal's run holds the model waits (listed as queued in the Inbox, with the run it
waits for) and starts only once that run has finished."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.events import RunFinished, RunStarted
from aipa.core.run.reviewer import AutoReviewer
from aipa.core.service.queue import ModelQueue, model_key
from aipa.core.service.schedule import QUEUED
from aipa.providers.scripted import ScriptedProvider


async def until(condition, timeout: float = 60.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
    return value


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


async def test_runs_on_one_local_model_never_overlap_and_keep_their_order():
    queue = ModelQueue()
    busy: list[str] = []
    overlaps: list[tuple[str, ...]] = []
    order: list[str] = []
    release = asyncio.Event()

    async def run(name: str, waits: bool = True) -> None:
        async with queue.turn("ollama http://127.0.0.1:11434 qwen", kind="schedule", label=name, waits=waits):
            busy.append(name)
            if len(busy) > 1:
                overlaps.append(tuple(busy))
            order.append(name)
            await release.wait()
            await asyncio.sleep(0.01)  # each run takes a few turns of the loop
            busy.remove(name)

    first = asyncio.create_task(run("first", waits=False))  # the Principal's: holds the model
    await until(lambda: order == ["first"], what="the first run to hold the model")
    others = [asyncio.create_task(run(name)) for name in ("second", "third", "fourth")]
    waiting = await until(lambda: len(queue.waiting()) == 3 and queue.waiting(), what="three waiting runs")
    assert [w.label for w in waiting] == ["second", "third", "fourth"]
    assert {w.behind for w in waiting} == {"first"}
    assert order == ["first"]
    release.set()
    await asyncio.gather(first, *others)
    assert overlaps == []
    assert order == ["first", "second", "third", "fourth"]  # first come, first served
    assert queue.waiting() == [] and queue.holding("ollama http://127.0.0.1:11434 qwen") == []


async def test_a_cloud_model_does_not_wait_and_a_cancelled_run_leaves_the_line():
    queue = ModelQueue()
    changes: list[int] = []
    queue.subscribe(lambda: changes.append(len(queue.waiting())))
    release = asyncio.Event()

    async def hold() -> None:
        async with queue.turn("llama http://127.0.0.1:8080/v1", kind="principal", label="mine", waits=False):
            await release.wait()

    holder = asyncio.create_task(hold())
    await until(lambda: queue.holding("llama http://127.0.0.1:8080/v1"), what="the holder")
    async with queue.turn(None, kind="schedule", label="cloud") as turn:  # a cloud model: at once
        assert turn is None and queue.waiting() == []
    waiter = asyncio.create_task(_enter(queue, "llama http://127.0.0.1:8080/v1"))
    await until(lambda: queue.waiting(), what="the scheduled run to wait")
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert queue.waiting() == [] and changes == [1, 0]
    release.set()
    await holder
    assert queue.holding("llama http://127.0.0.1:8080/v1") == []


async def _enter(queue: ModelQueue, key: str) -> None:
    async with queue.turn(key, kind="schedule", label="scheduled"):
        return None


@pytest.mark.parametrize(
    ("profile", "url", "local"),
    [
        ("ollama", "http://127.0.0.1:11434", True),
        ("openai_compat", "http://192.168.1.20:8080/v1", True),  # a server on the local network
        ("openai_compat", "https://api.openai.com/v1", False),
        ("anthropic", "", False),
    ],
)
def test_only_a_model_on_this_computer_or_its_network_queues(tmp_path, profile, url, local):
    application = build(Override(profile, "some-model", url), Paths(tmp_path / "home"))
    try:
        key = model_key(application.providers, application.agents, application.settings)
        assert (key is not None) == local
        if local:
            assert "some-model" in key and (url in key if url else True)
    finally:
        application.store.close()


class HeldProvider(ScriptedProvider):
    """The scripted provider whose first call waits until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()
        self.started = 0

    async def stream(self, request):
        self.started += 1
        if self.started == 1:
            await self.go.wait()
        async for event in super().stream(request):
            yield event


async def test_a_scheduled_run_waits_for_the_principals_run_on_the_same_local_model(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    provider = HeldProvider()
    app.providers._cache["scripted"] = provider
    timeline: list[str] = []
    try:
        clock = Clock(datetime(2026, 12, 7, 8, tzinfo=UTC))
        schedules = app.core.service.schedules(now=clock)
        row = schedules.add("Summarise the week's support tickets", "daily", "", "09:00", "UTC")
        finished = lambda e: isinstance(e, RunFinished) and timeline.append("principal finished")  # noqa: E731
        team = app.core.team(AutoReviewer(), finished)
        principal = asyncio.create_task(team.run("Plan a team offsite"))
        await until(lambda: provider.started, what="the Principal's first call")
        clock.moment = datetime(2026, 12, 7, 9, 0, 30, tzinfo=UTC)  # the schedule comes due meanwhile

        def on_event(event):
            if isinstance(event, RunStarted):
                timeline.append("scheduled started")

        scheduled = asyncio.create_task(schedules.run_due(on_event))
        (item,) = await until(schedules.queued, what="the scheduled run in the queue")
        assert item.waiting == QUEUED and item.run_id == "" and item.schedule_id == row.schedule_id
        assert item.behind == "Plan a team offsite" and item.origin == f"schedule {row.schedule_id}"
        assert schedules.inbox()[0] == item  # the Inbox lists it first
        assert timeline == [] and provider.started == 1  # nothing of the scheduled run was sent

        provider.go.set()
        await principal
        (_due, summary), = await scheduled  # fmt: skip
        assert timeline == ["principal finished", "scheduled started"]
        assert schedules.queued() == []
        record = app.store.service_run(summary["run_id"])
        assert record is not None and record.kind == "schedule" and record.schedule_id == row.schedule_id
        assert record.finished_at and record.status == summary["status"] == "suspended"  # waits at its gate
    finally:
        app.store.close()


async def test_a_scheduled_run_cancelled_while_it_waits_runs_at_the_next_start(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    provider = HeldProvider()
    app.providers._cache["scripted"] = provider
    try:
        clock = Clock(datetime(2026, 12, 7, 8, tzinfo=UTC))
        schedules = app.core.service.schedules(now=clock)
        schedules.add("Summarise the week's support tickets", "daily", "", "09:00", "UTC")
        principal = asyncio.create_task(app.core.team(AutoReviewer(), lambda e: None).run("Plan a team offsite"))
        await until(lambda: provider.started, what="the Principal's first call")
        clock.moment = datetime(2026, 12, 7, 9, 0, 30, tzinfo=UTC)
        scheduled = asyncio.create_task(schedules.run_due())
        await until(schedules.queued, what="the scheduled run in the queue")
        assert schedules.due() == []  # claimed while it waits
        scheduled.cancel()  # the window closes
        with pytest.raises(asyncio.CancelledError):
            await scheduled
        assert schedules.queued() == []
        clock.moment = datetime(2026, 12, 7, 12, tzinfo=UTC)  # the next start
        (due,) = schedules.due()
        assert due.missed and due.slot == datetime(2026, 12, 7, 9, tzinfo=UTC)
        provider.go.set()
        await principal
    finally:
        app.store.close()
