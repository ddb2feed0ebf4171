"""Re-audit: ask the auditor again about a run's deliverable (``/audit``). The memo is
stored like the automatic audit's, the run's verdict updated when the memo has one, and
the same events are emitted (the audit stage starting, then the memo), so a window
shows it as a new audit card, live and when the session is opened again."""

from __future__ import annotations

from aipa import errors
from aipa.core.events import AuditReady, StageStarted
from aipa.core.kinds import Stage, Verdict
from aipa.core.run import prompts
from aipa.core.text.parsing import parse_verdict


def audit_target(store, session_id: str | None):
    """The session's latest run that has a deliverable (None when there is none)."""
    runs = store.list_runs(limit=50, session_id=session_id) if session_id else []
    return next((r for r in runs if r.deliverable), None)


async def reaudit(pipeline, run_id: str) -> AuditReady:
    """Audit ``run_id``'s deliverable again with the pipeline's auditor."""
    store = pipeline.store
    run = store.get_run(run_id)
    if run is None or not run.deliverable:
        raise errors.UsageError(f"run {run_id} has no deliverable to audit", "run a directive first")
    auditor = pipeline.auditor
    pipeline.emit(StageStarted(run.run_id, Stage.AUDIT))
    messages = pipeline.messages_for(auditor, run.session_id, prompts.audit(run.directive, run.deliverable))
    result = await pipeline.runner.call(
        auditor,
        messages,
        run_id=run.run_id,
        session_id=run.session_id,
        purpose="audit",
        tags={"directive": run.directive},
    )
    verdict = parse_verdict(result.content)
    store.add_message(run.session_id, "assistant", result.content, agent=auditor.name, run_id=run.run_id, kind="audit")
    if verdict != Verdict.NONE:
        store.update_run(run.run_id, verdict=verdict)
    event = AuditReady(run.run_id, result.content, verdict)
    pipeline.emit(event)
    return event
