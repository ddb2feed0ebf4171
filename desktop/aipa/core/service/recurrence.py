"""When a schedule is due: its occurrences (daily; weekly on given days; monthly on a
day) at a local time in an IANA zone, computed with ``zoneinfo``. A local time that a
clock change skips runs as many minutes after the change as it was meant to be after
its start (02:30 on a spring-forward night: 03:30); one it repeats runs once, at its
first instance (fold 0). A monthly day past a month's end falls on its last day."""

from __future__ import annotations

import calendar
import os
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aipa import errors

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
RECURRENCES = ("daily", "weekly", "monthly")
SEARCH_DAYS = 40  # every recurrence has an occurrence within 31 days


@dataclass(frozen=True)
class Recurrence:
    kind: str  # daily | weekly | monthly
    days: str  # weekly: "mon,thu"; monthly: "15"; daily: ""
    at: time
    zone: ZoneInfo

    def on(self, day: date) -> bool:
        if self.kind == "daily":
            return True
        if self.kind == "weekly":
            return WEEKDAYS[day.weekday()] in self.days.split(",")
        last = calendar.monthrange(day.year, day.month)[1]
        return day.day == min(int(self.days), last)

    def at_day(self, day: date) -> datetime:
        """The occurrence on ``day`` in UTC (see the module's note on clock changes)."""
        # fold 0: a skipped time is read with the offset before the change (02:30 on a
        # spring-forward night runs at 03:30 new time); a repeated one at its first instance
        return datetime.combine(day, self.at, tzinfo=self.zone).astimezone(UTC)

    def last_before(self, now: datetime) -> datetime | None:
        """The latest occurrence at or before ``now`` (within the last 40 days)."""
        today = now.astimezone(self.zone).date()
        for back in range(SEARCH_DAYS):
            day = today - timedelta(days=back)
            if self.on(day) and (moment := self.at_day(day)) <= now:
                return moment
        return None

    def next_after(self, now: datetime) -> datetime:
        """The first occurrence strictly after ``now``."""
        today = now.astimezone(self.zone).date()
        for ahead in range(SEARCH_DAYS):
            day = today + timedelta(days=ahead)
            if self.on(day) and (moment := self.at_day(day)) > now:
                return moment
        raise AssertionError("no occurrence within 40 days")  # every kind has one within 31


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        hint = "give an IANA zone name, e.g. Europe/Berlin or UTC"
        raise errors.UsageError(f"unknown time zone {name!r}", hint) from None


def parse(kind: str, days: str, at: str, tz: str) -> Recurrence:
    """A checked recurrence; raises UsageError with a hint on a bad part."""
    if kind not in RECURRENCES:
        raise errors.UsageError(f"unknown recurrence {kind!r}", "use daily, weekly or monthly")
    match = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", at.strip())
    if not match:
        raise errors.UsageError(f"bad time {at!r}", "give a 24-hour time, e.g. 09:00")
    clock = time(int(match[1]), int(match[2]))
    return Recurrence(kind, normal_days(kind, days), clock, zone(tz))


def normal_days(kind: str, days: str) -> str:
    """``days`` in its stored form: weekly ``mon,thu`` (in week order), monthly ``15``."""
    if kind == "daily":
        return ""
    if kind == "weekly":
        given = {d.strip().lower()[:3] for d in days.split(",") if d.strip()}
        if not given or not given <= set(WEEKDAYS):
            raise errors.UsageError(f"bad weekdays {days!r}", "give days as mon,tue,wed,thu,fri,sat,sun")
        return ",".join(d for d in WEEKDAYS if d in given)
    if not days.strip().isdigit() or not 1 <= int(days) <= 31:
        raise errors.UsageError(f"bad day of the month {days!r}", "give a day from 1 to 31 (31: the month's last)")
    return str(int(days))


def describe(kind: str, days: str, at: str, tz: str) -> str:
    """``weekly on mon,thu at 09:00 Europe/Berlin``."""
    when = {"daily": "daily", "weekly": f"weekly on {days}", "monthly": f"monthly on day {days}"}[kind]
    return f"{when} at {at} {tz}"


def local_zone() -> str:
    """This computer's zone name (``TZ``, /etc/timezone, the /etc/localtime link), else UTC."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    try:
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    except OSError:
        pass
    try:
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    for name in candidates:
        if name:
            try:
                ZoneInfo(name)
                return name
            except (ZoneInfoNotFoundError, ValueError):
                continue
    return "UTC"


def utc_iso(moment: datetime) -> str:
    """The stored form of an occurrence: UTC, whole seconds (compared as text)."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()
