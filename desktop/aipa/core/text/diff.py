"""Two texts compared word by word (issue 23's compare view): what stayed, what went,
what came. Whitespace is kept with the word before it, so each side can be shown as it
was written with the changed words marked."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

_TOKENS = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Piece:
    """A run of text: ``kind`` is "same", "gone" (only in the old text) or "new" (only in the new)."""

    kind: str
    text: str


@dataclass(frozen=True)
class Comparison:
    old: tuple[Piece, ...]  # the old text, its removed words marked "gone"
    new: tuple[Piece, ...]  # the new text, its added words marked "new"
    removed: int  # words
    added: int

    @property
    def same(self) -> bool:
        return not self.removed and not self.added


def tokens(text: str) -> list[str]:
    return _TOKENS.findall(text)


def _words(pieces: list[str]) -> int:
    return sum(1 for p in pieces if p.strip())


def compare(old: str, new: str) -> Comparison:
    """``old`` and ``new`` side by side, word by word (the words' trailing spaces and line
    breaks compared with them, so a reflowed line shows as changed where it changed)."""
    a, b = tokens(old), tokens(new)
    matcher = difflib.SequenceMatcher(None, [t.strip() for t in a], [t.strip() for t in b], autojunk=False)
    left: list[Piece] = []
    right: list[Piece] = []
    removed = added = 0
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            left.append(Piece("same", "".join(a[i1:i2])))
            right.append(Piece("same", "".join(b[j1:j2])))
            continue
        if i2 > i1:
            left.append(Piece("gone", "".join(a[i1:i2])))
            removed += _words(a[i1:i2])
        if j2 > j1:
            right.append(Piece("new", "".join(b[j1:j2])))
            added += _words(b[j1:j2])
    return Comparison(tuple(_merge(left)), tuple(_merge(right)), removed, added)


def _merge(pieces: list[Piece]) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if not p.text:
            continue
        if out and out[-1].kind == p.kind:
            out[-1] = Piece(p.kind, out[-1].text + p.text)
        else:
            out.append(p)
    return out
