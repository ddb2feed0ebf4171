"""The checked audit's reply (core/run/audit_checks.parse): a whole object, prose with a
VERDICT line, and an object cut short at the output limit, which a small model's memo
reaches when it repeats itself (seen on Qwen2.5-0.5B: the review card showed the raw JSON)."""

from __future__ import annotations

import json

import pytest

from aipa.core.kinds import Verdict
from aipa.core.run.audit_checks import parse, salvage
from aipa.core.text.parsing import ParseError

CUT = (
    '{\n"verdict": "PASS",\n"rubric": [{\n"id": "j1",\n"met": true,\n"reason": "says \\"9 am\\""\n}],\n'
    '"memo": "### [Your Name] - [Your Title] - caf\\u00e9 - [Your Job Title] - [Your Job Title] - [Your \\u00'
)


def test_a_whole_object_gives_its_fields() -> None:
    text = json.dumps(
        {"verdict": "FLAG", "memo": "Two bullets short.", "rubric": [{"id": "j1", "met": False, "reason": "no date"}]}
    )
    assert parse(text, ["j1"]) == (Verdict.FLAG, "Two bullets short.", {"j1": (False, "no date")})


def test_an_object_cut_short_gives_its_words_not_the_json() -> None:
    verdict, memo, rubric = parse(CUT, ["j1"])
    assert verdict == Verdict.PASS
    assert memo.startswith("### [Your Name] - [Your Title] - café")
    assert '"memo"' not in memo and "{" not in memo
    assert memo.endswith("(cut at its length limit: it may end mid-sentence)")
    assert rubric == {"j1": (True, 'says "9 am"')}


def test_a_cut_object_keeps_only_the_rubric_ids_asked() -> None:
    text = CUT.replace('"id": "j1"', '"id": "j9"')
    assert parse(text, ["j1"])[2] == {}


@pytest.mark.parametrize(
    "text",
    [
        '{"verdict": "MAYBE", "memo": "cut here',  # not a verdict the schema allows
        '{"verdict": "PASS", "rubric": [',  # no memo yet
        '{"verdict": "PASS", "memo": "',  # an empty memo
    ],
)
def test_what_cannot_be_read_is_a_parse_error_and_the_call_is_asked_again(text) -> None:
    assert salvage(text, ["j1"]) is None
    with pytest.raises(ParseError):
        parse(text, ["j1"])


def test_prose_with_a_verdict_line_is_a_memo() -> None:
    text = "The note has two of three bullets.\n\nVERDICT: FLAG"
    assert parse(text, []) == (Verdict.FLAG, text, {})
