"""Work around a PySide6 reference-count bug that crashes the interpreter.

PySide6 6.12.0 on CPython 3.11 returns ``None`` (every method without a result:
``QTimer.start``, ``QWidget.update``, ...) and ``True`` (``SignalInstance.emit``)
without owning a reference to them. Each call takes one reference away; once the
count reaches zero the process aborts ("Fatal Python error: none_dealloc" or
"bool_dealloc"), typically minutes into a session or at exit. CPython 3.12+ makes
these singletons immortal, so only older interpreters crash.

``install()`` measures the leak and, only when it is there, gives the singletons the
same protection 3.12 gives them: a reference count so large that no number of
leaked references can bring it to zero. Remove when PySide6 is fixed.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal, QTimer

IMMORTAL_EXTRA = 1 << 40
_installed = False


class _Probe(QObject):
    ping = Signal()


def leaks_singletons(rounds: int = 8) -> bool:
    """True when PySide6 drops references to None/True (the bug is present)."""
    probe, timer = _Probe(), QTimer()
    none0, true0 = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(rounds):
        timer.stop()
        probe.ping.emit()
    lost_none = none0 - sys.getrefcount(None)
    lost_true = true0 - sys.getrefcount(True)
    _give_back(None, max(0, lost_none))
    _give_back(True, max(0, lost_true))
    return lost_none >= rounds or lost_true >= rounds


def _give_back(obj, count: int) -> None:
    refcnt = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt is the first field
    refcnt.value += count


def install() -> bool:
    """Protect None/True/False when needed; True when the workaround is active."""
    global _installed
    if _installed:
        return True
    if sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount") or not leaks_singletons():
        return False
    for obj in (None, True, False, Ellipsis, NotImplemented):
        _give_back(obj, IMMORTAL_EXTRA)
    _installed = True
    return True
