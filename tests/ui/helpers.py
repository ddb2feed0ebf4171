"""Open the real window on the scripted provider, wait for conditions, find dialogs."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager
from pathlib import Path

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.ui.window.main_window import MainWindow

DIRECTIVE = "Plan a three-day offsite for a 12-person team"


def write_settings(home: Path, **values) -> None:
    path = home / "settings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data.update(values)
    path.write_text(json.dumps(data))


def make_app(home: Path, *, tps: float | None = None, scenario: str = "", **settings):
    if tps is not None:
        settings["providers"] = {"scripted": {"tokens_per_second": tps}}
    if settings:
        write_settings(home, **settings)
    return build(Override("scripted", scenario, ""), Paths(home))


async def until(condition, timeout: float = 60.0, what: str = "condition"):
    """Let the loop run until ``condition()`` is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def gate(window, cls, timeout: float = 60.0):
    """The gate dialog of type ``cls`` once it is open."""
    return await until(
        lambda: window.reviewer.active if isinstance(window.reviewer.active, cls) else None,
        timeout,
        f"a {cls.__name__}",
    )


async def idle(window, timeout: float = 120.0) -> None:
    await until(lambda: not window.controller.busy, timeout, "the run to end")
    await asyncio.sleep(0)


@asynccontextmanager
async def open_window(home: Path, *, restore: bool = True, **kwargs):
    app = make_app(home, **kwargs)
    window = MainWindow(app.core)
    window.show()
    await window.start(restore=restore)
    try:
        yield window
    finally:
        await close_window(window)


async def close_window(window) -> None:
    for dialog in list(window.dialogs.values()):
        dialog.close()
    if window.reviewer.active is not None:
        window.reviewer.active.done(2)
    if (api := getattr(window, "local_api", None)) is not None:  # the Local API's listener, if on
        await api.stop()
    await window.controller.shutdown(timeout=60)
    window._closed = True
    window.close()
    await window.core.app.aclose()
    window.deleteLater()
    await asyncio.sleep(0)


def items(window, kind: str | None = None):
    return [i for i in window.controller.chat.items() if kind is None or i.kind == kind]
