"""Attached pictures: one row per picture a session has, with the directive it went with
(``run_id``, NULL while it waits for the next directive), its name, alt text and size.
The bytes are files in the data folder named by their sha256 (core/material/picture_shelf.py)."""

from __future__ import annotations

from dataclasses import dataclass

from aipa.store.base import StoreBase

_COLUMNS = "id, session_id, run_id, sha256, name, alt, media_type, width, height, size, sent_bytes, added_at"


@dataclass(frozen=True)
class PictureRow:
    picture_id: int
    session_id: str
    run_id: str | None
    sha256: str
    name: str
    alt: str  # the Principal's caption ('' = the file name speaks for it)
    media_type: str
    width: int
    height: int
    size: int
    sent_bytes: int  # bytes (base64, as on the wire) sent to models so far
    added_at: str

    @property
    def spoken(self) -> str:
        """What a screen reader says for it."""
        return self.alt or self.name


class PictureOps(StoreBase):
    def add_picture(
        self,
        session_id: str,
        sha256: str,
        name: str,
        media_type: str,
        width: int,
        height: int,
        size: int,
        alt: str = "",
    ) -> int:
        """A picture waiting in ``session_id`` for its directive; returns its id."""
        with self._writing(f"attach the picture {name}"):
            cursor = self._db.execute_sql(
                "INSERT INTO pictures (session_id, run_id, sha256, name, alt, media_type, width, height, size,"
                " added_at) VALUES (?,NULL,?,?,?,?,?,?,?,?)",
                (session_id, sha256, name, alt, media_type, width, height, size, self._now().isoformat()),
            )
            return int(cursor.lastrowid or 0)

    def claim_pictures(self, session_id: str, run_id: str) -> int:
        """Give the session's waiting pictures to run ``run_id``; returns how many."""
        with self._writing(f"give the pictures to run {run_id}"):
            cursor = self._db.execute_sql(
                "UPDATE pictures SET run_id = ? WHERE session_id = ? AND run_id IS NULL", (run_id, session_id)
            )
            return cursor.rowcount

    def remove_picture(self, picture_id: int) -> None:
        """Take back a picture not yet sent (the × on its thumbnail)."""
        with self._writing("remove a picture"):
            self._db.execute_sql("DELETE FROM pictures WHERE id = ? AND run_id IS NULL", (picture_id,))

    def count_sent(self, run_id: str, sent_bytes: int) -> None:
        """Add one call's picture bytes to the run's pictures (spread evenly: each went whole)."""
        if self.read_only:
            return
        with self._writing("count the pictures sent"):
            self._db.execute_sql(
                "UPDATE pictures SET sent_bytes = sent_bytes + ? WHERE run_id = ?", (sent_bytes, run_id)
            )

    def pictures(self, session_id: str, *, run_id: str | None = None, waiting: bool = False) -> list[PictureRow]:
        """The session's pictures in the order attached: those of one run, the waiting ones, or all."""
        sql = f"SELECT {_COLUMNS} FROM pictures WHERE session_id = ?"
        args: tuple = (session_id,)
        if run_id is not None:
            sql, args = sql + " AND run_id = ?", (session_id, run_id)
        elif waiting:
            sql += " AND run_id IS NULL"
        return [PictureRow(*row) for row in self._db.execute_sql(sql + " ORDER BY id", args).fetchall()]

    def run_pictures(self, run_id: str) -> list[PictureRow]:
        rows = self._db.execute_sql(f"SELECT {_COLUMNS} FROM pictures WHERE run_id = ? ORDER BY id", (run_id,))
        return [PictureRow(*row) for row in rows.fetchall()]

    def picture_hashes(self) -> set[str]:
        """Every sha256 some session still has (the files the data folder keeps)."""
        return {row[0] for row in self._db.execute_sql("SELECT DISTINCT sha256 FROM pictures").fetchall()}
