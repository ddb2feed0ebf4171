"""A live run drawn through the presenter at a pace the window keeps up with: streamed
snapshots are applied at most ~20 times a second (from the newest snapshot), a completed
message right after the core's current step, each time in slices of a few milliseconds
(ui.transcript.slicer)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from aipa.ui.transcript.presenter import Presenter
from aipa.ui.transcript.slicer import TimeSlicer

THROTTLE_MS = 50  # ≤ 20 view updates per second while streaming
FLUSH_SLICE_MS = 2.0  # a flush hands the loop back after this long; the rest follows at once


class RunFeed(QObject):
    def __init__(self, presenter: Presenter, parent=None) -> None:
        super().__init__(parent)
        self.presenter = presenter
        presenter.wake = self._wake
        self.throttle = QTimer(self)
        self.throttle.setSingleShot(True)
        self.throttle.setInterval(THROTTLE_MS)
        self.throttle.timeout.connect(self._tick)
        self.slicer = TimeSlicer(presenter.pending, presenter.apply_pending, lambda: FLUSH_SLICE_MS, self)
        self.view_updates = 0  # throttled flushes that touched the view (tests, benchmarks)

    def _wake(self, final: bool) -> None:
        if final:
            self.slicer.soon()
        elif not self.throttle.isActive():
            self.throttle.start()

    def _tick(self) -> None:
        if self.presenter.pending and not self.slicer.more.isActive():
            self.view_updates += 1
        self.slicer.run_slice()

    def flush(self) -> None:
        """Apply everything pending now."""
        self.presenter.flush()

    def stop(self) -> None:
        self.throttle.stop()
        self.slicer.stop()
