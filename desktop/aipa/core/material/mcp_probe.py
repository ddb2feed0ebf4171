"""Try one MCP server entry before it is saved (Settings' Test button): start it, list its
tools with their read-only annotation, stop it; bounded by a time limit, never raising.
The entry's ``allow_read_only`` (a list of tool names) is what Settings calls "allowed
without asking": a listed tool runs unasked only if the server also marks it read-only
(core/material/mcp_client.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from aipa.core.material.mcp_client import DENY, McpHub, server_problem

PROBE_TIMEOUT = 20.0
ALLOWED = "allow_read_only"  # the entry's by-name list of tools allowed without asking


@dataclass(frozen=True)
class ProbedTool:
    name: str
    description: str
    read_only: bool


@dataclass(frozen=True)
class Probe:
    ok: bool
    tools: tuple[ProbedTool, ...] = ()
    error: str = ""
    hint: str = ""


async def _deny(_title: str, _preview: str) -> str:
    return DENY


async def probe(entry: dict, timeout: float = PROBE_TIMEOUT) -> Probe:
    """Start ``entry``'s server and list its tools (or say why not)."""
    problem = server_problem(entry)
    if problem:
        return Probe(False, error=problem, hint="fix the entry and test again")
    hub = McpHub([entry], _deny)
    try:
        await asyncio.wait_for(hub.start(timeout), timeout + 5)
    except TimeoutError:
        return Probe(False, error="no answer within the time limit", hint="check that it is an MCP server")
    (state,) = hub.states
    if state.error:
        return Probe(False, error=state.error, hint=state.hint)
    tools = tuple(
        ProbedTool(t.name, (t.description or "").strip(), bool(getattr(t.annotations, "read_only_hint", False)))
        for t in state.tools
    )
    return Probe(True, tools)
