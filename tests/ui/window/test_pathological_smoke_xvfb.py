"""`aipa --smoke` on a reply that is a list nested 300 deep, in the real window on a real
X server (``xvfb-run``): the run finishes done, the screenshot is saved. Before issue 32
the window spent minutes on that one message (the smoke test timed out at 180 s with
0.1 s of model time). The scripted provider is the double: its ``deep-list`` scenario
answers with that list (providers/scripted_pathological.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from tests.support.cli import ROOT, cli_env

SMOKE_LIMIT = 120  # seconds --smoke itself allows (the run takes a few)


@pytest.mark.parametrize("scenario", ["deep-list", "long-line"])
def test_smoke_finishes_on_a_pathological_reply(tmp_path, scenario):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: apt-get install xvfb xauth (see docs/ARCHITECTURE.md §8)", pytrace=False)
    shot = tmp_path / "window.png"
    env = cli_env(
        tmp_path / "home",
        QT_QPA_PLATFORM="xcb",
        PYTHONPATH=os.pathsep.join([str(ROOT / "desktop"), str(ROOT)]),
        AIPA_SYNTHESIS_MAX_TOKENS="1000000",  # (the reply in full: the budget would cut a megabyte)
    )
    command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, "-m", "aipa"]
    command += ["--smoke", "Show me the structure", "--model", scenario, "--screenshot", str(shot)]
    command += ["--size", "1440x1150", "--timeout", str(SMOKE_LIMIT)]
    proc = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=SMOKE_LIMIT + 120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "smoke: OK" in proc.stdout and "PASS WITH NOTES" in proc.stdout
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 1000 and image.height() >= 800
