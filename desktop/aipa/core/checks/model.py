"""The check model: one requirement of the directive, what kind it is, who asked for it,
and (once measured or judged) whether the deliverable meets it.

``Check.to_dict()`` is the JSON of ``aipa run --json``'s top-level ``checks`` list, the
export and the trace; ``from_dict`` reads it back (the store keeps the same fields)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any


class CheckKind(StrEnum):
    """One member per measured family, plus JUDGED (a rubric item the auditor answers)."""

    WORDS = "words"
    SENTENCES = "sentences"
    PARAGRAPHS = "paragraphs"
    CHARACTERS = "characters"
    BULLETS = "bullets"
    NUMBERED = "numbered"
    SECTIONS = "sections"
    HEADINGS = "headings"
    INCLUDES = "includes"
    EXCLUDES = "excludes"
    LOWERCASE = "lowercase"
    UPPERCASE = "uppercase"
    NO_COMMAS = "no_commas"
    STARTS_WITH = "starts_with"
    ENDS_WITH = "ends_with"
    TITLE = "title"
    QUOTED = "quoted"
    JSON = "json"
    TABLE = "table"
    POSTSCRIPT = "postscript"
    PLACEHOLDERS = "placeholders"
    # Numbers in claims that cite the Principal's material appear in the cited passage
    # (added by the pipeline when the deliverable cites material: core/material/cited_numbers.py)
    CITED_NUMBERS = "cited_numbers"
    JUDGED = "judged"


class CheckSource(StrEnum):
    """Who asked: found in the directive, added by the Principal, proposed by the router."""

    DIRECTIVE = "directive"
    PRINCIPAL = "principal"
    MODEL = "model"


class Relation(StrEnum):
    """How a count compares with the number asked (``params["relation"]``)."""

    AT_MOST = "at_most"  # "no more than 60", "60 max", "up to 60"
    LESS_THAN = "less_than"  # "under 60", "fewer than 60", "below 60"
    AT_LEAST = "at_least"  # "at least 3", "3 or more"
    MORE_THAN = "more_than"  # "more than 3", "over 3"
    EXACTLY = "exactly"  # "exactly 3", "3 bullet points"

    def holds(self, count: int, number: int) -> bool:
        return {
            Relation.AT_MOST: count <= number,
            Relation.LESS_THAN: count < number,
            Relation.AT_LEAST: count >= number,
            Relation.MORE_THAN: count > number,
            Relation.EXACTLY: count == number,
        }[self]

    def words(self) -> str:
        """How the detail says it: "3 asked", "at most 60 asked"."""
        return {
            Relation.AT_MOST: "at most",
            Relation.LESS_THAN: "fewer than",
            Relation.AT_LEAST: "at least",
            Relation.MORE_THAN: "more than",
            Relation.EXACTLY: "",
        }[self]


# The families whose requirement is a count compared with a number.
COUNTED = frozenset(
    {
        CheckKind.WORDS,
        CheckKind.SENTENCES,
        CheckKind.PARAGRAPHS,
        CheckKind.CHARACTERS,
        CheckKind.BULLETS,
        CheckKind.NUMBERED,
        CheckKind.SECTIONS,
        CheckKind.HEADINGS,
        CheckKind.PLACEHOLDERS,
    }
)

# A check's id in a run is its family's slug ("words", "bullets", "ending"); a second
# check of the same family gets "-2", judged ones "j1", "j2"… (``merge.number``).
SLUGS: dict[CheckKind, str] = {
    CheckKind.STARTS_WITH: "start",
    CheckKind.ENDS_WITH: "ending",
    CheckKind.NO_COMMAS: "commas",
    CheckKind.CITED_NUMBERS: "citations",
    CheckKind.JUDGED: "j",
}

FIELDS = ("id", "text", "kind", "source", "params", "passed", "detail")


@dataclass(frozen=True)
class Check:
    """One requirement. ``passed``: True/False once measured (or judged with an
    answer), None before that; ``detail`` says what was found against what was asked."""

    id: str
    text: str
    kind: CheckKind
    source: CheckSource = CheckSource.DIRECTIVE
    params: dict[str, Any] = field(default_factory=dict)
    passed: bool | None = None
    detail: str = ""

    @property
    def measured(self) -> bool:
        return self.kind != CheckKind.JUDGED

    @property
    def failed(self) -> bool:
        return self.passed is False

    def with_result(self, passed: bool | None, detail: str) -> Check:
        return replace(self, passed=passed, detail=detail)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "text": self.text,
            "kind": str(self.kind),
            "source": str(self.source),
            "params": dict(self.params),
            "passed": self.passed,
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Check:
        passed = data.get("passed")
        return cls(
            id=str(data.get("id", "")),
            text=str(data.get("text", "")),
            kind=CheckKind(data.get("kind", CheckKind.JUDGED)),
            source=CheckSource(data.get("source", CheckSource.DIRECTIVE)),
            params=dict(data.get("params") or {}),
            passed=None if passed is None else bool(passed),
            detail=str(data.get("detail", "")),
        )


def slug(kind: CheckKind) -> str:
    """The id stem of a family ("bullets", "ending", "j")."""
    return SLUGS.get(kind, str(kind))


def failed(checks: list[Check]) -> list[Check]:
    """The measured checks that failed, in their order."""
    return [c for c in checks if c.measured and c.failed]


def number(checks: Iterable[Check]) -> list[Check]:
    """Give each check its id in the run: its family's slug, "-2"… for a second one of
    the family; judged ones "j1", "j2"…. Ids already set are kept when still unique."""
    out: list[Check] = []
    used: set[str] = set()
    for check in checks:
        ident = check.id if check.id and check.id not in used else _next_id(check.kind, used)
        used.add(ident)
        out.append(replace(check, id=ident))
    return out


def _next_id(kind: CheckKind, used: set[str]) -> str:
    stem = slug(kind)
    if kind == CheckKind.JUDGED:
        n = 1
        while f"{stem}{n}" in used:
            n += 1
        return f"{stem}{n}"
    if stem not in used:
        return stem
    n = 2
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"
