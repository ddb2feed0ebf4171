"""Bounds on what is rendered, applied to the markdown before it is converted.

A model (a looping small one, or one obeying an injected document) can write a list
nested 250 deep, a quote nested 1,000 deep or a table of 10,000 rows. python-markdown
recurses once per level (a RecursionError past ~200) and Qt lays every table cell out,
so such text is tamed first, keeping every character of it:

- quote markers past ``MAX_QUOTE_DEPTH`` are dropped, indentation past
  ``MAX_INDENT`` columns is cut to it (the list preprocessor in ``dialect`` also
  flattens list items past ``MAX_LIST_DEPTH`` levels, whatever step they nest by);
- a table past ``MAX_TABLE_ROWS`` rows keeps its first rows as a table and the rest
  as plain text, one past ``MAX_TABLE_COLUMNS`` columns is plain text whole;
- a line with more than ``MAX_BRACKETS`` ``[`` has them escaped (no links in it);
- past ``MAX_RENDER_CHARS`` characters the rest of the text is not converted at all:
  it is shown escaped, as it was written (``tame`` returns it apart).

Code inside fenced blocks is left as written (only its size counts).
"""

from __future__ import annotations

import html
import re

MAX_LIST_DEPTH = 12  # list levels rendered as nested lists; deeper items sit at this level
MAX_QUOTE_DEPTH = 8
MAX_INDENT = 4 * MAX_LIST_DEPTH + 3  # columns of leading spaces kept outside code fences
MAX_TABLE_ROWS = 200
MAX_TABLE_COLUMNS = 40
MAX_RENDER_CHARS = 200_000
MAX_BRACKETS = 64  # per line; more are shown as written, not as links

_FENCE = re.compile(r"^ *(~{3,}|`{3,})")
_QUOTES = re.compile(r"^((?: {0,3}> ?)+)")
_DELIMITER = re.compile(r"^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


def tame(text: str) -> tuple[str, str]:
    """(markdown to convert, the rest to show as plain text) for ``text``: see the module."""
    text = text.replace("\r\n", "\n").expandtabs(4) if "\t" in text or "\r" in text else text
    lines = text.split("\n")
    out: list[str] = []
    size = 0  # characters in ``out``
    fence = ""
    i = 0
    while i < len(lines) and size <= MAX_RENDER_CHARS:
        line = lines[i]
        if fence:
            out.append(line)
            size += len(line) + 1
            if line.strip() == fence:
                fence = ""
            i += 1
            continue
        f = _FENCE.match(line)
        if f:
            fence = f.group(1)
        elif "|" in line and i + 1 < len(lines) and "|" in lines[i + 1] and _DELIMITER.match(lines[i + 1]):
            end = i + 2
            while end < len(lines) and "|" in lines[end] and lines[end].strip():
                end += 1
            table = _table(lines[i:end])
            out += table
            size += sum(len(r) + 1 for r in table)
            i = end
            continue
        else:
            line = _flattened(line)
        out.append(line)
        size += len(line) + 1
        i += 1
    if fence and i < len(lines):
        out.append(fence)  # the cut fell inside a code block: close it
    return "\n".join(out), "\n".join(lines[i:])


def _flattened(line: str) -> str:
    """The line with at most MAX_QUOTE_DEPTH quote markers and MAX_INDENT columns of indent."""
    q = _QUOTES.match(line)
    if q and q.group(1).count(">") > MAX_QUOTE_DEPTH:
        line = "> " * MAX_QUOTE_DEPTH + line[q.end() :]
    indent = len(line) - len(line.lstrip(" "))
    if indent > MAX_INDENT:
        line = " " * MAX_INDENT + line[indent:]
    return _unlinked(line)


def _unlinked(line: str) -> str:
    """A line with more than MAX_BRACKETS ``[`` has them escaped: finding where each
    link ends would cost python-markdown seconds (quadratic), for a line no person writes."""
    return line.replace("[", "\\[") if line.count("[") > MAX_BRACKETS else line


def _columns(row: str) -> int:
    return row.strip().strip("|").count("|") + 1


def _table(rows: list[str]) -> list[str]:
    """A table as is, or folded: its first rows as a table, the rest as plain text."""
    if _columns(rows[0]) > MAX_TABLE_COLUMNS:
        note = f"*(a table of {_columns(rows[0])} columns, shown as text)*"
        return ["", note, "", *_as_text(rows), ""]
    rows = [_unlinked(r) for r in rows]
    if len(rows) - 2 <= MAX_TABLE_ROWS:
        return rows
    kept, folded = rows[: MAX_TABLE_ROWS + 2], rows[MAX_TABLE_ROWS + 2 :]
    note = f"*({len(folded):,} more rows, shown as text)*"
    return [*kept, "", note, "", *_as_text(folded), ""]


def _as_text(rows: list[str]) -> list[str]:
    """Rows in a fenced block longer than any run of backticks in them (shown as written)."""
    longest = max((len(m) for r in rows for m in re.findall(r"`+", r)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", *rows, fence]


def plain_html(text: str) -> str:
    """Text shown as written (escaped, line breaks kept)."""
    return "<p>" + html.escape(text).replace("\n", "<br>") + "</p>"
