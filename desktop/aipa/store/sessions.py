"""Sessions: a conversation with the agency, holding messages and runs. A deleted session
goes to the Trash first (``deleted_at`` set, schema v8): hidden from the list and from
search, restorable, and deleted for good when the Trash is emptied or its time is up."""

from __future__ import annotations

from datetime import datetime

from aipa.store.base import StoreBase, require
from aipa.store.models import Session
from aipa.store.records import SessionRecord


def _record(row: Session) -> SessionRecord:
    return SessionRecord(
        id=row.id,
        title=row.title,
        created_at=row.created_at,
        closed_at=row.closed_at,
        last_active=row.last_active,
        pinned=bool(row.pinned),
        deleted_at=row.deleted_at,
    )


class SessionOps(StoreBase):
    def create_session(self, title: str = "") -> str:
        """A new session; its id is ``S-YYYYMMDD-NNN`` (per-day counter)."""
        with self._writing("create a session"):
            now, day = self._stamp()
            session_id = f"S-{day}-{self._next_seq('S', day):03d}"
            self._m.session.create(id=session_id, title=title, created_at=now, last_active=now)
        return session_id

    def get_session(self, session_id: str) -> SessionRecord | None:
        row = self._row(self._m.session, id=session_id)
        return None if row is None else _record(row)

    def list_sessions(self, limit: int = 200) -> list[SessionRecord]:
        """Pinned ones first, then newest activity first (none from the Trash)."""
        s = self._m.session
        order = (s.pinned.desc(), s.last_active.desc(), s.created_at.desc(), s.id.desc())
        query = s.select().where(s.deleted_at.is_null()).order_by(*order)
        return [_record(row) for row in query.limit(limit)]

    def rename_session(self, session_id: str, title: str) -> None:
        s = self._m.session
        with self._writing(f"rename session {session_id}"):
            count = s.update(title=title).where(s.id == session_id).execute()
            require(count, f"session {session_id}")

    def pin_session(self, session_id: str, pinned: bool = True) -> None:
        s = self._m.session
        with self._writing(f"pin session {session_id}"):
            count = s.update(pinned=pinned).where(s.id == session_id).execute()
            require(count, f"session {session_id}")

    def close_session(self, session_id: str) -> None:
        """Mark the session closed (it stays readable; closing twice keeps the first time)."""
        s = self._m.session
        with self._writing(f"close session {session_id}"):
            require(s.select().where(s.id == session_id).count(), f"session {session_id}")
            s.update(closed_at=self._now()).where(s.id == session_id, s.closed_at.is_null()).execute()

    def delete_session(self, session_id: str) -> None:
        """Delete the session with its messages, runs, tasks, checkpoints, questions
        and reviews. Token usage rows stay (their session and run become NULL)."""
        s = self._m.session
        with self._writing(f"delete session {session_id}"):
            require(s.delete().where(s.id == session_id).execute(), f"session {session_id}")

    # --- the Trash -----------------------------------------------------------------------

    def trash_session(self, session_id: str) -> None:
        """Put the session in the Trash (its rows stay; ``restore_session`` takes it back)."""
        s = self._m.session
        with self._writing(f"move session {session_id} to the Trash"):
            count = s.update(deleted_at=self._now()).where(s.id == session_id).execute()
            require(count, f"session {session_id}")

    def restore_session(self, session_id: str) -> None:
        s = self._m.session
        with self._writing(f"restore session {session_id}"):
            count = s.update(deleted_at=None).where(s.id == session_id).execute()
            require(count, f"session {session_id}")

    def list_trash(self) -> list[SessionRecord]:
        """Sessions in the Trash, the most recently deleted first."""
        s = self._m.session
        query = s.select().where(s.deleted_at.is_null(False)).order_by(s.deleted_at.desc(), s.id.desc())
        return [_record(row) for row in query]

    def empty_trash(self, before: datetime | None = None) -> int:
        """Delete for good the sessions in the Trash (only those put there before
        ``before`` when given); returns how many."""
        s = self._m.session
        where = s.deleted_at.is_null(False)
        if before is not None:
            where &= s.deleted_at < before
        with self._writing("empty the Trash"):
            return s.delete().where(where).execute()
