"""Benchmarks run only with ``-m bench`` (``make bench``); they print numbers and
never fail on timings. They use the same qasync loop factory as the GUI tests."""

from __future__ import annotations

import os

import pytest

from tests.ui.conftest import _qasync_loop, home  # noqa: F401 (fixture)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_collection_modifyitems(config, items):
    if "bench" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="benchmark: run with -m bench (make bench)")
    for item in items:
        if "bench" in item.keywords:
            item.add_marker(skip)


def pytest_asyncio_loop_factories(config, item):
    return {"qasync": _qasync_loop}
