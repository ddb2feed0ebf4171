"""The counting rules, written down once (docs/guide/checks.md repeats them for people).

The text measured is the deliverable as written (Markdown), with leading and trailing
whitespace (spaces, tabs, blank lines) ignored everywhere.

- **Code**: lines between fences (```` ``` ```` or ``~~~``) are code. A code line is never
  a bullet, a numbered item, a heading, a table row, a section marker or a sentence end;
  its words count as words and its characters as characters. The fence lines count for
  nothing.
- **Word**: a run of letters and digits (any script), with an apostrophe or hyphen inside
  joining its parts ("don't", "well-known", "3.5" are one word each). Each Chinese or
  Japanese character is one word (the usual count of 字). Markdown marks (``*``, ``_``,
  ``#``, ``>``, ``|``, backticks) are not words; a link ``[text](address)`` counts its
  text, never its address.
- **Sentence**: text up to ``.``, ``!``, ``?``, ``…`` or ``。！？`` followed by a space
  or the end (a run of them ends one sentence; "e.g.", "i.e.", "etc.", "z.B.", "Mr.",
  "Dr." and single initials "J." do not end one), and every paragraph, list item or
  heading ends the sentence it is in. A sentence has at least one word.
- **Paragraph**: a run of non-blank lines; a blank line (only whitespace) or a rule line
  (``***``, ``---``, ``___``) separates paragraphs. A code block is one paragraph.
- **Character**: every character of the text (spaces and punctuation included) after
  the outer whitespace is removed.
- **Bullet point**: a line starting (after indentation) with ``-``, ``*``, ``+`` or
  ``•`` and a space. Only top-level points count: indented two or more spaces deeper
  than the least-indented bullet of the text, a point is a sub-point.
- **Numbered item**: a line starting with a number and ``.`` or ``)`` and a space
  (``1.``, ``2)``), top-level as for bullets. A numbered item is not a bullet point.
- **Heading**: a line starting with one to six ``#`` and a space, or a line underlined
  with ``===`` / ``---`` (under a line that is not a list item).
- **Section**: a line that starts with "Section N" / "SECTION N" / "Part N" (any case,
  after Markdown marks), when the text has such markers; otherwise each heading.
- **Ending / start**: compared after removing Markdown emphasis and marks (``*``, ``_``,
  ``~``, backticks, ``#``, ``>``, list marks) around the text and trailing whitespace;
  letters compared without case, runs of whitespace as one space; punctuation counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_BULLET = re.compile(r"^(?P<indent>[ \t]*)(?:[-*+•])[ \t]+\S")
_NUMBERED = re.compile(r"^(?P<indent>[ \t]*)\d{1,3}[.)][ \t]+\S")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+\S")
_UNDERLINE = re.compile(r"^[ \t]{0,3}(=+|-+)[ \t]*$")
_RULE = re.compile(r"^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_SECTION = re.compile(r"^[\W_]*(?:section|part|abschnitt|teil)\s+\d+\b", re.I)
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WORD = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+(?:['’\-.][^\W_{_CJK}]+)*")
_NOT_ENDING = re.compile(r"(?:\b(?i:e\.g|i\.e|etc|z\.B|d\.h|u\.a|bzw|vs|Mr|Mrs|Ms|Dr|Prof|St|No)|\b[A-Z])\.$")
_ENDS = re.compile(r"[.!?…]+(?=\s|$|[\"'”’)\]*_])|[。！？]+")
_EMPHASIS = re.compile(r"\*{1,3}|~~|`+|(?<![^\W_])_{1,3}|_{1,3}(?![^\W_])")
_MARKS = " \t\r\n*_~`#>|-+•\"'“”„«»"


@dataclass(frozen=True)
class Line:
    """One line of the text and whether it is code."""

    text: str
    code: bool
    fence: bool = False


def lines(text: str) -> list[Line]:
    """The text's lines, each marked code or not (fence lines marked as fences)."""
    out: list[Line] = []
    inside = False
    raw_lines = text.splitlines()
    while raw_lines and not raw_lines[0].strip():
        raw_lines.pop(0)
    while raw_lines and not raw_lines[-1].strip():
        raw_lines.pop()
    for raw in raw_lines:
        if _FENCE.match(raw):
            inside = not inside
            out.append(Line(raw, True, fence=True))
        else:
            out.append(Line(raw, inside))
    return out


