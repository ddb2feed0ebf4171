"""``aipa schedule install-timer ID``: a systemd user timer (Linux) that runs
``aipa run --scheduled ID`` headless at the schedule's times, ``Persistent=true`` so a
time missed while the computer was off runs at the next boot. The claim in the
database (store/schedules.py) keeps the window and the timer from both running one
occurrence. launchd and Task Scheduler recipes are in README.md."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.core.service.schedule import ScheduleRow


def unit_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "systemd" / "user"


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


def units(row: ScheduleRow, home: Path) -> dict[str, str]:
    name = f"aipa-schedule-{row.schedule_id.lower()}"
    service = (
        f"[Unit]\nDescription=AIPA scheduled directive {row.schedule_id}\n\n"
        f"[Service]\nType=oneshot\nEnvironment=AIPA_HOME={home}\n"
        f"ExecStart={sys.executable} -m aipa run --scheduled {row.schedule_id}\n"
    )
    calendar = "".join(f"OnCalendar={line}\n" for line in on_calendar(row))
    timer = (
        f"[Unit]\nDescription=AIPA scheduled directive {row.schedule_id}\n\n"
        f"[Timer]\n{calendar}Persistent=true\n\n[Install]\nWantedBy=timers.target\n"
    )
    return {f"{name}.service": service, f"{name}.timer": timer}


def install(row: ScheduleRow, home: Path, *, remove: bool = False) -> int:
    folder = unit_dir()
    files = units(row, home)
    timer = next(n for n in files if n.endswith(".timer"))
    systemctl = shutil.which("systemctl")
    if remove:
        if systemctl:
            subprocess.run([systemctl, "--user", "disable", "--now", timer], check=False)
        for name in files:
            (folder / name).unlink(missing_ok=True)
        print(f"removed {timer}")
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        print(f"wrote {folder / name}")
    if systemctl is None:
        print(f"systemctl not found: enable it with `systemctl --user enable --now {timer}`", file=sys.stderr)
        return 0
    subprocess.run([systemctl, "--user", "daemon-reload"], check=False)
    done = subprocess.run([systemctl, "--user", "enable", "--now", timer], check=False)
    if done.returncode != 0:
        print(f"could not enable it: run `systemctl --user enable --now {timer}`", file=sys.stderr)
    return 0
