"""``aipa schedule install-timer ID [--remove] [--print [--for linux|macos|windows]]``: the
timer of this OS (core/service/timers.py writes it) that runs ``aipa run --scheduled ID``
headless at the schedule's times: a systemd user timer (Linux, ``Persistent=true`` so a
time missed while the computer was off runs at the next boot), a launchd agent (macOS),
a Task Scheduler task (Windows, ``schtasks /Create /XML``). The claim in the database
(store/schedules.py) keeps the window and the timer from both running one occurrence.
``--print`` writes the timer to standard output and installs nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.service import timers

if TYPE_CHECKING:
    from aipa.core.service.schedule import ScheduleRow


def unit_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "systemd" / "user"


def agents_dir() -> Path:
    return Path.home() / "Library" / "LaunchAgents"


def _path_env() -> str:
    """launchd's PATH: this aipa's folder first, then the PATH it was installed from."""
    return os.pathsep.join(
        dict.fromkeys([str(Path(sys.executable).parent), *os.environ.get("PATH", "").split(os.pathsep)])
    )


def show(row: ScheduleRow, home: Path, system: str) -> int:
    for name, text in timers.render(row, home, system or timers.this_system(), _path_env()).items():
        print(f"# {name}")
        print(text.decode("utf-8") if isinstance(text, bytes) else text, end="" if str(text).endswith("\n") else "\n")
    return 0


def install(row: ScheduleRow, home: Path, *, remove: bool = False) -> int:
    system = timers.this_system()
    if system == "macos":
        return _launchd(row, home, remove)
    if system == "windows":
        return _schtasks(row, home, remove)
    return _systemd(row, home, remove)


def _run(argv: list[str]) -> bool:
    return subprocess.run(argv, check=False).returncode == 0


def _systemd(row: ScheduleRow, home: Path, remove: bool) -> int:
    folder = unit_dir()
    files = timers.systemd_units(row, home)
    timer = next(n for n in files if n.endswith(".timer"))
    systemctl = shutil.which("systemctl")
    if remove:
        if systemctl:
            _run([systemctl, "--user", "disable", "--now", timer])
        for name in files:
            (folder / name).unlink(missing_ok=True)
        print(f"removed {timer}")
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        print(f"wrote {folder / name}")
    print(f"note: {timers.LINGER}")
    if systemctl is None:
        print(f"systemctl not found: enable it with `systemctl --user enable --now {timer}`", file=sys.stderr)
        return 0
    _run([systemctl, "--user", "daemon-reload"])
    if not _run([systemctl, "--user", "enable", "--now", timer]):
        print(f"could not enable it: run `systemctl --user enable --now {timer}`", file=sys.stderr)
    return 0


def _launchd(row: ScheduleRow, home: Path, remove: bool) -> int:
    ((name, data),) = timers.render(row, home, "macos", _path_env()).items()
    target = agents_dir() / name
    domain = f"gui/{os.getuid()}" if hasattr(os, "getuid") else "gui"
    if target.exists():
        _run(["launchctl", "bootout", domain, str(target)])  # replaced (or removed): unload the old one
    if remove:
        target.unlink(missing_ok=True)
        print(f"removed {target}")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    print(f"wrote {target}")
    if not _run(["launchctl", "bootstrap", domain, str(target)]):
        print(f"could not load it: run `launchctl bootstrap {domain} {target}`", file=sys.stderr)
    return 0


def _schtasks(row: ScheduleRow, home: Path, remove: bool) -> int:
    task = f"AIPA\\{timers.label(row)}"
    if remove:
        _run(["schtasks", "/Delete", "/TN", task, "/F"])
        print(f"removed {task}")
        return 0
    ((_, xml),) = timers.render(row, home, "windows", _path_env()).items()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "task.xml"
        path.write_text(str(xml), encoding="utf-16")  # what schtasks reads
        if not _run(["schtasks", "/Create", "/XML", str(path), "/TN", task, "/F"]):
            print(f"could not create the task {task} (see schtasks' message above)", file=sys.stderr)
            return 0
    print(f"created the task {task}")
    return 0
