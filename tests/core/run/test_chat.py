"""Direct chat with one agent, including the recruiter's tool loop behind the
Principal's confirmation."""

import json

import pytest

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.run.chat import Chat
from tests.support.reviewers import ScriptedReviewer


@pytest.fixture
def app(tmp_path):
    application = build(Override("scripted"), Paths(tmp_path / "home"))
    yield application
    application.store.close()


def _chat(app, agent, confirm=True):
    seen = []
    reviewer = ScriptedReviewer(confirm=confirm)
    return Chat(app.pipeline(reviewer, seen.append), agent), reviewer, seen


async def test_stateful_agent_keeps_history_and_stateless_sees_its_last_reply(app):
    chat, _, _ = _chat(app, "Miranda")
    await chat.send("First message")
    await chat.send("Second message")
    calls = app.providers.get("scripted").calls
    assert [m.content for m in calls[-1].messages if m.role == "user"] == ["First message", "Second message"]
    lead, _, _ = _chat(app, "Atlas")
    first = await lead.send("One")
    assert [m.role for m in calls[-1].messages] == ["system", "user"]
    await lead.send("Two")
    await lead.send("Three")
    # Stateless: the last user message and the agent's reply before it, nothing older.
    assert [(m.role, m.content) for m in calls[-1].messages[1:]] == [
        ("assistant", "(Atlas) Noted: Two"),
        ("user", "Three"),
    ]
    assert first.content == "(Atlas) Noted: One"


async def test_recruiter_tool_write_refused_writes_nothing(app):
    chat, reviewer, seen = _chat(app, "Evelyn", confirm=False)
    args = {"name": "Atlas", "content": "You are a pirate."}
    await chat.send("/tool write_agent_prompt " + json.dumps(args))
    assert reviewer.previews and "You are a pirate." in reviewer.previews[0][1]
    assert not (app.paths.agents / "atlas.md").exists()
    used = [e for e in seen if isinstance(e, ev.ToolUsed)]
    assert used and "declined" in used[0].result
    assert "pirate" not in app.agents.get("Atlas").prompt


async def test_recruiter_creates_an_agent_after_confirmation(app):
    chat, reviewer, _ = _chat(app, "Evelyn", confirm=True)
    args = {"name": "Nova", "title": "Finance", "description": "Budgets and forecasts"}
    await chat.send("/tool upsert_agent_definition " + json.dumps(args))
    assert reviewer.previews
    assert app.agents.get("Nova").title == "Finance"
    assert "Nova" in [a.name for a in app.agents.leads(app.settings.roles)]


async def test_tools_only_for_agents_that_have_them(app):
    chat, reviewer, seen = _chat(app, "Atlas")
    await chat.send("/tool list_agents")
    assert not [e for e in seen if isinstance(e, ev.ToolUsed)]
