"""`aipa eval`'s progress on stderr: a bar redrawn in place on a terminal, one plain line
per step otherwise."""

from __future__ import annotations

import io

from aipa.cli.eval import BAR, ProgressLine


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_one_bar_redrawn_in_place():
    out = Terminal()
    progress = ProgressLine(out)
    progress(0, 4, "office-move", "single")
    progress(2, 4, "office-move", "checked")
    progress(4, 4, "", "")
    text = out.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n") and text.count("\n") == 1
    frames = text.strip("\n").split("\r")[1:]
    assert frames[0].startswith(f"[{'.' * BAR}] 0/4 office-move (single)")
    assert frames[1].startswith(f"[{'#' * (BAR // 2)}{'.' * (BAR // 2)}] 2/4 office-move (checked)")
    assert frames[2].startswith(f"[{'#' * BAR}] 4/4 done")


def test_a_pipe_gets_plain_lines():
    out = io.StringIO()
    progress = ProgressLine(out)
    progress(0, 2, "haiku-lower", "team")
    progress(2, 2, "", "")
    assert out.getvalue() == "eval: 0/2 haiku-lower (team)\neval: 2/2 done\n"
