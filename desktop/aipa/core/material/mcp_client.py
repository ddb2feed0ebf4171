"""Model Context Protocol servers (the ``mcp`` SDK): stdio commands or streamable HTTP URLs.

A server entry (``Settings.mcp_servers``): ``{"name": "notes", "command": "…", "args":
[…], "env": {…}}`` or ``{"name": "web", "url": "http://127.0.0.1:8765/mcp"}``, optional
``"timeout"`` (seconds per call) and ``"allow_read_only": ["lookup", …]``: tools named
there run without asking *if* the server marks them read-only (a server's annotation
alone never skips the question: a server can mark a write tool read-only; the old
``true`` is not honoured, with a warning). An agent may use an MCP tool when its
``tools`` list names it ``server.tool`` (or ``server.*``); the model sees it as
``server__tool``. Every other call asks the Principal first (allow once / for this
session / deny), unless the Principal allowed the tool by name when starting
(``allowed``: ``aipa run --allow-tools server.tool,…``, ``server.*`` or ``all``). A call
whose arguments name a path inside AIPA's own data folder (``protected``: its
database, settings, agents) is refused whatever was allowed. A server that does not
start, speaks another protocol, crashes or hangs is one warning line; the run goes on
without it. Results are capped and handed over as quoted data.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aipa.core.events import Notice
from aipa.core.kinds import Level, NoticeKind
from aipa.core.material.library_logs import forward
from aipa.core.material.mcp_failure import failure, reason
from aipa.core.run.asking import waiting_for_permission
from aipa.core.run.reviewer import log_gate
from aipa.core.run.tools import Tool, quoted
from aipa.core.team.agents import AgentDef

log = logging.getLogger("aipa.mcp")
forward("mcp", log)  # the SDK's own records (a traceback for a line that is not JSON-RPC): one line in our log

START_TIMEOUT = 20.0
CALL_TIMEOUT = 60.0
MAX_RESULT_CHARS = 20_000
DECLINED = "Error: the Principal declined this call."
ONCE, SESSION, DENY = "once", "session", "deny"
NAME = re.compile(r"[A-Za-z0-9_-]{1,30}")
Ask = Callable[[str, str], Awaitable[Any]]  # (title, preview) -> "once" | "session" | "deny" | bool


def server_problem(entry: Any) -> str | None:
    """Why a settings entry is not a usable server (None when it is)."""
    if not isinstance(entry, dict):
        return "each entry must be an object"
    name = entry.get("name")
    if not isinstance(name, str) or not NAME.fullmatch(name):
        return f"name {name!r} must be letters, digits, '-' or '_' (at most 30)"
    has_cmd, has_url = "command" in entry, "url" in entry
    if has_cmd == has_url:
        return f"'{name}' needs exactly one of 'command' (stdio) or 'url' (streamable HTTP)"
    if has_cmd and not (isinstance(entry["command"], str) and entry["command"].strip()):
        return f"'{name}': 'command' must be a non-empty string"
    if has_url and not (isinstance(entry["url"], str) and re.match(r"https?://", entry["url"])):
        return f"'{name}': 'url' must start with http:// or https://"
    if not isinstance(entry.get("args", []), list) or not all(isinstance(a, str) for a in entry.get("args", [])):
        return f"'{name}': 'args' must be a list of strings"
    if not isinstance(entry.get("env", {}), dict):
        return f"'{name}': 'env' must be an object"
    listed = entry.get("allow_read_only", [])
    if not isinstance(listed, bool) and not (isinstance(listed, list) and all(isinstance(t, str) for t in listed)):
        return f"'{name}': 'allow_read_only' must be a list of tool names"
    timeout = entry.get("timeout", CALL_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        return f"'{name}': 'timeout' must be seconds between 0 and 3600"
    return None


@dataclass
class ServerState:
    entry: dict
    tools: list[Any] = field(default_factory=list)  # mcp Tool descriptions
    error: str = ""
    hint: str = ""
    reason: str = ""  # why it failed to start, and the parts of it (mcp_failure.reason)
    parts: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.entry["name"]

    def line(self) -> str:
        return f"MCP server '{self.name}': {self.error} (hint: {self.hint})"

    def fields(self) -> dict[str, str | int]:
        return {"server": self.name, "reason": self.reason, **self.parts}


def read_only_line(name: str) -> str:
    """The warning for an entry's ``"allow_read_only": true`` (the annotation is the server's word)."""
    return (
        f"MCP server '{name}': \"allow_read_only\": true is not honoured (a server can mark a write tool "
        'read-only); list the tools by name, e.g. "allow_read_only": ["lookup"]'
    )


@asynccontextmanager
async def _session(entry: dict, faults: list[Exception] | None = None) -> AsyncIterator[Any]:
    """A started session; transport faults (a line that is not JSON-RPC) are added to ``faults``."""
    from mcp import ClientSession

    async def on_message(message: Any) -> None:
        if isinstance(message, Exception) and faults is not None:
            faults.append(message)

    if "url" in entry:
        from mcp.client.streamable_http import streamable_http_client

        transport = streamable_http_client(entry["url"])
    else:
        from mcp import StdioServerParameters
        from mcp.client.stdio import stdio_client

        params = StdioServerParameters(
            command=entry["command"],
            args=list(entry.get("args", [])),
            env=entry.get("env") or None,
            cwd=entry.get("cwd"),
        )
        transport = stdio_client(params, errlog=sys.stderr)
    async with transport as streams, ClientSession(streams[0], streams[1], message_handler=on_message) as session:
        await session.initialize()
        yield session


class McpHub:
    """The configured servers of a run: their tools, the permissions given, the calls."""

    def __init__(
        self,
        servers: list[dict],
        ask: Ask,
        *,
        max_chars: int = MAX_RESULT_CHARS,
        allowed: Iterable[str] = (),
        protected: Iterable[Path] = (),
    ) -> None:
        self.states = [ServerState(dict(s)) for s in servers if server_problem(s) is None]
        self.ask = ask
        self.max_chars = max_chars
        self.allowed: set[str] = set()  # "server.tool" allowed for this session (by a card)
        self.allowed_by_name = frozenset(allowed)  # what the Principal allowed when starting
        self.protected = tuple(protected)
        self._ready = False
        self._lock = asyncio.Lock()

    async def start(self, timeout: float = START_TIMEOUT) -> list[str]:
        """List every server's tools (once); the call that did returns a warning line per
        server that failed, later calls return nothing (the warnings are said once)."""
        return [warned.text for warned in await self.warnings(timeout)]

    async def warnings(self, timeout: float = START_TIMEOUT) -> list[Notice]:
        """``start``'s warnings as notices (``run_id`` '': the caller's run is set on them)."""
        async with self._lock:
            if self._ready:
                return []
            await asyncio.gather(*(self._discover(s, timeout) for s in self.states))
            self._ready = True
        failed = [
            Notice("", Level.WARNING, s.line(), kind=NoticeKind.MCP_FAILED, fields=s.fields())
            for s in self.states
            if s.error
        ]
        return failed + [
            Notice("", Level.WARNING, read_only_line(s.name), kind=NoticeKind.MCP_READ_ONLY, fields={"server": s.name})
            for s in self.states
            if s.entry.get("allow_read_only") is True
        ]

    async def _discover(self, state: ServerState, timeout: float) -> None:
        faults: list[Exception] = []
        try:
            async with asyncio.timeout(timeout), _session(state.entry, faults) as session:
                state.tools = list((await session.list_tools()).tools)
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError) and _cancelling():
                raise
            state.error, state.hint = failure(state.entry, exc, "start it and list its tools", faults, timeout)
            state.reason, state.parts = reason(state.entry, exc, faults, timeout)
            log.warning("%s", state.line())

    def tools_for(self, agent: AgentDef) -> list[Tool]:
        """The MCP tools ``agent`` may use (its tools list names ``server.tool`` or ``server.*``)."""
        wanted = set(agent.tools)
        out = []
        for state in self.states:
            for spec in state.tools:
                full = f"{state.name}.{spec.name}"
                if full in wanted or f"{state.name}.*" in wanted:
                    out.append(self._tool(state, spec))
        return out

    def _tool(self, state: ServerState, spec: Any) -> Tool:
        full = f"{state.name}.{spec.name}"
        read_only = bool(getattr(spec.annotations, "read_only_hint", False))
        schema = dict(spec.input_schema or {"type": "object", "properties": {}})
        schema.pop("title", None)

        async def call(**arguments: Any) -> str:
            return await self.call(state, spec.name, arguments, read_only=read_only)

        exposed = re.sub(r"[^A-Za-z0-9_-]", "_", f"{state.name}__{spec.name}")[:64]
        description = f"[MCP {full}{', read-only' if read_only else ''}] {spec.description or ''}".strip()
        return Tool(exposed, description, schema, call, writes=not read_only)

    async def call(self, state: ServerState, tool: str, arguments: dict, *, read_only: bool) -> str:
        full = f"{state.name}.{tool}"
        inside = paths_inside(arguments, self.protected, state.entry.get("cwd"))
        if inside:
            log.warning("refused %s: its arguments name %s, inside the data folder", full, inside[0])
            return f"Error: refused: {full} may not touch AIPA's own data folder ({inside[0]}). Nothing was done."
        if not self._trusted(state, tool, read_only) and full not in self.allowed:
            preview = json.dumps(arguments, indent=2, ensure_ascii=False)
            kind = "the server says it only reads" if read_only else "a tool that may change things"
            waiting_for_permission(full)  # the lead's card: waiting for you, not "queued"
            answer = await self.ask(f"Allow the MCP tool {full} ({kind})?", preview)
            choice = ONCE if answer is True else DENY if answer in (False, None) else str(answer)
            log_gate("mcp_tool", choice)
            if choice == SESSION:
                self.allowed.add(full)
            elif choice != ONCE:
                return DECLINED
        timeout = float(state.entry.get("timeout", CALL_TIMEOUT))
        try:
            async with asyncio.timeout(timeout), _session(state.entry) as session:
                result = await session.call_tool(tool, arguments)
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError) and _cancelling():
                raise
            message, hint = failure(state.entry, exc, f"call {tool}")
            return f"Error: MCP server '{state.name}': {message} ({hint})."
        text = _text_of(result)
        if len(text) > self.max_chars:
            text = text[: self.max_chars] + f"\n(truncated: the result had {len(text):,} characters)"
        if getattr(result, "is_error", False):
            return f"Error: {full} failed: {text}"
        return quoted(full, text)

    def _trusted(self, state: ServerState, tool: str, read_only: bool) -> bool:
        """Whether a call runs without asking: the Principal allowed the tool by name when
        starting, or listed it in the entry's ``allow_read_only`` and the server marks it so."""
        full = f"{state.name}.{tool}"
        if {"all", full, f"{state.name}.*"} & self.allowed_by_name:
            return True
        listed = state.entry.get("allow_read_only")
        return read_only and isinstance(listed, list) and tool in listed


