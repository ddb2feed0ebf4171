"""The window's sessions: the one on screen, opening a stored one (drawn by the run
presenter from its transcript), restoring the last one at start, starting a new one, and
closing one, which updates the standing brief in the background."""

from __future__ import annotations

import asyncio
import logging

import shiboken6
from PySide6.QtCore import QCoreApplication

from aipa.ui.i18n import core_text

log = logging.getLogger("aipa.ui")


class SessionController:
    def __init__(self, controller) -> None:
        self.c = controller
        self.core = controller.core

    def set_current(self, session_id: str | None) -> None:
        c = self.c
        if session_id == c.session_id:
            return
        c.session_id = session_id
        self.core.sessions.remember(session_id)
        c.session_tokens = self.core.sessions.tokens(session_id)
        c.last_rate = 0.0  # a session's numbers are its own: an empty one shows none
        c.sessionChanged.emit(session_id or "")
        c.sessionsChanged.emit()
        c.usageChanged.emit()

    def search(self, query: str) -> list[tuple]:
        """(session, snippet of its best matching message, the matched words' places)
        triples; all sessions (no snippet) for an empty query."""
        if not query.strip():
            return [(s, "", ()) for s in self.core.sessions.list()]
        hits: dict[str, tuple[str, tuple]] = {}
        for hit in self.core.sessions.search(query, limit=200):
            hits.setdefault(hit.session_id, (hit.snippet, hit.marks))
        found = [self.core.sessions.get(sid) for sid in hits]
        return [(s, *hits[s.id]) for s in found if s is not None]

    def restore_last(self) -> str | None:
        last = self.core.sessions.last()
        if last:
            self.open(last)
        return last

    def open(self, session_id: str) -> None:
        """Show a stored session: its transcript through the run presenter, as it was live."""
        c = self.c
        c.chat.clear()
        c.presenter.reset()
        c.talk_to_team()
        self.set_current(session_id)
        c.chat.extend(c.presenter.replay(self.core.sessions.transcript(session_id)))
        c.run_id = self.core.runs.last_id(session_id)

    async def switch(self, session_id: str) -> None:
        c = self.c
        if c.busy:
            c.statusMessage.emit(
                QCoreApplication.translate(
                    "SessionController", "A run is in progress: stop it first (Esc) to switch sessions."
                )
            )
            c.sessionChanged.emit(c.session_id or "")
            return
        self.open(session_id)
        if c.pending_question_run():
            await c.answer_pending()

    async def new(self) -> None:
        c = self.c
        if c.busy:
            await c.stop()
        old = c.session_id
        c.chat.clear()
        c.presenter.reset()
        self.set_current(None)
        c.run_id = None
        c.talk_to_team()
        if self.core.sessions.has_messages(old):
            c.spawn(self.close(old))

    async def close(self, session_id: str) -> None:
        """Update the standing brief in the background, with a transient indicator. An
        update cut short (the app quit) or failed stays pending: the next start does it
        again (core/session/closing.py)."""
        await self._updating(self.c.team.close_session(session_id))

    def resume_brief_updates(self) -> None:
        """Redo the brief updates left pending (a quit cut them short, `aipa run` left
        them), in the background; not the session on screen: it is still open, and its
        update comes when it is closed."""
        if [s for s in self.core.sessions.briefs_pending() if s != self.c.session_id]:
            self.c.spawn(self._updating(self.c.team.closing.catch_up(skip=[self.c.session_id])))

    async def _updating(self, update) -> None:
        c = self.c
        c.briefUpdating.emit(True)
        try:
            await update
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - never lose the user's session over the brief
            log.warning("standing brief update failed: %s", exc)
            c.statusMessage.emit(
                QCoreApplication.translate("SessionController", "Standing brief not updated: {error}").format(
                    error=core_text(str(exc))
                )
            )

        finally:
            if shiboken6.isValid(c):
                c.briefUpdating.emit(False)
                c.sessionsChanged.emit()
