"""Measuring checks on deliverables (core/checks/measure.py): each row a check as the
finder gives it, a deliverable, and whether it passes; the detail says found against asked."""

from __future__ import annotations

import pytest

from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure, measure_all
from aipa.core.checks.model import Check, CheckKind, CheckSource

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)
MEETS = (
    "Team, our office moves next week:\n\n"
    "- Pack your desk by Thursday.\n"
    "- Movers come Friday at 9.\n"
    "- We start in the new office Monday.\n\n"
    "**Thanks, everyone.**  \n"
)
BREAKS = (
    "Hello team. Our office is moving next week. Please pack your desks by Thursday, the movers "
    "arrive on Friday, and we start in the new building on Monday.\n\nBest regards, Sam"
)


def _one(directive: str) -> Check:
    (check,) = find_checks(directive)
    return check


def test_office_move_reply_that_meets_all_three():
    got = {c.id: c for c in measure_all(find_checks(OFFICE_MOVE), MEETS)}
    assert {k: c.passed for k, c in got.items()} == {"bullets": True, "words": True, "ending": True}
    assert got["bullets"].detail == "3 bullet points; 3 asked"
    assert got["words"].detail.endswith("; fewer than 60 asked")


def test_office_move_reply_without_bullets_and_another_ending():
    got = {c.id: c for c in measure_all(find_checks(OFFICE_MOVE), BREAKS)}
    assert got["bullets"].passed is False and got["bullets"].detail == "0 bullet points; 3 asked"
    assert got["ending"].passed is False and "“Thanks, everyone.” asked" in got["ending"].detail
    assert got["words"].passed is True


ROWS = [
    (
        "use exactly 3 bullet points",
        "- a\n  - a1\n- b\n- c\n- d",
        False,
        "4 bullet points (1 sub-point not counted); 3 asked",
    ),
    (
        "use exactly 3 bullet points",
        "- a\n  - a1\n- b\n- c",
        True,
        "3 bullet points (1 sub-point not counted); 3 asked",
    ),
    ("use exactly 3 bullet points", "```\n- a\n- b\n- c\n```", False, "0 bullet points; 3 asked"),
    ("give 2 numbered steps", "1) Pack.\n2) Move.", True, "2 numbered items; 2 asked"),
    ("under 5 words", "one two three four five", False, "5 words; fewer than 5 asked"),
    ("no more than 5 words", "one two three four five   \n", True, "5 words; at most 5 asked"),
    ("不超过5个字", "谢谢大家好", True, "5 words; at most 5 asked"),
    ("in two paragraphs", "A.\n\nB.", True, "2 paragraphs; 2 asked"),
    ("in exactly 2 sentences", "One. Two. Three.", False, "3 sentences; 2 asked"),
    ("under 10 characters", "  abcdefghij  ", False, "10 characters; fewer than 10 asked"),
    ("with 2 headings", "# A\n\nx\n\n## B", True, "2 headings; 2 asked"),
    ("end with: Thanks, everyone.", "Body.\n\n*Thanks, everyone.*", True, "ends with “Thanks, everyone.”"),
    (
        "end with: Thanks, everyone.",
        "Body.\n\nThanks, everyone!",
        False,
        "ends with “Body. Thanks, everyone!”; “Thanks, everyone.” asked",
    ),
    ("以“谢谢大家。”结尾", "搬家通知。\n\n谢谢大家。", True, "ends with “谢谢大家。”"),
    ('start with "Dear team"', "**Dear team**, hello", True, "starts with “Dear team”"),
    ('do not use the word "synergy"', "Synergy is bad", False, "“synergy” appears 1 time; none asked"),
    ('do not use the word "syn"', "synergy is fine", True, "“syn” does not appear"),
    (
        'the word "team" should appear at least 2 times',
        "team, teams, Team!",
        True,
        "“team” appears 2 times; at least 2 asked",
    ),
    ("all lowercase letters", "all fine here", True, "no capital letters"),
    ("all lowercase letters", "not Fine", False, "1 capital letter (first: “F”)"),
    ("in all caps", "LOUD AND CLEAR", True, "no small letters"),
    ("no commas", "a, b，c", False, "2 commas; none asked"),
    ("a title in double angular brackets", "<<Moving day>>\n\ntext", True, "title <<Moving day>>"),
    ("wrap your entire response in double quotation marks", '  "quoted"  ', True, "wrapped in quotation marks"),
    (
        'as valid JSON with the keys "name" and "date"',
        '```json\n{"name": 1, "date": 2}\n```',
        True,
        "valid JSON; keys name, date present",
    ),
    ('as valid JSON with the keys "name" and "date"', '{"name": 1}', False, "valid JSON; missing keys: date"),
    ("as valid JSON", "{nope", False, "not valid JSON (Expecting property name enclosed in double quotes)"),
    ("in a markdown table", "| a | b |\n|---|---|\n| 1 | 2 |", True, "a table with 1 row"),
    ("in a markdown table", "a | b", False, "no Markdown table"),
    ("add a P.S. at the end", "Body.\n\nP.S. bring boxes", True, "a postscript (P.S.)"),
    (
        "at least 2 placeholders like [name]",
        "Dear [name], at [address]. See [doc](x)",
        True,
        "2 placeholders; at least 2 asked",
    ),
]


@pytest.mark.parametrize(
    ("directive", "text", "passed", "detail"), ROWS, ids=[f"{r[0][:30]}|{r[1][:20]}" for r in ROWS]
)
def test_measure(directive, text, passed, detail):
    got = measure(_one(directive), text)
    assert (got.passed, got.detail) == (passed, detail)


def test_a_judged_check_comes_back_unmeasured():
    check = Check("j1", "covers the budget", CheckKind.JUDGED, CheckSource.MODEL)
    assert measure(check, "anything") == check


def test_to_dict_and_back_keep_every_field():
    check = measure(_one("use exactly 3 bullet points"), "- a")
    data = check.to_dict()
    assert list(data) == ["id", "text", "kind", "source", "params", "passed", "detail"]
    assert data["passed"] is False and data["kind"] == "bullets"
    assert Check.from_dict(data) == check
