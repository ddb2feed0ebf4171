"""The finder, table-driven: each row a directive (or a piece of one), the measured
checks it must yield as (kind, params), in order. Several phrasings per family, in the
shipped languages (English, German, Chinese, Hebrew)."""

from __future__ import annotations

import pytest

from aipa.core.checks.find import find_checks
from aipa.core.checks.model import CheckKind as K

OFFICE_MOVE = (
    "Write a short note to my team about the office move. Use exactly 3 bullet points, keep it "
    "under 60 words, and finish with the exact sentence: Thanks, everyone."
)

ROWS = [
    # words: the phrasings the issue names, and more
    ("under 60 words", [(K.WORDS, {"relation": "less_than", "number": 60})]),
    ("no more than 60 words", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("60 words max", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("keep it below 60 words", [(K.WORDS, {"relation": "less_than", "number": 60})]),
    ("at most 60 words", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("in 60 words or less", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("a maximum of 1,000 words", [(K.WORDS, {"relation": "at_most", "number": 1000})]),
    ("at least 300 words", [(K.WORDS, {"relation": "at_least", "number": 300})]),
    ("more than 50 words", [(K.WORDS, {"relation": "more_than", "number": 50})]),
    ("exactly twenty words", [(K.WORDS, {"relation": "exactly", "number": 20})]),
    ("a 60-word note", [(K.WORDS, {"relation": "at_most", "number": 60})]),  # a bare length is a limit
    ("say it in 50 words", [(K.WORDS, {"relation": "at_most", "number": 50})]),
    ("stay within a 100-word limit", [(K.WORDS, {"relation": "at_most", "number": 100})]),
    ("höchstens 60 Wörter", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("nicht mehr als 80 Wörter", [(K.WORDS, {"relation": "at_most", "number": 80})]),
    ("mindestens 200 Wörter", [(K.WORDS, {"relation": "at_least", "number": 200})]),
    ("不超过100个字", [(K.WORDS, {"relation": "at_most", "number": 100})]),
    ("100字以内", [(K.WORDS, {"relation": "at_most", "number": 100})]),
    ("至少50个字", [(K.WORDS, {"relation": "at_least", "number": 50})]),
    ("לכל היותר 60 מילים", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("לא יותר מ-60 מילים", [(K.WORDS, {"relation": "at_most", "number": 60})]),
    ("פחות מ-60 מילים", [(K.WORDS, {"relation": "less_than", "number": 60})]),
    # sentences, paragraphs, characters
    ("in two sentences", [(K.SENTENCES, {"relation": "exactly", "number": 2})]),
    ("no more than 5 sentences", [(K.SENTENCES, {"relation": "at_most", "number": 5})]),
    ("genau drei Sätze", [(K.SENTENCES, {"relation": "exactly", "number": 3})]),
    ("至少三句话", [(K.SENTENCES, {"relation": "at_least", "number": 3})]),
    ("in three short paragraphs", [(K.PARAGRAPHS, {"relation": "exactly", "number": 3})]),
    ("a single paragraph", [(K.PARAGRAPHS, {"relation": "exactly", "number": 1})]),
    ("in zwei Absätzen", [(K.PARAGRAPHS, {"relation": "exactly", "number": 2})]),
    ("分两段", [(K.PARAGRAPHS, {"relation": "exactly", "number": 2})]),
    ("under 280 characters", [(K.CHARACTERS, {"relation": "less_than", "number": 280})]),
    ("höchstens 160 Zeichen", [(K.CHARACTERS, {"relation": "at_most", "number": 160})]),
    ("不超过100个字符", [(K.CHARACTERS, {"relation": "at_most", "number": 100})]),
    # lists, sections, headings
    ("Use exactly 3 bullet points", [(K.BULLETS, {"relation": "exactly", "number": 3})]),
    ("give me three bullets", [(K.BULLETS, {"relation": "exactly", "number": 3})]),
    ("at least 4 bullet points", [(K.BULLETS, {"relation": "at_least", "number": 4})]),
    ("as a bulleted list", [(K.BULLETS, {"relation": "at_least", "number": 1})]),
    ("in drei Stichpunkten", [(K.BULLETS, {"relation": "exactly", "number": 3})]),
    ("用三个要点", [(K.BULLETS, {"relation": "exactly", "number": 3})]),
    ("בשלוש נקודות", [(K.BULLETS, {"relation": "exactly", "number": 3})]),
    ("5 numbered steps", [(K.NUMBERED, {"relation": "exactly", "number": 5})]),
    ("as a numbered list", [(K.NUMBERED, {"relation": "at_least", "number": 1})]),
    ("with 4 sections", [(K.SECTIONS, {"relation": "exactly", "number": 4})]),
    ("mit drei Abschnitten", [(K.SECTIONS, {"relation": "exactly", "number": 3})]),
    ("第三部分要简短", []),  # an ordinal, not a count
    ("at least 2 headings", [(K.HEADINGS, {"relation": "at_least", "number": 2})]),
    ("include at least 2 placeholders such as [name]", [(K.PLACEHOLDERS, {"relation": "at_least", "number": 2})]),
    # per part: not a total, left to judgement
    ("Keep each bullet under 10 words and use 4 bullets.", [(K.BULLETS, {"relation": "exactly", "number": 4})]),
    ("under 10 words per bullet", []),
    ("每段不超过3句", []),
    # quoted-text families
    ("finish with the exact sentence: Thanks, everyone.", [(K.ENDS_WITH, {"phrase": "Thanks, everyone."})]),
    ('End your reply with "Any questions?"', [(K.ENDS_WITH, {"phrase": "Any questions?"})]),
    ("The last line must be 'See you Monday.'", [(K.ENDS_WITH, {"phrase": "See you Monday."})]),
    ("end with next steps", []),  # names no text: judged, not measured
    ("Beende den Text mit dem Satz: Danke an alle.", [(K.ENDS_WITH, {"phrase": "Danke an alle."})]),
    ("以“谢谢大家。”结尾", [(K.ENDS_WITH, {"phrase": "谢谢大家。"})]),
    ("סיים במשפט: תודה לכולם.", [(K.ENDS_WITH, {"phrase": "תודה לכולם."})]),
    ('Start your reply with "Dear team"', [(K.STARTS_WITH, {"phrase": "Dear team"})]),
    ("Beginne mit „Liebes Team“", [(K.STARTS_WITH, {"phrase": "Liebes Team"})]),
    ("以“各位同事”开头", [(K.STARTS_WITH, {"phrase": "各位同事"})]),
    ('Do not use the word "synergy"', [(K.EXCLUDES, {"phrase": "synergy"})]),
    ("avoid the word leverage", [(K.EXCLUDES, {"phrase": "leverage"})]),
    ("不要使用“赋能”这个词", [(K.EXCLUDES, {"phrase": "赋能"})]),
    (
        'Include the keywords "deposit" and "keys"',
        [
            (K.INCLUDES, {"phrase": "deposit", "relation": "at_least", "number": 1}),
            (K.INCLUDES, {"phrase": "keys", "relation": "at_least", "number": 1}),
        ],
    ),
    (
        'The word "team" should appear at least 3 times',
        [(K.INCLUDES, {"phrase": "team", "relation": "at_least", "number": 3})],
    ),
    ("Erwähne das Wort „Kaution“", [(K.INCLUDES, {"phrase": "Kaution", "relation": "at_least", "number": 1})]),
    (
        '"3 bullet points" must not appear: do not use the phrase "3 bullet points"',
        [(K.EXCLUDES, {"phrase": "3 bullet points"})],
    ),
    # format flags
    ("Reply in all lowercase letters", [(K.LOWERCASE, {})]),
    ("no capital letters at all", [(K.LOWERCASE, {})]),
    ("nur Kleinbuchstaben", [(K.LOWERCASE, {})]),
    ("write it in all caps", [(K.UPPERCASE, {})]),
    ("Do not use any commas", [(K.NO_COMMAS, {})]),
    ("without commas", [(K.NO_COMMAS, {})]),
    ("keine Kommas", [(K.NO_COMMAS, {})]),
    ("不要使用逗号", [(K.NO_COMMAS, {})]),
    ("ללא פסיקים", [(K.NO_COMMAS, {})]),
    ("with a title wrapped in double angular brackets, such as <<poem of joy>>", [(K.TITLE, {})]),
    ("Wrap your entire response in double quotation marks", [(K.QUOTED, {})]),
    ('as valid JSON with the keys "name" and "date"', [(K.JSON, {"keys": ["name", "date"]})]),
    ("im JSON-Format", [(K.JSON, {})]),
    ("compare them in a markdown table", [(K.TABLE, {})]),
    ("see the table of contents", []),
    ("als Tabelle", [(K.TABLE, {})]),
    ("End with a postscript starting with P.S.", [(K.POSTSCRIPT, {"marker": "P.S."})]),
]


@pytest.mark.parametrize(("directive", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_finder_reads_each_phrasing(directive, expected):
    assert [(c.kind, c.params) for c in find_checks(directive)] == expected


def test_office_move_gives_the_three_requirements_in_order():
    checks = find_checks(OFFICE_MOVE)
    assert [c.id for c in checks] == ["bullets", "words", "ending"]
    assert checks[2].params == {"phrase": "Thanks, everyone."}
    assert all(c.source == "directive" and c.passed is None for c in checks)
    assert "3 bullet points" in checks[0].text and "60 words" in checks[1].text


def test_two_bounds_of_one_family_get_two_ids():
    checks = find_checks("at least 50 words and at most 100 words")
    assert [c.id for c in checks] == ["words", "words-2"]
    assert [c.params["relation"] for c in checks] == ["at_least", "at_most"]


def test_a_directive_without_requirements_gives_none():
    assert find_checks("Tell me about the history of Rome.") == []
    assert find_checks("") == []
