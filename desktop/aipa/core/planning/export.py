"""A plan as Markdown, HTML or JSON (export, review dialogs, the deliverable)."""

from __future__ import annotations

import json
from pathlib import Path

from aipa.core.config.files import write_atomically
from aipa.core.planning.artifacts import Plan
from aipa.core.text.terminal import terminal_safe

SOURCES = {"typed": "you", "extracted": "from the description", "defaulted": "default"}


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _intake(plan: Plan) -> list[str]:
    lines = ["## What we know", "", "| Question | Answer | Source |", "|---|---|---|"]
    for qid, a in plan.intake.items():
        lines.append(
            f"| {qid.replace('_', ' ')} | {_cell(a.get('answer', ''))} | "
            f"{SOURCES.get(a.get('source', ''), a.get('source', ''))} |"
        )
    return lines + [""]


def _analysis(plan: Plan) -> list[str]:
    a = plan.analysis
    lines = ["## Analysis", "", a.summary, ""]
    for title, items in (("Goals", a.goals), ("Risks", a.risks), ("Assumptions", a.assumptions)):
        if items:
            lines += [f"**{title}**", ""] + [f"- {i}" for i in items] + [""]
    return lines


def _features(plan: Plan) -> list[str]:
    lines = ["## Features", "", "| Id | Feature | Priority | Description |", "|---|---|---|---|"]
    lines += [f"| {f.id} | {_cell(f.name)} | {f.priority} | {_cell(f.description)} |" for f in plan.features]
    return lines + [""]


def _stories(plan: Plan) -> list[str]:
    lines = ["## User stories", ""]
    for s in plan.stories:
        lines += [f"### {s.id} · {s.points} pts · {s.priority} · {s.feature}", "", s.text, ""]
        lines += [f"- [ ] {c}" for c in s.acceptance_criteria] + [""]
    return lines


def _tasks(plan: Plan) -> list[str]:
    lines = ["## Tasks", "", "| Id | Story | Label | Task | Test plan |", "|---|---|---|---|---|"]
    lines += [f"| {t.id} | {t.story} | {t.label} | {_cell(t.title)} | {_cell(t.test_plan)} |" for t in plan.tasks]
    return lines + [""]


def _sprints(plan: Plan) -> list[str]:
    lines = [
        f"## Sprints ({plan.sprint_weeks} week(s) each, capacity {plan.capacity} points)",
        "",
        "| Sprint | Goal | Stories | Points |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| {s.number} | {_cell(s.goal)} | {', '.join(s.stories)} | {s.points} / {plan.capacity} |"
        for s in plan.sprints
    ]
    return lines + [""]


SECTIONS = {
    "intake": _intake,
    "analysis": _analysis,
    "features": _features,
    "stories": _stories,
    "tasks": _tasks,
    "sprints": _sprints,
}


def plan_markdown(plan: Plan, only: str | None = None) -> str:
    if only:
        return terminal_safe("\n".join(SECTIONS[only](plan)).strip() + "\n")
    lines = [f"# Plan: {plan.description}", ""]
    for name, render in SECTIONS.items():
        empty = {
            "analysis": not plan.analysis.summary,
            "features": not plan.features,
            "stories": not plan.stories,
            "tasks": not plan.tasks,
            "sprints": not plan.sprints,
        }
        if not empty.get(name, False):
            lines += render(plan)
    return terminal_safe("\n".join(lines).strip() + "\n")  # no escapes, controls or bidi overrides


def plan_html(plan: Plan) -> str:
    from aipa.core.text.render import html_document  # the one sanitising renderer (window and exports)

    return html_document(plan_markdown(plan), f"Plan: {plan.description[:80]}")


def plan_json(plan: Plan) -> str:
    return json.dumps(plan.to_dict(), indent=2, ensure_ascii=False) + "\n"


FORMATS = {"md": plan_markdown, "html": plan_html, "json": plan_json}


def write_plan(plan: Plan, fmt: str, path: Path) -> Path:
    """Write ``plan`` to ``path`` as ``fmt`` (md, html or json; otherwise the path's
    suffix decides). Raises ValueError for another format, OSError when it cannot write."""
    if fmt not in FORMATS:
        fmt = path.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise ValueError(f"Cannot export as {fmt!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomically(path, FORMATS[fmt](plan))
