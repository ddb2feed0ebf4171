"""The window's part of the Local API (Settings → Local API): while the window is open
and ``serve_enabled`` is on, the endpoint serves on the window's event loop; a change of
the serve settings starts, moves or stops it (core/service/local_api.py does the work);
closing the window stops it. A port in use is said once as a notice."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from aipa.core.service.local_api import LocalApi
from aipa.ui.i18n import core_text

if TYPE_CHECKING:
    from aipa.core.facade import Core

SERVE_SETTINGS = frozenset({"serve_enabled", "serve_host", "serve_port", "serve_allow_remote"})


class LocalApiRunner:
    def __init__(self, core: Core, spawn, notice: Callable[[str, str], None]) -> None:
        self.core, self.spawn, self.notice = core, spawn, notice
        self.api = LocalApi(core)
        self._unsubscribe: Callable[[], None] | None = None
        self._lock = asyncio.Lock()  # one start or stop at a time: a quick on-off-on stays in order

    def start(self) -> None:
        self._unsubscribe = self.core.config.subscribe(self._changed)
        self.spawn(self.sync())

    def _changed(self, _settings, changed: frozenset[str]) -> None:
        if changed & SERVE_SETTINGS:
            self.spawn(self.sync())

    async def sync(self) -> None:
        async with self._lock:
            await self.api.sync()
        if self.api.problem:
            self.notice(
                QCoreApplication.translate("LocalApi", "The Local API is not serving: {problem}").format(
                    problem=core_text(self.api.problem)
                ),
                "warning",
            )
        elif self.api.warning:
            self.notice(
                "⚠ "
                + QCoreApplication.translate("LocalApi", "The Local API is {warning}").format(
                    warning=core_text(self.api.warning)
                ),
                "warning",
            )

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        async with self._lock:
            await self.api.stop()
