"""Markdown as models write it: each case's input and the structure
its HTML must have. The renderer is Qt-free, so these run without a window."""

from __future__ import annotations

import re

import pytest

from aipa.core.text.code_blocks import COPY_LINK, guess_language
from aipa.core.text.render import render, split_blocks, tex_text, to_html


def count(tag: str, html: str) -> int:
    return len(re.findall(rf"<{tag}[\s>]", html))


def code_bodies(html: str) -> list[str]:
    return re.findall(r"<pre[^>]*>(.*?)</pre>", html, re.S)


CASES = [
    # (name, markdown, check(html))
    ("list after a paragraph", "Options:\n- a\n- b", lambda h: count("p", h) == 1 and count("li", h) == 2),
    ("numbered list after text", "Steps:\n1. one\n2. two", lambda h: count("ol", h) == 1 and count("li", h) == 2),
    (
        "two-space nesting",
        "- a\n  - b\n    - c\n- d",
        lambda h: count("ul", h) == 3 and re.search(r"<li>a<ul>\s*<li>b<ul>\s*<li>c</li>", h) is not None,
    ),
    (
        "four-space nesting",
        "- a\n    - b\n- c",
        lambda h: count("ul", h) == 2 and re.search(r"<li>a<ul>\s*<li>b</li>", h) is not None,
    ),
    (
        "ordered after unordered",
        "- a\n- b\n1. one\n2. two",
        lambda h: count("ul", h) == 1 and count("ol", h) == 1 and "<li>b</li>" in h and "<li>one</li>" in h,
    ),
    ("ordered after unordered, blank line", "- a\n\n1. one", lambda h: count("ul", h) == 1 and count("ol", h) == 1),
    ("strikethrough", "It is ~~gone~~ now", lambda h: "<del>gone</del>" in h and "~~" not in h),
    (
        "task list",
        "- [ ] todo\n- [x] done",
        lambda h: "☐ todo" in h and "☑ done" in h and "list-style-type: none" in h and "<input" not in h,
    ),
    (
        "bare https URL",
        "See https://example.org/a?b=1 now",
        lambda h: '<a href="https://example.org/a?b=1">https://example.org/a?b=1</a>' in h,
    ),
    ("bare http URL", "at http://example.org.", lambda h: '<a href="http://example.org">' in h),
    ("other schemes stay text", "ftp://example.org and javascript:alert(1)", lambda h: "href" not in h),
    (
        "fenced code with a language",
        "```python\ndef f():\n    return 1\n```\n",
        lambda h: ">python</td>" in h and 'style="color' in h and not code_bodies(h)[0].endswith("\n"),
    ),
    (
        "fenced code, language guessed",
        "```\nimport os\nprint(os.getcwd())\n```\n",
        lambda h: ">python</td>" in h and 'style="color' in h,
    ),
    (
        "fenced code, nothing to guess",
        "```\nHello there, just words\nand more words\n```\n",
        lambda h: ">code</td>" in h and 'style="color' not in code_bodies(h)[0],
    ),
    (
        "no trailing blank line in code",
        "```text\nline one\nline two\n\n\n```\n",
        lambda h: code_bodies(h)[0] == "line one\nline two",
    ),
    ("long code lines wrap", "```\n" + "x" * 300 + "\n```\n", lambda h: "white-space: pre-wrap" in h),
    (
        "inline math",
        r"Area is $\pi r^2$ here",
        lambda h: re.search(r'<span class="math" style="[^"]*monospace[^"]*">π r\^2</span>', h) and "$" not in h,
    ),
    (
        "block math",
        "$$\n\\frac{a}{b} \\times 2\n$$\n",
        lambda h: re.search(r'<p class="math"[^>]*>\(a\)/\(b\) × 2</p>', h) is not None and "$" not in h,
    ),
    ("a dollar amount is not math", "It costs $5 and $10 a day", lambda h: "$5" in h and "math" not in h),
    (
        "display math inside a sentence keeps no dollars",
        r"The total is $$n \times p$$ per day",
        lambda h: re.search(r'<span class="math"[^>]*>n × p</span> per day', h) is not None and "$" not in h,
    ),
    (
        "a math block right under text",
        "The cost:\n$$\nC = n \\times p\n$$\nthen more",
        lambda h: re.search(r'<p class="math"[^>]*>C = n × p</p>', h) is not None and "$" not in h,
    ),
    ("dollars in code stay", "```\n$$x$$\n```", lambda h: "$$x$$" in h and "math" not in h),
    ("dollars in a code span stay", "Write `$$x$$` for display math", lambda h: "<code>$$x$$</code>" in h),
    (
        "a footnote's mark and its text are both shown",
        "Cheaper[^1] than the hotel.\n\n[^1]: Prices from the 2026 list.",
        lambda h: "Cheaper<sup>1</sup> than" in h and "<sup>1</sup> Prices from the 2026 list." in h and "[^" not in h,
    ),
    ("a named footnote", "See this[^note].", lambda h: "this<sup>note</sup>." in h),
    (
        "1) lists are lists",
        "Steps:\n1) Book the venue\n2) Confirm the dates",
        lambda h: count("ol", h) == 1 and "<li>Book the venue</li>" in h and "1)" not in h,
    ),
    ("1) nested under a bullet", "- a\n  1) one\n  2) two", lambda h: count("ol", h) == 1 and count("li", h) == 3),
    ("hash without a space is not a heading", "#tag\n\n# Title", lambda h: count("h1", h) == 1 and "#tag" in h),
    ("intra-word underscores", "snake_case_name", lambda h: "<em>" not in h),
    ("a line break is kept", "**Day 1**\nMorning: venue\nAfternoon: hike", lambda h: h.count("<br") == 2),
    ("raw HTML is escaped", "<b>x</b> <script>y</script>", lambda h: "&lt;b&gt;" in h and "<script" not in h),
]


@pytest.mark.parametrize(("name", "text", "check"), CASES, ids=[c[0] for c in CASES])
def test_markdown_case(name, text, check):
    out = to_html(text)
    assert check(out), out


def test_tables_render_rows():
    out = to_html("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n")
    assert count("table", out) == 1 and count("tr", out) == 3


def test_code_blocks_carry_their_source_and_copy_links_only_when_asked():
    text = "Intro\n\n```js\nconst a = 1;\n```\n\nthen\n\n```\nplain words here\n```\n"
    out, codes = render(text, actions=True)
    assert codes == ["const a = 1;", "plain words here"]
    assert f'href="{COPY_LINK}0"' in out and f'href="{COPY_LINK}1"' in out
    exported, _ = render(text)
    assert COPY_LINK not in exported and ">js</td>" in exported  # exports get the label, no dead link


def test_guess_language_only_when_confident():
    assert guess_language("import os\nprint(os.getcwd())\n") == "python"
    assert guess_language("Just a sentence or two\nof prose.") == ""


def test_tex_text():
    assert tex_text(r"\alpha \le \frac{1}{2}") == "α ≤ (1)/(2)"
    assert tex_text(r"x_{i}^{2}") == "x_i^2"


def test_fixed_lists_split_like_the_whole():
    text = "Options:\n- a\n  - nested\n- b\n1. one\n\nAfter\n\n- [ ] t\n\n```\ncode\n```\n"

    def tight(h: str) -> str:
        return re.sub(r">\s+<", "><", h)

    assert tight("".join(to_html(b) for b in split_blocks(text))) == tight(to_html(text))
