"""The scripted provider's planning playbook: a plausible, deterministic planner
(intake, analysis, features, stories, tasks, sprints), each stage's JSON built from the
request's prompt."""

from __future__ import annotations

import json
import re
from typing import Any

from aipa.providers.base import ChatRequest


def route_leads(schema: dict | None) -> list[str]:
    """The lead names a routing request's schema offers (core/text/parsing.routing_schema
    keys the briefs by lead name); [] for any other schema."""
    try:
        return list((schema or {})["properties"]["briefs"]["properties"])
    except (KeyError, TypeError, AttributeError):
        return []


def last_user(request: ChatRequest) -> str:
    """The last user message's text (the scripted model answers to it)."""
    for msg in reversed(request.messages):
        if msg.role == "user":
            return msg.content
    return ""


def topic(request: ChatRequest) -> str:
    """The directive the request is about, on one line."""
    directive = request.tags.get("directive") or last_user(request)
    return " ".join(directive.split())[:120] or "the directive"


def _approved(request: ChatRequest) -> dict:
    match = re.search(r"Approved so far:\n(\{.*\})\n", last_user(request))
    try:
        return json.loads(match.group(1)) if match else {}
    except ValueError:
        return {}


def _capacity(request: ChatRequest) -> int:
    match = re.search(r"Capacity per sprint: (\d+)", last_user(request))
    return int(match.group(1)) if match else 20


_FEATURES = [
    ("Onboarding", "must"),
    ("Core tracking", "must"),
    ("Reminders", "should"),
    ("Progress insights", "should"),
    ("Sharing", "could"),
]


def demo_plan(request: ChatRequest) -> str:
    stage = request.purpose.removeprefix("plan_")
    subject = topic(request)
    if stage == "intake":
        return json.dumps({"answers": {"goal": subject.split(",")[0], "constraints": None}})
    if stage == "analysis":
        return json.dumps(
            {
                "summary": f"{subject.split(',')[0]}: a focused first release.",
                "goals": ["Ship a usable first release", "Learn from real users early"],
                "risks": ["Scope creep", "Store review delays"],
                "assumptions": ["Design resources are available"],
            }
        )
    if stage == "features":
        return json.dumps(
            {
                "features": [
                    {"id": f"F{i + 1}", "name": n, "description": f"{n} for {subject.split(',')[0]}", "priority": p}
                    for i, (n, p) in enumerate(_FEATURES)
                ]
            }
        )
    done = _approved(request)
    cap = _capacity(request)
    if stage == "stories":
        stories: list[dict[str, Any]] = []
        points = [3, 5, 2, 8]
        for f in done.get("features", []):
            for want in (f"to use {f['name'].lower()}", f"to configure {f['name'].lower()}"):
                stories.append(
                    {
                        "id": f"S{len(stories) + 1}",
                        "feature": f["id"],
                        "as_a": "a user",
                        "i_want": want,
                        "so_that": "I reach my goal",
                        "acceptance_criteria": [
                            f"Given I open {f['name']}, when I act, then I see the result",
                            "The change is saved across restarts",
                        ],
                        "points": min(points[(len(stories)) % 4], cap),
                        "priority": f["priority"],
                    }
                )
        return json.dumps({"stories": stories})
    if stage == "tasks":
        tasks: list[dict[str, Any]] = []
        for st in done.get("stories", []):
            for label in ("Code", "Testing"):
                tasks.append(
                    {
                        "id": f"K{len(tasks) + 1}",
                        "story": st["id"],
                        "label": label,
                        "title": f"{label}: {st['i_want']}",
                        "test_plan": "; ".join(st["acceptance_criteria"]),
                    }
                )
        return json.dumps({"tasks": tasks})
    if stage == "sprints":
        sprints: list[dict] = []
        for st in done.get("stories", []):
            for sp in sprints:
                if sp["_pts"] + st["points"] <= cap:
                    break
            else:
                sp = {"number": len(sprints) + 1, "goal": "", "stories": [], "_pts": 0}
                sprints.append(sp)
            sp["stories"].append(st["id"])
            sp["_pts"] += st["points"]
        for sp in sprints:
            more = len(sp["stories"]) - 3
            sp["goal"] = f"Deliver {', '.join(sp['stories'][:3])}" + (f" and {more} more" if more > 0 else "")
            del sp["_pts"]
        return json.dumps({"sprints": sprints})
    return "{}"
