"""Merging the finder's checks with the router's proposals and the Principal's own."""

from __future__ import annotations

from aipa.core.checks.find import find_checks
from aipa.core.checks.merge import merge
from aipa.core.checks.model import CheckKind, CheckSource, number

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)


def test_router_duplicates_of_measured_checks_are_dropped_and_the_rest_judged():
    found = find_checks(OFFICE_MOVE)
    merged = merge(found, ["Use exactly 3 bullet points", "Mentions the new address", "mentions the NEW address!"])
    assert [c.id for c in merged] == ["bullets", "words", "ending", "j1"]
    assert merged[3].kind == CheckKind.JUDGED and merged[3].source == CheckSource.MODEL


def test_router_proposals_are_bounded():
    merged = merge([], [f"requirement number {i} " + "x" * 200 for i in range(10)])
    assert len(merged) == 6 and all(len(c.text) <= 120 for c in merged)


def test_principal_checks_measured_when_the_finder_reads_them_else_judged():
    found = find_checks(OFFICE_MOVE)
    merged = merge(found, [], ["must mention the deposit", "under 50 words", 'include the word "keys"'])
    by_id = {c.id: c for c in merged}
    assert by_id["j1"].text == "must mention the deposit" and by_id["j1"].source == CheckSource.PRINCIPAL
    assert by_id["words-2"].params == {"relation": "less_than", "number": 50}
    assert by_id["words-2"].source == CheckSource.PRINCIPAL
    assert by_id["includes"].params["phrase"] == "keys"


def test_a_principal_check_the_directive_has_is_not_doubled():
    found = find_checks(OFFICE_MOVE)
    merged = merge(found, [], ["use exactly 3 bullet points"])
    assert [c.id for c in merged] == ["bullets", "words", "ending"]
    assert merged[0].source == CheckSource.PRINCIPAL


def test_removed_ids_leave_the_list():
    assert [c.id for c in merge(find_checks(OFFICE_MOVE), [], [], removed=["words"])] == ["bullets", "ending"]


def test_numbering_keeps_unique_ids_and_fills_the_rest():
    checks = number(find_checks("at least 50 words") + find_checks("at most 90 words"))
    assert [c.id for c in checks] == ["words", "words-2"]
