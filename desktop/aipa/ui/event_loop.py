"""The qasync event loop the app and its tests run on."""

from __future__ import annotations

import gc
import sys
import time

import qasync
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

GC_INTERVAL_MS = 100  # often enough that each young-generation collection stays around a millisecond
FULL_CHECK_INTERVAL = 5.0  # seconds between looks at whether a full collection is due


def qasync_loop(app: QApplication) -> qasync.QEventLoop:
    """A QEventLoop with Python's async-generator hooks installed, and Python's cyclic
    garbage collection moved onto the Qt thread (``collect_on_qt_thread``).

    qasync 0.28 never registers the hooks (asyncio's own loops do in run_forever), so an
    HTTP stream abandoned mid-way would be finalised at a random moment ("async
    generator ignored GeneratorExit") instead of by the loop.
    """
    collect_on_qt_thread(app)
    loop = qasync.QEventLoop(app)
    sys.set_asyncgen_hooks(firstiter=loop._asyncgen_firstiter_hook, finalizer=loop._asyncgen_finalizer_hook)
    _name_the_loop()
    return loop


def _name_the_loop() -> None:
    """Tell sniffio that this (the Qt) thread runs asyncio. The openai and anthropic SDKs
    (through httpx and anyio) ask sniffio which async library runs them; under qasync its
    detection fails (AsyncLibraryNotFoundError inside the SDK's first request), so a
    window on an OpenAI-compatible server could not make a call."""
    try:
        import sniffio
    except ImportError:  # (it comes with httpx; without it nothing asks)
        return
    sniffio.thread_local.name = "asyncio"


class _Collector(QObject):
    """Runs the collections Python would have run, but from a Qt timer.

    Python's automatic collector runs in whichever thread happens to allocate. When a
    worker thread (a keyring probe, ``asyncio.to_thread``, an SDK's pool) triggers it, any
    QObject in an unreachable cycle (a finished window's controller, a closed loop's
    timer) is destroyed in that thread: Qt warns "Timers cannot be stopped from another
    thread" and may crash. So automatic collection is switched off and this timer, on
    the Qt thread, collects each generation when Python would have. Like Python, it
    collects everything only once the objects that survived into the oldest generation
    since the last full pass are a quarter of those it kept then (a full pass over
    ~70,000 objects takes ~40 ms here; the young generations take well under 1 ms).
    """

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.long_lived = len(gc.get_objects(generation=2))
        self.next_full_check = 0.0
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(GC_INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.timer.start()

    def collect(self) -> None:
        counts = gc.get_count()
        if counts[2] > self.thresholds[2] > 0 and self._full_pass_due():
            gc.collect(2)
            self.long_lived = len(gc.get_objects(generation=2))
        elif counts[1] > self.thresholds[1] > 0:
            gc.collect(1)
        elif counts[0] > self.thresholds[0] > 0:
            gc.collect(0)

    def _full_pass_due(self) -> bool:
        now = time.monotonic()
        if now < self.next_full_check:  # counting the old generation costs ~1 ms: not every tick
            return False
        self.next_full_check = now + FULL_CHECK_INTERVAL
        return len(gc.get_objects(generation=2)) - self.long_lived > self.long_lived // 4


def collect_on_qt_thread(app: QApplication) -> None:
    """Install the collector once per application."""
    if app.findChild(_Collector) is None:
        _Collector(app)
