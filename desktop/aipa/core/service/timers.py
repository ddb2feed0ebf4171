"""The OS timer of a schedule (issue 30), as text: a systemd user timer and its service
(Linux), a launchd agent plist (macOS), a Task Scheduler task in XML (Windows). Each one
runs ``aipa run --scheduled ID`` at the schedule's times; that command runs only what is
due and claims the occurrence (store/schedules.py), so a timer that fires twice, or at a
minute the zone conversion moved, runs nothing twice.

The directive never goes into a timer: it names the schedule's id (checked to be
``SCH-<digits>``), the program and the data folder only, each written with its format's
own escaping (systemd's quoting and ``%%``, plistlib, an XML writer), so nothing a
directive says can break or inject into a file.

launchd and Task Scheduler count in the computer's local time: the schedule's time in its
own zone is converted to the local zone as it is today (a DST change between the two zones
moves it by an hour until the timer is installed again; the claim still runs it once).
"""

from __future__ import annotations

import plistlib
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from aipa import errors

if TYPE_CHECKING:
    from aipa.core.service.schedule import ScheduleRow

SYSTEMS = ("linux", "macos", "windows")
ID_PATTERN = re.compile(r"^SCH-[0-9]{1,12}$")
TASK_NS = "http://schemas.microsoft.com/windows/2004/02/mit/task"
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
TASK_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
LINGER = "systemd runs user timers while you are logged in; for runs while logged out: `loginctl enable-linger` (once)"


def this_system() -> str:
    if sys.platform == "win32":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def label(row: ScheduleRow) -> str:
    """The timer's name on every OS (the id only)."""
    return f"aipa-schedule-{checked_id(row).lower()}"


def checked_id(row: ScheduleRow) -> str:
    if not ID_PATTERN.match(row.schedule_id):  # ids are made by the store; anything else is refused
        raise errors.UsageError(f"not a schedule id: {row.schedule_id!r}", "see `aipa schedule list`")
    return row.schedule_id


def command(row: ScheduleRow) -> list[str]:
    """The program and its arguments: this aipa (the bundle's executable, or this Python with -m aipa)."""
    program = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "aipa"]
    return [*program, "run", "--scheduled", checked_id(row)]


def _plain_path(path: str, what: str) -> str:
    if any(ch in path for ch in "\n\r\0"):
        raise errors.UsageError(f"{what} has a line break in its name: no timer can name it", "move it")
    return path


# --- Linux: systemd --------------------------------------------------------------------------


def _unit_quote(arg: str) -> str:
    """One word of a unit file's ExecStart/Environment: double-quoted, C-style escapes,
    ``%`` doubled (specifiers) and ``$`` doubled (variable expansion)."""
    arg = _plain_path(arg, "a path")
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%").replace("$", "$$")
    return f'"{escaped}"'


def on_calendar(row: ScheduleRow) -> list[str]:
    """The timer's OnCalendar lines. A monthly day past 28 also fires on a month's last
    day (``~01``): where both match, the second finds the occurrence claimed."""
    at = f"{row.at}:00 {row.tz}"
    if row.recurrence == "daily":
        return [f"*-*-* {at}"]
    if row.recurrence == "weekly":
        days = ",".join(d.capitalize() for d in row.days.split(","))
        return [f"{days} *-*-* {at}"]
    lines = [f"*-*-{int(row.days):02d} {at}"]
    return lines + ([f"*-*~01 {at}"] if int(row.days) > 28 else [])


def systemd_units(row: ScheduleRow, home: Path) -> dict[str, str]:
    name, sid = label(row), checked_id(row)
    exec_start = " ".join(_unit_quote(a) for a in command(row))
    service = (
        f"[Unit]\nDescription=AIPA scheduled directive {sid}\n\n"
        f"[Service]\nType=oneshot\nEnvironment={_unit_quote(f'AIPA_HOME={home}')}\n"
        f"ExecStart={exec_start}\n"
    )
    calendar = "".join(f"OnCalendar={line}\n" for line in on_calendar(row))
    timer = (
        f"[Unit]\nDescription=AIPA scheduled directive {sid}\n\n"
        f"[Timer]\n{calendar}Persistent=true\n\n[Install]\nWantedBy=timers.target\n"
    )
    return {f"{name}.service": service, f"{name}.timer": timer}


# --- macOS and Windows: local times ------------------------------------------------------


def local_time(row: ScheduleRow, today: datetime | None = None) -> tuple[int, int, int]:
    """(hour, minute, days shifted) of the schedule's time in this computer's zone, today."""
    from zoneinfo import ZoneInfo

    hour, minute = (int(part) for part in row.at.split(":"))
    day = (today or datetime.now()).date()
    there = datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(row.tz))
    here = there.astimezone()
    return here.hour, here.minute, (here.date() - day).days


def _shifted_days(row: ScheduleRow, shift: int) -> list[int]:
    """The weekdays (0 = Monday) of a weekly schedule, moved by the zone conversion."""
    return sorted({(WEEKDAYS.index(d.strip().lower()[:3]) + shift) % 7 for d in row.days.split(",")})


