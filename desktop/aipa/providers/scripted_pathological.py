"""Scripted scenarios whose answer is a pathological reply, for the window's bounds.

A looping small model, or one obeying an injected document, can write text no person
writes: a list nested hundreds deep, a table of thousands of rows, a megabyte without
a space, thousands of headings. The window must draw such a reply in bounded time
(``core/text/render_limits.py``); these scenarios make a run whose direct answer is
one of them, so the real window can be tried on it (``aipa --smoke "…" --model
deep-list``) and measured (tests/bench/test_pathological_replies.py). They are not
listed among the scripted models (nobody picks them in the window by accident).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from aipa.providers.base import ChatRequest

LIST_DEPTH = 300
TABLE_ROWS = 5_000
LINE_CHARS = 1_000_000
HEADINGS = 10_000


def deep_list(depth: int = LIST_DEPTH) -> str:
    """A bullet list nested ``depth`` levels deep, two spaces a level (as models nest)."""
    return "Here is the structure:\n\n" + "\n".join("  " * i + f"- level {i + 1}" for i in range(depth)) + "\n"


def big_table(rows: int = TABLE_ROWS) -> str:
    body = "\n".join(f"| {i + 1} | item {i + 1} | {(i + 1) * 7 % 1000} |" for i in range(rows))
    return f"The figures:\n\n| # | name | value |\n|---|---|---|\n{body}\n"


def long_line(chars: int = LINE_CHARS) -> str:
    """One line of ``chars`` characters without a space (a base64 blob, a looping token)."""
    unit = "abcdefghij0123456789"
    return "The data:\n\n" + (unit * (chars // len(unit) + 1))[:chars] + "\n"


def many_headings(count: int = HEADINGS) -> str:
    return "\n\n".join(f"## Section {i + 1}" for i in range(count)) + "\n"


def chunks(text: str, lines: int = 8) -> list[str]:
    """``text`` in pieces of ``lines`` lines, streamed one a "token" (10,000 headings
    would pass the agents' output budget word by word; the reply is what is under test)."""
    split = text.splitlines(keepends=True)
    return ["".join(split[i : i + lines]) for i in range(0, len(split), lines)]


REPLIES: dict[str, Callable[[], str]] = {
    "deep-list": deep_list,
    "big-table": big_table,
    "long-line": long_line,
    "many-headings": many_headings,
}


def script_for(name: str, otherwise: Callable[[ChatRequest], str]) -> Callable[[ChatRequest], str]:
    """The scenario ``name``: routing answers directly, the answer is the reply, the
    audit passes with notes; any other call (the standing brief) is ``otherwise``'s."""
    reply = REPLIES[name]

    def script(request: ChatRequest) -> str:
        if request.purpose == "route":
            return json.dumps({"mode": "direct", "message": "I can answer this myself."})
        if request.purpose == "direct":
            return reply()
        if request.purpose == "audit":
            return "The answer is long and mechanical.\n\nVERDICT: PASS WITH NOTES"
        return otherwise(request)

    return script
