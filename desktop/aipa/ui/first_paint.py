"""Waiting for a window to paint: the window paints first and loads its history after
(ARCHITECTURE §6), so start-up shows a window as soon as Qt can draw one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

PAINT_WAIT = 2.0  # seconds: a window that never paints (minimised, no display) starts anyway


class Done(Protocol):
    """What a paint resolves: an asyncio future, or ``_Painted`` (no asyncio loop yet)."""

    def done(self) -> bool: ...

    def set_result(self, result: None, /) -> None: ...


def _app() -> QCoreApplication:
    app = QApplication.instance()
    assert app is not None, "a window paints only once the QApplication is made"
    return app


class _PaintWatch(QObject):
    """Resolves ``done`` at the first paint of ``window`` or of a widget in it."""

    def __init__(self, window: QWidget, done: Done, at_paint: Callable[[], None] | None) -> None:
        super().__init__(window)
        self.window, self.done, self.at_paint = window, done, at_paint

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
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
    import asyncio

    app = _app()
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
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


class _Painted:
    """``done`` for ``wait_painted``: quits a local Qt event loop."""

    def __init__(self, loop: QEventLoop) -> None:
        self.loop, self.result = loop, False

    def done(self) -> bool:
        return self.result

    def set_result(self, _value: None, /) -> None:
        self.result = True
        self.loop.quit()


def wait_painted(window: QWidget, *, wait: float = PAINT_WAIT, at_paint: Callable[[], None] | None = None) -> bool:
    """``painted`` before any asyncio loop runs: start-up shows the window and waits for
    its first paint in a local Qt event loop, then loads the rest (ARCHITECTURE §6)."""
    app = _app()
    loop = QEventLoop()
    done = _Painted(loop)
    watch = _PaintWatch(window, done, at_paint)
    app.installEventFilter(watch)
    QTimer.singleShot(int(wait * 1000), loop.quit)
    try:
        if not done.done():
            loop.exec()
        return done.done()
    finally:
        app.removeEventFilter(watch)
        watch.deleteLater()
