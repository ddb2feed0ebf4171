"""A pathological reply through the real `aipa` command (the scripted provider's
scenarios are the double, providers/scripted_pathological.py): the run stores the whole
reply, and every export keeps every character of it (the window's caps are the
window's: core/text/shown_part.py)."""

from __future__ import annotations

from aipa.providers.scripted_pathological import big_table, long_line
from tests.support.cli import aipa, aipa_json

FULL = {"AIPA_SYNTHESIS_MAX_TOKENS": "1000000"}  # (the budget would cut the reply: here it is the test)


def test_a_5000_row_table_and_a_megabyte_line_are_exported_whole(tmp_path):
    home = tmp_path / "home"
    for scenario, reply in (("big-table", big_table()), ("long-line", long_line())):
        proc, result = aipa_json(
            home,
            "run",
            "--provider",
            "scripted",
            "--model",
            scenario,
            "--json",
            "--yes",
            "Show me the structure",
            **FULL,
        )
        assert proc.returncode == 0, proc.stderr
        assert result["deliverable"].strip() == reply.strip()
        markdown = aipa(home, "export", result["run_id"], "--format", "md")
        assert markdown.returncode == 0, markdown.stderr
        assert reply.strip() in markdown.stdout
        page = aipa(home, "export", result["run_id"], "--format", "html")
        assert page.returncode == 0, page.stderr
        if scenario == "big-table":
            assert "<td>item 1</td>" in page.stdout and "| item 5000 |" in page.stdout  # (rows past 200: as text)
        else:
            assert reply.strip().splitlines()[-1] in page.stdout
