"""A run's events as one short progress line each, for callers that cannot draw the
window's cards (MCP progress notifications, an endpoint's reasoning text)."""

from __future__ import annotations

from aipa.core.events import (
    AuditReady,
    DeliverableReady,
    Event,
    Notice,
    ReviewDecided,
    Routed,
    RunFailed,
    RunFinished,
    RunStarted,
    RunSuspended,
    StageFellBack,
    StageStarted,
    TaskChanged,
)
from aipa.core.kinds import RouteMode
from aipa.core.run import told


def line(event: Event) -> str | None:
    """The event in a few words, or None for those a caller need not hear about (the
    streamed text itself, usage, agent states)."""
    if isinstance(event, RunStarted):
        return f"run {event.run_id} {'resumed' if event.resumed else 'started'}"
    if isinstance(event, StageStarted):
        return f"stage: {event.stage}"  # a caller's progress (MCP, the HTTP API): the stage by its id
    if isinstance(event, Routed):
        if event.mode == RouteMode.DELEGATE:
            leads = ", ".join(str(b.get("agent", "")) for b in event.briefs)
            return f"delegated to {leads}" if leads else "delegated"
        if event.mode == RouteMode.CLARIFY:
            return f"the team asks {len(event.questions)} clarifying question(s)"
        return "answering directly"
    if isinstance(event, TaskChanged):
        return f"{event.agent}: {event.title} ({event.status})" + (f": {event.error}" if event.error else "")
    if isinstance(event, DeliverableReady):
        return "deliverable ready" + (f" (revision {event.revision})" if event.revision else "")
    if isinstance(event, AuditReady):
        return f"audit verdict: {told.verdict_words(event.verdict)}"
    if isinstance(event, ReviewDecided):
        return f"{event.stage}: {event.action}"
    if isinstance(event, Notice):
        return event.text
    if isinstance(event, StageFellBack):  # its notice said it, in words for people (core/run/told.py)
        return None
    if isinstance(event, RunSuspended):
        return f"waiting for the Principal: {event.reason}"
    if isinstance(event, RunFinished):
        return f"run {event.run_id} {event.status}"
    if isinstance(event, RunFailed):
        return f"run {event.run_id} failed: {event.error}"
    return None
