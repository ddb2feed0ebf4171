"""Planning intake: a fixed question set with stable ids, answers extracted from the
description (by rules, then by the model), the rest asked through the clarify gate.
Every answer records where it came from: typed, extracted or defaulted.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, model_validator

from aipa.core.run.reviewer import AUTO_ANSWER
from aipa.core.text.parsing import parse_as
from aipa.core.text.shapes import Shape

QUESTIONS: tuple[tuple[str, str], ...] = (
    ("goal", "What is the project's goal?"),
    ("users", "Who will use it?"),
    ("scope", "What is in scope for the first release (list the main capabilities)?"),
    ("team", "How big is the team, and which roles does it have?"),
    ("sprint_length", "How long is a sprint?"),
    ("capacity", "What is the team's velocity or capacity per sprint, in story points?"),
    ("deadline", "Is there a deadline?"),
    ("constraints", "Any constraints (budget, compliance, platforms)?"),
    ("tech", "Any technology choices or preferences?"),
)
QUESTION_TEXT = dict(QUESTIONS)

DEFAULTS = {
    "users": "the people the product is for",
    "scope": "an MVP covering the core experience",
    "team": "3 developers",
    "sprint_length": "2 weeks",
    "deadline": "none given",
    "constraints": "none given",
    "tech": "the team's choice",
}
POINTS_PER_DEV_WEEK = 4

_NUM_WORDS = {
    w: i
    for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    )
}
_NUM = r"(\d+|" + "|".join(_NUM_WORDS) + r")"


def _num(text: str) -> int | None:
    match = re.search(_NUM, text.lower())
    if not match:
        return None
    word = match.group(1)
    return int(word) if word.isdigit() else _NUM_WORDS[word]


def rule_extract(description: str) -> dict[str, str]:
    """Answers that plain rules can read off the description."""
    text = " ".join(description.split())
    low = text.lower()
    found: dict[str, str] = {}
    first = re.split(r"[,.;]", text, maxsplit=1)[0].strip()
    if len(first.split()) >= 2:
        found["goal"] = first
    team = re.search(_NUM + r"\s+(developers|devs|engineers|people|person team)", low)
    if team:
        found["team"] = f"{team.group(1)} {team.group(2)}"
    sprint = re.search(_NUM + r"[- ](week|day)s?\s*(long\s*)?sprints?", low)
    if sprint:
        found["sprint_length"] = f"{sprint.group(1)} {sprint.group(2)}s"
    velocity = re.search(_NUM + r"\s*(story\s*)?points?", low)
    if velocity:
        found["capacity"] = f"{velocity.group(1)} points"
    deadline = re.search(r"\b(by|before|deadline[: ]+)\s*([A-Z][a-z]+ \d{4}|\d{4}-\d{2}-\d{2}|Q[1-4] \d{4})", text)
    if deadline:
        found["deadline"] = deadline.group(2)
    users = re.search(r"\bfor ([a-z ]{3,40}?)(?:[,.;]|$| who| with)", low)
    if users and not any(w in users.group(1) for w in ("week", "sprint", "developer")):
        found["users"] = users.group(1).strip()
    return found


def _answer(value: Any) -> str | None:
    return value if isinstance(value, str) else None  # a number or a list is no answer


class Extraction(Shape):
    """The model's reading of the description: question id -> answer, null when unsaid."""

    answers: dict[str, Annotated[str | None, BeforeValidator(_answer)]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, data: Any) -> Any:
        """``{"goal": ...}`` without the ``answers`` wrapper is read as the answers."""
        if isinstance(data, dict) and not isinstance(data.get("answers"), dict):
            return {"answers": data}
        return data


_UNSAID = ("null", "none", "unknown", "n/a", "not specified", "not mentioned")


def parse_extraction(text: str) -> dict[str, str]:
    """The model's extraction: known ids with non-empty string answers only."""
    answers = parse_as(Extraction, text).answers
    out = {}
    for qid, value in answers.items():
        value = (value or "").strip()
        if qid in QUESTION_TEXT and value and value.lower() not in _UNSAID:
            out[qid] = value
    return out


def is_no_answer(answer: str | None) -> bool:
    return not answer or not answer.strip() or answer.strip() == AUTO_ANSWER


def team_size(answer: str) -> int:
    return max(1, _num(answer) or 3)


def sprint_weeks(answer: str) -> int:
    n = _num(answer) or 2
    return max(1, round(n / 5)) if "day" in answer.lower() else max(1, n)


def capacity(answers: dict[str, str]) -> tuple[int, bool]:
    """Points per sprint, and whether it was derived (not given)."""
    given = _num(answers.get("capacity", "") or "")
    if given:
        return given, False
    size = team_size(answers.get("team", DEFAULTS["team"]))
    weeks = sprint_weeks(answers.get("sprint_length", DEFAULTS["sprint_length"]))
    return size * weeks * POINTS_PER_DEV_WEEK, True
