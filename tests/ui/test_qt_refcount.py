"""PySide6 6.12.0 on CPython 3.11 drops a reference to None on every void method
and to True on every Signal.emit(); the interpreter aborts minutes later. We pin a
good version; this test catches a regression in whatever version gets installed."""

import sys

from PySide6.QtCore import QObject, QTimer, Signal


class _Probe(QObject):
    ping = Signal()


def test_pyside_keeps_singleton_refcounts(qapp):
    probe, timer = _Probe(), QTimer()
    none0, true0 = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(50):
        timer.stop()
        probe.ping.emit()
    assert none0 - sys.getrefcount(None) < 50
    assert true0 - sys.getrefcount(True) < 50