def words(text: str) -> list[str]:
    """The words of the text (rules in the module docstring)."""
    prose = "\n".join(ln.text for ln in lines(text) if not ln.fence)
    return _WORD.findall(_LINK.sub(r"\1", prose))


def characters(text: str) -> int:
    return len(text.strip())


def paragraphs(text: str) -> list[str]:
    out: list[str] = []
    current: list[str] = []
    for ln in lines(text):
        if ln.fence or ln.code:
            current.append(ln.text)
        elif not ln.text.strip() or _RULE.match(ln.text):
            if current:
                out.append("\n".join(current))
            current = []
        else:
            current.append(ln.text)
    if current:
        out.append("\n".join(current))
    return [p for p in out if p.strip()]


def sentences(text: str) -> list[str]:
    """The sentences of the prose (code lines never end one)."""
    out: list[str] = []
    for block in _sentence_blocks(text):
        start = 0
        for m in _ENDS.finditer(block):
            if m.group().startswith(".") and _NOT_ENDING.search(block[: m.start() + 1]):
                continue
            out.append(block[start : m.end()])
            start = m.end()
        out.append(block[start:])
    return [s.strip() for s in out if _WORD.search(s)]


def _sentence_blocks(text: str) -> list[str]:
    """Pieces no sentence crosses: each list item, heading and paragraph of prose."""
    blocks: list[str] = []
    current: list[str] = []
    for ln in lines(text):
        starts_item = _BULLET.match(ln.text) or _NUMBERED.match(ln.text) or _HEADING.match(ln.text)
        if ln.code or not ln.text.strip() or _RULE.match(ln.text) or starts_item:
            if current:
                blocks.append(" ".join(current))
            current = []
            if starts_item and not ln.code:
                current = [ln.text.strip()]
            continue
        current.append(ln.text.strip())
    if current:
        blocks.append(" ".join(current))
    return blocks


def _top_level(matches: list[re.Match[str]]) -> tuple[int, int]:
    """(top-level count, deeper count) of list-item matches by indentation."""
    if not matches:
        return 0, 0
    depths = [len(m.group("indent").expandtabs(4)) for m in matches]
    least = min(depths)
    top = sum(1 for d in depths if d < least + 2)
    return top, len(depths) - top


def _prose_lines(text: str) -> list[str]:
    return [ln.text for ln in lines(text) if not ln.code]


def bullets(text: str) -> tuple[int, int]:
    """(top-level bullet points, sub-points)."""
    found = [m for ln in _prose_lines(text) if not _RULE.match(ln) and (m := _BULLET.match(ln))]
    return _top_level(found)


def numbered(text: str) -> tuple[int, int]:
    """(top-level numbered items, sub-items)."""
    found = [m for ln in _prose_lines(text) if (m := _NUMBERED.match(ln))]
    return _top_level(found)


def headings(text: str) -> int:
    prose = _prose_lines(text)
    count = 0
    for i, ln in enumerate(prose):
        if _HEADING.match(ln) or (i and _UNDERLINE.match(ln) and prose[i - 1].strip() and not _is_item(prose[i - 1])):
            count += 1
    return count


def _is_item(line: str) -> bool:
    return bool(_BULLET.match(line) or _NUMBERED.match(line) or _HEADING.match(line) or _RULE.match(line))


def sections(text: str) -> int:
    markers = sum(1 for ln in _prose_lines(text) if _SECTION.match(ln))
    return markers or headings(text)


def plain(text: str) -> str:
    """The text for comparing a start or an ending (or a phrase to compare it with):
    emphasis marks removed, marks around it removed, whitespace runs as one space, no case."""
    body = "\n".join(ln.text for ln in lines(text) if not ln.fence)
    body = _EMPHASIS.sub("", _LINK.sub(r"\1", body))
    return re.sub(r"\s+", " ", body.strip(_MARKS)).casefold()
