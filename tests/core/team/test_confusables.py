"""Look-alike agent names (issue 21 item 6): the skeleton, and the recruiter's tool
refusing to create one."""

from __future__ import annotations

import asyncio

from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agent_tools import make_agent_tools
from aipa.core.team.agents import shipped_prompts_dir
from aipa.core.team.confusables import confusable, shown, skeleton


def test_look_alikes_share_a_skeleton_and_real_names_do_not():
    assert confusable("V\u0435ra", "Vera")  # Cyrillic е
    assert confusable("\u0391tlas", "Atlas")  # Greek Α
    assert confusable("At1as", "Atlas") and confusable("C0le", "Cole")
    assert confusable("Mir\u200banda", "Miranda")  # a zero-width space
    assert confusable("\uff36era", "Vera")  # fullwidth V (NFKC)
    assert not confusable("VERA", "vera")  # the same name, another case: not an impostor
    assert not confusable("Vera", "Vega") and not confusable("Nova", "Cole")
    assert skeleton("V\u0435ra") == skeleton("Vera")
    assert shown("V\u0435ra") == "V\\u0435ra"


def test_the_recruiter_cannot_create_a_look_alike(tmp_path):
    user_dir = tmp_path / "agents"
    registry = AgentRegistry(shipped_prompts_dir(), user_dir)
    asked = []

    async def confirm(title, preview):
        asked.append(title)
        return True

    tools = make_agent_tools(registry, user_dir, confirm, list)
    reply = asyncio.run(tools.call("upsert_agent_definition", {"name": "V\u0435ra", "title": "Auditor"}))
    assert reply.startswith("Error: Refused: the name 'V\\u0435ra' looks like the agent 'Vera'"), reply
    assert asked == [] and list(user_dir.glob("*.md")) == []
