"""The citation audit, measured (issue 31): a number in a claim that cites the Principal's
material (``[file, place]``) must appear in the cited passage. A claim is the sentence or
list item the citation stands in; its numbers are read without the citations themselves
("p. 2" is a place, not a claim) and compared by their digits ("12,500" is "12500")."""

from __future__ import annotations

import re
from collections.abc import Callable

from aipa.core.material.grounding import CITATION

_NUMBER = re.compile(r"(?<![\w.,])\d[\d,.\u202f ]*\d(?![\w])|(?<![\w.,])\d(?![\w.,]?\d)")
_CLAIMS = re.compile(r"[^\n.!?。！？]*(?:[.!?。！？]+(?!\d)|$)")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")

# (file, place) -> the cited passage's text ("" when the citation points nowhere)
Passage = Callable[[str, str], str]


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)


def claims(text: str) -> list[str]:
    """The pieces of ``text`` that carry a citation (a sentence or a list item)."""
    out: list[str] = []
    for raw in text.splitlines():
        out += _line_claims(_ITEM.sub("", raw))
    return out


def _line_claims(line: str) -> list[str]:
    kept: list[str] = []  # the citations, held out while the line is split into sentences

    def hold(m: re.Match[str]) -> str:
        kept.append(m.group())
        return f"\x00{len(kept) - 1}\x00"

    held = CITATION.sub(hold, line)
    pieces = [p for p in _CLAIMS.findall(held) if "\x00" in p]
    return [re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], p).strip() for p in pieces]


def unsupported(text: str, passage: Passage) -> tuple[int, list[str]]:
    """(numbers checked, one line per number its cited passage does not hold)."""
    checked = 0
    problems: list[str] = []
    for claim in claims(text):
        cited = [(f.strip(), p.strip()) for f, p in CITATION.findall(claim)]
        held = " ".join(passage(f, p) for f, p in cited)
        if not held.strip():
            continue  # a citation that points nowhere is the other audit's finding
        found = {_digits(n) for n in _NUMBER.findall(held)}
        for number in _NUMBER.findall(CITATION.sub(" ", claim)):
            checked += 1
            if _digits(number) not in found:
                where = ", ".join(f"{f}, {p}" for f, p in cited)
                problems.append(f"“{number.strip()}” is not in [{where}]")
    return checked, problems
