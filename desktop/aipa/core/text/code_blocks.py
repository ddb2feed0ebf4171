"""Code blocks for the markdown renderer (``aipa.core.text.render``): highlighted by pygments
with inline styles (QTextDocument understands a small CSS subset, no classes), under a
bar with the language (guessed when the fence has none and pygments is confident) and,
in the window, a Copy link. In the window long lines keep their line (the window scrolls
the block sideways and draws a scroll bar under it); in exports they wrap."""

from __future__ import annotations

import html
import threading
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pygments.formatters import HtmlFormatter

# pygments is imported where it is used: the window's first paint needs only the
# constants and colours here (ARCHITECTURE §6).

GUESS_CONFIDENCE = 0.3  # pygments' own score for the language it guessed, 0..1
# what the guess reads of a block: every lexer's analyse_text runs its patterns over the
# text given (a long line took seconds); the first lines say which language it is
GUESS_SAMPLE = 2_000
COPY_LINK = "aipa:copy#"  # the window's Copy link on a code block: the block's index follows
SCROLL_BAR_ROOM = 8  # room under the window's code blocks for the scroll bar it draws when one overflows


def guess_language(code: str) -> str:
    """The pygments alias of the language ``code`` is in, when pygments is confident ("" if not)."""
    from pygments.lexers import guess_lexer
    from pygments.util import ClassNotFound

    code = code[:GUESS_SAMPLE]

    try:
        lexer = guess_lexer(code)
    except ClassNotFound:
        return ""
    if not lexer.aliases or lexer.aliases[0] == "text" or type(lexer).analyse_text(code) < GUESS_CONFIDENCE:
        return ""
    return lexer.aliases[0]


@lru_cache(maxsize=2)
def code_colors(dark: bool) -> tuple[str, str, str]:
    """(background of code, background of its bar, colour of the bar's text)."""
    from pygments.styles import get_style_by_name

    style = get_style_by_name(code_style(dark))
    bg = _hex(style.background_color or ("#272822" if dark else "#f0f0f0"))
    bar = _mix(bg, "#000000" if not dark else "#ffffff", 0.08)
    return bg, bar, "#b8b8b8" if dark else "#505050"


def _hex(color: str) -> str:
    c = color.lstrip("#")
    return "#" + ("".join(ch * 2 for ch in c) if len(c) == 3 else c).lower()


def _mix(a: str, b: str, amount: float) -> str:
    """Colour ``a`` blended toward ``b`` by ``amount`` (0..1), without Qt (core never imports it)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(ca, cb))


def code_html(source: str, language: str, dark: bool, copy_index: int | None) -> str:
    from pygments import highlight

    label = language or guess_language(source)
    lexer = _lexer(label) if label else None
    body = highlight(source, lexer, _formatter(dark)).rstrip("\n") if lexer is not None else html.escape(source)
    bg, bar, dim = code_colors(dark)
    window = copy_index is not None
    # the window: lines unwrapped, room below for its scroll bar; exports: wrapped lines
    space = "pre" if window else "pre-wrap"
    bottom = 6 + (SCROLL_BAR_ROOM if window else 0)
    copy = (
        f'<td align="right" bgcolor="{bar}" style="border: none; padding: 2px 8px">'
        f'<a href="{COPY_LINK}{copy_index}">Copy</a></td>'
        if copy_index is not None
        else ""
    )
    return (
        f'<table class="code-bar" width="100%" cellspacing="0" cellpadding="0" border="0" bgcolor="{bar}" '
        f'style="border: none; margin: 6px 0 0 0; background: {bar}"><tr>'
        f'<td bgcolor="{bar}" style="border: none; padding: 2px 8px; color: {dim}">{html.escape(label or "code")}</td>'
        f"{copy}"
        f"</tr></table>"
        f'<pre class="code" style="white-space: {space}; background: {bg}; margin: 0 0 {bottom}px 0">{body}</pre>'
    )


@lru_cache(maxsize=64)
def _lexer(name: str):
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        return get_lexer_by_name(name)
    except ClassNotFound:
        return None


@lru_cache(maxsize=2)
def _formatter(dark: bool) -> HtmlFormatter:
    from pygments.formatters import HtmlFormatter

    return HtmlFormatter(noclasses=True, nowrap=True, style=code_style(dark))


def code_style(dark: bool) -> str:
    return "monokai" if dark else "friendly"


_warm = threading.Event()
_warming = False  # warm_lexers started the thread


def _load() -> None:
    """Pygments only (the markdown converter is not shared across threads)."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name

    try:
        sample = "import os\nprint(os.getcwd())\n"
        language = guess_language(sample)  # imports every lexer module once
        for dark in (False, True):
            highlight(sample, get_lexer_by_name(language or "python"), HtmlFormatter(style=code_style(dark)))
    finally:
        _warm.set()


def warm_lexers() -> None:
    """Load pygments' lexers in a thread of their own, once: guessing a language imports
    all of them (about 0.2 s), which neither the window's start nor a run's first code
    block should wait for."""
    global _warming
    if not _warm.is_set() and not _warming:
        _warming = True
        threading.Thread(target=_load, name="aipa-lexers", daemon=True).start()
