"""GUI tests run on a qasync loop (pytest-asyncio's loop-factory hook): Qt and the
core share one thread, as in the app. Never call qtbot.waitSignal inside a running
coroutine: click with qtbot, then await a condition (tests.ui.helpers.until)."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QApplication

from aipa.ui.event_loop import qasync_loop

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _qasync_loop():
    app = QApplication.instance() or QApplication(["aipa-tests"])
    app.setQuitOnLastWindowClosed(False)  # as in aipa.gui: closing a window must not stop the loop
    return qasync_loop(app)


def pytest_asyncio_loop_factories(config, item):
    return {"qasync": _qasync_loop}


@pytest.fixture
def home(tmp_path):
    """The AIPA data dir of one test."""
    path = tmp_path / "aipa-home"
    path.mkdir()
    return path
