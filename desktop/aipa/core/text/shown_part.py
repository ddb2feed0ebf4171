"""The part of a message the window lays out: bounded, so that no reply, however
pathological, holds the window (issue 32).

``render_limits.tame`` keeps python-markdown from failing on any text and keeps every
character (exports show the whole text). The window's card needs more: its layout must
end in bounded time, so it shows a prefix of the message at bounded size, and says so
("Shown in part · Show the full text", which opens the text as written):

- at most ``MAX_SHOWN_LINES`` lines with text and ``MAX_SHOWN_CHARS`` characters
  (10,000 headings are 10,000 documents to lay out);
- a line past ``MAX_LINE_CHARS`` is cut (a megabyte without a space takes Qt's line
  breaker minutes), inside code blocks too;
- a table past ``MAX_TABLE_ROWS`` rows keeps its first rows, a code block past
  ``MAX_CODE_LINES`` lines its first lines, a run of lines without a blank line
  between them (a list) past ``MAX_RUN_LINES`` its first lines (each is one document,
  laid out in one go: it must fit a slice of the event loop);
- lists nested past ``render_limits.MAX_LIST_DEPTH`` and quotes past
  ``MAX_QUOTE_DEPTH`` are flattened by the renderer: every item is shown, but not as
  written, so such a message is shown in part too.

``shown_part`` reads the text once, line by line, and stops at the first cap it meets
on the message's size: its cost is bounded by the caps, not by the text's length.
A growing text's part grows with it until a cap is met, then stays as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from aipa.core.text.render_limits import MAX_LIST_DEPTH, MAX_QUOTE_DEPTH

MAX_SHOWN_LINES = 1_000  # lines with text (blank lines are free)
MAX_SHOWN_CHARS = 100_000
MAX_LINE_CHARS = 5_000
# one table, code block or run of lines without a blank one (a list) is one document,
# converted and laid out at once: each must fit a slice of the loop (tens of ms)
MAX_TABLE_ROWS = 50
MAX_CODE_LINES = 200
MAX_RUN_LINES = 100
CUT_MARK = " …"  # ends a line that was cut

_FENCE = re.compile(r"^ *(~{3,}|`{3,})")
_ITEM = re.compile(r"^( *)(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_QUOTES = re.compile(r"^((?: {0,3}> ?)+)")
_DELIMITER = re.compile(r"^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Part:
    """What the window shows of a text: ``text``, and whether that is less than the
    whole or not as written (``cut``: the full text is one click away)."""

    text: str
    cut: bool


@lru_cache(maxsize=16)
def shown_part(text: str) -> Part:
    """The bounded part of ``text`` the window renders (see the module). Kept for the
    last texts asked about: a card laid out a slice per turn asks at each turn, and a
    string's hash is computed once."""
    reader = _Reader()
    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end + 1
        if not reader.add(text[pos:end]):
            break
        pos = end
    if not reader.cut:
        return Part(text[:pos], False)  # (the text itself: a growing text's part is a prefix of it)
    return Part(reader.finish(), True)


class _Reader:
    """The kept lines, and the state of the block being read (fence, table, list)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.size = 0
        self.lines = 0
        self.cut = False
        self.stopped = False  # the message's caps were met: the rest is not read
        self.fence = ""  # the open fence
        self.code_lines = 0  # lines of the open code block
        self.table_rows = -1  # rows of the table being read (-1: none)
        self.items: list[int] = []  # indents of the open list items
        self.run = 0  # lines since the last blank line (outside code)
        self.previous = ""

    def add(self, line: str) -> bool:
        """Keep ``line`` (with its line break, if it has one) as it is, cut or skipped;
        False once the message's caps are met."""
        if self.lines >= MAX_SHOWN_LINES or self.size >= MAX_SHOWN_CHARS:
            self.cut = self.stopped = True
            return False
        if len(line) > MAX_LINE_CHARS + 1:
            line = line[:MAX_LINE_CHARS] + CUT_MARK + ("\n" if line.endswith("\n") else "")
            self.cut = True
        if self.fence:
            return self._code(line)
        if self.table_rows >= 0:
            if "|" in line and line.strip():
                self.table_rows += 1
                if self.table_rows > MAX_TABLE_ROWS:  # the rest of the table is skipped
                    self.cut = True
                    return True
            else:
                self.table_rows = -1
        if not line.strip():
            self.run = 0
        elif self.table_rows < 0:
            self.run += 1
            if self.run > MAX_RUN_LINES:  # the rest of the run is skipped
                self.cut = True
                return True
        fence = _FENCE.match(line)
        if fence:
            self.fence, self.code_lines = fence.group(1), 0
        elif "|" in line and "|" in self.previous and _DELIMITER.match(line):  # (the regex last: it backtracks)
            self.table_rows = 0
        else:
            self._nesting(line)
        self._keep(line)
        return True

    def _code(self, line: str) -> bool:
        if line.strip() == self.fence:
            self.fence = ""
        else:
            self.code_lines += 1
            if self.code_lines > MAX_CODE_LINES:
                self.cut = True
                return True
        self._keep(line)
        return True

    def _nesting(self, line: str) -> None:
        """Whether the renderer will flatten this line's list or quote (it says: cut)."""
        if not line.strip():
            return
        quotes = _QUOTES.match(line)
        if quotes and quotes.group(1).count(">") > MAX_QUOTE_DEPTH:
            self.cut = True
        item = _ITEM.match(line)
        if item is None:
            if not line.startswith(" "):
                self.items = []
            return
        indent = len(item.group(1))
        while self.items and indent < self.items[-1] + 2:
            self.items.pop()
        self.items.append(indent)
        if len(self.items) > MAX_LIST_DEPTH:
            self.cut = True

    def _keep(self, line: str) -> None:
        self.out.append(line)
        self.size += len(line)
        if line.strip():
            self.lines += 1
        self.previous = line

    def finish(self) -> str:
        text = "".join(self.out)
        if self.fence and (self.stopped or self.code_lines > MAX_CODE_LINES):  # a code block cut short: closed
            text += ("" if text.endswith("\n") else "\n") + self.fence + "\n"
        return text


def plain_part(text: str) -> str:
    """A plain text (a model's thinking) bounded as a message is: lines cut past
    ``MAX_LINE_CHARS``, the text past ``MAX_SHOWN_CHARS`` and ``MAX_SHOWN_LINES``."""
    head = text[:MAX_SHOWN_CHARS]
    lines = head.split("\n")
    cut = len(head) < len(text) or len(lines) > MAX_SHOWN_LINES
    lines = [line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + CUT_MARK for line in lines]
    shown = "\n".join(lines[:MAX_SHOWN_LINES])
    return shown + CUT_MARK if cut else shown
