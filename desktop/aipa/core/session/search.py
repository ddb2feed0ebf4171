"""Full-text search over the sessions' messages, as the window and the CLI show it: each
hit with FTS5's snippet of the message and where in it the matched words are; and the
sessions that match (the window's session list filter)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.store import Store
    from aipa.store.records import SessionRecord

from aipa.store.messages import MARK_END, MARK_START


@dataclass(frozen=True)
class SearchHit:
    session_id: str
    run_id: str
    kind: str
    agent: str
    snippet: str  # the words around the match (plain text, on one line)
    marks: tuple[tuple[int, int], ...] = ()  # (start, end) of each matched word in ``snippet``
    message_id: int = 0


def marked(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A snippet with FTS5's markers -> (plain text on one line, the marked spans)."""
    plain: list[str] = []
    marks: list[tuple[int, int]] = []
    at = 0
    start = -1
    for ch in text:
        if ch == MARK_START:
            start = at
        elif ch == MARK_END:
            if start >= 0:
                marks.append((start, at))
            start = -1
        else:
            ch = " " if ch.isspace() else ch
            if ch == " " and plain and plain[-1] == " ":
                continue  # one line, single spaces (a marked span never holds a space)
            plain.append(ch)
            at += 1
    return "".join(plain), tuple(marks)


def snippet(text: str, query: str, width: int = 120) -> str:
    """``text`` shortened to about ``width`` characters around the first word of ``query``."""
    flat = " ".join(text.split())
    words = [w for w in query.casefold().split() if w]
    at = min((i for i in (flat.casefold().find(w) for w in words) if i >= 0), default=0)
    start = max(0, at - width // 3)
    cut = flat[start : start + width]
    return ("…" if start else "") + cut + ("…" if start + width < len(flat) else "")


def search(store: Store, query: str, limit: int = 50, *, trash: bool = False) -> list[SearchHit]:
    """Messages matching ``query`` (full text), best first, none from the Trash unless ``trash``."""
    hits = []
    for m, snip in store.search_snippets(query, limit=limit, trash=trash):
        text, marks = marked(snip)
        hits.append(SearchHit(m.session_id, m.run_id or "", m.kind, m.agent, text, marks, m.id))
    return hits


def sessions(store: Store, query: str = "") -> list[SessionRecord]:
    """Sessions, newest first; with ``query``, those whose messages match it (full text)."""
    if not query.strip():
        return store.list_sessions()
    ids = dict.fromkeys(hit.session_id for hit in search(store, query, limit=200))
    return [s for s in (store.get_session(sid) for sid in ids) if s is not None]