def paths_inside(arguments: Any, roots: tuple[Path, ...], cwd: str | None = None) -> list[str]:
    """The strings in ``arguments`` (at any depth) that name a path inside one of
    ``roots`` once resolved (``~``, relative to ``cwd``, ``file://``, symbolic links)."""
    if not roots:
        return []
    resolved_roots = [r.resolve() for r in roots]
    found: list[str] = []

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)
        elif isinstance(value, str) and _inside(value, resolved_roots, cwd):
            found.append(value)

    visit(arguments)
    return found


def _inside(text: str, roots: list[Path], cwd: str | None) -> bool:
    candidate = text.strip()
    if candidate.startswith("file://"):
        from urllib.parse import unquote, urlsplit

        candidate = unquote(urlsplit(candidate).path)
    if not candidate or "\n" in candidate or len(candidate) > 4096:
        return False
    if not (os.sep in candidate or "/" in candidate or candidate.startswith(("~", "."))):
        return False  # a word, not a path
    try:
        path = Path(os.path.expanduser(candidate))
        if not path.is_absolute():
            path = Path(cwd or os.getcwd()) / path
        path = path.resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return any(path == root or root in path.parents for root in roots)


def _cancelling() -> bool:
    """True when the task itself is being cancelled (Stop), not a timeout inside the SDK."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _text_of(result: Any) -> str:
    parts = []
    for block in getattr(result, "content", None) or []:
        text = getattr(block, "text", None)
        parts.append(text if text is not None else f"({getattr(block, 'type', 'content')} content omitted)")
    if not parts and getattr(result, "structured_content", None) is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False))
    return "\n".join(parts)


async def check_servers(servers: list[dict], timeout: float = START_TIMEOUT) -> list[tuple[str, bool, str, str]]:
    """(name, starts, detail, hint) per configured server, for ``aipa doctor``."""
    hub = McpHub(servers, lambda title, preview: asyncio.sleep(0, DENY))
    await hub.start(timeout)
    out = []
    for state in hub.states:
        if state.error:
            out.append((state.name, False, state.error, state.hint))
        else:
            names = ", ".join(t.name for t in state.tools) or "no tools"
            out.append((state.name, True, f"{len(state.tools)} tools: {names}", ""))
    return out
