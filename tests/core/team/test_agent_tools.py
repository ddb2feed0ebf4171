from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from aipa.core.run.tools import ToolRegistry
from aipa.core.team.agent_editing import DECLINED
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agent_tools import AGENT_TOOL_NAMES, make_agent_tools
from aipa.core.team.agents import render_agent_file, shipped_prompts_dir

SHIPPED = shipped_prompts_dir()


class Confirmer:
    def __init__(self, answer: bool | str = True) -> None:
        self.answer = answer  # a string: declined, with the Principal's feedback
        self.calls: list[tuple[str, str]] = []

    async def __call__(self, title: str, preview: str) -> bool | str:
        self.calls.append((title, preview))
        return self.answer


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def user_dir(home: Path) -> Path:
    return home / "agents"


@pytest.fixture
def registry(user_dir: Path) -> AgentRegistry:
    return AgentRegistry(SHIPPED, user_dir)


@pytest.fixture
def confirm() -> Confirmer:
    return Confirmer()


@pytest.fixture
def tools(registry: AgentRegistry, user_dir: Path, confirm: Confirmer) -> ToolRegistry:
    return make_agent_tools(registry, user_dir, confirm, lambda: [{"name": "ollama", "models": ["qwen3:8b"]}])


def snapshot(root: Path) -> dict[str, str]:
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_symlink():
            out[str(p)] = "-> " + str(p.readlink())
        elif p.is_file():
            out[str(p)] = p.read_text(errors="replace")
    return out


def changed_lines(diff: str) -> list[str]:
    return [
        line.rstrip("\n") for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++ ", "--- "))
    ]


# --- reading ---------------------------------------------------------------------------------


def test_the_seven_tools_match_the_recruiter(tools: ToolRegistry, registry: AgentRegistry) -> None:
    assert tools.names() == list(AGENT_TOOL_NAMES)
    assert tuple(registry.get("Evelyn").tools) == AGENT_TOOL_NAMES
    specs = tools.specs(registry.get("Evelyn").tools)
    assert all(s.description for s in specs)
    assert {t.name for t in tools if t.writes} == {"upsert_agent_definition", "write_agent_prompt"}
    upsert = tools.spec("upsert_agent_definition").parameters
    assert upsert["required"] == ["name"]
    assert upsert["properties"]["tools"]["type"] == "array"
    assert "0 and 2" in upsert["properties"]["temperature"]["description"]


async def test_list_and_read(tools: ToolRegistry) -> None:
    agents = json.loads(await tools.call("list_agents", {}))
    assert [a["name"] for a in agents] == ["Miranda", "Vera", "Evelyn", "Atlas", "Cole", "Clio", "Iris"]
    assert {a["source"] for a in agents} == {"shipped"}
    config = json.loads(await tools.call("read_agent_config", {"name": "atlas"}))
    assert config["name"] == "Atlas" and config["temperature"] == 0.5
    assert config["file"] == "prompts/atlas.md" and "prompt" not in config
    prompt = await tools.call("read_agent_prompt", {"name": "Atlas"})
    assert prompt.startswith("You are Atlas")
    assert "no agent named 'Ghost'" in await tools.call("read_agent_prompt", {"name": "Ghost"})


async def test_list_providers_and_tools(registry, user_dir, confirm) -> None:
    async def providers():
        return [{"name": "openai"}]

    extra = ToolRegistry()

    @extra.register
    def web_search(query: str) -> str:
        """Search the web."""
        return ""

    tools = make_agent_tools(registry, user_dir, confirm, providers, catalog=extra)
    assert json.loads(await tools.call("list_providers", {})) == [{"name": "openai"}]
    listed = json.loads(await tools.call("list_tools", {}))
    assert [t["name"] for t in listed] == [*AGENT_TOOL_NAMES, "web_search"]
    assert listed[2]["writes"] is True
    result = await tools.call("upsert_agent_definition", {"name": "Scout", "tools": ["web_search"]})
    assert result.startswith("Saved Scout")
    assert registry.get("Scout").tools == ("web_search",)


# --- writing ---------------------------------------------------------------------------------


async def test_create_new_agent(tools, registry, user_dir, confirm) -> None:
    result = await tools.call(
        "upsert_agent_definition",
        {"name": "Nova", "title": "Legal", "description": "Contracts and compliance.", "temperature": 0.2},
    )
    assert result == "Saved Nova to agents/nova.md."
    ((title, preview),) = confirm.calls
    assert title == "Create agent Nova (Legal)"
    assert preview.startswith("--- /dev/null\n+++ agents/nova.md\n")
    assert '+name = "Nova"' in preview and "+temperature = 0.2" in preview
    nova = registry.get("nova")
    assert (nova.title, nova.temperature, nova.builtin) == ("Legal", 0.2, False)
    assert nova.prompt.startswith("You are Nova, the agency's Legal lead.")
    assert (user_dir / "nova.md").read_text() == render_agent_file(nova)
    assert sorted(p.name for p in user_dir.iterdir()) == ["_roster.md", "nova.md"]


