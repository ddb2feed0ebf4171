"""Work around a PySide6 reference-count bug that crashes the interpreter.

PySide6 6.12.0 on CPython 3.11: ``SignalInstance.emit()`` returns ``True`` without
owning a reference to it, so every emit from Python takes one reference away from
``True``. After a few hundred emits the count reaches zero and the process aborts
("Fatal Python error: bool_dealloc"). CPython 3.12+ makes ``True`` immortal, so only
older interpreters crash. ``install()`` probes for the bug and, only when it is
present, wraps ``emit`` to give the reference back. Remove when PySide6 is fixed.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal, SignalInstance

_installed = False


class _Probe(QObject):
    ping = Signal()


def emit_steals_a_reference() -> bool:
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(4):
        result = probe.ping.emit()
        del result
    lost = before - sys.getrefcount(True)
    for _ in range(max(0, lost)):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
    return lost >= 4


def install() -> bool:
    """Patch ``SignalInstance.emit`` if it drops references; True when patched."""
    global _installed
    if _installed:
        return True
    if sys.version_info >= (3, 12) or not emit_steals_a_reference():
        return False
    original = SignalInstance.emit
    incref = ctypes.pythonapi.Py_IncRef

    def emit(self, *args):
        result = original(self, *args)
        if result is True or result is False:
            incref(ctypes.py_object(result))
        return result

    SignalInstance.emit = emit
    _installed = True
    return True
