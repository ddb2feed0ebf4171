"""The part of a message the window lays out (core/text/shown_part.py): every cap holds
on the pathological replies (depth, rows, line length, block count, code lines), an
ordinary message is shown as it is, and a growing text's part grows with it."""

from __future__ import annotations

import re

from aipa.core.text import render_limits, shown_part
from aipa.core.text.render import render, split_blocks, to_html
from aipa.core.text.shown_part import shown_part as part_of
from aipa.providers import scripted_pathological as replies
from aipa.providers.base import ChatRequest, Message
from aipa.providers.scripted import demo_script

BOUND = shown_part.MAX_SHOWN_CHARS + shown_part.MAX_LINE_CHARS + 16  # the last line kept may be a long one


def _demo(purpose: str) -> str:
    request = ChatRequest(model="demo", messages=(Message("user", "Plan a team offsite in May"),), purpose=purpose)
    return demo_script(request)


def test_an_ordinary_message_is_shown_as_written():
    for text in (_demo("synthesize"), _demo("lead"), "Short.", "- a\n  - b\n    - c\n", "```\ncode", ""):
        part = part_of(text)
        assert part.text == text and not part.cut, text[:40]


def test_a_growing_text_has_a_growing_part():
    text = _demo("synthesize") * 3
    for end in range(0, len(text), 97):
        part = part_of(text[:end])
        assert part.text == text[:end] and not part.cut


def test_a_list_nested_300_deep_is_flattened_and_said_to_be():
    text = replies.deep_list()
    part = part_of(text)
    assert part.cut and len(part.text) <= BOUND
    html = render(part.text)[0]
    assert html.count("<ul>") == render_limits.MAX_LIST_DEPTH
    assert html.count("<li>") == shown_part.MAX_RUN_LINES  # one run of lines: its first lines
    assert "level 1<" in html and f"level {shown_part.MAX_RUN_LINES}<" in html
    # (short, but deeper than the renderer nests: shown flattened, so in part too)
    assert part_of("\n".join("  " * i + f"- {i}" for i in range(render_limits.MAX_LIST_DEPTH + 3))).cut


def test_a_5000_row_table_keeps_its_first_rows():
    part = part_of(replies.big_table())
    assert part.cut
    html = render(part.text)[0]
    assert html.count("<tr>") == shown_part.MAX_TABLE_ROWS + 1  # the header row too
    assert f"<td>{shown_part.MAX_TABLE_ROWS}</td>" in html and f"<td>{shown_part.MAX_TABLE_ROWS + 1}</td>" not in html


def test_a_megabyte_without_a_space_is_cut_to_a_line_the_window_can_break():
    part = part_of(replies.long_line())
    assert part.cut and len(part.text) <= BOUND
    assert max(len(line) for line in part.text.splitlines()) == shown_part.MAX_LINE_CHARS + len(shown_part.CUT_MARK)
    fenced = part_of("```\n" + "x" * 50_000 + "\n```\nafter\n")  # in a code block too
    assert fenced.cut and fenced.text.endswith("\n```\nafter\n") and len(fenced.text) < 6_000


def test_10000_headings_are_bounded_in_number():
    part = part_of(replies.many_headings())
    assert part.cut
    headings = re.findall(r"^## ", part.text, re.M)
    assert len(headings) == shown_part.MAX_SHOWN_LINES
    assert len(split_blocks(part.text)) == shown_part.MAX_SHOWN_LINES


def test_a_long_code_block_keeps_its_first_lines_and_is_closed():
    code = "\n".join(f"x{i} = {i}" for i in range(1000))
    part = part_of(f"Before.\n\n```python\n{code}\n```\n\nAfter.\n")
    assert part.cut and part.text.startswith("Before.") and part.text.endswith("```\n\nAfter.\n")
    assert "x199 = 199" in part.text and "x200 = 200" not in part.text
    stopped = part_of("# t\n\n```\n" + "\n".join(["y"] * 5000))  # the message's cap inside a fence
    assert stopped.cut and stopped.text.rstrip().endswith("```")


def test_quotes_nested_past_the_renderers_depth_are_said_to_be_cut():
    assert part_of(">" * (render_limits.MAX_QUOTE_DEPTH + 1) + " deep\n").cut
    assert not part_of("> > quoted\n").cut


def test_the_part_of_any_pathological_reply_is_bounded():
    for name, make in replies.REPLIES.items():
        part = part_of(make())
        assert part.cut and len(part.text) <= BOUND, name
        assert sum(1 for line in part.text.splitlines() if line.strip()) <= shown_part.MAX_SHOWN_LINES + 1, name


def test_exports_keep_every_character():
    """The caps are the window's: the export renderer still shows all of the text."""
    table = to_html(replies.big_table())
    assert "item 5000" in table and "item 1" in table
    line = replies.long_line()
    assert line.strip().split("\n")[-1] in to_html(line)


def test_a_plain_text_is_bounded_as_a_message_is():
    assert shown_part.plain_part("Thinking about it.\nThen more.") == "Thinking about it.\nThen more."
    long = shown_part.plain_part("x" * 1_000_000)
    assert len(long) <= shown_part.MAX_LINE_CHARS + 2 * len(shown_part.CUT_MARK) and long.endswith(shown_part.CUT_MARK)
    many = shown_part.plain_part("a line\n" * 20_000)
    assert many.count("\n") < shown_part.MAX_SHOWN_LINES and many.endswith(shown_part.CUT_MARK)
