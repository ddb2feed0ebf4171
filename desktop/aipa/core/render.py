"""Markdown to sanitized HTML for Qt's rich-text engine.

Raw HTML in model output is escaped, never interpreted; images become plain links;
only http(s) and mailto links stay clickable. Fenced code is highlighted by pygments
with inline styles (QTextDocument understands a small CSS subset, no classes).

Streaming: ``BlockSplitter`` cuts a growing text into finished, independent blocks
(each rendered once) and a tail (shown as plain text until it completes), so an update
costs the new blocks and the tail, not the whole message. A cut is made only where
python-markdown would not join the blocks on either side (see ``BlockSplitter``), so
rendering the blocks one by one gives what rendering the whole text gives.
"""

from __future__ import annotations

import html
import itertools
import re
from functools import lru_cache

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import LinkInlineProcessor
from markdown.treeprocessors import Treeprocessor

SAFE_SCHEMES = ("http://", "https://", "mailto:")


class _NoImages(LinkInlineProcessor):
    """``![alt](url)`` renders as a link labelled with the alt text: nothing loads."""

    def handleMatch(self, m, data):
        el, start, end = super().handleMatch(m, data)
        if el is not None:
            el.text = "🖼 " + (el.text or "image")
        return el, start, end


class _LinkGuard(Treeprocessor):
    """Drop hrefs that are not http(s)/mailto; drop any src attribute."""

    def run(self, root):
        for el in root.iter():
            href = el.get("href")
            if href is not None and not href.strip().lower().startswith(SAFE_SCHEMES):
                del el.attrib["href"]
                el.tag = "span"
            if "src" in el.attrib:
                del el.attrib["src"]
        return root


class SafeExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.inlinePatterns.register(_NoImages(r"\!\[", md), "image_link", 150)
        md.treeprocessors.register(_LinkGuard(md), "aipa_link_guard", 0)


def _code_style(dark: bool) -> str:
    return "monokai" if dark else "friendly"


@lru_cache(maxsize=4)
def _converter_factory(dark: bool):
    def make() -> markdown.Markdown:
        return markdown.Markdown(
            extensions=["tables", "fenced_code", "codehilite", "sane_lists", SafeExtension()],
            extension_configs={
                "codehilite": {
                    "noclasses": True,
                    "pygments_style": _code_style(dark),
                    "guess_lang": False,
                    "css_class": "code",
                }
            },
            output_format="html",
        )

    return make


_converters: dict[bool, markdown.Markdown] = {}


def to_html(text: str, *, dark: bool = False) -> str:
    """Sanitized HTML for ``text`` (markdown)."""
    md = _converters.get(dark)
    if md is None:
        md = _converters[dark] = _converter_factory(dark)()
    md.reset()
    return md.convert(text.replace("\r\n", "\n"))


def plain_html(text: str) -> str:
    """Text shown as-is (escaped, line breaks kept)."""
    return "<p>" + html.escape(text).replace("\n", "<br>") + "</p>"


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


def warm_up(dark: bool = False) -> None:
    """Build the converter and compile its patterns now (the first conversion costs
    tens of milliseconds), so the first message of a run does not pay for it."""
    to_html(
        "# t\n\n*a* **b** `c` [d](https://example.org)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "- x\n- y\n\n1. z\n\n> q\n\n```\ncode\n```\n",
        dark=dark,
    )


# Every exported HTML file: nothing loads (no scripts, images, fonts, frames, forms),
# only the page's own inline styles apply.
CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
_PAGE_STYLE = (
    "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;line-height:1.45}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
    "pre{overflow-x:auto;padding:.5em}"
)


def html_document(text: str, title: str) -> str:
    """A whole, inert HTML page for markdown ``text``: the same sanitising renderer as
    the window (no remote loads, only http(s)/mailto links, raw HTML and code escaped
    once), a strict Content-Security-Policy and no referrer."""
    return (
        "<!doctype html>\n<html><head><meta charset='utf-8'>\n"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{html.escape(title)}</title><style>{_PAGE_STYLE}</style></head>\n"
        f"<body>\n{to_html(text)}\n</body></html>\n"
    )


def is_safe_link(url: str) -> bool:
    return url.strip().lower().startswith(SAFE_SCHEMES)
