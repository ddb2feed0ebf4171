"""The qasync event loop the app and its tests run on."""

from __future__ import annotations

import sys

import qasync
from PySide6.QtWidgets import QApplication


def qasync_loop(app: QApplication) -> qasync.QEventLoop:
    """A QEventLoop with Python's async-generator hooks installed.

    qasync 0.28 never registers them (asyncio's own loops do in run_forever), so an
    HTTP stream abandoned mid-way would be finalised at a random moment ("async
    generator ignored GeneratorExit") instead of by the loop.
    """
    loop = qasync.QEventLoop(app)
    sys.set_asyncgen_hooks(firstiter=loop._asyncgen_firstiter_hook, finalizer=loop._asyncgen_finalizer_hook)
    return loop
