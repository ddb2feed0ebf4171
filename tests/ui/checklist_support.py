"""The scripted team the checklist's tests and pictures share (issue 31): the office-move
directive of the issue, routed by the demo script to its leads, and a synthesis that
breaks the directive first (no bullets, another ending) and then only its word limit,
so a run goes back once and its review card shows one check failed. The auditor answers
PASS whatever it reads (the rule in code lowers it). A scripted provider, because what is
under test is what the window shows of a reply that fails on purpose; the real-model
pictures are tests/ui/shots/real_checklist_shots.py."""

from __future__ import annotations

import json
import re

from aipa.providers.scripted import demo_script

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)
BREAKS = (
    "Hello team. Our office is moving next week. Please pack your desks by Thursday; the movers "
    "arrive on Friday and we start in the new building on Monday.\n\nBest regards, Sam"
)
TOO_LONG = (
    "Team, our office moves next week, and here is everything you need to know about it:\n\n"
    "- Pack your desk, your drawers and anything on the shelves into the labelled boxes by Thursday evening.\n"
    "- The movers arrive on Friday at nine in the morning and will take everything, boxes and chairs included.\n"
    "- We all start in the new office on Monday; the keys and badges wait for you at the front desk.\n\n"
    "Thanks, everyone."
)


def office_move(request) -> str:
    """Route and leads as the demo; synthesis BREAKS, then TOO_LONG; the audit says PASS."""
    if request.purpose == "synthesize":
        return TOO_LONG if request.tags.get("feedback") else BREAKS
    if request.purpose == "audit":  # judged checks ("j1"…): met, the reason a fixed line
        asked = request.messages[-1].content if request.messages else ""
        rubric = [
            {"id": i, "met": True, "reason": "the note says it"} for i in re.findall(r'^- "(j\d+)":', asked, re.M)
        ]
        return json.dumps({"verdict": "PASS", "rubric": rubric, "memo": "It reads well."})
    return demo_script(request)