async def test_override_shipped_diff_shows_exactly_the_change(tools, registry, user_dir, confirm) -> None:
    result = await tools.call("upsert_agent_definition", {"name": "atlas", "temperature": 0.2})
    assert result == "Saved Atlas to agents/atlas.md."
    ((title, preview),) = confirm.calls
    assert title == "Override shipped agent Atlas (Research)"
    assert preview.splitlines()[:2] == ["--- shipped/atlas.md", "+++ agents/atlas.md"]
    assert changed_lines(preview) == ["-temperature = 0.5", "+temperature = 0.2"]
    atlas = registry.get("Atlas")
    assert not atlas.builtin and atlas.temperature == 0.2
    assert atlas.prompt == registry.shipped("Atlas").prompt  # prompt body kept

    # A second edit diffs against the user file.
    await tools.call("upsert_agent_definition", {"name": "Atlas", "tools": ["list_agents"], "model": "qwen3:8b"})
    title, preview = confirm.calls[1]
    assert title == "Update agent Atlas (Research)"
    assert preview.splitlines()[:2] == ["--- agents/atlas.md", "+++ agents/atlas.md"]
    assert changed_lines(preview) == [
        '-model = ""',
        '+model = "qwen3:8b"',
        "-tools = []",
        "+tools = [",
        '+    "list_agents",',
        "+]",
    ]
    assert registry.get("Atlas").temperature == 0.2  # untouched fields kept


async def test_write_prompt_keeps_settings_and_diff_is_exact(tools, registry, user_dir, confirm) -> None:
    await tools.call("upsert_agent_definition", {"name": "Nova", "title": "Legal"})
    old = registry.get("Nova").prompt
    result = await tools.call("write_agent_prompt", {"name": "nova", "content": "You are Nova.\n\nBe brief."})
    assert result == "Saved Nova to agents/nova.md."
    title, preview = confirm.calls[1]
    assert title == "Update agent Nova (Legal)"
    changed = changed_lines(preview)
    # Only prompt lines change (the blank line between paragraphs is common context).
    assert [line for line in changed if line.startswith("-")] == [f"-{line}" for line in old.splitlines() if line]
    assert [line for line in changed if line.startswith("+")] == ["+You are Nova.", "+Be brief."]
    nova = registry.get("Nova")
    assert nova.prompt == "You are Nova.\n\nBe brief." and nova.title == "Legal"


async def test_write_prompt_of_shipped_agent_creates_override(tools, registry, user_dir, confirm) -> None:
    result = await tools.call("write_agent_prompt", {"name": "Cole", "content": "You are Cole."})
    assert result == "Saved Cole to agents/cole.md."
    title, _ = confirm.calls[0]
    assert title == "Override shipped agent Cole (Operations)"
    cole = registry.get("Cole")
    assert cole.prompt == "You are Cole." and cole.temperature == registry.shipped("Cole").temperature
    registry.delete_user_agent("Cole")
    assert registry.get("Cole").builtin


@pytest.mark.parametrize("tool", ["upsert_agent_definition", "write_agent_prompt"])
async def test_declined_change_writes_nothing(registry, user_dir, home, tool) -> None:
    confirm = Confirmer(answer=False)
    tools = make_agent_tools(registry, user_dir, confirm, lambda: [])
    before = snapshot(home)
    args = {"name": "Atlas", "temperature": 1.5} if tool.startswith("upsert") else {"name": "Atlas", "content": "New."}
    assert await tools.call(tool, args) == DECLINED
    assert len(confirm.calls) == 1
    assert snapshot(home) == before
    assert registry.get("Atlas").builtin


async def test_feedback_declines_and_reaches_the_recruiter(registry, user_dir, home) -> None:
    """The window's Edit…: the Principal's words instead of a yes or no. Nothing is
    written, and the tool's answer carries the words, so the recruiter proposes again."""
    confirm = Confirmer(answer="Call it Demand, and keep the temperature at 0.5")
    tools = make_agent_tools(registry, user_dir, confirm, lambda: [])
    before = snapshot(home)
    answer = await tools.call("upsert_agent_definition", {"name": "Atlas", "temperature": 1.5})
    assert answer.startswith(DECLINED) and "Call it Demand, and keep the temperature at 0.5" in answer
    assert snapshot(home) == before and registry.get("Atlas").builtin
    confirm.answer = "   "  # blank feedback: a plain decline
    assert await tools.call("upsert_agent_definition", {"name": "Atlas", "temperature": 1.5}) == DECLINED


async def test_no_change_asks_nothing(tools, confirm) -> None:
    result = await tools.call("upsert_agent_definition", {"name": "Atlas", "temperature": 0.5})
    assert result.startswith("No change")
    assert confirm.calls == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"name": "Atlas", "temperature": "hot"}, "argument 'temperature' must be a number"),
        ({"name": "Atlas", "temperature": 3}, "field 'temperature' must be a number between 0 and 2"),
        ({"name": "Atlas", "max_tokens": 0}, "field 'max_tokens'"),
        ({"name": "Atlas", "color": "red"}, "field 'color'"),
        ({"name": "Atlas", "tools": ["rm_rf"]}, "unknown tool 'rm_rf'"),
        ({"name": "Nova!"}, "Refused"),
        ({"title": "x"}, "missing required argument 'name'"),
    ],
)
async def test_invalid_upserts_are_refused(tools, confirm, home, args, expected) -> None:
    before = snapshot(home)
    result = await tools.call("upsert_agent_definition", args)
    assert result.startswith("Error:") and expected in result
    assert confirm.calls == [] and snapshot(home) == before


