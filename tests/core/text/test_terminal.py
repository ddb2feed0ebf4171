"""terminal_safe and the CLI's printer: what a model wrote is printed, never obeyed."""

from __future__ import annotations

import io

from aipa.cli.output import StreamPrinter
from aipa.core import events as ev
from aipa.core.kinds import Purpose, Stage
from aipa.core.text.terminal import SafeStream, terminal_safe
from tests.doubles.hostile import ESCAPES


def test_escape_sequences_controls_and_bidi_overrides_are_removed():
    assert terminal_safe(ESCAPES) == "Here is the plan. Copied. Cleared. evil.txt done.  C1 red."
    assert terminal_safe("a\r\nb\rc\td\x00e\x7f\x85f") == "a\nbc\tdef"
    assert terminal_safe("unterminated \x1b]52;c;Zm9v") == "unterminated "
    assert terminal_safe("x\x1b[") == "x" and terminal_safe("x\x1bc") == "x"  # ESC c: reset
    assert terminal_safe("é 中文 عربي \u200f ok") == "é 中文 عربي \u200f ok"  # text and marks stay


def test_our_own_styling_is_kept_where_asked():
    assert terminal_safe("\r\x1b[K50% \x1b[1mbold\x1b[0m\x1b]0;t\x07", keep_styling=True) == (
        "\r\x1b[K50% \x1b[1mbold\x1b[0m"
    )
    out = io.StringIO()
    stream = SafeStream(out)
    print("\x1b[2Jwarning: \u202eabc", file=stream)
    assert out.getvalue() == "warning: abc\n"


def test_the_printer_styles_its_lines_and_cleans_what_the_model_wrote():
    out = io.StringIO()
    printer = StreamPrinter(out, color=True, live=True)  # a terminal: the synthesis streams as it comes
    printer(ev.AgentDelta("R", "Miranda", "content", ESCAPES, ESCAPES, None, Purpose.SYNTHESIZE, Stage.SYNTHESIZE))
    printer(ev.Notice("R", "warning", "\x1b]0;title\x07 notice"))
    text = out.getvalue()
    assert "Copied. Cleared. evil.txt done." in text and "\x1b[1m[Miranda] \x1b[0m" in text  # our bold label
    assert "\x1b]" not in text and "\x1b[2J" not in text and "\x1b[31m" not in text and "\u202e" not in text


def test_a_sequence_cut_between_two_pieces_is_removed_whole():
    from aipa.core.text.terminal import StreamCleaner

    for size in (1, 3, 7, 64):
        cleaner = StreamCleaner()
        pieces = [ESCAPES[i : i + size] for i in range(0, len(ESCAPES), size)]
        assert "".join(cleaner.feed(p) for p in pieces) == terminal_safe(ESCAPES), size
    cleaner = StreamCleaner()
    assert cleaner.feed("a\x1b]0;" + "x" * 5000) == "a" and cleaner.feed("b\x07c") == "bc"  # too long: not held


def test_the_live_lines_cursor_control_is_kept_but_not_a_whole_screen_clear():
    ours = "\x1b[3F\x1b[J  Atlas: writing\n"
    assert terminal_safe(ours, keep_styling=True) == ours
    assert terminal_safe("\x1b[2J\x1b[Hx\x1b[5A", keep_styling=True) == "x"
    assert terminal_safe(ours) == "  Atlas: writing\n"
