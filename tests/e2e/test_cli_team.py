"""`aipa agents` and the roster the recruiter keeps, as a user runs them."""

import json

from tests.support.cli import aipa, aipa_json


def test_the_recruiter_keeps_the_roster_that_aipa_agents_shows(tmp_path):
    home = tmp_path / "home"
    hire = json.dumps({"name": "Nova", "title": "Legal", "model": "small:1b"})
    chat = aipa(home, "chat", "--agent", "Evelyn", "--dry-run", "--yes", "-m", f"/tool upsert_agent_definition {hire}")
    assert chat.returncode == 0, chat.stderr
    assert (home / "agents" / "nova.md").exists() and (home / "agents" / "_roster.md").exists()

    proc, team = aipa_json(home, "agents", "--json")
    assert proc.returncode == 0, proc.stderr
    assert [a["name"] for a in team][-1] == "Nova" and "_roster.md" not in proc.stdout
    assert {a["name"]: a["role"] for a in team}["Vera"] == "auditor"

    proc, listed = aipa_json(home, "agents", "--roster", "--json")
    assert proc.returncode == 0, proc.stderr
    nova = {a["name"]: a for a in listed["agents"]}["Nova"]
    assert (nova["role"], nova["model"]) == ("Legal", "small:1b") and nova["recruited"]
    assert any(c.endswith("Nova recruited as Legal") for c in listed["changes"])

    text = aipa(home, "agents", "--roster").stdout
    assert text.startswith("# Team roster") and "| Nova | Legal | (default) | small:1b |" in text
    # The roster is no agent: a run never routes to it and nothing warns about it.
    run = aipa(home, "run", "--dry-run", "--yes", "Plan a three-day offsite for a 12-person team")
    assert run.returncode == 0 and "_roster.md" not in run.stderr


def test_run_json_lists_each_leads_workers(tmp_path):
    home = tmp_path / "home"
    proc, result = aipa_json(home, "run", "--dry-run", "--yes", "--json", "Plan a three-day offsite for 12")
    assert proc.returncode == 0, proc.stderr
    workers = {t["assigned_to"]: [w["id"] for w in t["workers"]] for t in result["tasks"]}
    assert workers == {"Atlas": ["RSCH-001", "RSCH-002"], "Cole": [], "Clio": []}
    shown = aipa(home, "run", "--dry-run", "--yes", "--no-thinking", "Plan a three-day offsite for 12")
    assert "↳ worker RSCH-001: survey the realistic options" in shown.stdout
