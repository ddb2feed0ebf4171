"""A lead calling an MCP tool from ``aipa run`` at a terminal: the permission prompt
(allow for this session, deny), the call and its result in the lead's output, and a
server that does not start told in one warning line while the run goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.cli import ROOT, cli_env
from tests.support.doc_files import make_pdf


def test_a_lead_calls_mcp_tools_behind_the_permission_prompt(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "agents").mkdir(parents=True)
    notes = tmp_path / "notes.txt"
    server = {
        "name": "notes",
        "command": sys.executable,
        "args": ["-m", "tests.support.mcp_server", "stdio"],
        "cwd": str(ROOT),
        "env": {"NOTES_FILE": str(notes)},
    }
    broken = {"name": "broken", "command": str(tmp_path / "no-such-server")}
    (home / "settings.json").write_text(json.dumps({"mcp_servers": [server, broken]}))
    atlas = (ROOT / "prompts" / "atlas.md").read_text(encoding="utf-8")
    assert "tools = []" in atlas
    (home / "agents" / "atlas.md").write_text(
        atlas.replace("tools = []", 'tools = ["notes.lookup", "notes.save_note"]')
    )
    pdf = make_pdf(tmp_path / "a.pdf", ["The venue budget is 4,000 euros."])
    master, slave = os.openpty()  # a terminal: the CLI asks at its prompts
    os.write(master, b"s\nd\na\n")  # lookup: allow for this session; save_note: deny; the review: accept
    proc = subprocess.run(
        [sys.executable, "-m", "aipa", "run", "--dry-run", "--model", "docs", "--json", "--attach", str(pdf)]
        + ["Check the venue against the budget"],
        cwd=ROOT,
        env=cli_env(home),
        stdin=slave,
        capture_output=True,
        text=True,
        timeout=180,
    )
    os.close(slave)
    os.close(master)
    assert proc.returncode == 0, proc.stderr
    err = proc.stderr
    assert "=== Allow the MCP tool notes.lookup (the server says it only reads)? ===" in err
    assert "=== Allow the MCP tool notes.save_note (a tool that may change things)? ===" in err
    assert '[Atlas] ⚙ notes__lookup({"term": "venue"}) → <data source="notes.lookup"> Lakeside Lodge' in err
    assert "[Atlas] ⚙ notes__save_note" in err and "Error: the Principal declined this call." in err
    assert not notes.exists()
    warnings = [line for line in err.splitlines() if "MCP server 'broken'" in line]
    assert len(warnings) == 1 and "cannot run" in warnings[0] and "hint:" in warnings[0]
    out = json.loads(proc.stdout)
    atlas_task = next(t for t in out["tasks"] if t["assigned_to"] == "Atlas")
    assert atlas_task["status"] == "complete" and out["status"] == "done"
    assert "`notes__lookup` answered:" in out["deliverable"] and "[a.pdf, p. 1]" in out["deliverable"]