def launchd_plist(row: ScheduleRow, home: Path, path_env: str) -> bytes:
    """A launchd agent: the program, the data folder and an explicit PATH (launchd's own is
    /usr/bin:/bin:/usr/sbin:/sbin, without Homebrew or a virtual environment)."""
    hour, minute, shift = local_time(row)
    if row.recurrence == "daily":
        when = [{"Hour": hour, "Minute": minute}]
    elif row.recurrence == "weekly":  # launchd: 0 = Sunday
        when = [{"Weekday": (d + 1) % 7, "Hour": hour, "Minute": minute} for d in _shifted_days(row, shift)]
    else:  # days past 28 also fire on the 28th-30th: the run itself knows a month's last day
        day = int(row.days)
        days = [*range(28, day), day] if day > 28 else [day]
        when = [{"Day": d, "Hour": hour, "Minute": minute} for d in days]
        if shift:  # rare: a zone a day apart; fire a day either side, the claim runs it once
            when = [{**w, "Day": max(1, min(31, w["Day"] + shift))} for w in when]
    job = {
        "Label": f"org.aipa.{label(row)}",
        "ProgramArguments": [_plain_path(a, "a path") for a in command(row)],
        "EnvironmentVariables": {"AIPA_HOME": _plain_path(str(home), "the data folder"), "PATH": path_env},
        "StartCalendarInterval": when,
        "RunAtLoad": False,
        "ProcessType": "Background",
    }
    return plistlib.dumps(job)


def task_xml(row: ScheduleRow, home: Path) -> str:
    """A Task Scheduler task (schtasks /Create /XML): calendar triggers in local time,
    started when available after a missed time, the data folder passed in the arguments."""
    hour, minute, shift = local_time(row)
    ET.register_namespace("", TASK_NS)

    def el(parent: ET.Element, tag: str, text: str | None = None) -> ET.Element:
        node = ET.SubElement(parent, f"{{{TASK_NS}}}{tag}")
        if text is not None:
            node.text = text
        return node

    task = ET.Element(f"{{{TASK_NS}}}Task", {"version": "1.2"})
    el(el(task, "RegistrationInfo"), "Description", f"AIPA scheduled directive {checked_id(row)}")
    trigger = el(el(task, "Triggers"), "CalendarTrigger")
    el(trigger, "StartBoundary", f"2026-01-01T{hour:02d}:{minute:02d}:00")
    if row.recurrence == "daily":
        el(el(trigger, "ScheduleByDay"), "DaysInterval", "1")
    elif row.recurrence == "weekly":
        weekly = el(trigger, "ScheduleByWeek")
        el(weekly, "WeeksInterval", "1")
        days = el(weekly, "DaysOfWeek")
        for d in _shifted_days(row, shift):
            el(days, TASK_DAYS[d])
    else:
        monthly = el(trigger, "ScheduleByMonth")
        days = el(monthly, "DaysOfMonth")
        el(days, "Day", str(max(1, min(31, int(row.days) + shift))))
        if int(row.days) > 28:
            el(days, "Day", "Last")
        months = el(monthly, "Months")
        for name in ("January", "February", "March", "April", "May", "June", "July", "August",
                     "September", "October", "November", "December"):  # fmt: skip
            el(months, name)
    settings = el(task, "Settings")
    el(settings, "StartWhenAvailable", "true")
    el(settings, "MultipleInstancesPolicy", "IgnoreNew")
    el(settings, "DisallowStartIfOnBatteries", "false")
    exec_ = el(el(task, "Actions", None), "Exec")
    program, *args = command(row)
    el(exec_, "Command", _plain_path(program, "the program"))
    # AIPA_HOME cannot be set by a task: the data folder travels as an argument of a tiny launcher
    launcher = (
        "import os,sys,runpy;os.environ['AIPA_HOME']=sys.argv.pop(1);runpy.run_module('aipa',run_name='__main__')"
    )
    if args[:2] == ["-m", "aipa"]:
        args = ["-c", launcher, _plain_path(str(home), "the data folder"), *args[2:]]
    el(exec_, "Arguments", subprocess.list2cmdline(args))
    return '<?xml version="1.0" encoding="UTF-16"?>\n' + ET.tostring(task, encoding="unicode")


def render(row: ScheduleRow, home: Path, system: str, path_env: str) -> dict[str, str | bytes]:
    """File name -> contents of ``row``'s timer for ``system`` (linux, macos, windows)."""
    if system == "linux":
        return dict(systemd_units(row, home))
    if system == "macos":
        return {f"org.aipa.{label(row)}.plist": launchd_plist(row, home, path_env)}
    if system == "windows":
        return {f"{label(row)}.xml": task_xml(row, home)}
    raise errors.UsageError(f"no timer for {system!r}", "choose one of: " + ", ".join(SYSTEMS))
