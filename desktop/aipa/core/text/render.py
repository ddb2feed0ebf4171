"""Markdown to sanitized HTML for Qt's rich-text engine.

Raw HTML in model output is escaped, never interpreted; images become plain links;
only http(s) and mailto links stay clickable. In the window (``actions``), a citation of
the Principal's material, ``[file.ext, p. 3]``, is a link ``aipa-cite:FILE#PLACE`` that
opens the cited excerpt (``citation_of`` reads it back). Markdown as models write it: python-markdown
with pymdown-extensions (strike, task lists, bare URLs, math), a preprocessor for the
lists models write (no blank line before them, two-space nesting), code blocks by
``aipa.core.text.code_blocks``.

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
from urllib.parse import quote, unquote
from xml.etree import ElementTree

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor, LinkInlineProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from aipa.core.text.code_blocks import code_html, warm_lexers

SAFE_SCHEMES = ("http://", "https://", "mailto:")
CITE_SCHEME = "aipa-cite:"
# [name.ext, place] not followed by ( or [ (a markdown link or reference): as core/material/grounding.py cites
CITE_PATTERN = r"\[([^\[\]\n,]{1,200}?\.[A-Za-z0-9]{1,8}),\s*([^\[\]\n]{1,120}?)\](?![\(\[])"


def citation_link(name: str, place: str) -> str:
    return f"{CITE_SCHEME}{quote(name, safe='')}#{quote(place, safe='')}"


def citation_of(href: str) -> tuple[str, str] | None:
    """(file, place) of a citation link (None for any other link)."""
    if not href.startswith(CITE_SCHEME) or "#" not in href:
        return None
    name, _, place = href[len(CITE_SCHEME) :].partition("#")
    return unquote(name), unquote(place)


class _Citation(InlineProcessor):
    """A citation as a link to its excerpt, in the window only (exports keep the text)."""

    def handleMatch(self, m, data):
        if not getattr(self.md, "aipa_actions", False):
            return None, None, None
        el = ElementTree.Element("a")
        el.set("href", citation_link(m.group(1).strip(), m.group(2).strip()))
        el.set("class", "citation")
        el.text = m.group(0)
        return el, m.start(0), m.end(0)


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
            cite = el.get("class") == "citation" and (href or "").startswith(CITE_SCHEME)
            if href is not None and not cite and not href.strip().lower().startswith(SAFE_SCHEMES):
                del el.attrib["href"]
                el.tag = "span"
            if "src" in el.attrib:
                del el.attrib["src"]
        return root


class SafeExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.preprocessors.register(_ListFix(md), "aipa_lists", 27)
        md.inlinePatterns.deregister("html")
        md.inlinePatterns.register(_NoImages(r"\!\[", md), "image_link", 150)
        md.inlinePatterns.register(_Citation(CITE_PATTERN, md), "aipa_citation", 175)
        md.treeprocessors.register(_LinkGuard(md), "aipa_link_guard", 0)
        md.postprocessors.register(_Finish(md), "aipa_finish", 5)


# -- lists as models write them -------------------------------------------------------

_ITEM = re.compile(r"^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_FENCE_LINE = re.compile(r"^ *(~{3,}|`{3,})")


class _ListFix(Preprocessor):
    """What python-markdown needs and models leave out: a blank line between a
    paragraph and the list under it ("Options:\n- a") and between a bullet list and
    a numbered list that follows it; nested items indented by any step of two or more
    spaces re-indented to four per level (python-markdown nests only at four)."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        stack: list[tuple[int, bool]] = []  # (indent, ordered) of the open items, outermost first
        fence, shift = "", 0  # an open fence inside a list, and how far its lines move
        prev = "blank"  # the last line: blank | item | text
        for line in lines:
            if fence:
                out.append(_shifted(line, shift))
                if line.strip() == fence:
                    fence = ""
                continue
            if not line.strip():
                out.append(line)
                prev = "blank"
                continue
            indent = len(line) - len(line.lstrip(" "))
            m = _ITEM.match(line)
            if m and (stack or indent <= 3):
                ordered = m.group(2)[0].isdigit()
                if not stack and prev == "text" and (not ordered or m.group(2)[:-1] == "1"):
                    out.append("")  # a list may interrupt a paragraph
                popped = None
                while stack and indent < stack[-1][0] + 2:
                    popped = stack.pop()
                if popped is not None and popped[1] != ordered and prev != "blank":
                    out.append("")  # another kind of list at the same level: a new list
                level = len(stack)
                stack.append((indent, ordered))
                out.append(" " * (4 * level) + line[indent:])
                prev = "item"
                continue
            if stack and indent == 0 and prev == "blank":
                stack = []  # the list ended
            if stack and indent:
                level = sum(1 for i, _o in stack if i + 2 <= indent)
                shift = 4 * level - indent if level else 0
                line = _shifted(line, shift)
                f = _FENCE_LINE.match(line)
                if f:
                    fence = f.group(1)
            out.append(line)
            prev = "text"
        return out


def _shifted(line: str, shift: int) -> str:
    if shift >= 0:
        return " " * shift + line
    cut = min(-shift, len(line) - len(line.lstrip(" ")))
    return line[cut:]


# -- code blocks, task lists and math, once the HTML is made ----------------------------

_CODE = re.compile(r'<pre><code(?: class="language-([\w#.+-]+)")?>(.*?)</code></pre>', re.S)
_CHECKBOX = re.compile(r"<input type=\"checkbox\" disabled( checked)?/?>")
_TASK_LIST = '<ul class="task-list">'
_MATH_INLINE = re.compile(r'<span class="arithmatex">(.*?)</span>', re.S)
_MATH_BLOCK = re.compile(r'<div class="arithmatex">(.*?)</div>', re.S)

