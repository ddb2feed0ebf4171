"""The agents' door (``core.agents``): the team's agent definitions (the shipped ones
and the Principal's own), how each looks and which provider and model it uses, the
recruiter's roster, and writing, deleting or reloading the Principal's agent files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.team import roster as team_roster
from aipa.core.team.agents import AgentDef, save_agent

if TYPE_CHECKING:
    from aipa.core.parts import Parts

UNKNOWN_COLOR = "#8a94a6"  # an agent deleted since its messages were written


class AgentsDoor:
    """The agents of the registry ``parts`` holds (``core.agents.get(name)``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def all(self) -> list[AgentDef]:
        return self._parts.agents.all()

    def names(self) -> list[str]:
        return self._parts.agents.names()

    def get(self, name: str) -> AgentDef | None:
        return self._parts.agents.find(name) if name else None

    def shipped(self, name: str) -> AgentDef | None:
        """The shipped definition of ``name`` (None for the Principal's own agents)."""
        return self._parts.agents.shipped(name)

    def look(self, name: str) -> tuple[str, str]:
        """(colour, title) of an agent, tolerant of agents deleted since."""
        agent = self.get(name)
        return (agent.color, agent.title) if agent else (UNKNOWN_COLOR, "")

    def route(self, agent: AgentDef) -> tuple[str, str]:
        """(provider, model) the agent will use, without creating the provider."""
        route = self._parts.providers.route(agent)
        return route.profile, route.model or "default"

    def roster(self) -> team_roster.Roster:
        """The team roster the recruiter keeps in the agents folder, brought up to date."""
        return team_roster.sync(self._parts.agents.user_dir, self.all())

    def roster_file(self) -> Path:
        return team_roster.roster_path(self._parts.agents.user_dir)

    def save(self, agent: AgentDef) -> AgentDef:
        """Write the agent to the Principal's folder (an edit of a known agent keeps its
        file) and reload the agents."""
        existing = self.get(agent.name)
        if existing is not None:
            agent = replace(agent, path=existing.path, builtin=existing.builtin)
        save_agent(self._parts.agents.user_dir, agent)
        self._parts.agents.reload()
        return agent

    def delete(self, name: str) -> None:
        """Delete the Principal's file of ``name``; a shipped agent it overrode comes back.
        Raises ConfigError for unknown agents and shipped agents without a user file."""
        self._parts.agents.delete_user_agent(name)

    def reload(self, *, only_if_changed: bool = False) -> None:
        """Read the agent files again (only those changed on disk since, if asked)."""
        if only_if_changed:
            self._parts.agents.reload_if_changed()
        else:
            self._parts.agents.reload()
