"""Python's garbage collection runs on the Qt thread (ui/event_loop.py): a collection
that a worker thread triggered used to destroy QObjects in that thread, which crashed
the GUI tests ("Timers cannot be stopped from another thread", then a segfault)."""

from __future__ import annotations

import asyncio
import gc
import threading

from tests.ui.helpers import until


class Cycle:
    """Garbage only the cyclic collector can free; notes the thread that freed it."""

    freed_in: list[str] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Cycle.freed_in.append(threading.current_thread().name)


async def test_cycles_are_collected_on_the_qt_thread_not_in_workers(qtbot) -> None:
    assert not gc.isenabled()  # the app's loop switched automatic collection off
    Cycle.freed_in.clear()
    for _ in range(50):
        Cycle()

    kept: list = []

    def allocate() -> None:  # with automatic collection on, this thread would collect
        kept.extend([i] for i in range(20_000))

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    await asyncio.to_thread(worker.join)
    await until(lambda: len(Cycle.freed_in) == 50, what="the timer's collection", timeout=60)
    assert set(Cycle.freed_in) == {threading.main_thread().name}
    kept.clear()
