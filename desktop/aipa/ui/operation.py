"""One cancellable core operation at a time, for a window's controller."""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Coroutine
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, SignalInstance

from aipa import errors

log = logging.getLogger(__name__)


class OneOperation:
    """Mixed into a QObject controller that has ``busyChanged(bool)`` and
    ``errorRaised(str, str)`` signals.

    ``_operate(coro)`` runs ``coro`` as ``self.task`` (Stop cancels it). While one runs,
    another is refused through ``_refused()``. An AipaError goes to ``_failed(exc)``; any
    other exception to the error dialog with its traceback. ``_settled()`` runs after,
    only while the controller still exists: its window may close before a run ends.
    """

    task: asyncio.Task | None = None
    # the host's signals: ``busyChanged = Signal(bool)`` and ``errorRaised = Signal(str, str)``
    busyChanged: SignalInstance
    errorRaised: SignalInstance

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    async def _operate(self, coro) -> object | None:
        if self.busy:
            coro.close()
            self._refused()
            return None
        self.task = asyncio.ensure_future(self._prepare(coro))
        self.busyChanged.emit(True)
        try:
            return await self.task
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if me is not None and me.cancelling():  # we are being cancelled, not just the operation
                raise
            return None
        except errors.AipaError as exc:
            log.warning("%s failed: %s", type(self).__name__, exc)
            self._failed(exc)
            return None
        except Exception as exc:
            log.exception("%s: the operation crashed", type(self).__name__)
            said = QCoreApplication.translate("Operation", "Something went wrong: {error}").format(error=repr(exc))
            self.errorRaised.emit(said, "".join(traceback.format_exception(exc)))
            return None
        finally:
            self.task = None
            if shiboken6.isValid(self):
                self.busyChanged.emit(False)
                self._settled()

    # --- hooks ---------------------------------------------------------------------------

    async def _prepare(self, coro: Coroutine[Any, Any, object]) -> object:
        return await coro

    def _refused(self) -> None:
        raise NotImplementedError

    def _failed(self, exc: errors.AipaError) -> None:
        raise NotImplementedError

    def _settled(self) -> None:
        pass
