"""Work done a slice at a time: pending work, one piece per key, is done in order until
a slice of a few milliseconds has gone by; the rest follows in a zero-delay turn of the
loop, once the loop has served what waits (timers, input, painting). Streaming updates
(the run presenter) and drawing changed cards ahead of their paint (the chat view) use
it, so neither holds the loop for long."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer


def drain(pending: dict, work: Callable[[Any, Any], None], slice_ms: float | None = None) -> bool:
    """Do ``work(key, value)`` for the pending entries, oldest first, removing each; with
    ``slice_ms``, stop once that long has gone by. True when some are left."""
    started = time.perf_counter()
    while pending:
        key = next(iter(pending))
        work(key, pending.pop(key))
        if slice_ms is not None and pending and (time.perf_counter() - started) * 1000 >= slice_ms:
            return True
    return False


class TimeSlicer(QObject):
    """``pending`` (a dict the owner fills) done by ``work`` in slices of ``slice_ms()``
    milliseconds; ``more`` is the zero-delay timer that runs the next slice."""

    def __init__(self, pending: dict, work: Callable[[Any, Any], None], slice_ms: Callable[[], float], parent=None):
        super().__init__(parent)
        self.pending = pending
        self.work = work
        self.slice_ms = slice_ms
        self.more = QTimer(self)
        self.more.setSingleShot(True)
        self.more.setInterval(0)
        self.more.timeout.connect(self.run_slice)

    def soon(self) -> None:
        """Run a slice at the loop's next turn."""
        if not self.more.isActive():
            self.more.start()

    def run_slice(self) -> None:
        if drain(self.pending, self.work, self.slice_ms()):
            self.more.start()

    def run_all(self) -> None:
        drain(self.pending, self.work)

    def stop(self) -> None:
        self.more.stop()
