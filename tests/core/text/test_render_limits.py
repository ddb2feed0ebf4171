"""What is rendered is bounded first, and rendering never fails (issue 21 item 1)."""

from __future__ import annotations

import time

from aipa.core.text import render_limits
from aipa.core.text.render import html_document, render, to_html


def _deep(depth: int, step: str = "  ") -> str:
    return "\n".join(step * i + f"- item {i}" for i in range(depth))


def test_lists_nested_hundreds_deep_are_flattened_past_the_cap_and_keep_every_item():
    for step in ("  ", "   ", "    ", "\t"):
        started = time.monotonic()
        out = to_html(_deep(1000, step))
        assert time.monotonic() - started < 5
        assert out.count("<ul>") == render_limits.MAX_LIST_DEPTH, step
        assert all(f"item {i}<" in out for i in (0, 11, 12, 500, 999))


def test_deep_quotes_brackets_and_unclosed_links_render_quickly():
    cases = {
        "quotes": "\n".join(">" * i + " q" for i in range(1, 2000)),
        "brackets": "[" * 5000 + "x" + "]" * 5000,
        "links": "[a](" * 3000,
    }
    for name, text in cases.items():
        started = time.monotonic()
        out = to_html(text)
        assert time.monotonic() - started < 2, name
        assert out.count("<blockquote>") <= render_limits.MAX_QUOTE_DEPTH * 2000, name
    assert to_html(cases["quotes"]).count("<blockquote>") == render_limits.MAX_QUOTE_DEPTH


def test_a_huge_table_keeps_its_first_rows_as_a_table_and_the_rest_as_text():
    rows = "\n".join(f"| r{i} | v{i} |" for i in range(1000))
    out = to_html("| a | b |\n|---|---|\n" + rows)
    table = out[: out.index("</table>")]  # (the folded rows' code block has a bar, a table too)
    assert table.count("<tr>") == render_limits.MAX_TABLE_ROWS + 1  # the header row too
    assert "800 more rows, shown as text" in out and "r999" in out
    wide = "|" + "c|" * 100 + "\n|" + "-|" * 100 + "\n|" + "x|" * 100
    out = to_html(wide)
    assert "<td>x</td>" not in out and "a table of 100 columns, shown as text" in out


def test_past_the_size_cap_the_rest_is_shown_as_written():
    text = "word " * 100_000 + "\n" + "*tail* " * 100_000
    out = to_html(text)
    assert "shown as written" in out
    assert "*tail*" in out  # not converted: the stars are still there


def test_any_renderer_error_falls_back_to_escaped_plain_text(monkeypatch):
    from aipa.core.text import dialect

    def broken(self, text):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(dialect._Finish, "run", broken)
    html, codes = render("# <b>Title</b>\n\nline two", actions=True)
    assert html == "<p># &lt;b&gt;Title&lt;/b&gt;<br><br>line two</p>" and codes == []
    assert "&lt;b&gt;" in html_document("<b>x</b>", "t")
    monkeypatch.undo()
    assert "<h1>" in to_html("# Title")  # the converter is made again afterwards
