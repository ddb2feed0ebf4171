"""Closing a session: the one service the window and the command line both use.

Closing a session rewrites the standing brief (one model call, half a minute on a small
local model; ``Pipeline.close_session``), so the update is recorded as *pending* in the
database before it starts and cleared only once it is done. An update that does not
finish, whatever the reason (the app quit, the model failed, a bug), stays pending and
the next start performs it in the background (``catch_up``), bounded; no session's
update is ever lost. A headless ``aipa run`` does not wait for it at all: it leaves the
update pending (``defer``).

The session title rule lives here too: a session started by a directive is named after
it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from aipa import errors

if TYPE_CHECKING:
    from aipa.core.config.settings import Settings
    from aipa.store import Store


class BriefWriter(Protocol):
    """What closing needs of the pipeline: its orchestrator rewrites a session's brief
    (``Pipeline.close_session``). A protocol, so this module does not import the run's
    modules, which import ``session_title`` from here."""

    async def close_session(self, session_id: str) -> bool: ...


log = logging.getLogger("aipa.memory")

PENDING_KEY = "ui.brief_pending"  # meta: sessions whose standing-brief update is due (space-separated)
CATCH_UP_BOUND = 300.0  # seconds a start spends on pending updates; the rest wait for the next start
TITLE_LENGTH = 80


def session_title(directive: str) -> str:
    """The title of a session a directive starts: its first ``TITLE_LENGTH`` characters."""
    return directive.strip()[:TITLE_LENGTH]


def pending(store: Store) -> list[str]:
    """Sessions whose standing-brief update is due, oldest first."""
    return (store.get_meta(PENDING_KEY) or "").split()


def mark_pending(store: Store, session_id: str, due: bool) -> None:
    """Note (or clear) the session's due update. A read-only database keeps the brief as
    it is: the note is dropped with a warning, the caller goes on."""
    ids = [s for s in pending(store) if s != session_id] + ([session_id] if due else [])
    try:
        store.set_meta(PENDING_KEY, " ".join(ids) or None)
    except errors.StoreError as exc:
        log.warning("could not note the pending brief update: %s", exc)


class SessionClosing:
    """Closes sessions for one front end: ``store`` and ``settings`` are read at call
    time; ``pipeline()`` gives the pipeline whose orchestrator rewrites the brief (built
    only when an update runs: the window paints without loading it)."""

    def __init__(self, store: Store, settings: Callable[[], Settings], pipeline: Callable[[], BriefWriter]) -> None:
        self._store = store
        self._settings = settings
        self._pipeline = pipeline

    def pending(self) -> list[str]:
        return pending(self._store)

    async def close(self, session_id: str) -> bool:
        """Close the session now and rewrite the brief (True when the rewrite was used).
        Until it is done the update is pending; if it is cut short or raises, it stays
        pending (the error goes to the caller) and the next start performs it again."""
        mark_pending(self._store, session_id, True)
        used = await self._pipeline().close_session(session_id)
        mark_pending(self._store, session_id, False)
        return used

    def defer(self, session_id: str) -> None:
        """The session is finished, its brief update left to the next start: nobody waits
        for it. With ``memory_brief_enabled`` off it is closed at once (no model call)."""
        if not self._settings().memory_brief_enabled:
            self._store.close_session(session_id)
            return
        mark_pending(self._store, session_id, True)

    async def catch_up(self, *, skip: Iterable[str | None] = (), bound: float = CATCH_UP_BOUND) -> list[str]:
        """Perform the pending updates, one session after another, within ``bound``
        seconds (those not done stay pending). ``skip``: sessions still in use (None:
        no session). Returns
        the sessions updated. Meant to run in the background of a start."""
        store, done = self._store, []
        skipped = set(skip)
        try:
            async with asyncio.timeout(bound):
                for session_id in pending(store):
                    if session_id in skipped:
                        continue
                    if store.get_session(session_id) is None:  # deleted meanwhile: nothing to update
                        mark_pending(store, session_id, False)
                        continue
                    try:
                        await self._pipeline().close_session(session_id)
                    except Exception as exc:  # noqa: BLE001 - it stays pending; the others still run
                        log.warning("standing brief of session %s not updated: %s", session_id, exc)
                        continue
                    mark_pending(store, session_id, False)
                    done.append(session_id)
        except TimeoutError:
            log.info("standing brief: %d update(s) left for the next start", len(pending(store)))
        return done
