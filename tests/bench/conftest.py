"""Benchmarks run only with ``-m bench`` (``make bench``); they never fail on timings:
each adds its figures to one JSON report (tests/bench/report.py) written at the end of
the session. They use the same qasync loop factory as the GUI tests."""

from __future__ import annotations

import os
import time

import pytest

from tests.bench import report
from tests.ui.conftest import _qasync_loop, home  # noqa: F401 (fixture)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_STARTED = time.monotonic()


def pytest_collection_modifyitems(config, items):
    if "bench" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="benchmark: run with -m bench (make bench)")
    for item in items:
        if "bench" in item.keywords:
            item.add_marker(skip)


def pytest_asyncio_loop_factories(config, item):
    return {"qasync": _qasync_loop}


def pytest_sessionfinish(session, exitstatus):
    if report.FIGURES:
        report.write(_STARTED)
