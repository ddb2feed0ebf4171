"""The session's library: attach documents (converted in a worker thread, stored once
per content), search them (keyword BM25, plus vectors when the provider embeds, fused
by weighted reciprocal rank) and pick the excerpts that fit a lead's brief and budget.

Why weighted: on the fixed corpus of tests/core/test_retrieval_quality.py, keyword
search alone put the right chunk in the top 3 for 12 of 12 questions; cosine similarity
over SmolLM2 embeddings (a chat model, not an embedding model) alone for 7 of 12, and
plain RRF (equal weights) for 10 of 12: the weak ranking overrode the strong one. With
the vector ranking weighted 0.1 to 0.3 the fused ranking kept 12 of 12 (0.5: 11 of 12).
``VECTOR_WEIGHT`` (0.25) sits inside that range: below about 0.76 a chunk found only by
the vectors cannot outrank a keyword hit in the top 20, so vectors reorder near ties
among keyword hits and fill in what keyword search missed. A provider whose embedding
model is a real one (e.g. nomic-embed-text) can weigh it more: ``embed_weight`` in that
provider's options.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
import struct
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from aipa.core.material.documents import MAX_FILE_BYTES, DocumentError, Section, check_file, convert
from aipa.store.documents import ChunkRow, DocumentRow

log = logging.getLogger("aipa.retrieval")

CHUNK_CHARS = 1200
RRF_K = 60  # reciprocal rank fusion: score = sum of weight / (RRF_K + rank)
KEYWORD_WEIGHT = 1.0
VECTOR_WEIGHT = 0.25  # see the module's docstring for the evidence
Embedder = Callable[[list[str]], Awaitable[list[list[float]]]]
AttachProgress = Callable[[str, int, int], None]  # (file name, done, total)


@dataclass(frozen=True)
class AttachError:
    path: str
    message: str
    hint: str

    def line(self) -> str:
        return f"{self.message} (hint: {self.hint})" if self.hint else self.message


class Cited(Protocol):
    """Anything quoted under a citation: a stored chunk or a part of a granted folder's file."""

    @property
    def name(self) -> str: ...
    @property
    def place(self) -> str: ...
    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class Excerpt:
    """The text one citation ``[name, place]`` points at, wherever it came from."""

    name: str
    place: str
    text: str


@dataclass
class AttachReport:
    attached: list[DocumentRow] = field(default_factory=list)
    errors: list[AttachError] = field(default_factory=list)


def chunk_sections(sections: Sequence[Section], size: int = CHUNK_CHARS) -> list[tuple[str, str]]:
    """(place, text) chunks of at most about ``size`` characters, split at paragraphs, then lines."""
    out: list[tuple[str, str]] = []
    for section in sections:
        buf = ""
        for para in _pieces(section.text, size):
            if buf and len(buf) + len(para) + 2 > size:
                out.append((section.place, buf.strip()))
                buf = ""
            buf = f"{buf}\n\n{para}" if buf else para
        if buf.strip():
            out.append((section.place, buf.strip()))
    return out


def _pieces(text: str, size: int) -> list[str]:
    pieces: list[str] = []
    for para in text.split("\n\n"):
        while len(para) > size:
            cut = para.rfind("\n", 0, size)
            cut = cut if cut > size // 2 else para.rfind(" ", 0, size)
            cut = cut if cut > size // 2 else size
            pieces.append(para[:cut])
            para = para[cut:].lstrip()
        if para.strip():
            pieces.append(para)
    return pieces


def outline_of(sections: Sequence[Section], limit: int = 6) -> str:
    """A short outline: the first places and how many there are."""
    places = list(dict.fromkeys(s.place for s in sections))
    shown = ", ".join(places[:limit])
    return shown + (f", … ({len(places)} parts)" if len(places) > limit else "")


def pack(vector: Sequence[float]) -> bytes:
    return struct.pack(f"<{len(vector)}f", *vector)