async def test_write_prompt_refusals(tools, confirm, home) -> None:
    before = snapshot(home)
    assert "create it first" in await tools.call("write_agent_prompt", {"name": "Ghost", "content": "x"})
    assert "empty" in await tools.call("write_agent_prompt", {"name": "Atlas", "content": "  \n"})
    assert "limit" in await tools.call("write_agent_prompt", {"name": "Atlas", "content": "x" * 100_001})
    assert confirm.calls == [] and snapshot(home) == before


# --- confinement -------------------------------------------------------------------------------


UNSAFE = ["../x", "../../evil", "/etc/passwd", "a/b", "a\\b", "", "  ", "..", ".hidden", "x\x00y"]


@pytest.mark.parametrize("name", UNSAFE)
@pytest.mark.parametrize("tool", ["upsert_agent_definition", "write_agent_prompt"])
async def test_unsafe_names_are_refused(tools, confirm, home, user_dir, name, tool) -> None:
    before = snapshot(home)
    args = {"name": name, "title": "x"} if tool.startswith("upsert") else {"name": name, "content": "x"}
    result = await tools.call(tool, args)
    assert result.startswith("Error: Refused"), result
    assert "Nothing was written" in result
    assert confirm.calls == []
    assert snapshot(home) == before
    assert not Path("/etc/passwd.md").exists()


async def test_symlink_pointing_outside_is_refused(tools, registry, confirm, home, user_dir) -> None:
    outside = home / "outside"
    outside.mkdir()
    target = outside / "secret.md"
    target.write_text('+++\nname = "Evil"\n+++\n\noriginal\n')
    (user_dir / "evil.md").symlink_to(target)
    (user_dir / "atlas.md").symlink_to(outside / "missing.md")  # dangling, named like a shipped agent
    before = snapshot(home)
    for tool, args in [
        ("upsert_agent_definition", {"name": "Evil", "title": "x"}),
        ("write_agent_prompt", {"name": "evil", "content": "pwned"}),
        ("upsert_agent_definition", {"name": "Atlas", "temperature": 0.1}),
        ("write_agent_prompt", {"name": "Atlas", "content": "pwned"}),
    ]:
        result = await tools.call(tool, args)
        assert result.startswith("Error: Refused") and "symbolic link" in result, result
    assert confirm.calls == []
    assert snapshot(home) == before
    assert target.read_text() == '+++\nname = "Evil"\n+++\n\noriginal\n'


async def test_symlink_inside_is_refused(tools, confirm, home, user_dir) -> None:
    real = user_dir / "real.md"
    real.write_text('+++\nname = "Real"\n+++\n\nreal\n')
    (user_dir / "alias.md").symlink_to(real)
    before = snapshot(home)
    result = await tools.call("upsert_agent_definition", {"name": "alias", "title": "x"})
    assert result.startswith("Error: Refused") and "symbolic link" in result
    assert confirm.calls == [] and snapshot(home) == before


async def test_symlink_appearing_during_confirmation_is_refused(registry, user_dir, home) -> None:
    outside = home / "outside.md"
    outside.write_text("precious")

    async def sneaky(title: str, preview: str) -> bool:
        (user_dir / "nova.md").symlink_to(outside)
        return True

    tools = make_agent_tools(registry, user_dir, sneaky, lambda: [])
    result = await tools.call("upsert_agent_definition", {"name": "Nova"})
    assert result.startswith("Error: Refused")
    assert outside.read_text() == "precious"


async def test_file_edited_during_confirmation_is_not_clobbered(registry, user_dir) -> None:
    path = user_dir / "nova.md"
    path.write_text('+++\nname = "Nova"\n+++\n\nv1\n')
    registry.reload()

    async def meddle(title: str, preview: str) -> bool:
        path.write_text('+++\nname = "Nova"\n+++\n\nedited by hand\n')
        return True

    tools = make_agent_tools(registry, user_dir, meddle, lambda: [])
    result = await tools.call("write_agent_prompt", {"name": "Nova", "content": "v2"})
    assert "changed while waiting" in result
    assert "edited by hand" in path.read_text()


async def test_concurrent_writes_are_serialised(registry, user_dir) -> None:
    active = 0
    peak = 0

    async def slow(title: str, preview: str) -> bool:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0.01)
        active -= 1
        return True

    tools = make_agent_tools(registry, user_dir, slow, lambda: [])
    results = await asyncio.gather(
        tools.call("upsert_agent_definition", {"name": "Atlas", "temperature": 0.1}),
        tools.call("write_agent_prompt", {"name": "Atlas", "content": "You are Atlas 2."}),
    )
    assert all(r.startswith("Saved") for r in results), results
    assert peak == 1
    atlas = registry.get("Atlas")
    assert atlas.temperature == 0.1 and atlas.prompt == "You are Atlas 2."
