"""Merging another data folder's database into this one (``aipa import``): ids are kept,
what is here already is skipped (importing twice changes nothing), and what clashes is
counted for the one summary line. All of it in one transaction: a kill half-way leaves
this database as it was.

- A session or run whose id is used here by another one (another creation time; another
  session, directive or start) is a conflict: it is skipped with everything under it.
- A row keyed by a name (tasks, checkpoints, questions, documents, …) that exists here is
  kept as it is here ("differs: kept yours" when its content differs).
- A row with a number (messages, reviews, usage, chunks, …) is here already when a row
  with the same content is; otherwise it keeps its number when that is free, and gets a
  new one when it is not ("renumbered"). Standing-brief versions are never renumbered
  (that would make an old brief the current one): a clash keeps yours.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

NAMED: tuple[str, ...] = ("sessions", "runs", "tasks", "checkpoints", "questions", "question_sets", "documents")
NAMED += ("session_documents", "schedules", "service_runs", "checks")
NUMBERED = ("chunks", "messages", "reviews", "usage", "brief_versions", "brief_archive", "pictures")
# the order they are merged in: a row's parents before it (sessions, runs, documents)
ORDER: tuple[str, ...] = ("sessions", "runs", "tasks", "checkpoints", "questions", "question_sets", "documents")
ORDER += ("session_documents", "chunks", "messages", "reviews", "usage", "brief_versions", "brief_archive")
ORDER += ("schedules", "service_runs", "pictures", "checks")
# tables that are not merged row by row: the schema's own, the id counters (``_counters``)
# and the full-text indexes (kept up by their triggers); a new table must be in ORDER or
# here (tests/core/data/test_merge.py checks a fresh database against both)
NOT_MERGED = ("schema_info", "meta", "id_counters", "sqlite_sequence")
NEVER_RENUMBER = ("brief_versions",)
# what makes a session or a run "the same one" besides its id
IDENTITY = {"sessions": ("created_at",), "runs": ("session_id", "directive", "started_at")}
NUMBER = {"brief_versions": "version"}  # a numbered table's key column (else "id")
KEPT_YOURS = "rows that differ here (kept yours)"


@dataclass
class MergeReport:
    added: dict[str, int] = field(default_factory=dict)
    already: int = 0
    clashes: dict[str, int] = field(default_factory=dict)  # what -> how many

    def summary(self) -> str:
        """One line: what came in, what was here, what clashed."""
        main = ", ".join(f"{self.added.get(t, 0)} {t}" for t in ("sessions", "runs", "messages"))
        other = sum(n for t, n in self.added.items() if t not in ("sessions", "runs", "messages"))
        text = f"imported {main} ({other} other rows); {self.already} already here"
        if not self.clashes:
            return text + "; no conflicts"
        return text + "; conflicts: " + ", ".join(f"{n} {what}" for what, n in sorted(self.clashes.items()))


def _columns(conn: sqlite3.Connection, schema: str, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA {schema}.table_info({table})")]


def _keys(conn: sqlite3.Connection, table: str) -> list[str]:
    rows = sorted((row[5], row[1]) for row in conn.execute(f"PRAGMA main.table_info({table})") if row[5])
    return [name for _, name in rows]


def _skip_children(cols: list[str]) -> str:
    """A WHERE part leaving out the rows under a conflicting session or run."""
    parts = []
    if "session_id" in cols:
        parts.append("(s.session_id IS NULL OR s.session_id NOT IN (SELECT id FROM temp.skip_sessions))")
    if "run_id" in cols:
        parts.append("(s.run_id IS NULL OR s.run_id NOT IN (SELECT id FROM temp.skip_runs))")
    return " AND ".join(parts) or "1"


def _count(conn: sqlite3.Connection, sql: str) -> int:
    return int(conn.execute(sql).fetchone()[0])


def _named(conn: sqlite3.Connection, table: str, report: MergeReport) -> None:
    cols = _columns(conn, "main", table)
    keys = _keys(conn, table)
    on = " AND ".join(f"m.{k} IS s.{k}" for k in keys)
    skip = _skip_children(cols)
    if table in IDENTITY:
        other = " OR ".join(f"m.{c} IS NOT s.{c}" for c in IDENTITY[table])
        target = "skip_sessions" if table == "sessions" else "skip_runs"
        conn.execute(
            f"INSERT OR IGNORE INTO temp.{target} SELECT s.id FROM src.{table} s JOIN main.{table} m ON {on} "
            f"WHERE ({other})"
        )
        clashed = _count(conn, f"SELECT count(*) FROM temp.{target}")
        if clashed:
            report.clashes[f"{table} with an id used here by another one (skipped with their rows)"] = clashed
        skip += f" AND s.id NOT IN (SELECT id FROM temp.{target})"
    same = " AND ".join([on] + [f"m.{c} IS s.{c}" for c in cols if c not in keys])
    differ = _count(
        conn,
        f"SELECT count(*) FROM src.{table} s WHERE {skip} AND EXISTS (SELECT 1 FROM main.{table} m WHERE {on}) "
        f"AND NOT EXISTS (SELECT 1 FROM main.{table} m WHERE {same})",
    )
    if differ:
        report.clashes[KEPT_YOURS] = report.clashes.get(KEPT_YOURS, 0) + differ
    names = ", ".join(cols)
    added = conn.execute(
        f"INSERT INTO main.{table} ({names}) SELECT {', '.join('s.' + c for c in cols)} FROM src.{table} s "
        f"WHERE {skip} AND NOT EXISTS (SELECT 1 FROM main.{table} m WHERE {on})"
    ).rowcount
    total = _count(conn, f"SELECT count(*) FROM src.{table}")
    report.added[table] = added
    report.already += max(0, total - added - differ)


def _numbered(conn: sqlite3.Connection, table: str, report: MergeReport) -> None:
    cols = _columns(conn, "main", table)
    key = NUMBER.get(table, "id")
    rest = [c for c in cols if c != key]
    skip = _skip_children(cols)
    same = " AND ".join(f"m.{c} IS s.{c}" for c in rest)
    free = f"NOT EXISTS (SELECT 1 FROM main.{table} m WHERE m.{key} = s.{key})"
    # the checks run in this order: by number first (an index), by content only for the
    # few rows whose number is taken here
    kept = conn.execute(
        f"INSERT INTO main.{table} ({', '.join(cols)}) SELECT {', '.join('s.' + c for c in cols)} FROM src.{table} s "
        f"WHERE {skip} AND {free}"
    ).rowcount
    taken = (
        f"{skip} AND NOT {free} AND NOT EXISTS (SELECT 1 FROM main.{table} m WHERE m.{key} = s.{key} AND {same}) "
        f"AND NOT EXISTS (SELECT 1 FROM main.{table} m WHERE {same})"
    )
    left = f"SELECT {', '.join('s.' + c for c in rest)} FROM src.{table} s WHERE {taken}"
    renumbered = clashed = 0
    if table in NEVER_RENUMBER:
        clashed = _count(conn, f"SELECT count(*) FROM ({left})")
        if clashed:
            report.clashes[KEPT_YOURS] = report.clashes.get(KEPT_YOURS, 0) + clashed
    else:
        renumbered = conn.execute(f"INSERT INTO main.{table} ({', '.join(rest)}) {left}").rowcount
        if renumbered:
            report.clashes[f"{table} renumbered (their number is used here)"] = renumbered
    total = _count(conn, f"SELECT count(*) FROM src.{table}")
    report.added[table] = kept + renumbered
    report.already += max(0, total - kept - renumbered - clashed)


def _counters(conn: sqlite3.Connection) -> None:
    """New ids made here must not reuse the imported ones' numbers."""
    conn.execute(
        "INSERT INTO main.id_counters (prefix, day, value) SELECT prefix, day, value FROM src.id_counters WHERE true "
        "ON CONFLICT (prefix, day) DO UPDATE SET value = max(value, excluded.value)"
    )


def merge(live: Path, other: Path, progress: Callable[[int, int, str], None] | None = None) -> MergeReport:
    """Merge the database ``other`` (same schema version) into ``live``; one transaction."""
    report = MergeReport()
    conn = sqlite3.connect(str(live), timeout=60, isolation_level=None)
    try:
        conn.execute("PRAGMA busy_timeout = 60000")
        conn.execute("ATTACH DATABASE ? AS src", (f"{other.resolve().as_uri()}?mode=ro",))
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TEMP TABLE skip_sessions (id TEXT PRIMARY KEY)")
        conn.execute("CREATE TEMP TABLE skip_runs (id TEXT PRIMARY KEY)")
        present = {row[0] for row in conn.execute("SELECT name FROM src.sqlite_master WHERE type = 'table'")}
        steps = [t for t in ORDER if t in present]
        for i, table in enumerate(steps):
            if progress is not None:
                progress(i, len(steps) + 1, table)
            (_named if table in NAMED else _numbered)(conn, table, report)
        if "id_counters" in present:
            _counters(conn)
        conn.execute("COMMIT")
        if progress is not None:
            progress(len(steps) + 1, len(steps) + 1, "done")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.close()
    return report
