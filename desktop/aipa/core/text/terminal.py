"""Text made safe to print in a terminal or to keep in a Markdown file.

A model (or a document it quotes) can write escape sequences a terminal obeys: OSC 52
writes the clipboard, OSC 0 sets the window title, CSI 2J clears the screen, and bidi
overrides (U+202E) make ``evil.txt`` read as something else. ``terminal_safe`` removes
every escape sequence (ESC-initiated and their 8-bit C1 forms), every other C0 and C1
control but newline and tab, and the bidi embeddings, overrides and isolates.

``keep_styling`` keeps what this program itself writes to style its own lines: colour
(SGR, ``ESC[…m``), erase-line (``ESC[K``) and a carriage return before it (a progress
line redrawn in place), and the live lines' cursor-up and clear-below (``ESC[nF``,
``ESC[J``; never the whole screen's ``ESC[2J``). ``SafeStream`` is stdout or stderr filtered that way: the CLI
wraps both, so nothing printed (an error, a warning echoing an environment variable,
a model's reply) reaches the terminal raw; model text is also cleaned fully before it
is styled (cli/output.py), so only our own styling gets through.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from enum import Enum
from typing import Any, TextIO

# ESC followed by: OSC … (BEL | ST), DCS/SOS/PM/APC … ST, CSI params final, or any one
# character; their 8-bit forms (CSI 0x9B, OSC 0x9D, DCS 0x90, SOS 0x98, PM 0x9E, APC 0x9F).
# An unterminated string sequence runs to the end of the text.
_SEQUENCE = re.compile(
    r"(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|$)"
    r"|(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c|$)"
    r"|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\s\S]?"
)
# Ours: colour, erase-line, and the live lines' "n lines up, clear below" (cli/output.py).
_STYLING = re.compile(r"\x1b\[[0-9;]*m|\x1b\[K|\x1b\[\d{1,3}F|\x1b\[J")
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CONTROLS_BUT_CR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str, *, keep_styling: bool = False) -> str:
    """``text`` without escape sequences, controls (but newline and tab) and bidi
    overrides; with ``keep_styling``, SGR colour, erase-line, cursor-up-lines, clear-below
    and carriage returns stay."""
    if not text:
        return text
    text = text.replace("\r\n", "\n")
    if not keep_styling:
        return _CONTROLS.sub("", _SEQUENCE.sub("", text))
    out, pos = [], 0
    for m in _SEQUENCE.finditer(text):
        out.append(_CONTROLS_BUT_CR.sub("", text[pos : m.start()]))
        if _STYLING.fullmatch(m.group(0)):
            out.append(m.group(0))
        pos = m.end()
    out.append(_CONTROLS_BUT_CR.sub("", text[pos:]))
    return "".join(out)


def safe_value(value: Any) -> Any:
    """``value`` with every string in it (inside tuples, lists and dicts too) made safe
    (an enum member is ours: left as it is)."""
    if isinstance(value, Enum):
        return value
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, tuple):
        return tuple(safe_value(v) for v in value)
    if isinstance(value, list):
        return [safe_value(v) for v in value]
    if isinstance(value, dict):
        return {safe_value(k): safe_value(v) for k, v in value.items()}
    return value


MAX_HELD = 4096  # an escape sequence longer than this is not held back (dropped whole)


class StreamCleaner:
    """``terminal_safe`` for a text that arrives in pieces (a streamed reply): a sequence
    cut between two pieces is held back until it ends, so it is removed whole and the
    text around it stays as written."""

    def __init__(self) -> None:
        self.held = ""

    def feed(self, piece: str) -> str:
        text, self.held = self.held + piece, ""
        last = max(text.rfind(c) for c in "\x1b\x90\x98\x9b\x9d\x9e\x9f")
        if last >= 0:
            m = _SEQUENCE.match(text, last)
            if m is not None and m.end() == len(text) and not _complete(m.group(0)):
                if len(text) - last <= MAX_HELD:
                    self.held = text[last:]
                text = text[:last]
        return terminal_safe(text)


def _complete(sequence: str) -> bool:
    """Whether a sequence that ends the text is whole (it may go on in the next piece)."""
    if sequence[:2] in ("\x1b]", "\x1bP", "\x1bX", "\x1b^", "\x1b_") or sequence[:1] in "\x9d\x90\x98\x9e\x9f":
        return sequence.endswith(("\x07", "\x1b\\", "\x9c"))
    if sequence[:2] == "\x1b[" or sequence[:1] == "\x9b":
        return len(sequence) > (2 if sequence[0] == "\x1b" else 1) and "@" <= sequence[-1] <= "~"
    return len(sequence) >= 2  # ESC and one character


class SafeStream:
    """A text stream (stdout, stderr) that writes everything through ``terminal_safe``
    with ``keep_styling``; anything else (``isatty``, ``fileno``, ``encoding``, ``buffer``)
    is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(terminal_safe(text, keep_styling=True))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def safe_output():
    """stdout and stderr are ``SafeStream``s inside the block (put back after it)."""
    import sys

    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
