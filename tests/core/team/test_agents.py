from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import (
    DEFAULT_ROLES,
    SHIPPED_ORDER,
    AgentDef,
    make_agent,
    parse_agent_file,
    render_agent_file,
    save_agent,
    shipped_prompts_dir,
    user_agent_path,
)
from aipa.errors import ConfigError

SHIPPED = shipped_prompts_dir()
AGENT_TOOLS = [
    "list_agents",
    "read_agent_config",
    "upsert_agent_definition",
    "read_agent_prompt",
    "write_agent_prompt",
    "list_providers",
    "list_tools",
    "read_roster",
]


def agent_text(name: str = "Atlas", body: str = "You are a test agent.", **fields: str) -> str:
    lines = [f'name = "{name}"'] + [f"{k} = {v}" for k, v in fields.items()]
    return "+++\n" + "\n".join(lines) + "\n+++\n\n" + body + "\n"


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    return tmp_path / "agents"


@pytest.fixture
def reg(user_dir: Path) -> AgentRegistry:
    return AgentRegistry(SHIPPED, user_dir)


# --- the shipped agents -----------------------------------------------------------------


def test_shipped_agents_load_in_roster_order(reg: AgentRegistry) -> None:
    assert reg.warnings == []
    assert reg.names() == list(SHIPPED_ORDER)
    assert all(a.builtin for a in reg.all())
    assert sorted(p.name for p in SHIPPED.glob("*.md")) == sorted(f"{n.lower()}.md" for n in SHIPPED_ORDER)


def test_shipped_roles_and_fields(reg: AgentRegistry) -> None:
    miranda, vera, evelyn = reg.get("Miranda"), reg.get("Vera"), reg.get("Evelyn")
    assert miranda.title == "Chief of Staff" and miranda.stateful
    assert vera.title == "Auditor" and not vera.stateful
    assert list(evelyn.tools) == AGENT_TOOLS
    assert [a.name for a in reg.leads(DEFAULT_ROLES)] == ["Atlas", "Cole", "Clio", "Iris"]
    for lead in reg.leads(DEFAULT_ROLES):
        assert not lead.stateful and lead.tools == ()
        assert "markdown" in lead.prompt
    assert len({a.color for a in reg.all()}) == 7
    for agent in reg.all():
        assert agent.title and agent.description and "\n" not in agent.description
        assert len(agent.prompt) > 400, agent.name
        if agent.name != "Evelyn":  # lean: the pipeline sends these on every call (issue 20)
            assert len(agent.prompt) <= 1000, agent.name
        assert agent.prompt.startswith(f"You are {agent.name}")
        assert agent.provider == "" and agent.model == ""
        assert 0 <= agent.temperature <= 2 and agent.max_tokens > 0


def test_auditor_prompt_explains_the_verdict_scale(reg: AgentRegistry) -> None:
    prompt = reg.get("vera").prompt
    for verdict in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT"):
        assert f"- `{verdict}` —" in prompt
    # the line's form once; the audit request lists the four lines (prompts.audit)
    assert "last line" in prompt and "`VERDICT: <verdict>`" in prompt


def test_shipped_files_are_in_canonical_form(reg: AgentRegistry) -> None:
    for agent in reg.all():
        assert agent.path is not None
        assert render_agent_file(agent) == agent.path.read_text(encoding="utf-8")


def test_shipped_prompts_dir_meipass_fallback(tmp_path: Path, monkeypatch) -> None:
    frozen = tmp_path / "aipa" / "prompts"
    frozen.mkdir(parents=True)

    real_find_spec = importlib.util.find_spec

    def broken(name: str, *args):
        if name.startswith("aipa."):  # as in a bundle where the data is not a package
            raise ModuleNotFoundError("frozen")
        return real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", broken)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert shipped_prompts_dir() == frozen


# --- lookups and roles ------------------------------------------------------------------


def test_get_is_case_insensitive_and_unknown_names_known_agents(reg: AgentRegistry) -> None:
    assert reg.get("  atLAS ").name == "Atlas"
    with pytest.raises(ConfigError) as err:
        reg.get("Nobody")
    assert "Nobody" in str(err.value)
    assert "Miranda" in err.value.hint and "Iris" in err.value.hint


