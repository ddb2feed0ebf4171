"""Stop a long command (a run, ``aipa serve``) cleanly on every OS: the task is cancelled,
so its ``finally`` blocks run (a run is marked interrupted, a token file removed).

- Linux and macOS: SIGTERM through the event loop (SIGHUP keeps its meaning: ``nohup`` ignores it).
- Windows: the loop has no signal handlers. Ctrl+C is Python's KeyboardInterrupt as
  everywhere; Ctrl+Break (SIGBREAK) is caught with ``signal.signal``; the console window
  closing (CTRL_CLOSE_EVENT) through ``SetConsoleCtrlHandler``, which gives a process a
  few seconds before it is ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from typing import Any

_handlers: list[Any] = []  # Windows: the console handler must outlive this call (ctypes callback)


def install(task: asyncio.Future) -> None:
    """Cancel ``task`` when this process is asked to stop (never raises)."""
    loop = asyncio.get_running_loop()
    if sys.platform == "win32":
        _install_windows(loop, task)
        return
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGTERM, task.cancel)


def _install_windows(loop: asyncio.AbstractEventLoop, task: asyncio.Future) -> None:
    if sys.platform != "win32":  # (for the type checker: Windows' names exist only there)
        return

    def stop(*_args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
            loop.call_soon_threadsafe(task.cancel)

    with contextlib.suppress(ValueError, OSError, AttributeError):  # not the main thread; no SIGBREAK
        signal.signal(signal.SIGBREAK, stop)
    with contextlib.suppress(OSError, AttributeError, ImportError):
        import ctypes

        close_events = (2, 5, 6)  # CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT

        def on_console(event: int) -> bool:
            if event in close_events:
                stop()
                return True
            return False  # Ctrl+C, Ctrl+Break: Python's own handling

        handler = ctypes.WINFUNCTYPE(ctypes.c_bool, ctypes.c_uint)(on_console)
        _handlers.append(handler)
        ctypes.windll.kernel32.SetConsoleCtrlHandler(handler, True)
