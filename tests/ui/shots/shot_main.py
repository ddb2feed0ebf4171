"""The one ``main`` every screenshot script shares: ``python -m tests.ui.X_shots [FOLDER]``
makes the app and the qasync loop, styles from this checkout, runs the script's shoot
coroutine with a bounded wait and prints each picture's path."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.ui.event_loop import qasync_loop

Shoot = Callable[[Path, Path], Awaitable[list[Path]]]  # (folder, a fresh home) -> pictures


def run_standalone(shoot: Shoot, timeout: float = 600) -> None:
    from tests.ui.shots.screenshots import use_this_checkout  # screenshots.py imports the scripts

    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["aipa-screenshots"])
    use_this_checkout()
    app.setQuitOnLastWindowClosed(False)
    loop = qasync_loop(app)
    asyncio.set_event_loop(loop)
    with loop, tempfile.TemporaryDirectory() as tmp:
        for path in loop.run_until_complete(asyncio.wait_for(shoot(folder, Path(tmp) / "home"), timeout)):
            print(path)
