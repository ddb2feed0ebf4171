"""Full-text search over the sessions' messages: hits with a snippet around the match,
and the sessions that match (the window's session list filter)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.store import Store
    from aipa.store.records import SessionRecord


@dataclass(frozen=True)
class SearchHit:
    session_id: str
    run_id: str
    kind: str
    agent: str
    snippet: str  # the matching message, shortened around the first match


def snippet(text: str, query: str, width: int = 120) -> str:
    """``text`` shortened to about ``width`` characters around the first word of ``query``."""
    flat = " ".join(text.split())
    words = [w for w in query.casefold().split() if w]
    at = min((i for i in (flat.casefold().find(w) for w in words) if i >= 0), default=0)
    start = max(0, at - width // 3)
    cut = flat[start : start + width]
    return ("…" if start else "") + cut + ("…" if start + width < len(flat) else "")


def search(store: Store, query: str, limit: int = 50) -> list[SearchHit]:
    """Messages matching ``query`` (full text), best first, each with a snippet."""
    return [
        SearchHit(m.session_id, m.run_id or "", m.kind, m.agent, snippet(m.content, query))
        for m in store.search_messages(query, limit=limit)
    ]


def sessions(store: Store, query: str = "") -> list[SessionRecord]:
    """Sessions, newest first; with ``query``, those whose messages match it (full text)."""
    if not query.strip():
        return store.list_sessions()
    ids = dict.fromkeys(hit.session_id for hit in search(store, query, limit=200))
    return [s for s in (store.get_session(sid) for sid in ids) if s is not None]
