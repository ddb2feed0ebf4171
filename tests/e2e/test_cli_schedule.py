"""`aipa schedule add|list|remove|run|install-timer` and `aipa run --scheduled ID`: the
real command in a subprocess, its own AIPA_HOME, on the scripted provider."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tests.support.cli import aipa, aipa_json, write_settings


def test_schedule_add_list_run_remove(tmp_path):
    home = tmp_path / "home"
    write_settings(home, provider="scripted")
    notes = tmp_path / "notes.md"
    notes.write_text("# Tickets\n\nThree printers are broken.\n", encoding="utf-8")
    added = aipa(home, "schedule", "add", "Summarise the week's tickets", "--weekly", "mon,fri", "--at", "09:00",
                 "--tz", "Europe/Berlin", "--attach", str(notes))  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert "added SCH-1: weekly on mon,fri at 09:00 Europe/Berlin" in added.stdout
    month_end = aipa(home, "schedule", "add", "Month end report", "--monthly", "31", "--at", "18:00", "--tz", "UTC")
    assert month_end.returncode == 0, month_end.stderr
    bad = aipa(home, "schedule", "add", "x", "--daily", "--at", "9am", "--tz", "UTC")
    assert bad.returncode == 2 and "hint: give a 24-hour time" in bad.stderr
    bad_zone = aipa(home, "schedule", "add", "x", "--daily", "--at", "09:00", "--tz", "Nowhere/Land")
    assert bad_zone.returncode == 2 and "unknown time zone" in bad_zone.stderr

    proc, listed = aipa_json(home, "schedule", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    assert [s["schedule_id"] for s in listed] == ["SCH-1", "SCH-2"]
    assert listed[0]["attachments"] == [str(notes.resolve())] and listed[1]["when"] == "monthly on day 31 at 18:00 UTC"
    assert "SCH-2  monthly on day 31 at 18:00 UTC  next" in aipa(home, "schedule", "list").stdout

    proc, ran = aipa_json(home, "schedule", "run", "SCH-1", "--json")
    assert proc.returncode == 0, proc.stderr
    assert ran["schedule_id"] == "SCH-1" and ran["waiting"] == "waiting for the Principal"
    proc, runs = aipa_json(home, "runs", "--json")
    assert [r["run_id"] for r in runs] == [ran["run_id"]] and runs[0]["status"] == "suspended"
    nothing = aipa(home, "run", "--scheduled", "SCH-1")  # what a timer runs: nothing is due now
    assert nothing.returncode == 0 and "nothing due" in nothing.stderr

    timers = tmp_path / "config"
    env = {"XDG_CONFIG_HOME": str(timers), "PATH": str(Path(sys.executable).parent) + os.pathsep + "/nonexistent"}
    installed = aipa(home, "schedule", "install-timer", "SCH-1", **env)
    assert installed.returncode == 0, installed.stderr
    timer = (timers / "systemd/user/aipa-schedule-sch-1.timer").read_text()
    service = (timers / "systemd/user/aipa-schedule-sch-1.service").read_text()
    assert "OnCalendar=Mon,Fri *-*-* 09:00:00 Europe/Berlin" in timer and "Persistent=true" in timer
    assert f'"AIPA_HOME={home}"' in service and '"-m" "aipa" "run" "--scheduled" "SCH-1"' in service
    assert aipa(home, "schedule", "install-timer", "SCH-1", "--remove", **env).returncode == 0
    assert not (timers / "systemd/user/aipa-schedule-sch-1.timer").exists()

    assert aipa(home, "schedule", "remove", "SCH-1").returncode == 0
    gone = aipa(home, "schedule", "remove", "SCH-1")
    assert gone.returncode == 2 and "no schedule SCH-1" in gone.stderr
    assert [s["schedule_id"] for s in aipa_json(home, "schedule", "list", "--json")[1]] == ["SCH-2"]
