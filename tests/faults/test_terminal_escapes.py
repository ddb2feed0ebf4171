"""Issue 21 item 3: terminal-safe output. A model reply full of escapes (OSC 52 writes
the clipboard, OSC 0 the window title, CSI 2J clears the screen, U+202E reverses text,
8-bit C1 CSI) reaches stdout, stderr and the Markdown export as plain text only; a
warning that echoes an environment variable echoes it cleaned."""

from __future__ import annotations

import json
import re

from tests.doubles.hostile import HostileServer, answer, escapes
from tests.faults.helpers import DIRECTIVE
from tests.support.cli import aipa

# what a terminal would obey: ESC, BEL, other C0 but newline/tab, DEL, C1, bidi overrides/isolates
OBEYED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _obeyed(text: str) -> list[str]:
    return sorted({repr(c) for c in OBEYED.findall(text)})


def test_escapes_in_a_reply_are_printed_as_plain_text_and_kept_out_of_the_markdown_export(tmp_path):
    home = tmp_path / "home"

    def run_on_a_fresh_server(*extra: str):
        with HostileServer(answer(), escapes()) as server:
            base = ["--provider", "openai-compatible", "--base-url", server.base_url, "--model", "m", "--yes"]
            return aipa(home, "run", *base, *extra, DIRECTIVE, AIPA_MEMORY_BRIEF_ENABLED="false")

    run = run_on_a_fresh_server()
    again = run_on_a_fresh_server("--json")  # the JSON on stdout, the stream on stderr
    for proc in (run, again):
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert _obeyed(proc.stdout) == [] and _obeyed(proc.stderr) == [], (_obeyed(proc.stdout), _obeyed(proc.stderr))
    assert "Here is the plan. Copied. Cleared. evil.txt done." in run.stdout  # the words are all there
    result = json.loads(again.stdout)
    assert "Cleared." in result["deliverable"] and "\u202e" not in again.stdout
    exported = aipa(home, "export", result["run_id"])
    assert exported.returncode == 0 and "Copied. Cleared." in exported.stdout
    assert _obeyed(exported.stdout) == []
    out = tmp_path / "deliverable.md"
    assert aipa(home, "export", result["run_id"], "-o", str(out)).returncode == 0
    assert _obeyed(out.read_text(encoding="utf-8")) == [] and "evil.txt" in out.read_text(encoding="utf-8")


def test_a_warning_echoing_an_environment_value_echoes_it_cleaned(tmp_path):
    home = tmp_path / "home"
    proc = aipa(home, "runs", AIPA_LEAD_TIMEOUT="\x1b]0;pwned\x07\x1b[2J\u202eabc")
    assert proc.returncode == 0, proc.stderr
    assert "AIPA_LEAD_TIMEOUT=" in proc.stderr and "ignored: must be a number" in proc.stderr
    assert _obeyed(proc.stderr) == [], _obeyed(proc.stderr)
