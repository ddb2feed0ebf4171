"""The rule in code (core/checks/rule.py): a failed measured check caps the verdict at
FLAG, the memo lists the failed checks first and ends in the rule's verdict; what goes
back to the orchestrator is just the failed checks."""

from __future__ import annotations

import pytest

from aipa.core.checks.find import find_checks
from aipa.core.checks.measure import measure_all
from aipa.core.checks.model import Check, CheckKind, CheckSource
from aipa.core.checks.rule import capped, feedback, memo_with_checks, revising_words
from aipa.core.kinds import Verdict
from aipa.core.text.parsing import parse_verdict

DIRECTIVE = "Use exactly 3 bullet points, keep it under 60 words, and finish with the exact sentence: Thanks, everyone."
BROKEN = measure_all(find_checks(DIRECTIVE), "No bullets here.\n\nBest, Sam")
MET = measure_all(find_checks(DIRECTIVE), "- a\n- b\n- c\n\nThanks, everyone.")


@pytest.mark.parametrize(
    ("given", "checks", "expected"),
    [
        (Verdict.PASS, BROKEN, Verdict.FLAG),
        (Verdict.PASS_WITH_NOTES, BROKEN, Verdict.FLAG),
        (Verdict.FLAG, BROKEN, Verdict.FLAG),
        (Verdict.REJECT, BROKEN, Verdict.REJECT),
        (Verdict.PASS, MET, Verdict.PASS),
        (Verdict.NONE, BROKEN, Verdict.NONE),  # no audit ran: nothing to cap
        ("PASS", [], Verdict.PASS),
    ],
)
def test_a_failed_measured_check_caps_the_verdict_at_flag(given, checks, expected):
    assert capped(given, checks) == expected


def test_a_failed_judged_check_alone_does_not_cap():
    judged = Check("j1", "covers the budget", CheckKind.JUDGED, CheckSource.MODEL, passed=False, detail="no budget")
    assert capped(Verdict.PASS, [*MET, judged]) == Verdict.PASS


def test_the_memo_lists_failed_checks_first_and_ends_in_the_rules_verdict():
    memo = memo_with_checks("It reads well.\n\nVERDICT: PASS", BROKEN, Verdict.FLAG, Verdict.PASS)
    lines = memo.splitlines()
    assert lines[0] == "**Failed checks**"
    assert lines[1].startswith("- ✗ bullets (") and lines[1].endswith(": 0 bullet points; 3 asked")
    assert lines[2].startswith("- ✗ ending (")
    assert "It reads well." in memo and "lowered from PASS" in memo
    assert memo.count("VERDICT:") == 1 and parse_verdict(memo) == Verdict.FLAG


def test_the_feedback_names_only_the_failed_checks():
    said = feedback(BROKEN, Verdict.FLAG, "memo")
    assert "0 bullet points; 3 asked" in said and "Thanks, everyone." in said
    assert "60 words" not in said  # the word limit held
    assert feedback(MET, Verdict.FLAG, "The tone is off.\n\nVERDICT: FLAG").endswith("The tone is off.")


def test_revising_words():
    assert revising_words(["bullets", "ending"]) == "revising: 2 checks failed: bullets, ending"
    assert revising_words(["words"]) == "revising: 1 check failed: words"
    assert revising_words([]) == "revising: the audit flagged the deliverable"
