"""Start-up of the PyInstaller bundle next to start-up from source: process
start → first paint of the window, measured from outside (``AIPA_EXIT_AFTER_PAINT=1``
makes the window print a line when it first paints, then close), in the same run,
alternating the two. Prints the medians and their ratio (target: the bundle within
1.5× of the source); nothing here is a timed assertion.

Needs a bundle in dist/aipa (``make package``)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.cli import ROOT, cli_env

pytestmark = pytest.mark.bench

BUNDLE = ROOT / "dist" / "aipa" / ("aipa.exe" if sys.platform == "win32" else "aipa")
ROUNDS = 7


def first_paint(command: list[str], home: Path) -> float:
    """Seconds from starting ``command`` to its 'first paint' line; the process must
    then exit 0."""
    env = cli_env(home, AIPA_EXIT_AFTER_PAINT="1", QT_QPA_PLATFORM="offscreen")
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = None
    for line in proc.stdout:
        if line.strip() == "first paint":
            elapsed = time.perf_counter() - start
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert elapsed is not None, f"{command[0]} never painted: {err}"
    return elapsed


@pytest.mark.skipif(not BUNDLE.is_file(), reason="no bundle in dist/aipa: build it with `make package`")
def test_bundle_start_up_next_to_source(tmp_path):
    commands = {"source": [sys.executable, "-m", "aipa", "--dry-run"], "bundle": [str(BUNDLE), "--dry-run"]}
    homes = {name: tmp_path / name for name in commands}
    for name, command in commands.items():  # first start: creates the data folder, warms the disk cache
        first_paint(command, homes[name])
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(ROUNDS):
        for name, command in commands.items():
            times[name].append(first_paint(command, homes[name]))
    source, bundle = (statistics.median(times[name]) for name in ("source", "bundle"))
    print(
        f"\nstart-up to first paint (median of {ROUNDS}): source {source * 1000:.0f} ms, "
        f"bundle {bundle * 1000:.0f} ms, ratio {bundle / source:.2f}× (target ≤ 1.5×)"
    )
    for name in commands:
        print(f"  {name}: " + " ".join(f"{t * 1000:.0f}" for t in times[name]) + " ms")
