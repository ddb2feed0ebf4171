"""Markdown to sanitized HTML for Qt's rich-text engine and for exports: the one
renderer (``render``, ``to_html``, ``html_document``).

What is rendered is bounded first (``render_limits.tame``: nesting flattened, huge
tables folded, the size capped), and rendering cannot fail: any error in the markdown
pipeline gives the text escaped as plain text (``plain_html``), logged once. The
dialect (what is safe, the lists models write, code blocks, math) is
``aipa.core.text.dialect``; cutting a streaming text into blocks is
``aipa.core.text.blocks`` (both re-exported here).
"""

from __future__ import annotations

import html
import logging
from functools import lru_cache

import markdown

from aipa.core.text.blocks import (  # noqa: F401 - re-exported: the renderer's public names
    BlockSplitter,
    has_references,
    split_blocks,
    split_stable,
    table_rows,
)
from aipa.core.text.code_blocks import warm_lexers
from aipa.core.text.dialect import (  # noqa: F401 - re-exported
    _EXTENSION_CONFIGS,
    _EXTENSIONS,
    CITE_PATTERN,
    CITE_SCHEME,
    SAFE_SCHEMES,
    SafeExtension,
    citation_link,
    citation_of,
    tex_text,
)
from aipa.core.text.render_limits import plain_html, tame

log = logging.getLogger("aipa.render")


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
    ``COPY_LINK`` followed by the block's index in that list. Never raises: what the
    markdown pipeline cannot convert is shown as escaped plain text."""
    try:
        source, rest = tame(text)
        md = _converters.get(dark)
        if md is None:
            md = _converters[dark] = _converter_factory(dark)()
        md.reset()
        md.aipa_actions = actions
        out = md.convert(source)
        codes = list(getattr(md, "aipa_codes", []))
    except Exception as exc:  # noqa: BLE001 - a renderer bug or a text it chokes on: show it as written
        _converters.pop(dark, None)  # a converter left half-way through a text is not reused
        if not _failed_once:
            log.warning("markdown rendering failed (%s: %s); shown as plain text", type(exc).__name__, exc)
            _failed_once.append(True)
        return plain_html(text), []
    if rest:
        note = f"<p><i>(the last {len(rest):,} characters are shown as written)</i></p>"
        out += note + plain_html(rest)
    return out, codes


_failed_once: list[bool] = []  # the warning is logged once per process (a long session may repeat it)


def to_html(text: str, *, dark: bool = False) -> str:
    """Sanitized HTML for ``text`` (markdown)."""
    return render(text, dark=dark)[0]


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