def test_check_roles(reg: AgentRegistry) -> None:
    assert reg.check_roles(DEFAULT_ROLES) == []
    warnings = reg.check_roles({"orchestrator": "Miranda", "auditor": "Ghost"})
    assert len(warnings) == 1
    assert "auditor" in warnings[0] and "Ghost" in warnings[0] and "Vera" in warnings[0]
    shared = reg.check_roles({"orchestrator": "Miranda", "auditor": "miranda"})
    assert shared and "orchestrator" in shared[0] and "auditor" in shared[0]
    assert reg.check_roles({"recruiter": ""}) == ["role 'recruiter' names no agent"]


def test_leads_excludes_role_holders_case_insensitively(reg: AgentRegistry) -> None:
    leads = reg.leads({"orchestrator": "atlas", "auditor": "VERA"})
    assert [a.name for a in leads] == ["Miranda", "Evelyn", "Cole", "Clio", "Iris"]


# --- user agents --------------------------------------------------------------------------


def test_user_dir_is_created(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "agents"
    AgentRegistry(SHIPPED, target)
    assert target.is_dir()


def test_user_file_overrides_shipped_by_name(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "my-researcher.md").write_text(
        agent_text("ATLAS", "Custom.", title='"Deep Research"', temperature="0.1")
    )
    reg = AgentRegistry(SHIPPED, user_dir)
    atlas = reg.get("atlas")
    assert (atlas.name, atlas.title, atlas.temperature, atlas.prompt) == (
        "ATLAS",
        "Deep Research",
        0.1,
        "Custom.",
    )
    assert not atlas.builtin and atlas.path == user_dir / "my-researcher.md"
    assert reg.shipped("Atlas").title == "Research"  # type: ignore[union-attr]
    assert [a.name for a in reg.all()][3] == "ATLAS"  # keeps its roster place
    assert len(reg.all()) == 7


def test_user_only_agents_come_after_shipped_alphabetically(user_dir: Path) -> None:
    user_dir.mkdir()
    for name in ("Zed", "bea", "Nova"):
        (user_dir / f"{name.lower()}.md").write_text(agent_text(name))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.names() == [*SHIPPED_ORDER, "bea", "Nova", "Zed"]
    assert [a.name for a in reg.leads(DEFAULT_ROLES)][-3:] == ["bea", "Nova", "Zed"]


BAD_FILES = [
    (agent_text(temperature='"hot"'), "temperature"),
    (agent_text(temperature="2.5"), "temperature"),
    (agent_text(max_tokens="0"), "max_tokens"),
    (agent_text(max_tokens="1.5"), "max_tokens"),
    (agent_text(stateful='"yes"'), "stateful"),
    (agent_text(color='"blue"'), "color"),
    (agent_text(tools='"search"'), "tools"),
    (agent_text(tools="[1, 2]"), "tools"),
    (agent_text(title="3"), "title"),
    (agent_text("../../etc"), "name"),
    ('+++\ntitle = "Research"\n+++\nbody\n', "name"),
]


@pytest.mark.parametrize(("text", "field"), BAD_FILES)
def test_bad_user_file_warns_with_file_and_field_and_keeps_shipped(user_dir: Path, text: str, field: str) -> None:
    user_dir.mkdir()
    (user_dir / "atlas.md").write_text(text)
    reg = AgentRegistry(SHIPPED, user_dir)
    assert len(reg.warnings) == 1, reg.warnings
    warning = reg.warnings[0]
    assert warning.startswith("agents/atlas.md: ")
    assert f"field '{field}'" in warning
    assert warning.endswith("; using the shipped Atlas")
    assert reg.get("Atlas").builtin and reg.get("Atlas").title == "Research"


def test_bad_temperature_warning_text(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "atlas.md").write_text(agent_text(temperature='"hot"'))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.warnings == [
        "agents/atlas.md: field 'temperature' must be a number between 0 and 2, got 'hot'; using the shipped Atlas"
    ]


@pytest.mark.parametrize(
    "text",
    [
        '+++\nname = "Atlas"\ntemperature = \n+++\nbody',  # broken TOML
        'name = "Atlas"\nbody',  # no front matter
        '+++\nname = "Atlas"\nbody',  # no closing fence
    ],
)
def test_broken_files_fall_back_to_shipped(user_dir: Path, text: str) -> None:
    user_dir.mkdir()
    (user_dir / "atlas.md").write_text(text)
    reg = AgentRegistry(SHIPPED, user_dir)
    assert len(reg.warnings) == 1 and reg.warnings[0].startswith("agents/atlas.md: ")
    assert reg.warnings[0].endswith("using the shipped Atlas")
    assert reg.get("Atlas").builtin


def test_bad_user_only_agent_is_skipped(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "nova.md").write_text(agent_text("Nova", max_tokens='"lots"'))
    (user_dir / "binary.md").write_bytes(b"\xff\xfe\x00garbage")
    reg = AgentRegistry(SHIPPED, user_dir)
    assert "Nova" not in reg
    assert any(
        w.startswith("agents/nova.md: field 'max_tokens'") and w.endswith("skipping this agent") for w in reg.warnings
    )
    assert any(w.startswith("agents/binary.md: cannot read") for w in reg.warnings)
    assert reg.names() == list(SHIPPED_ORDER)


def test_unknown_field_is_a_warning_not_an_error(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "nova.md").write_text(agent_text("Nova", temprature="0.2"))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.get("Nova").temperature == 0.7
    assert reg.warnings == ["agents/nova.md: unknown field 'temprature' ignored"]


def test_duplicate_user_agents_first_file_wins(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "a.md").write_text(agent_text("Nova", "first"))
    (user_dir / "b.md").write_text(agent_text("nova", "second"))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.get("Nova").prompt == "first"
    assert len(reg.warnings) == 1 and "agents/b.md" in reg.warnings[0]


def test_crlf_and_bom_are_tolerated(user_dir: Path) -> None:
    user_dir.mkdir()
    text = "\ufeff" + agent_text("Nova", "Line one.\nLine two.").replace("\n", "\r\n")
    (user_dir / "nova.md").write_bytes(text.encode("utf-8"))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.warnings == []
    assert reg.get("Nova").prompt == "Line one.\nLine two."


# --- reloading and deleting ---------------------------------------------------------------


def test_reload_picks_up_edits(user_dir: Path) -> None:
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.reload_if_changed() is False
    path = user_dir / "nova.md"
    path.write_text(agent_text("Nova", "v1"))
    assert reg.reload_if_changed() is True
    assert reg.get("Nova").prompt == "v1"
    assert reg.reload_if_changed() is False
    path.write_text(agent_text("Nova", "version two"))
    assert reg.reload_if_changed() is True and reg.get("Nova").prompt == "version two"
    path.write_text(agent_text("Nova", "version 3!!"))  # same size, new mtime
    os.utime(path, ns=(1, 1))
    assert reg.reload_if_changed() is True and reg.get("Nova").prompt == "version 3!!"
    path.unlink()
    assert reg.reload_if_changed() is True and "Nova" not in reg


def test_plain_reload_rereads(user_dir: Path) -> None:
    reg = AgentRegistry(SHIPPED, user_dir)
    (user_dir / "atlas.md").write_text(agent_text("Atlas", title='"Scout"'))
    assert reg.get("Atlas").title == "Research"
    reg.reload()
    assert reg.get("Atlas").title == "Scout"


def test_delete_user_override_restores_shipped(user_dir: Path) -> None:
    user_dir.mkdir()
    (user_dir / "atlas.md").write_text(agent_text("Atlas", title='"Scout"'))
    (user_dir / "nova.md").write_text(agent_text("Nova"))
    reg = AgentRegistry(SHIPPED, user_dir)
    assert reg.delete_user_agent("atlas") == user_dir / "atlas.md"
    assert not (user_dir / "atlas.md").exists()
    assert reg.get("Atlas").builtin and reg.get("Atlas").title == "Research"
    reg.delete_user_agent("Nova")
    assert "Nova" not in reg
    with pytest.raises(ConfigError, match="shipped"):
        reg.delete_user_agent("Atlas")
    with pytest.raises(ConfigError, match="unknown agent"):
        reg.delete_user_agent("Nobody")
    assert (SHIPPED / "atlas.md").exists()


# --- the file format ----------------------------------------------------------------------


def test_parse_agent_file_names_file_and_field() -> None:
    with pytest.raises(ConfigError) as err:
        parse_agent_file(agent_text(temperature='"hot"'), Path("/x/agents/atlas.md"))
    assert err.value.message.startswith("agents/atlas.md: field 'temperature'")


def test_parse_defaults_and_normalisation() -> None:
    agent = parse_agent_file(
        agent_text("Nova", "\n\n  Body.\n\n", description='"one\\ntwo   three"', temperature="1"),
        None,
    )
    assert agent.description == "one two three"
    assert agent.temperature == 1.0 and isinstance(agent.temperature, float)
    assert agent.prompt == "Body." and agent.max_tokens == 4096 and agent.color == "#8a94a6"
    assert agent.tools == () and not agent.builtin


@pytest.mark.parametrize(
    ("value", "stored", "think"),
    [
        ('""', "", None),
        ('"on"', "on", True),
        ('"OFF"', "off", False),
        ("true", "on", True),
        ("false", "off", False),
    ],
)
def test_thinking_is_on_off_or_the_models_default(value: str, stored: str, think: bool | None) -> None:
    agent = parse_agent_file(agent_text(thinking=value), None)
    assert agent.thinking == stored and agent.think is think
    assert parse_agent_file(agent_text(), None).think is None  # absent: the model decides


def test_bad_thinking_value_names_the_field() -> None:
    with pytest.raises(ConfigError) as err:
        parse_agent_file(agent_text(thinking='"maybe"'), Path("/x/agents/atlas.md"))
    assert (
        err.value.message
        == 'agents/atlas.md: field \'thinking\' must be "on", "off" or "" (the model\'s default), got \'maybe\''
    )


text_st = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


@settings(max_examples=200, deadline=None)
@given(
    title=text_st,
    description=text_st,
    model=text_st,
    temperature=st.floats(0, 2, allow_nan=False),
    max_tokens=st.integers(1, 1_000_000),
    stateful=st.booleans(),
    thinking=st.sampled_from(["", "on", "off"]),
    tools=st.lists(st.text(st.characters(exclude_categories=["Cs"]), min_size=1), max_size=3),
    prompt=st.text(st.characters(exclude_categories=["Cs"]), max_size=200),
)
def test_render_parse_round_trip(**fields) -> None:
    prompt = fields.pop("prompt")
    fields["tools"] = [t for t in fields["tools"] if t.strip()]
    agent = make_agent({"name": "Nova", **fields}, prompt=prompt.replace("\r", ""))
    text = render_agent_file(agent)
    assert parse_agent_file(text, None) == agent
    assert render_agent_file(parse_agent_file(text, None)) == text


def test_render_escapes_strings() -> None:
    agent = AgentDef(name="Nova", title='say "hi" \\ \t ok', description="x", prompt="p")
    text = render_agent_file(agent)
    assert 'title = "say \\"hi\\" \\\\ \t ok"' in text  # a tab may stay literal in a TOML string
    assert parse_agent_file(text, None).title == 'say "hi" \\ \t ok'


# --- writing ---------------------------------------------------------------------------------


def test_save_agent_round_trips_through_the_registry(user_dir: Path) -> None:
    reg = AgentRegistry(SHIPPED, user_dir)
    nova = AgentDef(name="Nova Lee", title="Legal", description="Contracts.", prompt="Hi.")
    path = save_agent(user_dir, nova)
    assert path == user_dir / "nova-lee.md"
    assert sorted(p.name for p in user_dir.iterdir()) == ["_roster.md", "nova-lee.md"]  # no temp files left
    reg.reload()
    loaded = reg.get("nova lee")
    assert (loaded.title, loaded.prompt, loaded.builtin) == ("Legal", "Hi.", False)
    # Saving an agent that came from a differently named user file writes that file.
    save_agent(user_dir, AgentDef(**{**loaded.__dict__, "title": "Law"}))
    assert sorted(p.name for p in user_dir.iterdir()) == ["_roster.md", "nova-lee.md"]


@pytest.mark.parametrize("name", ["", "  ", "../x", "..", "/etc/passwd", "a/b", "a\\b", ".hidden"])
def test_user_agent_path_refuses_unsafe_names(user_dir: Path, name: str) -> None:
    user_dir.mkdir()
    with pytest.raises(ConfigError):
        user_agent_path(user_dir, name)


def test_save_agent_refuses_symlinks(tmp_path: Path, user_dir: Path) -> None:
    user_dir.mkdir()
    outside = tmp_path / "outside.md"
    outside.write_text("precious")
    (user_dir / "nova.md").symlink_to(outside)
    with pytest.raises(ConfigError, match="symbolic link"):
        save_agent(user_dir, AgentDef(name="Nova"))
    assert outside.read_text() == "precious"
