"""Messages of a session, with FTS5 full-text search over their content."""

from __future__ import annotations

from aipa.store.base import StoreBase, require
from aipa.store.models import Message
from aipa.store.records import MessageRecord

MARK_START, MARK_END = "\ue000", "\ue001"  # around a matched term in a snippet (private-use: never typed)


def fts_query(text: str) -> str:
    """Turn free user input into a safe FTS5 expression.

    Every whitespace-separated term becomes a quoted phrase (so quotes, ``AND``,
    ``NEAR``, ``*``, ``-`` and parentheses are plain text) with prefix matching;
    terms are ANDed. Terms without a letter or digit are dropped: the tokenizer
    would find nothing in them. An empty result means "match nothing".
    """
    text = text.replace("\x00", " ")  # FTS5 reads NUL as the end of the query
    terms = [t for t in text.split() if any(ch.isalnum() for ch in t)]
    return " ".join('"' + t.replace('"', '""') + '"*' for t in terms)


def _record(row: Message) -> MessageRecord:
    return MessageRecord(
        id=row.id,
        session_id=row.session_id,
        role=row.role,
        content=row.content,
        agent=row.agent,
        thinking=row.thinking,
        run_id=row.run_id,
        task_id=row.task_id,
        kind=row.kind,
        created_at=row.created_at,
    )


class MessageOps(StoreBase):
    def add_message(
        self,
        session_id: str,
        role: str,
        content: str,
        *,
        agent: str = "",
        thinking: str = "",
        run_id: str | None = None,
        task_id: str | None = None,
        kind: str = "message",
    ) -> int:
        """Append a message; returns its id. Marks the session active."""
        with self._writing(f"add a message to session {session_id}"):
            now = self._now()
            row = self._m.message.create(
                session_id=session_id,
                role=role,
                content=content,
                agent=agent,
                thinking=thinking,
                run_id=run_id,
                task_id=task_id,
                kind=kind,
                created_at=now,
            )
            self._touch_session(session_id, now)
        return int(row.id)

    def update_message(self, message_id: int, content: str, thinking: str | None = None) -> None:
        """Replace the content (and the thinking, unless None) of a message."""
        m = self._m.message
        changes = {m.content: content}
        if thinking is not None:
            changes[m.thinking] = thinking
        with self._writing(f"update message {message_id}"):
            require(m.update(changes).where(m.id == message_id).execute(), f"message {message_id}")

    def messages(self, session_id: str, *, agent: str | None = None, limit: int | None = None) -> list[MessageRecord]:
        """Oldest first; ``limit`` keeps the most recent ``limit`` messages."""
        m = self._m.message
        query = m.select().where(m.session_id == session_id)
        if agent is not None:
            query = query.where(m.agent == agent)
        if limit is None:
            return [_record(row) for row in query.order_by(m.id)]
        rows = [_record(row) for row in query.order_by(m.id.desc()).limit(limit)]
        rows.reverse()
        return rows

    def search_messages(self, query: str, limit: int = 50) -> list[MessageRecord]:
        """Messages whose content matches every term of ``query`` (prefixes
        included), best match first, none from sessions in the Trash. Any input is
        safe: it is never parsed as FTS5 syntax."""
        return [message for message, _snippet in self.search_snippets(query, limit)]

    def search_snippets(
        self, query: str, limit: int = 50, words: int = 14, *, trash: bool = False
    ) -> list[tuple[MessageRecord, str]]:
        """``search_messages`` with FTS5's snippet of each match: about ``words`` words
        around the matched terms, each term between ``MARK_START`` and ``MARK_END``
        (sessions in the Trash too with ``trash``)."""
        expression = fts_query(query)
        if not expression:
            return []
        rows = self._m.message.raw(
            "SELECT messages.*, snippet(messages_fts, 0, ?, ?, '…', ?) AS snip FROM messages_fts "
            "JOIN messages ON messages.id = messages_fts.rowid "
            "JOIN sessions ON sessions.id = messages.session_id "
            "WHERE messages_fts MATCH ? AND (? OR sessions.deleted_at IS NULL) "
            "ORDER BY messages_fts.rank, messages.id DESC LIMIT ?",
            MARK_START,
            MARK_END,
            words,
            expression,
            int(trash),
            limit,
        )
        return [(_record(row), row.snip or "") for row in rows]
