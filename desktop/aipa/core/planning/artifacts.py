"""Planning artifacts: immutable records, each field with a default, so a plan saved
by an older version (missing fields) or a newer one (extra fields) still opens.

Each stage has: a JSON schema (constrained decoding), a parser that validates model
output (raising ParseError so the playbook can re-ask), and a deterministic fallback.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from aipa.core.parsing import ParseError, extract_json

PRIORITIES = ("must", "should", "could")
LABELS = ("Code", "Docs", "Infra", "Testing")


def _from(cls, data: Any):
    """Build a record from a dict, ignoring unknown keys and defaulting missing ones."""
    if not isinstance(data, dict):
        return cls()
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in data.items() if k in names})


def _s(value: Any, default: str = "") -> str:
    return value.strip() if isinstance(value, str) and value.strip() else default


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return ()
    return tuple(v.strip() for v in value if isinstance(v, str) and v.strip())


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        match = re.search(r"\d+", value)
        return int(match.group()) if match else default
    return default


# --- records ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    summary: str = ""
    goals: tuple[str, ...] = ()
    risks: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feature:
    id: str = ""
    name: str = ""
    description: str = ""
    priority: str = "should"


@dataclass(frozen=True)
class Story:
    id: str = ""
    feature: str = ""
    as_a: str = ""
    i_want: str = ""
    so_that: str = ""
    acceptance_criteria: tuple[str, ...] = ()
    points: int = 3
    priority: str = "should"

    @property
    def text(self) -> str:
        return f"As {self.as_a}, I want {self.i_want}, so that {self.so_that}."


@dataclass(frozen=True)
class Task:
    id: str = ""
    story: str = ""
    title: str = ""
    label: str = "Code"
    test_plan: str = ""


@dataclass(frozen=True)
class Sprint:
    number: int = 1
    goal: str = ""
    stories: tuple[str, ...] = ()
    points: int = 0


@dataclass(frozen=True)
class Plan:
    """Everything a plan run produced so far (any part may still be empty)."""

    description: str = ""
    intake: dict = field(default_factory=dict)  # qid -> {"answer", "source"}
    capacity: int = 0
    sprint_weeks: int = 2
    analysis: Analysis = field(default_factory=Analysis)
    features: tuple[Feature, ...] = ()
    stories: tuple[Story, ...] = ()
    tasks: tuple[Task, ...] = ()
    sprints: tuple[Sprint, ...] = ()

    def to_dict(self) -> dict:
        return asdict(self)


def analysis_from(data) -> Analysis:
    a = _from(Analysis, data)
    return Analysis(_s(a.summary), _strings(a.goals), _strings(a.risks), _strings(a.assumptions))


def features_from(items) -> tuple[Feature, ...]:
    return tuple(_from(Feature, f) for f in items or ())


def stories_from(items) -> tuple[Story, ...]:
    out = []
    for item in items or ():
        s = _from(Story, item)
        out.append(
            Story(**{**asdict(s), "acceptance_criteria": _strings(s.acceptance_criteria), "points": _int(s.points, 3)})
        )
    return tuple(out)


def tasks_from(items) -> tuple[Task, ...]:
    return tuple(_from(Task, t) for t in items or ())


def sprints_from(items) -> tuple[Sprint, ...]:
    return tuple(
        Sprint(**{**asdict(_from(Sprint, s)), "stories": _strings(_from(Sprint, s).stories)}) for s in items or ()
    )


# --- schemas ---------------------------------------------------------------------------

_STR = {"type": "string"}
_STRS = {"type": "array", "items": _STR}


def _obj(props: dict, required: list[str] | None = None) -> dict:
    return {"type": "object", "properties": props, "required": required or list(props)}


SCHEMAS = {
    "intake": _obj({"answers": {"type": "object", "additionalProperties": {"type": ["string", "null"]}}}),
    "analysis": _obj({"summary": _STR, "goals": _STRS, "risks": _STRS, "assumptions": _STRS}),
    "features": _obj(
        {
            "features": {
                "type": "array",
                "minItems": 1,
                "maxItems": 12,
                "items": _obj(
                    {
                        "id": _STR,
                        "name": _STR,
                        "description": _STR,
                        "priority": {"type": "string", "enum": list(PRIORITIES)},
                    }
                ),
            }
        }
    ),
    "stories": _obj(
        {
            "stories": {
                "type": "array",
                "minItems": 1,
                "maxItems": 40,
                "items": _obj(
                    {
                        "id": _STR,
                        "feature": _STR,
                        "as_a": _STR,
                        "i_want": _STR,
                        "so_that": _STR,
                        "acceptance_criteria": {"type": "array", "minItems": 1, "items": _STR},
                        "points": {"type": "integer", "minimum": 1},
                        "priority": {"type": "string", "enum": list(PRIORITIES)},
                    }
                ),
            }
        }
    ),
    "tasks": _obj(
        {
            "tasks": {
                "type": "array",
                "minItems": 1,
                "items": _obj(
                    {
                        "id": _STR,
                        "story": _STR,
                        "title": _STR,
                        "label": {"type": "string", "enum": list(LABELS)},
                        "test_plan": _STR,
                    }
                ),
            }
        }
    ),
    "sprints": _obj(
        {
            "sprints": {
                "type": "array",
                "minItems": 1,
                "items": _obj({"number": {"type": "integer", "minimum": 1}, "goal": _STR, "stories": _STRS}),
            }
        }
    ),
}


# --- parsers (validate; raise ParseError with what to fix) --------------------------------


def _list(text: str, key: str) -> list:
    data = extract_json(text)
    if isinstance(data, dict):
        data = data.get(key)
    if not isinstance(data, list) or not data:
        raise ParseError(f"expected a non-empty '{key}' list")
    return data


def parse_analysis(text: str) -> Analysis:
    a = analysis_from(extract_json(text))
    if not a.summary or not a.goals:
        raise ParseError("the analysis needs a 'summary' and at least one goal")
    return a


def parse_features(text: str) -> tuple[Feature, ...]:
    feats = []
    for i, f in enumerate(features_from(_list(text, "features"))):
        if not _s(f.name):
            raise ParseError(f"feature {i + 1} has no name")
        prio = f.priority if f.priority in PRIORITIES else "should"
        feats.append(Feature(f"F{i + 1}", f.name.strip(), _s(f.description, f.name), prio))
    return tuple(feats)


def parse_stories(text: str, features: tuple[Feature, ...], capacity: int) -> tuple[Story, ...]:
    ids = {f.id for f in features}
    by_name = {f.name.lower(): f.id for f in features}
    stories = []
    for i, s in enumerate(stories_from(_list(text, "stories"))):
        where = f"story {i + 1}"
        if not (_s(s.as_a) and _s(s.i_want) and _s(s.so_that)):
            raise ParseError(f"{where} needs as_a, i_want and so_that")
        if not s.acceptance_criteria:
            raise ParseError(f"{where} has no acceptance criteria")
        if not 1 <= s.points <= capacity:
            raise ParseError(f"{where} has {s.points} points; it must be 1..{capacity} (split larger stories)")
        feature = s.feature if s.feature in ids else by_name.get(str(s.feature).lower(), "")
        if not feature:
            raise ParseError(f"{where} names feature '{s.feature}', which does not exist ({', '.join(sorted(ids))})")
        prio = s.priority if s.priority in PRIORITIES else "should"
        stories.append(
            Story(
                f"S{i + 1}",
                feature,
                s.as_a.strip(),
                s.i_want.strip(),
                s.so_that.strip(),
                s.acceptance_criteria,
                s.points,
                prio,
            )
        )
    return tuple(stories)


def parse_tasks(text: str, stories: tuple[Story, ...]) -> tuple[Task, ...]:
    ids = {s.id for s in stories}
    tasks = []
    for i, t in enumerate(tasks_from(_list(text, "tasks"))):
        if t.story not in ids:
            raise ParseError(f"task {i + 1} names story '{t.story}', which does not exist")
        if t.label not in LABELS:
            raise ParseError(f"task {i + 1} label must be one of {', '.join(LABELS)}")
        if not _s(t.title):
            raise ParseError(f"task {i + 1} has no title")
        tasks.append(Task(f"K{i + 1}", t.story, t.title.strip(), t.label, _s(t.test_plan)))
    missing = ids - {t.story for t in tasks}
    if missing:
        raise ParseError(f"stories without tasks: {', '.join(sorted(missing))}")
    return tuple(tasks)


def parse_sprints(text: str, stories: tuple[Story, ...], capacity: int) -> tuple[Sprint, ...]:
    points = {s.id: s.points for s in stories}
    seen: set[str] = set()
    sprints = []
    for i, sp in enumerate(sprints_from(_list(text, "sprints"))):
        unknown = [sid for sid in sp.stories if sid not in points]
        if unknown:
            raise ParseError(f"sprint {i + 1} names unknown stories: {', '.join(unknown)}")
        dup = seen.intersection(sp.stories)
        if dup:
            raise ParseError(f"stories in more than one sprint: {', '.join(sorted(dup))}")
        seen.update(sp.stories)
        total = sum(points[sid] for sid in sp.stories)
        if total > capacity:
            raise ParseError(f"sprint {i + 1} has {total} points, over the capacity of {capacity}")
        sprints.append(Sprint(i + 1, _s(sp.goal, f"Sprint {i + 1}"), sp.stories, total))
    missing = set(points) - seen
    if missing:
        raise ParseError(f"stories not in any sprint: {', '.join(sorted(missing))}")
    return tuple(s for s in sprints if s.stories)


# --- deterministic fallbacks --------------------------------------------------------------


def fallback_analysis(goal: str, answers: dict[str, str], defaulted: list[str]) -> Analysis:
    constraints = answers.get("constraints", "")
    return Analysis(
        summary=f"Build {goal.rstrip('.')}.",
        goals=(goal,),
        risks=tuple(
            r
            for r in (
                "Scope grows beyond the team's capacity",
                f"Constraints: {constraints}" if constraints and "none" not in constraints.lower() else "",
                "Unclear priorities delay the first release",
            )
            if r
        ),
        assumptions=tuple(f"{qid.replace('_', ' ')}: {answers[qid]} (defaulted)" for qid in defaulted),
    )


def fallback_features(goal: str, scope: str) -> tuple[Feature, ...]:
    parts = [p.strip(" .") for p in re.split(r",|;|\band\b", scope) if len(p.strip(" .")) > 3]
    names = parts[:6] or ["Core experience", "Accounts and settings", "Notifications", "Insights"]
    return tuple(
        Feature(f"F{i + 1}", n[:1].upper() + n[1:], f"{n} for {goal}", PRIORITIES[min(i, 2)])
        for i, n in enumerate(names)
    )


def fallback_stories(features: tuple[Feature, ...], users: str, goal: str, capacity: int) -> tuple[Story, ...]:
    pts = max(1, min(3, capacity))
    return tuple(
        Story(
            f"S{i + 1}",
            f.id,
            users or "a user",
            f"to use {f.name.lower()}",
            f"the project meets its goal ({goal.rstrip('.')})",
            (
                f"Given I am {users or 'a user'}, when I use {f.name.lower()}, then it works as described",
                f"{f.name} is covered by automated tests",
            ),
            pts,
            f.priority,
        )
        for i, f in enumerate(features)
    )


def complete_story(story: Story, capacity: int) -> Story:
    """Repair a story the model left incomplete (used when filling fallbacks)."""
    criteria = story.acceptance_criteria or (f"Given {story.as_a}, when I {story.i_want}, then {story.so_that}",)
    return Story(**{**asdict(story), "acceptance_criteria": criteria, "points": max(1, min(story.points, capacity))})


def fallback_tasks(stories: tuple[Story, ...]) -> tuple[Task, ...]:
    tasks = []
    for s in stories:
        checks = "; ".join(s.acceptance_criteria)
        tasks.append(Task("", s.id, f"Implement: {s.i_want}", "Code", f"Unit tests for: {checks}"))
        tasks.append(Task("", s.id, f"Test: {s.i_want}", "Testing", f"Verify each criterion: {checks}"))
    return tuple(Task(f"K{i + 1}", t.story, t.title, t.label, t.test_plan) for i, t in enumerate(tasks))


def pack_sprints(stories: tuple[Story, ...], capacity: int) -> tuple[Sprint, ...]:
    """First-fit in priority order: no sprint exceeds capacity."""
    order = sorted(
        stories,
        key=lambda s: (
            PRIORITIES.index(s.priority) if s.priority in PRIORITIES else 1,
            int(s.id[1:]) if s.id[1:].isdigit() else 0,
        ),
    )
    bins: list[list[Story]] = []
    for story in order:
        pts = min(story.points, capacity)
        for b in bins:
            if sum(min(x.points, capacity) for x in b) + pts <= capacity:
                b.append(story)
                break
        else:
            bins.append([story])
    return tuple(
        Sprint(
            i + 1,
            f"Deliver {', '.join(s.i_want for s in b[:2])}"[:120],
            tuple(s.id for s in b),
            sum(s.points for s in b),
        )
        for i, b in enumerate(bins)
    )
