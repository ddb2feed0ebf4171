"""Directives run for a caller outside the window (an MCP host, an OpenAI-compatible
client): start, resume, answer, look up. Gates are never accepted for the Principal:
a gate suspends the run (the existing suspend/resume machinery) and the caller is told
"waiting for the Principal" with the run id; the decision is made in the window or
with ``aipa run --resume``. Only the review gate may be accepted, and only when the
caller's setting says so (``serve_accept_review``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aipa import errors
from aipa.core.config.provider_book import Override, ProviderBook
from aipa.core.events import Event, EventSink, RunStarted, guarded
from aipa.core.kinds import RunStatus, Stage
from aipa.core.run.reviewer import Decision, Question, ReviewItem, SuspendingReviewer

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.parts import Parts
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.run.runner import CallResult

WAITING = "waiting for the Principal"
FINISHED = (RunStatus.DONE, RunStatus.REJECTED)


class PrincipalWaits(SuspendingReviewer):
    """Every gate waits for the Principal (the run suspends); write tools are refused.
    ``accept_review``: the final review (and the plan review) is accepted instead."""

    def __init__(self, transport: str, *, accept_review: bool = False) -> None:
        super().__init__(confirm_tools=False)
        self.transport = transport
        self.accept_review = accept_review

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        return None

    async def review(self, item: ReviewItem) -> Decision | None:
        return Decision.accept() if self.accept_review else None


class Desk:
    """The service's one door to the runs, built on the core facade. ``transport``
    names where its question sets were asked ("mcp", "api"); ``fixed_provider``
    (``--dry-run``) ignores a caller's profile."""

    def __init__(self, core: Core, *, transport: str, fixed_provider: bool = False) -> None:
        self.core = core
        self.transport = transport
        self.fixed_provider = fixed_provider

    # --- running -------------------------------------------------------------------------

    def _pipeline(self, emit: EventSink, accept_review: bool, profile: str = "") -> tuple[Pipeline, Any, Parts]:
        """A pipeline for one call, what closes it and the parts it was built on: a
        caller's profile gets its own provider book (the app's stays as it is), like the
        setup wizard's trial run."""
        reviewer = PrincipalWaits(self.transport, accept_review=accept_review)
        parts = self.core.app
        if not profile or self.fixed_provider:
            return parts.pipeline(reviewer, guarded(emit)), None, parts
        if profile not in parts.settings.providers and profile not in {p.name for p in self._profiles()}:
            raise errors.UsageError(f"no provider profile {profile}", "list them with `aipa providers list`")
        book = ProviderBook(parts.settings_source, Override(profile), parts.paths)
        twin = replace(parts, providers=book)
        return twin.pipeline(reviewer, guarded(emit)), book.aclose, twin

    def _profiles(self) -> list:
        from aipa.core.config import profiles

        return profiles.listed(self.core.config.settings.providers, self.core.config.settings.provider)

    async def run(
        self,
        directive: str,
        *,
        attachments: Sequence[str] = (),
        profile: str = "",
        on_event: Callable[[Event], None] | None = None,
        accept_review: bool = False,
        session_id: str | None = None,
    ) -> dict:
        """Run ``directive`` (in ``session_id`` when given, e.g. one with a granted folder).
        The run is recorded for the window's Inbox: while it waits there, the Principal
        decides it in an open window."""
        forward = on_event or _ignore
        started: list[str] = []

        def emit(event: Event) -> None:
            if isinstance(event, RunStarted) and not event.resumed:
                self.core.app.store.link_service_run(event.run_id, self.transport)
                started.append(event.run_id)
            forward(event)

        pipeline, close, parts = self._pipeline(emit, accept_review, profile)
        try:
            notes: list[str] = []
            if attachments:
                missing = [p for p in attachments if not Path(p).is_file()]
                if missing:
                    raise errors.UsageError(f"no such file: {missing[0]}", "give attachments as paths on this computer")
                session_id = session_id or self.core.sessions.create(directive.strip()[:80])
                report = await self.core.material.attach(session_id, [Path(p) for p in attachments])
                notes += [f"not attached: {e}" for e in report.errors]
            if profile and self.fixed_provider:
                notes.append(f"profile {profile} ignored: the server runs on the scripted provider (--dry-run)")
            async with self._turn(parts, directive):
                result = await pipeline.run(directive, session_id=session_id)
            return {**self.summary(result.run_id), **({"notes": notes} if notes else {})}
        finally:
            if close is not None:
                await close()
            for run_id in started:  # how the run stood when this service stopped driving it
                run = self.core.runs.get(run_id)
                self.core.app.store.finish_service_run(run_id, str(run.status) if run is not None else "failed")

    def _turn(self, parts: Parts, label: str):
        """A service's run holds its local model, like the Principal's: a scheduled run
        waits behind it (core/service/queue.py); it never waits itself."""
        return parts.queue.turn(parts.model_key(), kind=self.transport, label=label, waits=False)

    async def resume(
        self, run_id: str, *, on_event: Callable[[Event], None] | None = None, accept_review: bool = False
    ) -> dict:
        self._known(run_id)
        pipeline, _, parts = self._pipeline(on_event or _ignore, accept_review)
        async with self._turn(parts, self._known(run_id).directive):
            result = await pipeline.resume(run_id)
        return self.summary(result.run_id)

    async def answer(
        self, run_id: str, answers: dict[str, str], *, on_event: Callable[[Event], None] | None = None
    ) -> dict:
        """Answer the run's open clarifying questions (first answer wins) and continue it
        up to its next gate or its end."""
        self._known(run_id)
        pipeline, _, parts = self._pipeline(on_event or _ignore, False)
        pipeline.answer(run_id, answers, transport=self.transport)
        async with self._turn(parts, self._known(run_id).directive):
            result = await pipeline.resume(run_id)
        return self.summary(result.run_id)

    # --- looking up ----------------------------------------------------------------------

    def _known(self, run_id: str):
        run = self.core.runs.get(run_id)
        if run is None:
            raise errors.UsageError(f"no run {run_id}", "list runs with list_runs or `aipa runs`")
        return run

    def summary(self, run_id: str) -> dict:
        """What a caller is told about a run: its status, and when it is finished its
        deliverable, verdict and memo; when it waits, what for and how to continue."""
        run = self._known(run_id)
        store = self.core.app.store
        audit = store.get_checkpoint(run_id, Stage.AUDIT) or {}
        questions = [
            {"qid": q.qid, "text": q.text, "answer": q.answer} for q in store.questions(run_id, stage=Stage.CLARIFY)
        ]
        out: dict[str, Any] = {
            "run_id": run.run_id,
            "session_id": run.session_id,
            "directive": run.directive,
            "status": str(run.status),
            "stage": str(run.stage or ""),
        }
        if run.status in FINISHED:
            review = store.get_checkpoint(run_id, Stage.REVIEW) or {}
            out.update(
                deliverable=run.deliverable or "",
                verdict=str(run.verdict or audit.get("verdict", "")),
                memo=audit.get("memo", ""),
                decision=review.get("action", ""),
            )
        elif run.status in (RunStatus.SUSPENDED, RunStatus.INTERRUPTED):
            open_questions = [q for q in questions if q["answer"] is None]
            what = "answers to clarifying questions" if open_questions else f"a decision at {run.stage}"
            out.update(
                waiting=WAITING,
                message=f"{WAITING}: {what}. Decide in the window or with `aipa run --resume {run.run_id}`"
                + (" (or answer_questions)" if open_questions else "")
                + ".",
                deliverable=run.deliverable or "",
                verdict=str(audit.get("verdict", "")),
                memo=audit.get("memo", ""),
            )
        elif run.status == RunStatus.FAILED:
            out.update(error=run.error or "", message=f"failed; continue with `aipa run --resume {run.run_id}`")
        if questions:
            out["questions"] = questions
        return out

    def runs(self, limit: int = 20) -> list[dict]:
        return [
            {
                "run_id": r.run_id,
                "directive": r.directive,
                "kind": str(r.kind),
                "status": str(r.status),
                "stage": str(r.stage or ""),
                "started_at": r.started_at.isoformat(),
                "verdict": str(r.verdict or ""),
            }
            for r in self.core.app.store.list_runs(limit=max(1, min(limit, 200)))
        ]


def _ignore(event: Event) -> None:
    return None


async def talk(desk: Desk, agent: str, text: str, on_event: Callable[[Event], None] | None = None) -> CallResult:
    """One message to one agent, outside the pipeline, in a new session; its write tools
    are refused (nobody is there to confirm them). Returns the reply (with its tokens)."""
    if desk.core.agents.get(agent) is None:
        raise errors.UsageError(f"no agent {agent}", "list them with `aipa agents` or GET /v1/models")
    team = desk.core.team(PrincipalWaits(desk.transport), guarded(on_event or _ignore))
    return await team.chat(agent).send(text)
