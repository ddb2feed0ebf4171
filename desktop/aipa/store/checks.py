"""Each run's checks (issue 31), in plain SQL: the list is written whole (when it is set
and each time it is measured) and read in order. Rows are plain dicts with the fields of
``core/checks/model.Check.to_dict``; the store knows nothing of their meaning."""

from __future__ import annotations

import json
from typing import Any

from aipa.store.base import StoreBase

COLUMNS = "check_id, text, kind, source, params, passed, detail"


class CheckOps(StoreBase):
    def save_checks(self, run_id: str, checks: list[dict[str, Any]]) -> None:
        """Replace the run's checks with ``checks`` (in order), in one transaction."""
        with self._writing(f"save the checks of run {run_id}"):
            self._db.execute_sql("DELETE FROM checks WHERE run_id = ?", (run_id,))
            for position, c in enumerate(checks):
                passed = c.get("passed")
                self._db.execute_sql(
                    f"INSERT INTO checks (run_id, position, {COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        run_id,
                        position,
                        str(c.get("id", "")),
                        str(c.get("text", "")),
                        str(c.get("kind", "")),
                        str(c.get("source", "")),
                        json.dumps(c.get("params") or {}, ensure_ascii=False),
                        None if passed is None else int(bool(passed)),
                        str(c.get("detail", "")),
                    ),
                )

    def checks(self, run_id: str) -> list[dict[str, Any]]:
        """The run's checks in order ([] for a run without any, or an older run)."""
        rows = self._db.execute_sql(
            f"SELECT {COLUMNS} FROM checks WHERE run_id = ? ORDER BY position", (run_id,)
        ).fetchall()
        return [
            {
                "id": r[0],
                "text": r[1],
                "kind": r[2],
                "source": r[3],
                "params": json.loads(r[4] or "{}"),
                "passed": None if r[5] is None else bool(r[5]),
                "detail": r[6],
            }
            for r in rows
        ]
