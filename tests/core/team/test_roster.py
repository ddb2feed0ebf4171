"""The team roster: a markdown file in the agents folder kept by the recruiter's tools,
the agent editor's save and delete, readable by the recruiter and `aipa agents --roster`;
never taken for an agent."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from aipa.core.team import roster
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agent_tools import make_agent_tools
from aipa.core.team.agents import AgentDef, save_agent, shipped_prompts_dir

SHIPPED = shipped_prompts_dir()
TEAM = ["Miranda", "Vera", "Evelyn", "Atlas", "Cole", "Clio", "Iris"]


class Clock:
    def __init__(self) -> None:
        self.value = datetime(2026, 11, 30, 9, 0)

    def __call__(self) -> datetime:
        return self.value


async def _yes(title: str, preview: str) -> bool:
    return True


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    return tmp_path / "agents"


@pytest.fixture
def registry(user_dir: Path) -> AgentRegistry:
    return AgentRegistry(SHIPPED, user_dir)


def _rows(user_dir: Path) -> dict[str, roster.Entry]:
    return {e.name: e for e in roster.read(user_dir).entries}


def test_sync_dates_recruits_and_changes(user_dir: Path, registry: AgentRegistry) -> None:
    clock = Clock()
    first = roster.sync(user_dir, registry.all(), now=clock)
    assert [e.name for e in first.entries] == TEAM
    assert all(e.recruited == e.changed == "2026-11-30 09:00" for e in first.entries)
    text = roster.roster_path(user_dir).read_text()
    assert "| Evelyn | Director of Personnel & Systems | (default) | (provider default) | list_agents," in text
    # Nothing changed: the file is left alone (same bytes), dates kept.
    clock.value = datetime(2026, 12, 1, 10, 30)
    again = roster.sync(user_dir, registry.all(), now=clock)
    assert again == first and roster.roster_path(user_dir).read_text() == text
    # A change of model dates the row; removal drops it and is logged.
    atlas = registry.get("Atlas")
    team = [AgentDef(**{**atlas.__dict__, "model": "qwen3:8b"}) if a.name == "Atlas" else a for a in registry.all()]
    roster.sync(user_dir, [a for a in team if a.name != "Iris"], now=clock)
    rows = _rows(user_dir)
    assert rows["Atlas"].model == "qwen3:8b" and rows["Atlas"].recruited == "2026-11-30 09:00"
    assert rows["Atlas"].changed == "2026-12-01 10:30" and "Iris" not in rows
    changes = roster.read(user_dir).changes
    assert changes[-2:] == ("2026-12-01 10:30 Atlas changed (model)", "2026-12-01 10:30 Iris removed")


def test_cells_with_pipes_round_trip(user_dir: Path) -> None:
    odd = AgentDef(name="Nova", title="Law | Contracts", tools=("a", "b"))
    roster.update(user_dir, upsert=[odd])
    (row,) = roster.read(user_dir).entries
    assert (row.name, row.role, row.tools, row.provider) == ("Nova", "Law | Contracts", ("a", "b"), "")


def test_the_registry_never_takes_the_roster_for_an_agent(user_dir: Path, registry: AgentRegistry) -> None:
    roster.sync(user_dir, registry.all())
    registry.reload()
    assert registry.names() == TEAM and registry.warnings == []
    assert not registry.reload_if_changed(), "writing the roster is no agent change"
    # No agent name maps to the roster's file name.
    with pytest.raises(ValueError):
        from aipa.core.team.agents import agent_file_name

        agent_file_name("_roster")


def test_save_agent_and_delete_keep_the_roster(user_dir: Path, registry: AgentRegistry) -> None:
    save_agent(user_dir, AgentDef(name="Nova", title="Legal", provider="openai", model="gpt-x", prompt="Hi."))
    assert _rows(user_dir)["Nova"].provider == "openai"
    registry.reload()
    registry.delete_user_agent("Nova")
    rows = _rows(user_dir)
    assert "Nova" not in rows and list(rows) == TEAM
    assert roster.read(user_dir).changes[-1].endswith("Nova removed")


async def test_the_recruiters_tools_keep_and_read_the_roster(user_dir: Path, registry: AgentRegistry) -> None:
    tools = make_agent_tools(registry, user_dir, _yes, lambda: [])
    result = await tools.call("upsert_agent_definition", {"name": "Scout", "title": "Scouting"})
    assert result.startswith("Saved Scout")
    assert _rows(user_dir)["Scout"].role == "Scouting"
    await tools.call("upsert_agent_definition", {"name": "Scout", "model": "small:1b"})
    assert _rows(user_dir)["Scout"].model == "small:1b"
    text = await tools.call("read_roster", {})
    assert text.startswith("# Team roster") and "| Scout | Scouting | (default) | small:1b |" in text
    assert "Scout recruited as Scouting" in text and "Scout changed (model)" in text
    assert "Scout" in registry.names() and "_roster" not in " ".join(registry.names())


async def test_a_roster_that_cannot_be_written_never_fails_a_save(user_dir: Path, registry: AgentRegistry) -> None:
    user_dir.mkdir(exist_ok=True)
    roster.roster_path(user_dir).mkdir()  # a folder where the file should be
    path = save_agent(user_dir, AgentDef(name="Nova", prompt="Hi."))
    assert path.read_text().startswith("+++")
