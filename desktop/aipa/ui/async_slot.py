"""qasync's ``asyncSlot``, with asyncio and qasync loaded at the slot's first call: the
main window's module is imported before its first paint, and the event loop after it
(ARCHITECTURE §6)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from PySide6.QtCore import Slot

P = ParamSpec("P")


def async_slot(*types: type) -> Callable[[Callable[P, Coroutine[Any, Any, None]]], Callable[P, object]]:
    """Like ``qasync.asyncSlot(*types)``: the coroutine method runs as an asyncio task on
    the running loop, its errors go to ``sys.excepthook``."""

    def decorate(fn: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, object]:
        made: Callable[P, object] | None = None

        @Slot(*types)
        @functools.wraps(fn)
        def slot(*args: P.args, **kwargs: P.kwargs) -> object:
            nonlocal made
            if made is None:
                from qasync import asyncSlot

                made = asyncSlot(*types)(fn)
            return made(*args, **kwargs)

        return slot

    return decorate
