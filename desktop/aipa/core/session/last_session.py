"""The session the window closed on, read straight from the SQLite file before the store
is opened: the window's first paint shows that session's title and its (still empty)
transcript instead of the welcome panel (ARCHITECTURE §6). Read-only, stdlib only."""

from __future__ import annotations

import sqlite3
from pathlib import Path

KEY = "ui.last_session"  # the meta row the window keeps it in (``Core.sessions.remember``)


def peek(db: Path) -> tuple[str, str] | None:
    """(id, title) of the last session, or None: no database yet, no such session, or a
    file that cannot be read now (the store reports that itself when it opens)."""
    if not db.is_file():
        return None
    try:
        con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=0.2)
        try:
            row = con.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
            found = row and row[0] and con.execute("SELECT id, title FROM sessions WHERE id = ?", (row[0],)).fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return None
    return (found[0], found[1] or "") if found else None
