"""A window whose team works with the Principal's material: Atlas may call the tools of
the real MCP test server (tests/support/mcp_server.py, over stdio), the scripted
``docs`` scenario drives the tool-call flow (the small model cannot do it reliably)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.support.cli import ROOT
from tests.ui.helpers import open_window


def mcp_home(home: Path, notes: Path) -> dict:
    """Give Atlas the notes server's lookup and save_note; returns the server's settings entry."""
    (home / "agents").mkdir(exist_ok=True)
    atlas = (ROOT / "prompts" / "atlas.md").read_text(encoding="utf-8")
    assert "tools = []" in atlas
    (home / "agents" / "atlas.md").write_text(
        atlas.replace("tools = []", 'tools = ["notes.lookup", "notes.save_note"]'), encoding="utf-8"
    )
    return {
        "name": "notes",
        "command": sys.executable,
        "args": ["-m", "tests.support.mcp_server", "stdio"],
        "cwd": str(ROOT),
        "env": {"NOTES_FILE": str(notes)},
    }


def material_window(home: Path, notes: Path, **kwargs):
    """``open_window`` on the scripted ``docs`` scenario with the MCP server configured."""
    return open_window(home, scenario="docs", mcp_servers=[mcp_home(home, notes)], **kwargs)
