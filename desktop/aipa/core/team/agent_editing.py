"""What the agent-management tools (agent_tools.py) share: the registry, the user's
agent folder, the confirmation before each write, one lock for the writes, and the
tools an agent may be given. A write is shown as a unified diff, confirmed, checked
again after the wait, written atomically, and followed by a registry reload.
"""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aipa.core.run.reviewer import log_gate
from aipa.core.run.tools import ToolRegistry
from aipa.core.team import roster
from aipa.core.team.agent_registry import AgentRegistry
from aipa.core.team.agents import (
    AgentDef,
    atomic_write,
    confined_path,
    file_label,
    render_agent_file,
    target_path,
    user_agent_path,
)
from aipa.core.team.confusables import shown
from aipa.errors import AipaError, ToolError

# True: write it; False: declined; a string: declined with the Principal's feedback (the
# window's Edit…), which the recruiter reads in the tool's answer and proposes again from
Confirm = Callable[[str, str], Awaitable[bool | str]]

DECLINED = "The Principal declined this change."


def unified_diff(before: str, after: str, fromfile: str, tofile: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=fromfile,
            tofile=tofile,
        )
    )


class AgentEditing:
    """The state and the steps the agent tools share (one per ``make_agent_tools``)."""

    def __init__(
        self,
        registry: AgentRegistry,
        user_dir: Path,
        confirm: Confirm,
        toolbox: ToolRegistry,
        catalog: ToolRegistry | None,
    ) -> None:
        self.registry = registry
        self.user_dir = Path(user_dir)
        self.confirm = confirm
        self.toolbox = toolbox  # the agent tools themselves (they count as tools an agent may get)
        self.catalog = catalog
        self.lock = asyncio.Lock()

    def known_tools(self) -> dict[str, Any]:
        out = {t.name: t for t in self.toolbox}
        if self.catalog is not None:
            out.update({t.name: t for t in self.catalog})
        return out

    def lookup(self, name: str) -> AgentDef:
        self.registry.reload_if_changed()
        agent = self.registry.find(name)
        if agent is None:
            raise ToolError(f"there is no agent named '{name}'. Known agents: {', '.join(self.registry.names())}")
        return agent

    def source(self, agent: AgentDef) -> str:
        if agent.builtin:
            return "shipped"
        if self.registry.shipped(agent.name) is not None:
            return "user override of a shipped agent"
        return "user"

    def checked_target(self, name: str, existing: AgentDef | None) -> Path:
        try:
            user_agent_path(self.user_dir, name)  # the name itself must be a plain, safe name
            if existing is not None:
                return target_path(self.user_dir, existing)
            return user_agent_path(self.user_dir, name)
        except AipaError as exc:
            raise ToolError(f"Refused: {exc.message}. Nothing was written.") from None

    async def propose(self, new: AgentDef, existing: AgentDef | None, target: Path) -> str:
        """Diff, confirm, write, reload. Runs under the lock."""
        if target.exists():
            before, fromfile = target.read_text(encoding="utf-8"), file_label(target)
            verb = "Update"
        elif (shipped := self.registry.shipped(new.name)) is not None:
            before, fromfile = render_agent_file(shipped), f"shipped/{target.name}"
            verb = "Override shipped"
        else:
            before, fromfile, verb = "", "/dev/null", "Create"
        after = render_agent_file(new)
        if before == after:
            return f"No change: {new.name} already looks like that."
        preview = unified_diff(before, after, fromfile, file_label(target))
        title = f"{verb} agent {new.name}" + (f" ({new.title})" if new.title else "")
        answer = await self.confirm(title, preview)
        allowed = answer is True
        feedback = answer.strip() if isinstance(answer, str) else ""
        log_gate("agent_file", "allowed" if allowed else "edit" if feedback else "declined")
        if not allowed:
            return DECLINED + (f" They ask for this change first: {feedback}" if feedback else "")
        # Re-check after the wait: the folder may have changed under us.
        try:
            confined_path(self.user_dir, target)
        except AipaError as exc:
            raise ToolError(f"Refused: {exc.message}. Nothing was written.") from None
        now = target.read_text(encoding="utf-8") if target.exists() else None
        if now != (before if verb == "Update" else None):
            raise ToolError(
                f"{file_label(target)} changed while waiting for confirmation; "
                "nothing was written. Read it again and retry."
            )
        self.user_dir.mkdir(parents=True, exist_ok=True)
        atomic_write(target, after)
        self.registry.reload()
        roster.sync(self.user_dir, self.registry.all())
        label = file_label(target)
        notes = [w for w in self.registry.warnings if w.startswith(label)]
        message = f"Saved {new.name} to {label}."
        return message + ("\nWarnings: " + "; ".join(notes) if notes else "")

    def refuse_look_alike(self, name: str, existing: AgentDef | None) -> None:
        """A new name that looks like an agent's but is spelled with other letters is refused."""
        if existing is None and isinstance(name, str) and (twin := self.registry.look_alike(name)) is not None:
            raise ToolError(
                f"Refused: the name '{shown(name)}' looks like the agent '{twin.name}' but is spelled "
                "with other letters. Nothing was written; choose a name that looks different."
            )
