"""Attached documents: stored once per content (sha256), chunks with their place,
full-text search over chunks (FTS5, BM25) and optional embeddings (float32 blobs)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from aipa.store.base import StoreBase


@dataclass(frozen=True)
class DocumentRow:
    sha256: str
    name: str  # the name it was attached under in the session (the first name otherwise)
    kind: str
    size: int
    chars: int
    outline: str
    chunks: int


@dataclass(frozen=True)
class ChunkRow:
    chunk_id: int
    sha256: str
    name: str
    seq: int
    place: str
    text: str
    score: float = 0.0


def fts_query(text: str) -> str:
    """An FTS5 query that matches any of the words of ``text`` (quoted: no syntax errors)."""
    words = [w for w in re.findall(r"\w+", text.lower()) if len(w) > 1]
    return " OR ".join(f'"{w}"' for w in dict.fromkeys(words))


class DocumentOps(StoreBase):
    def has_document(self, sha256: str) -> bool:
        return self._db.execute_sql("SELECT 1 FROM documents WHERE sha256 = ?", (sha256,)).fetchone() is not None

    def add_document(
        self, sha256: str, name: str, kind: str, size: int, outline: str, chunks: Sequence[tuple[str, str]]
    ) -> None:
        """Store a document's chunks ((place, text) each) unless that content is stored already."""
        with self._writing(f"store document {name}"):
            if self.has_document(sha256):
                return
            chars = sum(len(t) for _p, t in chunks)
            self._db.execute_sql(
                "INSERT INTO documents (sha256, name, kind, size, chars, outline, created_at) VALUES (?,?,?,?,?,?,?)",
                (sha256, name, kind, size, chars, outline, self._now().isoformat()),
            )
            for seq, (place, text) in enumerate(chunks):
                self._db.execute_sql(
                    "INSERT INTO chunks (sha256, seq, place, text) VALUES (?,?,?,?)", (sha256, seq, place, text)
                )

    def attach_document(self, session_id: str, sha256: str, name: str) -> None:
        with self._writing(f"attach {name}"):
            self._db.execute_sql(
                "INSERT OR IGNORE INTO session_documents (session_id, sha256, name, added_at) VALUES (?,?,?,?)",
                (session_id, sha256, name, self._now().isoformat()),
            )

    def document(self, sha256: str, name: str = "") -> DocumentRow | None:
        """A stored document (under ``name`` when given), attached to a session or not."""
        row = self._db.execute_sql(
            "SELECT d.sha256, d.name, d.kind, d.size, d.chars, d.outline,"
            " (SELECT COUNT(*) FROM chunks c WHERE c.sha256 = d.sha256) FROM documents d WHERE d.sha256 = ?",
            (sha256,),
        ).fetchone()
        if row is None:
            return None
        doc = DocumentRow(*row)
        return DocumentRow(
            doc.sha256, name or doc.name, *[getattr(doc, f) for f in ("kind", "size", "chars", "outline", "chunks")]
        )

    def session_documents(self, session_id: str) -> list[DocumentRow]:
        rows = self._db.execute_sql(
            "SELECT d.sha256, s.name, d.kind, d.size, d.chars, d.outline,"
            " (SELECT COUNT(*) FROM chunks c WHERE c.sha256 = d.sha256)"
            " FROM session_documents s JOIN documents d ON d.sha256 = s.sha256"
            " WHERE s.session_id = ? ORDER BY s.added_at, s.name",
            (session_id,),
        ).fetchall()
        return [DocumentRow(*r) for r in rows]

    def document_count(self) -> int:
        return self._db.execute_sql("SELECT COUNT(*) FROM documents").fetchone()[0]

    def search_chunks(self, session_id: str, query: str, limit: int = 10) -> list[ChunkRow]:
        """The session's chunks matching ``query``, best first (BM25; lower rank is better)."""
        match = fts_query(query)
        if not match:
            return []
        rows = self._db.execute_sql(
            "SELECT c.id, c.sha256, s.name, c.seq, c.place, c.text, bm25(chunks_fts) AS rank"
            " FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
            " JOIN session_documents s ON s.sha256 = c.sha256 AND s.session_id = ?"
            " WHERE chunks_fts MATCH ? ORDER BY rank LIMIT ?",
            (session_id, match, limit),
        ).fetchall()
        return [ChunkRow(r[0], r[1], r[2], r[3], r[4], r[5], score=-r[6]) for r in rows]

    def chunks_of(self, session_id: str, name: str | None = None) -> list[ChunkRow]:
        """Every chunk of the session's documents (of one document when ``name`` is given), in order."""
        sql = (
            "SELECT c.id, c.sha256, s.name, c.seq, c.place, c.text FROM chunks c"
            " JOIN session_documents s ON s.sha256 = c.sha256 AND s.session_id = ?"
        )
        args: tuple = (session_id,)
        if name is not None:
            sql += " WHERE s.name = ?"
            args += (name,)
        rows = self._db.execute_sql(sql + " ORDER BY s.added_at, s.name, c.seq", args).fetchall()
        return [ChunkRow(*r) for r in rows]

    def embeddings(self, session_id: str, model: str) -> list[tuple[int, bytes]]:
        rows = self._db.execute_sql(
            "SELECT c.id, c.embedding FROM chunks c JOIN session_documents s ON s.sha256 = c.sha256"
            " AND s.session_id = ? WHERE c.embed_model = ? AND c.embedding IS NOT NULL",
            (session_id, model),
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def missing_embeddings(self, session_id: str, model: str) -> list[ChunkRow]:
        return [c for c in self.chunks_of(session_id) if c.chunk_id not in dict(self.embeddings(session_id, model))]

    def save_embeddings(self, model: str, vectors: Sequence[tuple[int, bytes]]) -> None:
        with self._writing("store embeddings"):
            for chunk_id, blob in vectors:
                self._db.execute_sql(
                    "UPDATE chunks SET embedding = ?, embed_model = ? WHERE id = ?", (blob, model, chunk_id)
                )

    def chunk(self, chunk_id: int) -> ChunkRow | None:
        row = self._db.execute_sql(
            "SELECT c.id, c.sha256, d.name, c.seq, c.place, c.text FROM chunks c"
            " JOIN documents d ON d.sha256 = c.sha256 WHERE c.id = ?",
            (chunk_id,),
        ).fetchone()
        return ChunkRow(*row) if row else None
