"""Planning artifacts, each described once as a pydantic model (``aipa.core.text.shapes``):
its schema feeds constrained decoding, its example goes into the prompt, validation
forgives near-misses, and every field has a default, so a plan saved by an older version
(missing fields) or a newer one (extra fields) still opens.

Each stage has: a reply model (``REPLIES``), a parser that checks the plan's rules
(raising ParseError so the playbook can re-ask), and a deterministic fallback.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from aipa.core.planning.intake import Extraction
from aipa.core.text.parsing import ParseError, parse_as
from aipa.core.text.shapes import Shape, Text, Texts, Whole, example_json, hint, load, one_of, reply_schema

Priority = Literal["must", "should", "could"]
Label = Literal["Code", "Docs", "Infra", "Testing"]
PRIORITIES: tuple[Priority, ...] = get_args(Priority)
LABELS: tuple[Label, ...] = get_args(Label)

# A priority the model got wrong is "should"; a wrong label is an error to re-ask about.
LenientPriority = Annotated[Priority, one_of(PRIORITIES, or_default=True)]
CheckedLabel = Annotated[Label, one_of(LABELS, or_default=False)]


# --- records ---------------------------------------------------------------------------


class Analysis(Shape):
    summary: Text = ""
    goals: Texts = ()
    risks: Texts = ()
    assumptions: Texts = ()


class Feature(Shape):
    id: Annotated[Text, hint("F1")] = ""
    name: Text = ""
    description: Text = ""
    priority: LenientPriority = "should"


class Story(Shape):
    id: Annotated[Text, hint("S1")] = ""
    feature: Annotated[Text, hint("F1")] = ""
    as_a: Text = ""
    i_want: Text = ""
    so_that: Text = ""
    acceptance_criteria: Annotated[Texts, hint(["...", "..."], minItems=1)] = ()
    points: Annotated[Whole, hint(3, minimum=1)] = 3
    priority: LenientPriority = "should"

    @property
    def text(self) -> str:
        return f"As {self.as_a}, I want {self.i_want}, so that {self.so_that}."


class Task(Shape):
    id: Annotated[Text, hint("K1")] = ""
    story: Annotated[Text, hint("S1")] = ""
    title: Text = ""
    label: CheckedLabel = "Code"
    test_plan: Text = ""


class Sprint(Shape):
    number: Annotated[Whole, hint(1, minimum=1)] = 1
    goal: Text = ""
    stories: Annotated[Texts, hint(["S1", "S2"])] = ()
    points: SkipJsonSchema[Whole] = 0  # counted from the stories, never asked for


class Plan(Shape):
    """Everything a plan run produced so far (any part may still be empty)."""

    description: str = ""
    intake: dict[str, Any] = Field(default_factory=dict)  # qid -> {"answer", "source"}
    capacity: int = 0
    sprint_weeks: int = 2
    analysis: Analysis = Analysis()
    features: tuple[Feature, ...] = ()
    stories: tuple[Story, ...] = ()
    tasks: tuple[Task, ...] = ()
    sprints: tuple[Sprint, ...] = ()

    def to_dict(self) -> dict:
        return self.model_dump(mode="json")


def analysis_from(data) -> Analysis:
    return load(Analysis, data)


def features_from(items) -> tuple[Feature, ...]:
    return tuple(load(Feature, f) for f in items or ())


def stories_from(items) -> tuple[Story, ...]:
    return tuple(load(Story, s) for s in items or ())


def tasks_from(items) -> tuple[Task, ...]:
    return tuple(load(Task, t) for t in items or ())


def sprints_from(items) -> tuple[Sprint, ...]:
    return tuple(load(Sprint, s) for s in items or ())


# --- replies: schema and example from the same model ---------------------------------------


class Features(Shape):
    features: Annotated[tuple[Feature, ...], hint(minItems=1, maxItems=12)] = ()


class Stories(Shape):
    stories: Annotated[tuple[Story, ...], hint(minItems=1, maxItems=40)] = ()


class Tasks(Shape):
    tasks: Annotated[tuple[Task, ...], hint(minItems=1)] = ()


class Sprints(Shape):
    sprints: Annotated[tuple[Sprint, ...], hint(minItems=1)] = ()


# What each stage asks the model for.
REPLIES: dict[str, type[Shape]] = {
    "analysis": Analysis,
    "features": Features,
    "stories": Stories,
    "tasks": Tasks,
    "sprints": Sprints,
}
SCHEMAS: dict[str, dict] = {"intake": reply_schema(Extraction)} | {k: reply_schema(m) for k, m in REPLIES.items()}
EXAMPLES: dict[str, str] = {k: example_json(m) for k, m in REPLIES.items()}


# --- parsers (validate; raise ParseError with what to fix) --------------------------------


def _items(reply: Shape, key: str) -> tuple:
    items = getattr(reply, key)
    if not items:
        raise ParseError(f"expected a non-empty '{key}' list")
    return items


def parse_analysis(text: str) -> Analysis:
    a = parse_as(Analysis, text)
    if not a.summary or not a.goals:
        raise ParseError("the analysis needs a 'summary' and at least one goal")
    return a


def parse_features(text: str) -> tuple[Feature, ...]:
    feats = []
    for i, f in enumerate(_items(parse_as(Features, text), "features")):
        if not f.name:
            raise ParseError(f"feature {i + 1} has no name")
        feats.append(f.model_copy(update={"id": f"F{i + 1}", "description": f.description or f.name}))
    return tuple(feats)


def parse_stories(text: str, features: tuple[Feature, ...], capacity: int) -> tuple[Story, ...]:
    ids = {f.id for f in features}
    by_name = {f.name.lower(): f.id for f in features}
    stories = []
    for i, s in enumerate(_items(parse_as(Stories, text), "stories")):
        where = f"story {i + 1}"
        if not (s.as_a and s.i_want and s.so_that):
            raise ParseError(f"{where} needs as_a, i_want and so_that")
        if not s.acceptance_criteria:
            raise ParseError(f"{where} has no acceptance criteria")
        if not 1 <= s.points <= capacity:
            raise ParseError(f"{where} has {s.points} points; it must be 1..{capacity} (split larger stories)")
        feature = s.feature if s.feature in ids else by_name.get(s.feature.lower(), "")
        if not feature:
            raise ParseError(f"{where} names feature '{s.feature}', which does not exist ({', '.join(sorted(ids))})")
        stories.append(s.model_copy(update={"id": f"S{i + 1}", "feature": feature}))
    return tuple(stories)


def parse_tasks(text: str, stories: tuple[Story, ...]) -> tuple[Task, ...]:
    ids = {s.id for s in stories}
    tasks = []
    for i, t in enumerate(_items(parse_as(Tasks, text), "tasks")):
        if t.story not in ids:
            raise ParseError(f"task {i + 1} names story '{t.story}', which does not exist")
        if not t.title:
            raise ParseError(f"task {i + 1} has no title")
        tasks.append(t.model_copy(update={"id": f"K{i + 1}"}))
    missing = ids - {t.story for t in tasks}
    if missing:
        raise ParseError(f"stories without tasks: {', '.join(sorted(missing))}")
    return tuple(tasks)


def parse_sprints(text: str, stories: tuple[Story, ...], capacity: int) -> tuple[Sprint, ...]:
    points = {s.id: s.points for s in stories}
    seen: set[str] = set()
    sprints = []
    for i, sp in enumerate(_items(parse_as(Sprints, text), "sprints")):
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
        sprints.append(Sprint(number=i + 1, goal=sp.goal or f"Sprint {i + 1}", stories=sp.stories, points=total))
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
        Feature(
            id=f"F{i + 1}", name=n[:1].upper() + n[1:], description=f"{n} for {goal}", priority=PRIORITIES[min(i, 2)]
        )
        for i, n in enumerate(names)
    )


def fallback_stories(features: tuple[Feature, ...], users: str, goal: str, capacity: int) -> tuple[Story, ...]:
    pts = max(1, min(3, capacity))
    return tuple(
        Story(
            id=f"S{i + 1}",
            feature=f.id,
            as_a=users or "a user",
            i_want=f"to use {f.name.lower()}",
            so_that=f"the project meets its goal ({goal.rstrip('.')})",
            acceptance_criteria=(
                f"Given I am {users or 'a user'}, when I use {f.name.lower()}, then it works as described",
                f"{f.name} is covered by automated tests",
            ),
            points=pts,
            priority=f.priority,
        )
        for i, f in enumerate(features)
    )


def fallback_tasks(stories: tuple[Story, ...]) -> tuple[Task, ...]:
    tasks = []
    for s in stories:
        checks = "; ".join(s.acceptance_criteria)
        tasks.append(
            Task(story=s.id, title=f"Implement: {s.i_want}", label="Code", test_plan=f"Unit tests for: {checks}")
        )
        tasks.append(
            Task(story=s.id, title=f"Test: {s.i_want}", label="Testing", test_plan=f"Verify each criterion: {checks}")
        )
    return tuple(t.model_copy(update={"id": f"K{i + 1}"}) for i, t in enumerate(tasks))


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
            number=i + 1,
            goal=f"Deliver {', '.join(s.i_want for s in b[:2])}"[:120],
            stories=tuple(s.id for s in b),
            points=sum(s.points for s in b),
        )
        for i, b in enumerate(bins)
    )
