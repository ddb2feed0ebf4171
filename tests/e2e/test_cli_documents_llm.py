"""An attached document on the real small model (llama.cpp server): the leads are
offered the read-only document tools and the excerpts; whatever the model writes, the
run finishes, and ``--json`` lists the excerpts each lead was given as its sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import aipa_json, write_settings


@pytest.mark.llm
def test_attached_markdown_on_the_real_model(tmp_path: Path, llama_server) -> None:
    home = tmp_path / "home"
    write_settings(home, max_output_tokens=48, max_tool_iterations=2, memory_brief_enabled=False)
    notes = tmp_path / "venue.md"
    notes.write_text("# Venue\nLakeside Lodge sleeps 14 guests and costs 1,200 euros a night.\n")
    args = ("run", "--provider", "openai-compatible", "--base-url", llama_server.base_url, "--yes", "--json")
    proc, out = aipa_json(home, *args, "--attach", str(notes), "How many guests does the venue sleep?", timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out["attachments"][0]["name"] == "venue.md" and out["status"] == "done" and out["tasks"]
    # A small model's briefs vary from run to run; the excerpts follow the brief and the
    # directive, so at least one lead lists the venue's section, and nothing else is cited.
    listed = [s for task in out["tasks"] for s in task["sources"]]
    assert {"file": "venue.md", "place": "§ Venue"} in listed, out["tasks"]
    assert all(s["file"] == "venue.md" for s in listed), listed
