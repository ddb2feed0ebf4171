"""Waiting for a window to paint: the window paints first and loads its history after
(issue 13), so start-up shows a window as soon as Qt can draw one."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

PAINT_WAIT = 2.0  # seconds: a window that never paints (minimised, no display) starts anyway


class _PaintWatch(QObject):
    """Resolves ``done`` at the first paint of ``window`` or of a widget in it."""

    def __init__(self, window: QWidget, done: asyncio.Future, at_paint: Callable[[], None] | None) -> None:
        super().__init__(window)
        self.window, self.done, self.at_paint = window, done, at_paint

    def eventFilter(self, obj, event) -> bool:
        if (
            event.type() == QEvent.Type.Paint
            and not self.done.done()
            and isinstance(obj, QWidget)
            and obj.window() is self.window
        ):
            if self.at_paint is not None:
                self.at_paint()
            self.done.set_result(None)
        return False


async def painted(
    window: QWidget, *, repaint: bool = False, wait: float = PAINT_WAIT, at_paint: Callable[[], None] | None = None
) -> bool:
    """Wait until ``window`` paints (with ``repaint``: ask it to paint again first); False
    when it did not within ``wait`` seconds. ``at_paint()`` runs at the paint event itself
    (the start-up benchmark's mark, taken where a bare window's is)."""
    app = QApplication.instance()
    done = asyncio.get_running_loop().create_future()
    watch = _PaintWatch(window, done, at_paint)
    app.installEventFilter(watch)
    try:
        if repaint:
            window.update()
        await asyncio.wait_for(done, wait)
        return True
    except TimeoutError:
        return False
    finally:
        app.removeEventFilter(watch)
        watch.deleteLater()
