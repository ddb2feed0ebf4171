"""Streaming markdown cut into blocks: ``BlockSplitter`` cuts a growing text into
finished, independent blocks (each rendered once) and a tail (shown as plain text until
it completes), so an update costs the new blocks and the tail, not the whole message. A
cut is made only where python-markdown would not join the blocks on either side (see
``BlockSplitter``), so rendering the blocks one by one gives what rendering the whole
text gives.
"""

from __future__ import annotations

import itertools
import re

# fenced_code's opening fence (its FENCED_BLOCK_RE up to the code), at column 0
_OPEN_FENCE = re.compile(
    r"(~{3,}|`{3,})[ ]*((\{[^\n]*\})|(\.?[\w#.+-]*[ ]*)?"
    r"(hl_lines=(\"|')(.*?)\6[ ]*)?)\n"
)
_LIST_ITEM = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_MAYBE_LIST_ITEM = re.compile(r"(?:[-*+]|\d{1,9}[.)]?)")  # an unfinished line that may become one
_REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S", re.M)


class BlockSplitter:
    """Finds where a growing markdown text can be cut into blocks that render alone
    exactly as they render within the whole text.

    A cut goes after a run of blank lines outside a fenced block, once the next line
    shows that python-markdown will not join it to the block before: it is not
    indented (a list item's continuation, an indented code block), not a list item
    after a block with list items (a loose list), not a quote after a quote. A closed
    fence is a cut too (fenced_code sets its block apart with blank lines). Reference
    links are the exception: see ``has_references``.

    ``feed`` takes the whole text so far, which must extend the text it was fed
    before, and returns the new cuts (offsets into the text).
    """

    def __init__(self) -> None:
        self.text = ""
        self.pos = 0  # start of the first line not scanned yet
        self.cut = 0  # the last cut
        self._fence = ""  # the open fence, if any
        self._open = False  # the current block has a line
        self._list = False  # ... that is a list item
        self._quote = False  # ... that is a quote
        self._blank_end = -1  # a cut to decide: the end of a run of blank lines

    def extends(self, text: str) -> bool:
        return not self.pos or text.startswith(self.text[: self.pos])

    def feed(self, text: str) -> list[int]:
        if not self.extends(text):
            raise ValueError("the text does not extend the text scanned so far")
        self.text = text
        cuts: list[int] = []
        pos, n = self.pos, len(text)
        while pos < n:
            end = text.find("\n", pos)
            if end < 0:  # an unfinished line: enough to decide a pending cut?
                if self._blank_end >= 0 and self._joins(text[pos:], finished=False) is False:
                    self._cut_at(self._blank_end, cuts)
                break
            end += 1
            self._line(text[pos:end].replace("\r\n", "\n"), end, cuts)
            pos = end
        self.pos = pos
        return cuts

    def _joins(self, line: str, *, finished: bool) -> bool | None:
        """Whether ``line``, after blank lines, continues the block before them
        (None: the line is too short to tell yet)."""
        if not line:
            return None
        if line[0] in " \t":
            return True
        if self._list:
            if _LIST_ITEM.match(line):
                return True
            if not finished and _MAYBE_LIST_ITEM.fullmatch(line):
                return None
        return self._quote and line[0] == ">"

    def _cut_at(self, where: int, cuts: list[int]) -> None:
        self._blank_end = -1
        self._open = self._list = self._quote = False
        if where > self.cut:
            self.cut = where
            cuts.append(where)

    def _line(self, line: str, end: int, cuts: list[int]) -> None:
        if self._fence:
            if line.rstrip(" \n") == self._fence:
                self._fence = ""
                self._cut_at(end, cuts)
            return
        if not line.strip():
            if self._open:
                self._blank_end = end
            return
        if self._blank_end >= 0:
            if self._joins(line, finished=True):
                self._blank_end = -1
            else:
                self._cut_at(self._blank_end, cuts)
        self._open = True
        self._list = self._list or bool(_LIST_ITEM.match(line))
        self._quote = self._quote or line.lstrip(" ").startswith(">")
        m = _OPEN_FENCE.match(line)
        if m:
            self._fence = m.group(1)


_TABLE_DELIMITER = re.compile(r"^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


def table_rows(tail: str) -> str:
    """For the unfinished tail of a streaming message that is a table: its finished
    lines (header, delimiter and the rows typed so far), to render while the last row
    is still being typed; "" when the tail is not (yet) a table."""
    lines = tail.split("\n")
    done = lines[:-1]  # the last line is unfinished (or empty)
    if len(done) < 2 or "|" not in done[0] or not _TABLE_DELIMITER.match(done[1]) or "|" not in done[1]:
        return ""
    return "\n".join(done) + "\n"


def split_blocks(text: str) -> list[str]:
    """A complete text cut into independently rendered blocks (the last one runs to the end)."""
    splitter = BlockSplitter()
    cuts = splitter.feed(text)
    bounds = [0, *cuts] + ([len(text)] if not cuts or cuts[-1] < len(text) else [])
    return [text[a:b] for a, b in itertools.pairwise(bounds) if text[a:b].strip()]


def split_stable(text: str) -> int:
    """Length of the prefix of ``text`` made of finished, independent blocks (the rest
    is the still-growing tail)."""
    cuts = BlockSplitter().feed(text)
    return cuts[-1] if cuts else 0


def has_references(text: str) -> bool:
    """Whether ``text`` defines reference links (``[id]: url``): those join blocks."""
    return bool(_REFERENCE.search(text))
