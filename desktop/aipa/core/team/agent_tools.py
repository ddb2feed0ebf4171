"""The recruiter's tools: read and edit agent definitions, always behind a confirmation.

Every write is confined to the user agents folder (a plain name, no paths, no
symlinks, nothing that resolves outside), shown to the Principal as a unified diff
first, written atomically, and followed by a registry reload.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from aipa.core.run.tools import ToolRegistry
from aipa.core.team import roster
from aipa.core.team.agent_editing import AgentEditing, Confirm
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import (
    file_label,
    make_agent,
)
from aipa.core.team.tool_names import AGENT_TOOL_NAMES as AGENT_TOOL_NAMES  # re-exported
from aipa.errors import AipaError, ToolError

Providers = Callable[[], Any]  # returns list[dict] (or an awaitable of it)

MAX_PROMPT_CHARS = 100_000


def starter_prompt(name: str, title: str, description: str) -> str:
    """A usable first system prompt for a freshly created agent."""
    role = f"the agency's {title} lead" if title else "a lead agent of the agency"
    focus = f" Your focus: {description}" if description else ""
    return (
        f"You are {name}, {role}.{focus}\n\n"
        "You receive a task brief from the Chief of Staff. Work only on that brief, state "
        "any assumptions you had to make, and answer with a self-contained markdown "
        "deliverable: a short summary first, then the substance under clear headings."
    )


def make_agent_tools(
    registry: AgentRegistry,
    user_dir: Path,
    confirm: Confirm,
    providers: Providers,
    *,
    catalog: ToolRegistry | None = None,
) -> ToolRegistry:
    """The agent-management tools (``AGENT_TOOL_NAMES``).

    ``confirm(title, preview)`` is awaited before every write; ``preview`` is a unified
    diff. ``providers()`` describes the configured providers. ``catalog`` holds the
    other tools agents may be given (listed by ``list_tools`` and accepted by
    ``upsert_agent_definition``); tools registered later into the returned registry
    count too.
    """
    toolbox = ToolRegistry()
    editing = AgentEditing(registry, user_dir, confirm, toolbox, catalog)
    # (registered in this order: the recruiter reads them listed so)
    _add_readers(toolbox, editing)
    _add_upsert(toolbox, editing)
    _add_prompt_tools(toolbox, editing)
    _add_listings(toolbox, editing, providers)
    return toolbox


def _add_readers(toolbox: ToolRegistry, e: AgentEditing) -> None:
    """list_agents and read_agent_config."""

    @toolbox.register
    def list_agents() -> list[dict[str, Any]]:
        """List every agent of the agency with its title, description, model and tools."""
        e.registry.reload_if_changed()
        return [
            {
                "name": a.name,
                "title": a.title,
                "description": a.description,
                "provider": a.provider or "(default)",
                "model": a.model or "(provider default)",
                "stateful": a.stateful,
                "thinking": a.thinking or "(model default)",
                "tools": list(a.tools),
                "source": e.source(a),
            }
            for a in e.registry.all()
        ]

    @toolbox.register
    def read_agent_config(name: str) -> dict[str, Any]:
        """Read one agent's settings (everything except its system prompt).

        Args:
            name: The agent's name, e.g. "Atlas" (case does not matter).
        """
        agent = e.lookup(name)
        return {
            **agent.config(),
            "source": e.source(agent),
            "file": file_label(agent.path),
            "prompt_chars": len(agent.prompt),
        }


def _add_upsert(toolbox: ToolRegistry, e: AgentEditing) -> None:
    """upsert_agent_definition: create an agent or change its settings."""

    @toolbox.register(writes=True)
    async def upsert_agent_definition(
        name: str,
        title: str | None = None,
        description: str | None = None,
        color: str | None = None,
        provider: str | None = None,
        model: str | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        stateful: bool | None = None,
        thinking: str | None = None,
        tools: list[str] | None = None,
    ) -> str:
        """Create an agent, or change an existing agent's settings; the prompt is kept.

        Only the fields you pass change. The Principal sees the change as a diff and
        must approve it.

        Args:
            name: The agent's name: letters, digits, spaces, '_', '.', "'" or '-'.
            title: Short job title shown in the roster, e.g. "Legal".
            description: One line used when the Chief of Staff routes work.
            color: Colour like "#4a8fd9".
            provider: Provider profile name (see list_providers); "" means the default provider.
            model: Model name; "" means the provider's default model.
            temperature: Sampling temperature between 0 and 2.
            max_tokens: Most tokens per answer (a positive whole number).
            stateful: Whether the agent keeps conversation history within a session.
            thinking: "on" or "off" to ask a thinking model to think or not; "" for its default.
            tools: Names of tools the agent may call (see list_tools).
        """
        async with e.lock:
            e.registry.reload_if_changed()
            existing = e.registry.find(name) if isinstance(name, str) else None
            e.refuse_look_alike(name, existing)
            target = e.checked_target(name, existing)
            given = {
                "title": title,
                "description": description,
                "color": color,
                "provider": provider,
                "model": model,
                "temperature": temperature,
                "max_tokens": max_tokens,
                "stateful": stateful,
                "thinking": thinking,
                "tools": tools,
            }
            changes = {k: v for k, v in given.items() if v is not None}
            if tools:
                known = e.known_tools()
                unknown = [t for t in tools if t not in known]
                if unknown:
                    raise ToolError(f"unknown tool '{unknown[0]}'. Available tools: {', '.join(known)}")
            if existing is not None:
                data = {**existing.config(), **changes, "name": existing.name}
                prompt = existing.prompt
            else:
                data = {"name": name.strip(), **changes}
                prompt = ""
            try:
                new = make_agent(data, prompt=prompt, path=target, label=f"agent '{name}'")
            except AipaError as exc:
                raise ToolError(f"{exc.message}. Nothing was written.") from None
            if not new.prompt:
                new = replace(new, prompt=starter_prompt(new.name, new.title, new.description))
            return await e.propose(new, existing, target)


def _add_prompt_tools(toolbox: ToolRegistry, e: AgentEditing) -> None:
    """read_agent_prompt and write_agent_prompt."""

    @toolbox.register
    def read_agent_prompt(name: str) -> str:
        """Read one agent's system prompt (the markdown body of its file).

        Args:
            name: The agent's name, e.g. "Atlas".
        """
        agent = e.lookup(name)
        return agent.prompt or f"({agent.name} has no system prompt yet.)"

    @toolbox.register(writes=True)
    async def write_agent_prompt(name: str, content: str) -> str:
        """Replace an agent's system prompt; its settings are kept.

        The Principal sees the change as a diff and must approve it. To create a new
        agent, call upsert_agent_definition first.

        Args:
            name: The agent's name, e.g. "Atlas".
            content: The complete new system prompt, in markdown.
        """
        async with e.lock:
            e.registry.reload_if_changed()
            existing = e.registry.find(name) if isinstance(name, str) else None
            e.refuse_look_alike(name, existing)
            target = e.checked_target(name, existing)
            if existing is None:
                raise ToolError(
                    f"there is no agent named '{name}'; create it first with "
                    "upsert_agent_definition. Nothing was written."
                )
            text = content.strip()
            if not text:
                raise ToolError("the new prompt is empty. Nothing was written.")
            if len(text) > MAX_PROMPT_CHARS:
                raise ToolError(
                    f"the new prompt is {len(text)} characters; the limit is {MAX_PROMPT_CHARS}. Nothing was written."
                )
            new = replace(existing, prompt=text, path=target, builtin=False)
            return await e.propose(new, existing, target)


def _add_listings(toolbox: ToolRegistry, e: AgentEditing, providers: Providers) -> None:
    """list_providers, list_tools and read_roster."""

    @toolbox.register
    async def list_providers() -> list[dict[str, Any]]:
        """List the model providers configured in the app and their models."""
        result = providers()
        if inspect.isawaitable(result):
            result = await result
        return list(result)

    @toolbox.register
    def list_tools() -> list[dict[str, Any]]:
        """List the tools that can be given to an agent."""
        return [{"name": t.name, "description": t.description, "writes": t.writes} for t in e.known_tools().values()]

    @toolbox.register
    def read_roster() -> str:
        """Read the team roster: every agent with role, provider, model, tools, when it
        was recruited and last changed, and the recent changes to the team."""
        e.registry.reload_if_changed()
        return roster.render(roster.sync(e.user_dir, e.registry.all()))