_TEX = {
    r"\alpha": "α", r"\beta": "β", r"\gamma": "γ", r"\delta": "δ", r"\epsilon": "ε", r"\theta": "θ",
    r"\lambda": "λ", r"\mu": "μ", r"\pi": "π", r"\sigma": "σ", r"\tau": "τ", r"\phi": "φ", r"\omega": "ω",
    r"\Delta": "Δ", r"\Sigma": "Σ", r"\Omega": "Ω", r"\times": "×", r"\cdot": "·", r"\div": "÷",
    r"\pm": "±", r"\le": "≤", r"\leq": "≤", r"\ge": "≥", r"\geq": "≥", r"\neq": "≠", r"\ne": "≠",
    r"\approx": "≈", r"\infty": "∞", r"\sum": "∑", r"\prod": "∏", r"\int": "∫", r"\sqrt": "√",
    r"\rightarrow": "→", r"\to": "→", r"\leftarrow": "←", r"\Rightarrow": "⇒", r"\in": "∈",
    r"\partial": "∂", r"\nabla": "∇", r"\ldots": "…", r"\cdots": "⋯", r"\quad": " ", r"\,": " ",
}  # fmt: skip
_TEX_WORD = re.compile(r"\\[A-Za-z]+|\\,")
_FRAC = re.compile(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}")


def tex_text(tex: str) -> str:
    """A TeX formula made readable as text: Greek letters and operators as symbols,
    ``\frac{a}{b}`` as ``(a)/(b)``; what is left stays as written."""
    text = _FRAC.sub(r"(\1)/(\2)", tex.strip())
    text = _TEX_WORD.sub(lambda m: _TEX.get(m.group(0), m.group(0)), text)
    text = re.sub(r"\\(left|right|displaystyle)\b", "", text)
    return re.sub(r"\{([^{}]*)\}", r"\1", text)


class _Finish(Postprocessor):
    """Code blocks highlighted, under a bar with their language (and, for the window,
    a Copy link); checkboxes as glyphs (Qt shows no form controls); math as text."""

    def run(self, text: str) -> str:
        md = self.md
        dark, actions = getattr(md, "aipa_dark", False), getattr(md, "aipa_actions", False)
        md.aipa_codes = codes = []

        def code(m: re.Match) -> str:
            source = html.unescape(m.group(2)).rstrip("\n")
            codes.append(source)
            return code_html(source, m.group(1) or "", dark, len(codes) - 1 if actions else None)

        text = _CODE.sub(code, text)
        text = _CHECKBOX.sub(lambda m: "☑" if m.group(1) else "☐", text)
        text = text.replace(_TASK_LIST, '<ul class="task-list" style="list-style-type: none">')
        text = _MATH_INLINE.sub(lambda m: _math(m.group(1), block=False), text)
        return _MATH_BLOCK.sub(lambda m: _math(m.group(1), block=True), text)


def _math(tex: str, *, block: bool) -> str:
    shown = html.escape(tex_text(html.unescape(tex)))
    style = "font-family: monospace; font-style: italic"
    if block:
        return f'<p class="math" align="center" style="{style}">{shown}</p>'
    return f'<span class="math" style="{style}">{shown}</span>'


_EXTENSIONS = [
    "tables",
    "fenced_code",
    "sane_lists",
    "nl2br",
    "pymdownx.tilde",
    "pymdownx.tasklist",
    "pymdownx.magiclink",
    "pymdownx.saneheaders",
    "pymdownx.betterem",
    "pymdownx.arithmatex",
]
_EXTENSION_CONFIGS = {
    "pymdownx.tilde": {"subscript": False},
    "pymdownx.tasklist": {"custom_checkbox": False},
    "pymdownx.magiclink": {"hide_protocol": False},
    "pymdownx.arithmatex": {"generic": True, "tex_inline_wrap": ["", ""], "tex_block_wrap": ["", ""]},
}


@lru_cache(maxsize=4)
def _converter_factory(dark: bool):
    def make() -> markdown.Markdown:
        md = markdown.Markdown(
            extensions=[*_EXTENSIONS, SafeExtension()],
            extension_configs=_EXTENSION_CONFIGS,
            output_format="html",
        )
        md.aipa_dark = dark
        return md

    return make


_converters: dict[bool, markdown.Markdown] = {}


def render(text: str, *, dark: bool = False, actions: bool = False) -> tuple[str, list[str]]:
    """Sanitized HTML for ``text`` (markdown) and the source of each of its code blocks.
    With ``actions`` (the window), each code block's bar has a Copy link,
    ``COPY_LINK`` followed by the block's index in that list."""
    md = _converters.get(dark)
    if md is None:
        md = _converters[dark] = _converter_factory(dark)()
    md.reset()
    md.aipa_actions = actions
    out = md.convert(text.replace("\r\n", "\n"))
    return out, list(getattr(md, "aipa_codes", []))


def to_html(text: str, *, dark: bool = False) -> str:
    """Sanitized HTML for ``text`` (markdown)."""
    return render(text, dark=dark)[0]


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


def warm_up(dark: bool = False) -> None:
    """Build the converter and compile its patterns now (the first conversion costs
    tens of milliseconds), so the first message of a run does not pay for it; pygments'
    lexers load in a thread (``warm_lexers``)."""
    warm_lexers()
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
