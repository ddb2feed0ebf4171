"""The counting rules (core/checks/counting.py), table-driven on tricky text: nested
lists, code blocks, ``1)`` items, trailing whitespace, emphasis, links, other scripts."""

from __future__ import annotations

import pytest

from aipa.core.checks import counting

CODE = "Intro line.\n\n```python\n- not a bullet\n# not a heading\nx = 1. y = 2\n```\n\n- real bullet\n"

WORDS = [
    ("Thanks, everyone.", 2),
    ("don't stop the well-known 3.5 release", 6),
    ("**bold** _em_ `code` ~~gone~~", 4),
    ("See [the plan](https://example.invalid/a/b/c) now", 4),  # a link counts its text only
    ("# Heading\n\n- one\n- two  \n", 3),
    ("谢谢大家", 4),  # each Chinese character is a word
    ("Bitte 3 Punkte, danke.", 4),
    ("תודה לכולם על העבודה", 4),
    ("snake_case_name here", 4),  # underscores are marks, not letters
    ("", 0),
    (CODE, 14),  # code words count; the fence lines do not
]

SENTENCES = [
    ("One. Two! Three?", 3),
    ("Wait... what?! Yes.", 3),
    ("E.g. this stays one sentence, i.e. one. And Mr. Smith agrees.", 2),
    ("Version 3.5 is out. Good", 2),
    ("# Title\n\n- first item\n- second item. With two\n", 4),
    ("你好。我们搬家了！好吗？", 3),
    (CODE, 2),  # "Intro line." and the bullet; code never ends a sentence
    ("   \n\n", 0),
]

PARAGRAPHS = [
    ("One.\n\nTwo.\n\n\nThree.", 3),
    ("One.\n   \nTwo.", 2),  # a whitespace-only line is blank
    ("One.\n***\nTwo.", 2),  # a rule separates
    ("Intro\n\n```\na\n\nb\n```\n\nEnd", 3),  # a code block is one paragraph
    ("\n\n  Only one  \n\n", 1),
]

BULLETS = [
    ("- a\n- b\n- c", (3, 0)),
    ("* a\n+ b\n• c", (3, 0)),
    ("- a\n  - a1\n  - a2\n- b\n- c", (3, 2)),  # nested points are sub-points
    ("  - a\n  - b\n    - b1", (2, 1)),  # top level is the least indented
    ("1. one\n2. two", (0, 0)),  # numbered items are not bullets
    ("---\n- a", (1, 0)),  # a rule is not a bullet
    ("-no space\n*emphasis*", (0, 0)),
    (CODE, (1, 0)),  # code lines are never bullets
    ("- a   \n- b\t\n- c  \n\n", (3, 0)),  # trailing whitespace
]

NUMBERED = [
    ("1. one\n2. two\n3. three", (3, 0)),
    ("1) one\n2) two", (2, 0)),
    ("1. one\n   1. sub\n2. two", (2, 1)),
    ("2026. was a year", (0, 0)),  # four digits: a year, not an item
    ("- a\n- b", (0, 0)),
]

HEADINGS = [
    ("# One\n\ntext\n\n## Two", 2),
    ("#not a heading", 0),
    ("Title\n=====\n\nSub\n---\n", 2),
    ("- item\n---", 0),  # a rule under a list item is not an underline
    (CODE, 0),
]


@pytest.mark.parametrize(("text", "count"), WORDS)
def test_words(text, count):
    assert len(counting.words(text)) == count


@pytest.mark.parametrize(("text", "count"), SENTENCES)
def test_sentences(text, count):
    assert len(counting.sentences(text)) == count


@pytest.mark.parametrize(("text", "count"), PARAGRAPHS)
def test_paragraphs(text, count):
    assert len(counting.paragraphs(text)) == count


@pytest.mark.parametrize(("text", "counts"), BULLETS)
def test_bullets(text, counts):
    assert counting.bullets(text) == counts


@pytest.mark.parametrize(("text", "counts"), NUMBERED)
def test_numbered(text, counts):
    assert counting.numbered(text) == counts


@pytest.mark.parametrize(("text", "count"), HEADINGS)
def test_headings(text, count):
    assert counting.headings(text) == count


def test_sections_prefer_markers_then_headings():
    assert counting.sections("SECTION 1\ntext\n\nSECTION 2\ntext") == 2
    assert counting.sections("**Section 1**: a\n\n## Not counted when markers exist") == 1
    assert counting.sections("## A\n\n## B\n\n## C") == 3


def test_characters_ignore_the_outer_whitespace():
    assert counting.characters("  ab c \n\n") == 4


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Body.\n\n**Thanks, everyone.**  \n", "body. thanks, everyone."),
        ("Body.\n\n_Thanks, *everyone*._", "body. thanks, everyone."),
        ("> Thanks,\n> everyone.", "thanks, > everyone."),
        ("keep snake_case inside", "keep snake_case inside"),
    ],
)
def test_plain_drops_emphasis_and_outer_marks(text, shown):
    assert counting.plain(text) == shown
