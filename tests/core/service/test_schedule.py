"""Scheduled directives on the scripted provider and a real SQLite file, the clock set by
the test: occurrences in a zone, a schedule due while the app was closed runs once at the
next start (two missed occurrences: one run), its run waits at its gate in the Inbox, and
an occurrence claimed by one process is not run by another."""

from datetime import UTC, datetime, timedelta

import pytest

from aipa import errors
from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.service import recurrence


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


def test_occurrences_in_a_zone_weekly_and_monthly():
    weekly = recurrence.parse("weekly", "thu,Mon", "09:00", "Europe/Berlin")
    assert weekly.days == "mon,thu"
    # Monday 2026-11-30 09:00 in Berlin is 08:00 UTC (winter time)
    assert weekly.next_after(datetime(2026, 11, 29, 12, tzinfo=UTC)) == datetime(2026, 11, 30, 8, tzinfo=UTC)
    assert weekly.last_before(datetime(2026, 12, 2, tzinfo=UTC)) == datetime(2026, 11, 30, 8, tzinfo=UTC)
    # in summer the same local time is 07:00 UTC
    assert weekly.next_after(datetime(2026, 7, 1, tzinfo=UTC)) == datetime(2026, 7, 2, 7, tzinfo=UTC)
    monthly = recurrence.parse("monthly", "31", "18:30", "UTC")  # a short month: its last day
    assert monthly.next_after(datetime(2027, 2, 1, tzinfo=UTC)) == datetime(2027, 2, 28, 18, 30, tzinfo=UTC)
    # a local time the spring change skips runs just after the gap
    gap = recurrence.parse("daily", "", "02:30", "Europe/Berlin")
    assert gap.next_after(datetime(2026, 3, 28, 12, tzinfo=UTC)) == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    for bad in (("hourly", "", "09:00", "UTC"), ("daily", "", "25:00", "UTC"), ("weekly", "funday", "09:00", "UTC"),
                ("monthly", "32", "09:00", "UTC"), ("daily", "", "09:00", "Mars/Olympus")):  # fmt: skip
        with pytest.raises(errors.UsageError):
            recurrence.parse(*bad)


async def test_missed_occurrences_run_once_at_the_next_start_and_wait_in_the_inbox(app):
    clock = Clock(datetime(2026, 11, 30, 10, tzinfo=UTC))  # Monday, after 09:00
    schedules = app.core.service.schedules(now=clock)
    row = schedules.add("Summarise the week's support tickets", "daily", "", "09:00", "UTC")
    assert schedules.due() == []  # made after today's 09:00: tomorrow is the first
    assert schedules.next_due(row) == datetime(2026, 12, 1, 9, tzinfo=UTC)

    clock.moment = datetime(2026, 12, 2, 12, tzinfo=UTC)  # the app was closed on Tue 09:00 and Wed 09:00
    started = await schedules.run_due()
    assert len(started) == 1  # two missed occurrences: one run, for the latest
    due, summary = started[0]
    assert due.missed and due.slot == datetime(2026, 12, 2, 9, tzinfo=UTC)
    assert summary["waiting"] == "waiting for the Principal"  # a gate: never accepted for the Principal
    assert await schedules.run_due() == []  # ran once: not again
    clock.moment += timedelta(hours=1)
    assert await schedules.run_due() == []

    (item,) = schedules.inbox()
    assert item.run_id == summary["run_id"] and item.schedule_id == row.schedule_id and item.missed
    assert item.status == "suspended" and item.waiting
    run = app.core.runs.get(item.run_id)
    assert run is not None and app.core.runs.waiting(run.session_id) == item.run_id  # the window restores its card

    clock.moment = datetime(2026, 12, 3, 9, 0, 30, tzinfo=UTC)  # the window's timer, on time
    (on_time, _summary), = await schedules.run_due()  # fmt: skip
    assert not on_time.missed
    assert len(schedules.inbox()) == 2


async def test_an_occurrence_claimed_elsewhere_is_not_run_again(app, tmp_path):
    clock = Clock(datetime(2026, 11, 30, 8, tzinfo=UTC))
    schedules = app.core.service.schedules(now=clock)
    row = schedules.add("Check the release notes", "weekly", "mon", "09:00", "UTC")
    clock.moment = datetime(2026, 11, 30, 9, 1, tzinfo=UTC)
    other = build(Override("scripted"), Paths(tmp_path / "home"))  # a second process on the folder
    try:
        assert await other.core.service.schedules(now=clock).run(row.schedule_id, only_due=True) is not None
    finally:
        other.store.close()
    assert await schedules.run(row.schedule_id, only_due=True) is None
    assert await schedules.run_due() == []
    manual = await schedules.run(row.schedule_id)  # `aipa schedule run`: now, whatever is due
    assert manual is not None and manual["schedule_id"] == row.schedule_id
    assert len(schedules.inbox()) == 2
    schedules.remove(row.schedule_id)
    assert schedules.all() == [] and len(schedules.inbox()) == 2  # its runs stay
    with pytest.raises(errors.UsageError):
        schedules.remove(row.schedule_id)
