"""Who is calling a tool now (the lead whose model asked for it), so that a tool that
asks the Principal's permission first (an MCP tool, core/material/mcp_client.py) can have
that lead's card and roster row say it waits for the Principal, not that it is queued:
between two model calls nothing else speaks for the lead, and its last call's state
("queued", when its reply was a tool call alone) would stay on screen."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

from aipa.core.events import AgentProgress, AgentState, Event
from aipa.core.kinds import Activity, Purpose


@dataclass(frozen=True)
class Caller:
    emit: Callable[[Event], None]
    run_id: str
    agent: str
    task_id: str | None
    purpose: Purpose | str = ""


CALLER: ContextVar[Caller | None] = ContextVar("aipa_tool_caller", default=None)


def waiting_for_permission(tool: str) -> None:
    """The calling lead now waits for the Principal to allow ``tool`` (nothing when no
    lead is calling: a tool used outside a run)."""
    caller = CALLER.get()
    if caller is None:
        return
    caller.emit(AgentState(caller.run_id, caller.agent, Activity.ASKING, caller.task_id))
    text = f"waiting for your permission to use {tool}"
    caller.emit(
        AgentProgress(caller.run_id, caller.agent, Activity.ASKING, text, caller.task_id, caller.purpose, tool=tool)
    )