def unpack(blob: bytes) -> list[float]:
    return list(struct.unpack(f"<{len(blob) // 4}f", blob))


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def fuse(*rankings: Sequence[int], weights: Sequence[float] = ()) -> list[int]:
    """Weighted reciprocal rank fusion of lists of chunk ids (best first); a ranking
    without a weight counts 1. Ties keep the order of first appearance."""
    scores: dict[int, float] = {}
    for i, ranking in enumerate(rankings):
        weight = weights[i] if i < len(weights) else 1.0
        for rank, chunk_id in enumerate(ranking, 1):
            scores[chunk_id] = scores.get(chunk_id, 0.0) + weight / (RRF_K + rank)
    return sorted(scores, key=lambda c: -scores[c])


def cite(chunk: Cited) -> str:
    return f"[{chunk.name}, {chunk.place}]"


class Library:
    """Documents of sessions over the store. ``embedder`` (optional, with its model name)
    adds vector search; without it keyword search works alone, offline."""

    def __init__(
        self,
        store,
        *,
        embedder: Embedder | None = None,
        embed_model: str = "",
        vector_weight: float = VECTOR_WEIGHT,
        max_bytes: int = MAX_FILE_BYTES,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.embed_model = embed_model
        self.vector_weight = vector_weight
        self.max_bytes = max_bytes

    async def attach(
        self, session_id: str, paths: Sequence[str | Path], progress: AttachProgress | None = None
    ) -> AttachReport:
        """Convert (in a worker thread) and store each file; a bad file is reported, never raised."""
        report = AttachReport()
        for raw in paths:
            path = Path(raw).expanduser()
            try:
                row = await self._attach_one(session_id, path, progress)
            except DocumentError as exc:
                log.warning("not attached: %s", exc.message)
                report.errors.append(AttachError(str(path), exc.message, exc.hint))
                continue
            report.attached.append(row)
        if self.embedder is not None and report.attached:
            try:
                await self.embed_missing(session_id)
            except Exception as exc:  # noqa: BLE001 - no vectors: keyword search still works
                message = f"embeddings not made ({' '.join(str(exc).split())[:160]}); keyword search only"
                log.warning("%s", message)
                report.errors.append(AttachError("", message, "check the embedding model in the provider settings"))
        return report

    async def prepare(self, path: str | Path, progress: AttachProgress | None = None) -> DocumentRow:
        """Check, convert (in a worker thread: ``progress`` is called from it) and store one
        file without attaching it to a session; the same content is converted once.
        DocumentError (a one-line message and a hint) when the file cannot be used."""
        path = Path(path).expanduser()
        kind, size = check_file(path, max_bytes=self.max_bytes)
        digest = await asyncio.to_thread(_sha256, path)
        if not self.store.has_document(digest):

            def step(done: int, total: int) -> None:
                if progress is not None:
                    progress(path.name, done, total)

            sections = await asyncio.to_thread(convert, path, max_bytes=self.max_bytes, progress=step)
            self.store.add_document(digest, path.name, kind, size, outline_of(sections), chunk_sections(sections))
        row = self.store.document(digest, path.name)
        assert row is not None
        return row

    async def _attach_one(self, session_id: str, path: Path, progress: AttachProgress | None) -> DocumentRow:
        digest = (await self.prepare(path, progress)).sha256
        self.store.attach_document(session_id, digest, path.name)
        return next(d for d in self.store.session_documents(session_id) if d.sha256 == digest)

    def documents(self, session_id: str) -> list[DocumentRow]:
        return self.store.session_documents(session_id)

    async def embed_missing(self, session_id: str, batch: int = 32) -> int:
        """Embed the session's chunks that have no vector for this model yet; returns how many."""
        if self.embedder is None:
            return 0
        todo = self.store.missing_embeddings(session_id, self.embed_model)
        for start in range(0, len(todo), batch):
            part = todo[start : start + batch]
            vectors = await self.embedder([c.text for c in part])
            self.store.save_embeddings(
                self.embed_model, [(c.chunk_id, pack(v)) for c, v in zip(part, vectors, strict=True)]
            )
        return len(todo)

    async def search(self, session_id: str, query: str, k: int = 5) -> list[ChunkRow]:
        """The best ``k`` chunks: BM25 alone, or fused with cosine similarity (weighted by
        ``vector_weight``) when embeddings exist."""
        keyword = self.store.search_chunks(session_id, query, limit=max(k * 4, 20))
        ranking = [c.chunk_id for c in keyword]
        if self.embedder is not None:
            try:
                stored = self.store.embeddings(session_id, self.embed_model)
                if stored:
                    [qvec] = await self.embedder([query])
                    scored = sorted(stored, key=lambda row: -cosine(qvec, unpack(row[1])))
                    vectors = [cid for cid, _ in scored[: max(k * 4, 20)]]
                    ranking = fuse(ranking, vectors, weights=(KEYWORD_WEIGHT, self.vector_weight))
            except Exception as exc:  # noqa: BLE001 - an embedding server that fails: keyword search still answers
                log.warning("vector search unavailable (%s); keyword search only", exc)
        known = {c.chunk_id: c for c in keyword}
        out = []
        for chunk_id in ranking[:k]:
            chunk = known.get(chunk_id) or self._session_chunk(session_id, chunk_id)
            if chunk is not None:
                out.append(chunk)
        return out

    def _session_chunk(self, session_id: str, chunk_id: int) -> ChunkRow | None:
        chunk = self.store.chunk(chunk_id)
        if chunk is None:
            return None
        names = {d.sha256: d.name for d in self.store.session_documents(session_id)}
        return ChunkRow(
            chunk.chunk_id, chunk.sha256, names.get(chunk.sha256, chunk.name), chunk.seq, chunk.place, chunk.text
        )

    async def excerpts(self, session_id: str, query: str, budget_chars: int, k: int = 8) -> list[ChunkRow]:
        """The best chunks for ``query`` that fit in ``budget_chars``."""
        picked, used = [], 0
        for chunk in await self.search(session_id, query, k=k):
            if used + len(chunk.text) > budget_chars:
                continue
            picked.append(chunk)
            used += len(chunk.text)
        return picked

    def at(self, session_id: str, name: str, place: str) -> list[ChunkRow]:
        """The excerpts a citation ``[name, place]`` points at (empty when it points nowhere)."""
        return [c for c in self.store.chunks_of(session_id, name) if c.place == place.strip()]

    def read(self, session_id: str, name: str, place: str = "", max_chars: int = 8000) -> str:
        """A document's text from ``place`` on (its start when empty), with citations, capped."""
        chunks = self.store.chunks_of(session_id, name)
        if not chunks:
            known = ", ".join(d.name for d in self.documents(session_id)) or "none"
            raise DocumentError(f"no attached document named '{name}'", f"attached: {known}")
        if place:
            start = next((i for i, c in enumerate(chunks) if c.place == place.strip()), None)
            if start is None:
                places = ", ".join(dict.fromkeys(c.place for c in chunks))[:400]
                raise DocumentError(f"'{name}' has no part '{place}'", f"its parts: {places}")
            chunks = chunks[start:]
        out: list[str] = []
        used = 0
        for chunk in chunks:
            block = f"{cite(chunk)}\n{chunk.text}"
            if used + len(block) > max_chars and out:
                out.append(f"(more follows: read_document with place '{chunk.place}')")
                break
            out.append(block[:max_chars])
            used += len(block)
        return "\n\n".join(out)


def format_excerpts(chunks: Sequence[Cited]) -> str:
    """Excerpts as quoted data, each under its citation."""
    return "\n\n".join(f"{cite(c)}\n" + "\n".join(f"> {line}" for line in c.text.splitlines()) for c in chunks)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
