"""One long setup operation (a pull, an import, a download, the test run): iterate it
for its progress; when the iteration ends, or the task iterating it is cancelled,
``outcome`` says how it ended. ``cancel()`` stops it from anywhere: the iteration then
ends with a cancelled outcome."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Progress:
    text: str
    completed: int | None = None  # bytes, when the operation moves bytes
    total: int | None = None


@dataclass(frozen=True)
class Outcome:
    """How an operation ended: ``state`` is the operation's own word (a pull: ready,
    cancelled, stalled or error; a transfer: done, cancelled or error; the test run: ok,
    failed or cancelled); ``message`` one line for the Principal; ``hint`` what to do."""

    state: str
    message: str
    hint: str = ""
    report: Any = None  # what the operation saw, when it says more than a line (the test run's TrialReport)


class Job:
    def __init__(self, work: Callable[[Job], Awaitable[None]]) -> None:
        """``work(job)`` does the operation: it calls ``job.report`` as it goes and sets
        ``job.outcome`` before it returns or re-raises a cancellation."""
        self._work = work
        self._queue: asyncio.Queue[Progress] = asyncio.Queue()
        self._task: asyncio.Future | None = None
        self.outcome: Outcome | None = None

    def report(self, progress: Progress) -> None:
        self._queue.put_nowait(progress)

    def cancel(self) -> bool:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            return True
        return False

    async def __aiter__(self) -> AsyncGenerator[Progress, None]:  # (a generator: aclosing closes it)
        worker = self._task = asyncio.ensure_future(self._work(self))
        try:
            while True:
                if not self._queue.empty():
                    yield self._queue.get_nowait()
                    continue
                if worker.done():
                    break
                getter = asyncio.ensure_future(self._queue.get())
                try:
                    await asyncio.wait({getter, worker}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    if not getter.done():
                        getter.cancel()
                if getter.done() and not getter.cancelled():
                    yield getter.result()
        finally:
            if not worker.done():  # the task iterating was cancelled: stop the work, let it say how far it got
                worker.cancel()
                await asyncio.wait({worker})
        if not worker.cancelled():
            worker.result()  # a bug in the work: raise it here
