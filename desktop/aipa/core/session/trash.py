"""The sessions' Trash: a deleted session is kept (hidden from the list and from search)
for ``KEEP_DAYS`` days, restorable until then; after that, or when the Principal empties
the Trash, it is deleted for good with its messages and runs."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

KEEP_DAYS = 30


class Trash:
    def __init__(
        self,
        store,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        after: Callable[[], object] | None = None,
        before_empty: Callable[[], None] | None = None,
    ) -> None:
        self._store = store
        self._now = now
        self._after = after or (lambda: None)  # after a deletion for good: the pictures' files no session has
        self._before_empty = before_empty  # the pre-trash backup (core/data)

    def put(self, session_id: str) -> None:
        self._store.trash_session(session_id)

    def restore(self, session_id: str) -> None:
        self._store.restore_session(session_id)

    def items(self) -> list:
        """The sessions in the Trash (expired ones deleted first), most recently deleted first."""
        self.purge_expired()
        return self._store.list_trash()

    def expires(self, record) -> datetime | None:
        """When a session in the Trash will be deleted for good."""
        return record.deleted_at + timedelta(days=KEEP_DAYS) if record.deleted_at else None

    def empty(self) -> int:
        if self._before_empty is not None and self._store.list_trash():
            self._before_empty()  # raises (a full disk): nothing is deleted without its backup
        count = self._store.empty_trash()
        self._after()
        return count

    def delete(self, session_id: str) -> None:
        """Delete one session in the Trash for good."""
        self._store.delete_session(session_id)
        self._after()

    def purge_expired(self) -> int:
        """Delete for good what has been in the Trash longer than ``KEEP_DAYS`` days."""
        if self._store.read_only:  # a newer app's file: read, never written
            return 0
        count = self._store.empty_trash(before=self._now() - timedelta(days=KEEP_DAYS))
        if count:
            self._after()
        return count
