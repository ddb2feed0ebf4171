"""The standing brief: the orchestrator's working memory across sessions.

It is markdown with fixed headings. On session close the orchestrator rewrites it;
log entries beyond the retention limit move to an archive. A rewrite that lost the
structure is refused and a dated log line is appended instead (parse → fallback).

The rewrite is one model call (half a minute on a small local model), so nobody waits
for it: a session whose update is due is recorded as pending in the database (the
window's quit, and every headless ``aipa run``), and the next start performs the
pending updates in the background (``catch_up``), bounded; an update that does not
finish stays pending for the start after. No session's update is ever lost.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Iterable
from datetime import date

log = logging.getLogger("aipa.memory")

PENDING_KEY = "ui.brief_pending"  # meta: sessions whose standing-brief update is due (space-separated)
CATCH_UP_BOUND = 300.0  # seconds a start spends on pending updates; the rest wait for the next start

TEMPLATE = """# Standing brief

## Principal
- (who the Principal is, how they like to work)

## Priorities
- (what matters now)

## Decisions
- (what was decided, and why)

## Log
"""

_LOG_HEADING = re.compile(r"^## Log[ \t]*$", re.M)


def split_log(text: str) -> tuple[str, list[str]]:
    """(everything up to and including '## Log', the log entries)."""
    match = _LOG_HEADING.search(text)
    if not match:
        return text.rstrip() + "\n\n## Log\n", []
    head = text[: match.end()] + "\n"
    entries = [ln.rstrip() for ln in text[match.end() :].splitlines() if ln.strip().startswith("- ")]
    return head, entries


def apply_retention(text: str, retention: int) -> tuple[str, list[str]]:
    """Keep the newest ``retention`` log entries; return (text, archived entries)."""
    head, entries = split_log(text)
    archived = entries[:-retention] if len(entries) > retention else []
    kept = entries[len(archived) :]
    return head + "".join(f"{e}\n" for e in kept), archived


def looks_like_brief(text: str) -> bool:
    """A rewrite must keep the title and the log heading to be accepted."""
    return bool(text.strip().startswith("# Standing brief") and _LOG_HEADING.search(text))


class StandingBrief:
    """Read, edit, reset and rewrite the standing brief stored in ``store``."""

    def __init__(self, store, retention: int | Callable[[], int] = 20) -> None:
        """``retention`` is a number or a function giving it (read at each change, so a
        settings change applies at once)."""
        self.store = store
        self._retention = retention

    @property
    def retention(self) -> int:
        return self._retention() if callable(self._retention) else self._retention

    def text(self) -> str:
        return self.store.current_brief() or TEMPLATE

    def set(self, text: str, reason: str = "edited") -> None:
        text, archived = apply_retention(text, self.retention)
        if archived:
            self.store.archive_brief_entries(archived)
        self.store.save_brief(text, reason)

    def reset(self) -> None:
        self.store.save_brief(TEMPLATE, "reset")

    def accept_rewrite(self, rewrite: str, fallback_line: str) -> bool:
        """Store the orchestrator's rewrite if it kept the structure, otherwise append
        ``fallback_line`` to the log. Returns True when the rewrite was used."""
        rewrite = rewrite.strip()
        if looks_like_brief(rewrite):
            self.set(rewrite + "\n", "session closed")
            return True
        log.warning("standing brief rewrite unusable (structure lost); appended a log line instead")
        head, entries = split_log(self.text())
        entries.append(f"- {date.today().isoformat()}: {fallback_line}")
        self.set(head + "".join(f"{e}\n" for e in entries), "session closed (fallback)")
        return False


# --- pending updates ---------------------------------------------------------------------


def pending(store) -> list[str]:
    """Sessions whose standing-brief update is due, oldest first."""
    return (store.get_meta(PENDING_KEY) or "").split()


def mark_pending(store, session_id: str, due: bool) -> None:
    ids = [s for s in pending(store) if s != session_id] + ([session_id] if due else [])
    store.set_meta(PENDING_KEY, " ".join(ids) or None)


async def catch_up(pipeline, *, skip: Iterable[str] = (), bound: float = CATCH_UP_BOUND) -> list[str]:
    """Perform the pending standing-brief updates, one session after another, within
    ``bound`` seconds (those not done stay pending). ``skip``: sessions still in use.
    Returns the sessions updated. Meant to run in the background of a start."""
    store, done = pipeline.store, []
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
                    await pipeline.close_session(session_id)
                except Exception as exc:  # noqa: BLE001 - it stays pending; the others still run
                    log.warning("standing brief of session %s not updated: %s", session_id, exc)
                    continue
                mark_pending(store, session_id, False)
                done.append(session_id)
    except TimeoutError:
        log.info("standing brief: %d update(s) left for the next start", len(pending(store)))
    return done
