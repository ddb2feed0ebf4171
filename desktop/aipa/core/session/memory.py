"""The standing brief: the orchestrator's working memory across sessions.

It is markdown with fixed headings. On session close the orchestrator rewrites it;
log entries beyond the retention limit move to an archive. A rewrite that lost the
structure is refused and a dated log line is appended instead (parse → fallback).

The rewrite is one model call (half a minute on a small local model), so nobody waits
for it: when it is due, and how an update cut short is done again at the next start, is
``core/session/closing.py``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import date

log = logging.getLogger("aipa.memory")

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

    def archive(self) -> list[str]:
        """The log entries retention moved out of the brief, oldest first."""
        return self.store.archived_brief_entries()

    def is_blank(self) -> bool:
        """Whether the brief is still the template (placeholders only, no log line)."""
        return self.text().strip() == TEMPLATE.strip()

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
