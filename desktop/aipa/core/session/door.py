"""The sessions' door (``core.sessions``): list and search them, make, rename, pin,
delete or put one in the trash, its transcript for replay, its export, its tokens
and cost, the session the window closed on, and the standing brief the sessions
share (rewritten at each session's close: core/session/closing.py)."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.run import revisions
from aipa.core.session import closing, last_session
from aipa.core.session import export as exporting
from aipa.core.session import search as searching
from aipa.core.session.trash import Trash

if TYPE_CHECKING:
    from aipa.core.parts import Parts
    from aipa.core.session.memory import StandingBrief
    from aipa.core.session.search import SearchHit
    from aipa.store.records import SessionRecord

FORMATS = tuple(exporting.FORMATS)


class SessionsDoor:
    """The sessions of the store ``parts`` holds (``core.sessions.list(query)``).
    ``list`` is a method here, so the other annotations name ``builtins.list``."""

    def __init__(self, parts: Parts, before_trash_empty: Callable[[], None] | None = None) -> None:
        self._parts = parts
        self._before_trash_empty = before_trash_empty  # the pre-trash backup (core/data)

    @property
    def _store(self):
        return self._parts.store

    # --- finding sessions ----------------------------------------------------------------

    def list(self, query: str = "") -> builtins.list[SessionRecord]:
        """Sessions, newest first; with ``query``, those whose messages match it (full text)."""
        return searching.sessions(self._store, query)

    def search(self, query: str, limit: int = 50) -> builtins.list[SearchHit]:
        """Messages matching ``query`` (full text), best first, each with a snippet."""
        return searching.search(self._store, query, limit)

    def get(self, session_id: str) -> SessionRecord | None:
        return self._store.get_session(session_id) if session_id else None

    def has_messages(self, session_id: str | None) -> bool:
        return bool(session_id and self._store.messages(session_id, limit=1))

    # --- changing them -------------------------------------------------------------------

    def create(self, title: str = "") -> str:
        return self._store.create_session(title)

    def rename(self, session_id: str, title: str) -> None:
        self._store.rename_session(session_id, title)

    def pin(self, session_id: str, pinned: bool = True) -> None:
        """Keep the session at the top of the list (or not)."""
        self._store.pin_session(session_id, pinned)

    def delete(self, session_id: str) -> None:
        """Delete for good (the window puts a session in the ``trash`` instead)."""
        self._store.delete_session(session_id)

    @property
    def trash(self) -> Trash:
        """The sessions' Trash: put, restore, items, empty (kept 30 days)."""
        return Trash(  # a deleted session's pictures go too; a backup before the Trash is emptied
            self._store, after=self._parts.pictures().sweep, before_empty=self._before_trash_empty
        )

    # --- reading one back ----------------------------------------------------------------

    def transcript(self, session_id: str) -> builtins.list:
        """The session's stored rows as the events its runs emitted live (for replay)."""
        from aipa.core.session.transcript import session_events

        return session_events(self._store, session_id)

    def export(self, session_id: str, fmt: str, path: Path, run_id: str | None = None, *, shown: bool = False) -> Path:
        """Write the session (or one run of it) as md, html or json; returns the file. With
        ``shown``, of each run with several revisions only the one shown (the window's)."""
        leave_out = revisions.hidden(self._store, session_id) if shown else set()
        return exporting.export_session(
            self._store, session_id, fmt, Path(path), run_id, leave_out=leave_out, pictures=self._parts.paths.pictures
        )

    def tokens(self, session_id: str | None) -> int:
        """The tokens (in and out) the session's model calls used so far."""
        if not session_id:
            return 0
        totals = self._store.usage_totals(session_id=session_id)
        return totals["input_tokens"] + totals["output_tokens"]

    def cost(self, session_id: str) -> dict:
        """What the session's runs cost: tokens, seconds, money (``core/run/cost.py``)."""
        from aipa.core.run import cost

        return cost.summary(self._store.calls(session_id=session_id))

    # --- the window's last session and the standing brief ---------------------------------

    def last(self) -> str | None:
        """The session open when the window last closed (None if it is gone)."""
        last = self._store.get_meta(last_session.KEY) or ""
        record = self._store.get_session(last) if last else None
        return last if record is not None and record.deleted_at is None else None

    def remember(self, session_id: str | None) -> None:
        """The session to open at the next start (``last``)."""
        self._store.set_meta(last_session.KEY, session_id or "")

    def brief(self) -> StandingBrief:
        """The standing brief every session's orchestrator reads (``set``, ``reset``)."""
        return self._parts.brief()

    def briefs_pending(self) -> builtins.list[str]:
        """Sessions whose standing-brief update is due (``team.closing.catch_up`` does them)."""
        return closing.pending(self._store)
