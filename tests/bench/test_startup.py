"""Start-up, measured from outside in one run, alternating the contenders:

- the window: process start → first paint of the main window, with a last session to
  restore (``AIPA_EXIT_AFTER_PAINT=1``, gui.py: the window prints 'first paint', restores
  the session, prints 'session painted' once it has painted it, and closes), next to a
  bare PySide6 window doing the same; the window paints before it loads the history
 , and the time to the restored session is in the figure's note;
- the CLI: ``aipa --help`` and ``aipa runs`` next to ``python -c pass``;
- the bundle: its figure comes from tests/bench/test_startup_bundle.py (the installers'
  benchmark), recorded here only when dist/ has a bundle.

The package is byte-compiled first (``compileall``): an installed app starts from its
.pyc files, and with PYTHONDONTWRITEBYTECODE set (as on the machine this was written on)
every start would otherwise compile every module from source, which is not start-up
but a missing build step."""

from __future__ import annotations

import compileall
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bench import report
from tests.bench.test_startup_bundle import BUNDLE, first_paint
from tests.support.cli import ROOT, aipa, cli_env

pytestmark = pytest.mark.bench

ROUNDS = 7

BARE_WINDOW = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
app = QApplication(sys.argv)
w = QMainWindow()
w.resize(1200, 800)
class P(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and isinstance(obj, QWidget) and obj.window() is w:
            app.removeEventFilter(self)
            print("first paint", flush=True)
            QTimer.singleShot(0, app.quit)
        return False
p = P()
app.installEventFilter(p)
w.show()
app.exec()
"""


def setup_module() -> None:
    compileall.compile_dir(str(ROOT / "desktop" / "aipa"), quiet=1)


def _timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr
    return elapsed


def _session_home(tmp_path: Path) -> Path:
    """A data folder whose last session (a finished dry run) the window restores."""
    home = tmp_path / "home"
    proc = aipa(home, "run", "--dry-run", "--yes", "--json", "Plan a three-day offsite for a 12-person team")
    assert proc.returncode == 0, proc.stderr
    import sqlite3

    db = sqlite3.connect(home / "aipa.db")
    (session_id,) = db.execute("SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1").fetchone()
    db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('ui.last_session', ?)", (session_id,))
    db.commit()
    db.close()
    return home


def test_window_start_up_next_to_bare_pyside6(tmp_path):
    home = _session_home(tmp_path)
    bare_env = cli_env(home, QT_QPA_PLATFORM="offscreen")
    aipa_env = cli_env(home, AIPA_EXIT_AFTER_PAINT="1", QT_QPA_PLATFORM="offscreen")
    restored: list[float] = []

    def aipa_run() -> float:
        marks = _marks([sys.executable, "-m", "aipa", "--dry-run"], aipa_env)
        restored.append(marks["session painted"])
        return marks["first paint"]

    contenders = {
        "aipa": aipa_run,
        "bare": lambda: _marks([sys.executable, "-c", BARE_WINDOW], bare_env)["first paint"],
    }
    for run in contenders.values():  # warm the disk cache
        run()
    restored.clear()
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(ROUNDS):
        for name, run in contenders.items():
            times[name].append(run())
    aipa_s, bare_s = report.median(times["aipa"]), report.median(times["bare"])
    session_s = report.median(restored)
    report.record(
        "start-up: first paint, last session restored",
        aipa_s / bare_s,
        "<= 2.5",
        "a bare PySide6 window's first paint, same run",
        unit="×",
        note=f"median of {ROUNDS}: aipa {aipa_s * 1000:.0f} ms, bare {bare_s * 1000:.0f} ms; the window then "
        f"restores the last session and paints it at {session_s * 1000:.0f} ms ({session_s / bare_s:.1f}×); "
        f"load {report.load()}",
    )


def _marks(command: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from starting ``command`` to each line it prints (the first of each)."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    marks: dict[str, float] = {}
    for line in proc.stdout:
        marks.setdefault(line.strip(), time.perf_counter() - start)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "first paint" in marks, err
    return marks


def test_cli_start_up_next_to_python(tmp_path):
    home = tmp_path / "home"
    env = cli_env(home)
    aipa(home, "runs")  # creates the data folder
    commands = {
        "pass": [sys.executable, "-c", "pass"],
        "help": [sys.executable, "-m", "aipa", "--help"],
        "runs": [sys.executable, "-m", "aipa", "runs"],
    }
    for command in commands.values():
        _timed(command, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(ROUNDS):
        for name, command in commands.items():
            times[name].append(_timed(command, env))
    base = report.median(times["pass"])
    for name in ("help", "runs"):
        value = report.median(times[name])
        report.record(
            f"CLI start-up: aipa {'--help' if name == 'help' else 'runs'}",
            value / base,
            "<= 8",
            "python -c pass, same run",
            unit="×",
            note=f"median of {ROUNDS}: {value * 1000:.0f} ms vs {base * 1000:.0f} ms; load {report.load()}",
        )


def test_packaged_start_up(tmp_path):
    name, target, versus = "packaged start-up: bundle vs source", "<= 1.5", "start-up from source, same run"
    if not BUNDLE.is_file():
        report.skipped(name, target, versus, "no bundle in dist/aipa (build it with `make package`)")
        return
    commands = {"source": [sys.executable, "-m", "aipa", "--dry-run"], "bundle": [str(BUNDLE), "--dry-run"]}
    homes = {n: tmp_path / n for n in commands}
    for n, command in commands.items():
        first_paint(command, homes[n])
    times: dict[str, list[float]] = {n: [] for n in commands}
    for _ in range(ROUNDS):
        for n, command in commands.items():
            times[n].append(first_paint(command, homes[n]))
    source, bundle = report.median(times["source"]), report.median(times["bundle"])
    report.record(
        name,
        bundle / source,
        target,
        versus,
        unit="×",
        note=f"median of {ROUNDS}: bundle {bundle * 1000:.0f} ms, source {source * 1000:.0f} ms",
    )
