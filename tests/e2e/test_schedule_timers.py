"""Issue 30: ``aipa schedule install-timer ID --print --for linux|macos|windows`` for a
schedule whose directive is hostile (quotes, ``%``, ``&``, ``<``, a second line, non-ASCII):
each output parses in its own format (systemd's unit syntax and ``systemd-analyze verify``
where it is installed, plistlib, an XML parser), names the schedule, and holds nothing of
the directive."""

from __future__ import annotations

import plistlib
import shutil
import subprocess
from xml.etree import ElementTree as ET

import pytest

from tests.support.cli import aipa

DIRECTIVE = 'Weekly "status" at 100% & <done>\nthen the second line: café ünïcode'
TASK = "{http://schemas.microsoft.com/windows/2004/02/mit/task}"


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("timers") / 'a 100% "odd" & <folder>'
    added = aipa(home, "schedule", "add", DIRECTIVE, "--weekly", "mon,fri", "--at", "09:00", "--tz", "Europe/Berlin")
    assert added.returncode == 0, added.stderr
    out = {}
    for system in ("linux", "macos", "windows"):
        proc = aipa(home, "schedule", "install-timer", "SCH-1", "--print", "--for", system)
        assert proc.returncode == 0, proc.stderr
        out[system] = proc.stdout
    out["home"] = str(home)
    return out


def _files(text: str) -> dict[str, str]:
    """The ``# NAME`` sections of a --print output."""
    files: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines(keepends=True):
        if line.startswith("# "):  # none of the three formats has such a line of its own
            current = line[2:].strip()
            files[current] = []
        else:
            files[current].append(line)
    return {name: "".join(lines) for name, lines in files.items()}


def _no_directive(text: str) -> None:
    for piece in ("status", "<done>", "second line", "café"):
        assert piece not in text


def _unit(text: str) -> dict[str, dict[str, list[str]]]:
    """systemd's unit syntax: [Section] headers and Key=Value lines, nothing else."""
    sections: dict[str, dict[str, list[str]]] = {}
    section = None
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("[") and line.endswith("]"):
            section = sections.setdefault(line[1:-1], {})
            continue
        key, sep, value = line.partition("=")
        assert section is not None and sep and key.isidentifier(), line
        section.setdefault(key, []).append(value)
    return sections


def test_the_systemd_units_parse_and_name_only_the_schedule(printed, tmp_path):
    files = _files(printed["linux"])
    service, timer = files["aipa-schedule-sch-1.service"], files["aipa-schedule-sch-1.timer"]
    units = _unit(service), _unit(timer)
    assert units[1]["Timer"]["OnCalendar"] == ["Mon,Fri *-*-* 09:00:00 Europe/Berlin"]
    exec_start = units[0]["Service"]["ExecStart"][0]
    assert exec_start.endswith('"run" "--scheduled" "SCH-1"')
    home = printed["home"].replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%")
    assert units[0]["Service"]["Environment"] == [f'"AIPA_HOME={home}"']
    _no_directive(service + timer)
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed: the unit syntax was checked above")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    # (the system manager's view: --user needs a login session's runtime folder, which tests lack)
    verified = subprocess.run(["systemd-analyze", "verify", *map(str, sorted(tmp_path.iterdir()))],
                              capture_output=True, text=True, timeout=120)  # fmt: skip
    assert verified.returncode == 0, verified.stderr


def test_the_launchd_plist_parses_with_an_explicit_path(printed):
    ((name, text),) = _files(printed["macos"]).items()
    job = plistlib.loads(text.encode("utf-8"))
    assert name == "org.aipa.aipa-schedule-sch-1.plist" and job["Label"] == "org.aipa.aipa-schedule-sch-1"
    assert job["ProgramArguments"][-3:] == ["run", "--scheduled", "SCH-1"]
    assert job["EnvironmentVariables"]["AIPA_HOME"] == printed["home"]
    assert job["EnvironmentVariables"]["PATH"]
    assert sorted(w["Weekday"] for w in job["StartCalendarInterval"]) in ([1, 5], [0, 4], [2, 6])  # Mon, Fri here
    _no_directive(text)


def test_the_task_scheduler_xml_parses_and_names_the_schedule(printed):
    ((name, text),) = _files(printed["windows"]).items()
    task = ET.fromstring(text.split("\n", 1)[1])  # after the declaration (UTF-16 when schtasks reads the file)
    assert name == "aipa-schedule-sch-1.xml" and task.tag == f"{TASK}Task"
    assert "SCH-1" in task.findtext(f"{TASK}RegistrationInfo/{TASK}Description", "")
    arguments = task.findtext(f"{TASK}Actions/{TASK}Exec/{TASK}Arguments", "")
    assert arguments.endswith("run --scheduled SCH-1") and printed["home"].replace('"', '\\"') in arguments
    week = task.find(f"{TASK}Triggers/{TASK}CalendarTrigger/{TASK}ScheduleByWeek/{TASK}DaysOfWeek")
    assert week is not None and len(list(week)) == 2
    _no_directive(text)


def test_a_timer_for_an_unknown_system_is_refused(tmp_path):
    proc = aipa(tmp_path / "home", "schedule", "install-timer", "SCH-1", "--print", "--for", "beos")
    assert proc.returncode == 2 and "invalid choice" in proc.stderr
