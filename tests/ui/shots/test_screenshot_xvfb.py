"""The real window on a real X server (Xvfb): `aipa --smoke ... --screenshot` in a
subprocess renders a finished run, and the PNG is a real picture of it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[3]


def _free_display() -> int:
    for n in range(99, 300):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb():
    if shutil.which("Xvfb") is None:
        pytest.fail(
            "Xvfb is missing: apt-get install xvfb xauth libxcb-icccm4 libxcb-keysyms1 "
            "libxcb-cursor0 libxkbcommon-x11-0 (see docs/ARCHITECTURE.md §8)",
            pytrace=False,
        )
    display = _free_display()
    proc = subprocess.Popen(
        ["Xvfb", f":{display}", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not Path(f"/tmp/.X11-unix/X{display}").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("Xvfb did not start", pytrace=False)
        time.sleep(0.05)
    yield f":{display}"
    proc.terminate()
    proc.wait(5)


def test_smoke_screenshot_under_xvfb(xvfb, tmp_path):
    shot = tmp_path / "window.png"
    env = {
        **os.environ,
        "DISPLAY": xvfb,
        "QT_QPA_PLATFORM": "xcb",
        "AIPA_HOME": str(tmp_path / "home"),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "desktop"), str(ROOT)]),
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "aipa",
            "--smoke",
            "Plan a three-day offsite for 12 people",
            "--screenshot",
            str(shot),
            "--size",
            "1440x1150",
            "--timeout",
            "90",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "smoke: OK" in proc.stdout and "PASS WITH NOTES" in proc.stdout
    image = QImage(str(shot))
    assert not image.isNull()
    assert image.width() >= 1000 and image.height() >= 700
    colors = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 23)}
    assert len(colors) > 50  # not blank: cards, text, colours
    if os.environ.get("AIPA_SAVE_SCREENSHOT"):
        shutil.copy(shot, os.environ["AIPA_SAVE_SCREENSHOT"])


def test_a_failed_smoke_still_saves_its_screenshot(tmp_path):
    """Nothing answers at OLLAMA_HOST: the run fails, the exit code says so, and the
    picture shows the window's explanation (offscreen here: no X server needed)."""
    shot = tmp_path / "failed.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "AIPA_HOME": str(tmp_path / "home"),
        "OLLAMA_HOST": "127.0.0.1:9",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "desktop"), str(ROOT)]),
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "aipa",
            "--smoke",
            "Hello",
            "--provider",
            "ollama",
            "--screenshot",
            str(shot),
            "--timeout",
            "60",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0
    assert "smoke: FAILED: the run ended failed" in proc.stderr and "ollama" in proc.stderr
    assert f"screenshot: {shot}" in proc.stdout and not QImage(str(shot)).isNull()


SUITE = (
    "welcome",
    "model-picker",
    "narrow-720",
    "thinking-rolling",
    "leads-streaming",
    "lead-workers",
    "inline-review",
    "finished-run",
    "dark",
    "code-block-720",
    "clarify-card",
    "attachments",
    "mcp-permission",
    "mcp-call-in-lead-card",
    "citation-excerpt",
    "debug",
    "inbox",
    "scheduled-queued",  # a scheduled run waiting for the Principal's run on the local model (issue 35)
    "mcp-settings",
    "session-search",
    "settings-local-api",
    "recruiter-card",
    "timeline",
    "timeline-dark",
    "revisions",
    "compare",
    "compare-dark",
    "routing-checklist",  # the run's checklist, editable, and the review card's measured one (issue 31)
    "review-checklist",
    "later-card",  # a clarify card left with Later, in the transcript and the Inbox (issue 35; later_shots.py)
    "rerun-revision",  # a re-run's revision with its summary at the top
    "trash",
    "trash-undo",
    "window-de",  # the window in German, Chinese and Hebrew (tests/ui/shots/translation_shots.py)
    "auth-failure",
    "reading-estimate",
    "pictures-input-row",  # a pasted picture, the sent directive, the refusal (picture_shots.py)
    "pictures-directive",
    "pictures-directive-dark",
    "pictures-refusal",
    "settings-data",  # Settings → Data (data_shots.py)
    "window-zh_CN",
    "window-he",
)
DIALOG_SHOTS = {"citation-excerpt", "trash"}  # dialogs of their own


def test_the_screenshot_suite_saves_every_state_under_xvfb(xvfb, tmp_path):
    """`make screenshots` (tests/ui/shots/screenshots.py) on a real X server: one real picture
    per state issues 12 and 15 ask to see."""
    env = {**os.environ, "DISPLAY": xvfb, "QT_QPA_PLATFORM": "xcb"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "desktop"), str(ROOT)])
    proc = subprocess.run(
        [sys.executable, "-m", "tests.ui.shots.screenshots", str(tmp_path)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(SUITE)
    for name in SUITE:
        image = QImage(str(tmp_path / f"{name}.png"))
        small = name in DIALOG_SHOTS  # a dialog of its own, not the window
        assert image.width() >= (400 if small else 720) and image.height() >= (250 if small else 500), name
        colors = {image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 17)}
        assert len(colors) > (4 if small else 40), name  # drawn text and controls, not a blank surface
