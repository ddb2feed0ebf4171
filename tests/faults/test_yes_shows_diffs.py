"""With --yes, a write by an agent tool still prints its diff."""

import json

from tests.support.cli import aipa


def test_chat_yes_prints_the_diff_of_a_tool_write(tmp_path):
    home = tmp_path / "home"
    args = {"name": "Atlas", "content": "You are a meticulous pirate researcher."}
    proc = aipa(home, "chat", "--dry-run", "--agent", "Evelyn", "--yes", "-m",
                "/tool write_agent_prompt " + json.dumps(args))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "(allowed by --yes)" in proc.stderr
    assert "+You are a meticulous pirate researcher." in proc.stderr  # the diff itself
    assert "pirate" in (home / "agents" / "atlas.md").read_text()
