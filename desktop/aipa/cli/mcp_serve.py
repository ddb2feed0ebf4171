"""``aipa mcp-serve``: the team as an MCP server over stdio, so an MCP host (an editor,
a desktop assistant, another agent) can delegate to it. Tools: ``run_directive``,
``run_status``, ``list_runs``, ``get_result``, ``answer_questions``. Gates are never
accepted here: a run at a gate suspends and the tool says "waiting for the Principal"
with the run id (the window or ``aipa run --resume`` decides). Progress goes out as MCP
progress notifications. Only the protocol is written to stdout: the SDK points fd 1 at
stderr while it serves, and this module prints nothing itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from mcp.server.mcpserver import Context  # at module level: the SDK reads the tools' type hints

from aipa import errors
from aipa.core.service.progress import line

if TYPE_CHECKING:
    from aipa.core.events import Event
    from aipa.core.service.desk import Desk

log = logging.getLogger("aipa.mcp_serve")

INSTRUCTIONS = (
    "AIPA Desktop's team of local agents with an independent auditor. run_directive gives the team a "
    "directive and returns its deliverable, the audit verdict and memo when finished. The Principal (the "
    "person at this computer) decides every gate: a run at a gate returns 'waiting for the Principal' with "
    "its run id; check it later with run_status or get_result."
)


async def with_progress(ctx: Context | None, work: Callable[[Callable[[Event], None]], Awaitable[dict]]) -> dict:
    """Run ``work(on_event)``; each event worth a line goes to the client as a progress
    notification (sent in order by one task; all sent before the result)."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def on_event(event: Event) -> None:
        text = line(event)
        if text:
            queue.put_nowait(text)

    async def send() -> None:
        count = 0
        while (text := await queue.get()) is not None:
            count += 1
            if ctx is None:
                continue
            try:
                await ctx.report_progress(count, None, text)
            except Exception as exc:  # noqa: BLE001 - a client gone away must not stop the run
                log.debug("progress not sent: %r", exc)

    sender = asyncio.ensure_future(send())
    try:
        return await work(on_event)
    finally:
        queue.put_nowait(None)
        await sender


def _failure(exc: errors.AipaError) -> dict:
    from aipa.core.config.secrets import redact

    return {"error": redact(exc.message), "hint": redact(exc.hint)}


def server(desk: Desk):
    """The MCP server with its five tools, over ``desk``."""
    from mcp.server.mcpserver import MCPServer

    mcp = MCPServer("aipa", instructions=INSTRUCTIONS)

    async def guarded(coro: Awaitable[Any]) -> Any:
        try:
            return await coro
        except errors.AipaError as exc:  # told to the caller as data; the run stays resumable
            return _failure(exc)

    @mcp.tool()
    async def run_directive(
        directive: str, attachments: list[str] | None = None, profile: str = "", ctx: Context | None = None
    ) -> dict[str, Any]:
        """Give the team a directive. Returns the run id and, when the run finished, the
        deliverable, the audit verdict and memo; a run at a gate returns 'waiting for the
        Principal' (the person decides in the window or with `aipa run --resume RUN_ID`).
        attachments: paths of documents on this computer; profile: a provider profile."""

        async def work(on_event):
            return await desk.run(directive, attachments=attachments or [], profile=profile, on_event=on_event)

        return await guarded(with_progress(ctx, work))

    @mcp.tool()
    async def run_status(run_id: str) -> dict[str, Any]:
        """A run's status and stage; what it waits for; its result when finished."""
        return await guarded(_now(desk.summary, run_id))

    @mcp.tool()
    async def list_runs(limit: int = 20) -> list[dict[str, Any]]:
        """Runs, newest first: id, directive, status, stage, verdict."""
        return desk.runs(limit)

    @mcp.tool()
    async def get_result(run_id: str) -> dict[str, Any]:
        """A run's deliverable, verdict, memo and the Principal's decision (or what it waits for)."""
        return await guarded(_now(desk.summary, run_id))

    @mcp.tool()
    async def answer_questions(run_id: str, answers: dict[str, str], ctx: Context | None = None) -> dict[str, Any]:
        """Answer a run's clarifying questions (by question id, e.g. {"q1": "..."}; see
        run_status) and continue it to its next gate or its end."""

        async def work(on_event):
            return await desk.answer(run_id, answers, on_event=on_event)

        return await guarded(with_progress(ctx, work))

    return mcp


async def _now(fn, *args):
    return fn(*args)


async def cmd_mcp_serve(args) -> int:
    from aipa.cli.door import open_core
    from aipa.core.service.desk import Desk

    core = open_core(args)
    for text in core.warnings:
        log.warning("%s", text)  # never on stdout: that is the protocol's
    desk = Desk(core, transport="mcp", fixed_provider=bool(getattr(args, "dry_run", False)))
    try:
        await server(desk).run_stdio_async()
    finally:
        await core.aclose()
    return errors.EXIT_OK
