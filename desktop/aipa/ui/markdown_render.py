"""Markdown to sanitized HTML for Qt's rich-text engine.

Raw HTML in model output is escaped, never interpreted; images become plain links;
only http(s) and mailto links stay clickable. Fenced code is highlighted by pygments
with inline styles (QTextDocument understands a small CSS subset, no classes).

Streaming: ``split_stable`` cuts a growing text into finished blocks (rendered once
and cached) and a tail (shown as plain text until it completes), so each update
costs the size of the tail, not of the whole message.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import LinkInlineProcessor
from markdown.treeprocessors import Treeprocessor

SAFE_SCHEMES = ("http://", "https://", "mailto:")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


class _NoImages(LinkInlineProcessor):
    """``![alt](url)`` renders as a link labelled with the alt text: nothing loads."""

    def handleMatch(self, m, data):  # noqa: N802 (markdown API)
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
    def extendMarkdown(self, md):  # noqa: N802 (markdown API)
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
            extension_configs={"codehilite": {"noclasses": True, "pygments_style": _code_style(dark),
                                              "guess_lang": False, "css_class": "code"}},
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


def split_stable(text: str) -> int:
    """Length of the prefix of ``text`` made of finished markdown blocks.

    A block is finished when a blank line follows it outside a fenced code block
    (or when its closing fence arrived). The rest is the still-growing tail.
    """
    stable = 0
    pos = 0
    in_fence = False
    fence = ""
    for line in text.splitlines(keepends=True):
        end = pos + len(line)
        if not line.endswith("\n"):
            break  # an unfinished last line is always tail
        m = _FENCE.match(line)
        if m:
            if not in_fence:
                in_fence, fence = True, m.group(1)
            elif m.group(1) == fence:
                in_fence = False
                stable = end
        elif not in_fence and not line.strip():
            stable = end
        pos = end
    return stable


def is_safe_link(url: str) -> bool:
    return url.strip().lower().startswith(SAFE_SCHEMES)
