"""The markdown dialect AIPA renders: python-markdown with pymdown-extensions, made safe
and fit for what models write.

Raw HTML in model output is escaped, never interpreted; images become plain links;
only http(s) and mailto links stay clickable. In the window (``aipa_actions``), a
citation of the Principal's material, ``[file.ext, p. 3]``, is a link
``aipa-cite:FILE#PLACE`` that opens the cited excerpt (``citation_of`` reads it back).
A preprocessor fixes the lists models write (no blank line before them, two-space
nesting) and flattens them past ``render_limits.MAX_LIST_DEPTH`` levels; a postprocessor
highlights code blocks (``code_blocks``), shows checkboxes as glyphs and math as text.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote, unquote
from xml.etree import ElementTree

from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor, LinkInlineProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from aipa.core.text.code_blocks import code_html
from aipa.core.text.render_limits import MAX_LIST_DEPTH

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
        md.preprocessors.register(_MathFix(md), "aipa_math", 26)
        md.inlinePatterns.register(_FootnoteMark(FOOTNOTE_MARK, md), "aipa_footnote", 176)
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
    spaces re-indented to four per level (python-markdown nests only at four), and no
    deeper than ``MAX_LIST_DEPTH`` levels (deeper items are flattened to that level:
    python-markdown recurses once per level)."""

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
                level = min(len(stack), MAX_LIST_DEPTH - 1)
                stack.append((indent, ordered))
                item = line[indent:]
                listed = stack or prev != "text" or m.group(2)[:-1] == "1"  # (else a paragraph's line)
                if m.group(2).endswith(")") and listed:  # "1)" as python-markdown knows it, "1."
                    item = m.group(2)[:-1] + "." + item[len(m.group(2)) :]
                out.append(" " * (4 * level) + item)
                prev = "item"
                continue
            if stack and indent == 0 and prev == "blank":
                stack = []  # the list ended
            if stack and indent:
                level = min(sum(1 for i, _o in stack if i + 2 <= indent), MAX_LIST_DEPTH)
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


# -- footnotes and display math as models write them -----------------------------------

# a footnote's mark, [^1] or [^note], and its text's line, [^1]: text. The transcript renders
# a message block by block (``blocks``), so a footnote cannot be gathered at the end as
# python-markdown's footnotes extension does (its mark and its text are in different blocks):
# the mark is a superscript where it stands and the text a note line where it stands.
FOOTNOTE_MARK = r"\[\^([^\]\s]{1,40})\](:?)"


class _FootnoteMark(InlineProcessor):
    def handleMatch(self, m, data):
        sup = ElementTree.Element("sup")
        sup.text = m.group(1)
        if not m.group(2):
            return sup, m.start(0), m.end(0)
        if m.start(0) != 0:  # "[^1]:" inside a line is not a footnote's text
            return None, None, None
        return sup, m.start(0), m.end(0)  # a footnote's text: its mark, then the text


_DISPLAY_INLINE = re.compile(r"\$\$(?=\S)([^$\n]+?)(?<=\S)\$\$")


class _MathFix(Preprocessor):
    """Display math as models write it: ``$$…$$`` inside a sentence is shown as inline
    math (not a display block arithmatex would leave its dollars around), and a ``$$``
    block right under a line of text or with text right after gets the blank lines
    arithmatex needs to see a block."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence, open_block = "", False
        for line in lines:
            f = _FENCE_LINE.match(line)
            if fence or f:
                if f and (not fence or line.strip() == fence):
                    fence = "" if fence else f.group(1)
                out.append(line)
                continue
            stripped = line.strip()
            if open_block:
                out.append(line)
                if stripped.endswith("$$"):
                    open_block = False
                    out.append("")
                continue
            if stripped.startswith("$$"):
                whole = len(stripped) > 4 and stripped.endswith("$$")  # "$$ … $$" on one line
                if out and out[-1].strip():
                    out.append("")
                out.append(line)
                if whole:
                    out.append("")
                open_block = not whole
                continue
            inline = "`" not in line  # (a code span keeps its dollars as written)
            out.append(_DISPLAY_INLINE.sub(lambda m: f"${m.group(1)}$", line) if inline else line)
        return out


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
