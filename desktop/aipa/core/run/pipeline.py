"""The directive pipeline (ARCHITECTURE §1): route → clarify → plan review → dispatch →
synthesize → audit → review. Each stage is checkpointed before the next starts, so
``resume`` continues from the last completed stage and never re-runs a finished lead.
"""

from __future__ import annotations

import logging

from aipa import errors
from aipa.core.events import DeliverableReady, RunFinished, RunStarted
from aipa.core.kinds import (
    Action,
    MessageKind,
    Purpose,
    Role,
    RouteMode,
    RunKind,
    RunStatus,
    Stage,
    TaskStatus,
    Verdict,
)
from aipa.core.material.grounding import Grounding
from aipa.core.run import prompts, told
from aipa.core.run.audit_stage import AuditStage
from aipa.core.run.checks_stage import REVISED
from aipa.core.run.dispatch_stage import DispatchStage
from aipa.core.run.results import RunResult, fallback_deliverable
from aipa.core.run.reviewer import ReviewItem
from aipa.core.run.route_stage import RouteStage
from aipa.core.text.parsing import Routing, direct_answer
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")

REVISE = "revise"  # the checkpoint of a requested revision: feedback, previous deliverable, revision number


class Pipeline(RouteStage, DispatchStage, AuditStage):
    """Runs directives. All dependencies are passed in; nothing here knows Qt. The
    stages live beside it: ``route_stage``, ``dispatch_stage``, ``audit_stage`` (with
    ``checks_stage``: the run's checks, measured, and the revisions they send back)."""

    kind = RunKind.DIRECTIVE
    resume_command = "aipa run --resume"
    grounding = Grounding()  # the Principal's material (documents, folder, MCP tools); App sets the real one

    async def run(self, directive: str, *, session_id: str | None = None, checks: tuple[str, ...] = ()) -> RunResult:
        """Run a directive; ``checks``: the Principal's own requirements besides the
        directive's (``aipa run --check``), measured where the finder can, else judged."""
        directive = directive.strip()
        if not directive:
            raise errors.UsageError("the directive is empty", "type what you want the team to do")
        run_id = self._start(directive, session_id)
        if checks:
            self.ask_checks(run_id, [c for c in checks if c.strip()])
        return await self._follow(await self._drive(run_id))

    async def resume(self, run_id: str) -> RunResult:
        return await self._follow(await super().resume(run_id))

    async def rerun(self, run_id: str, request) -> RunResult:
        """Run ``run_id`` again as its next revision: what ``request`` names and the stages
        after it, the rest kept (``core/run/rerun.py``); the new run is driven like any."""
        from aipa.core.run import rerun

        new_id = rerun.prepare(self.store, run_id, request)
        self.store.claim_run(new_id)
        run = self.store.get_run(new_id)
        self.emit(RunStarted(new_id, run.session_id, run.directive))
        if (said := rerun.summary(self.store, new_id)) is not None:  # what it runs again, at its top
            self.emit(said)
        return await self._follow(await self._drive(new_id))

    async def _stages(self, run) -> None:
        routing = await self._route_stage(run)
        if routing.mode != RouteMode.CLARIFY:  # the definition of done, before the leads start
            self._set_checks(run, routing.checks)
        if routing.mode == RouteMode.DELEGATE:
            routing = await self._plan_review_stage(run, routing)
            await self._dispatch_stage(run, routing)
        await self._finish_stages(run, routing)

    def _finished(self, result: RunResult) -> None:
        self.store.update_run(
            result.run_id,
            status=result.status,
            stage=Stage.REVIEW,
            deliverable=result.deliverable,
            verdict=result.verdict,
        )
        self.emit(RunFinished(result.run_id, result.status, result.deliverable, result.verdict))

    # --- synthesize, audit, review ----------------------------------------------------

    async def _finish_stages(self, run, routing: Routing) -> None:
        while True:
            if self.store.get_checkpoint(run.run_id, Stage.REVIEW):
                return
            deliverable, revision = await self._synthesize_stage(run, routing)
            self._measure_checks(run, deliverable, revision)
            verdict, memo = await self._audit_stage(run, deliverable, revision, self.run_checks(run.run_id))
            checks = self.run_checks(run.run_id)
            if self.store.get_checkpoint(run.run_id, REVISED) or self._send_back(run, checks, verdict, memo):
                return  # the next revision gets the review gate (CheckStage._follow)
            await self._stage(run, Stage.REVIEW)
            decision = await self._gate(
                run,
                ReviewItem(
                    run.run_id,
                    Stage.REVIEW,
                    "Deliverable",
                    deliverable,
                    verdict=verdict,
                    memo=memo,
                    extra={"revision": revision, "checks": [c.to_dict() for c in checks]},
                ),
            )
            if decision.action != Action.EDIT:
                self.store.save_checkpoint(run.run_id, Stage.REVIEW, {"action": decision.action})
                return
            self.store.save_checkpoint(
                run.run_id, REVISE, {"feedback": decision.feedback, "previous": deliverable, "revision": revision + 1}
            )
            self.store.delete_checkpoint(run.run_id, Stage.SYNTHESIZE)
            self.store.delete_checkpoint(run.run_id, Stage.AUDIT)

    async def _synthesize_stage(self, run, routing: Routing) -> tuple[str, int]:
        saved = self.store.get_checkpoint(run.run_id, Stage.SYNTHESIZE)
        if saved:
            return saved["deliverable"], saved.get("revision", 0)
        revise = self.store.get_checkpoint(run.run_id, REVISE) or {}
        feedback, previous = revise.get("feedback", ""), revise.get("previous", "")
        revision = revise.get("revision", 0)
        await self._stage(run, Stage.SYNTHESIZE)
        tags = {"directive": run.directive, "feedback": feedback}
        answer = "" if feedback else direct_answer(routing)
        outputs: list[tuple[str, str, str]] = []  # (agent, title, output) of each finished lead
        asked = [c.text for c in self.run_checks(run.run_id) if c.measured]  # said up front (issue 31)
        if answer:  # the routing reply carried it: no second call
            text, purpose = "", Purpose.DIRECT
        elif routing.mode == RouteMode.DIRECT:
            text = prompts.direct(run.directive, feedback=feedback, previous=previous, requirements=asked)
            purpose = Purpose.DIRECT
        else:
            done = [t for t in self.store.tasks(run.run_id) if t.status == TaskStatus.COMPLETE]
            outputs = [(t.assigned_to, t.title, t.output) for t in done]
            cut = [t.title for t in done if f"{Purpose.LEAD} {t.task_id}" in self.calls.cut]  # the synthesis is told
            text = prompts.synthesize(
                run.directive, outputs, feedback=feedback, previous=previous, cut=cut, requirements=asked
            )
            text += self.grounding.synthesis_note(run.session_id)
            purpose = Purpose.SYNTHESIZE
        deliverable = answer or await self._prose(
            run, self.orchestrator, text, purpose, tags=tags, with_brief=True, revision=revision
        )
        if not deliverable.strip():
            name = self.orchestrator.name
            instead = "" if outputs else told.NOTHING
            self._fell_back(run, Purpose.SYNTHESIZE, "empty reply twice", agent=name, cause=told.EMPTY, instead=instead)
            deliverable = fallback_deliverable(run.directive, outputs, self.store.tasks(run.run_id), previous)
        self.store.save_checkpoint(
            run.run_id,
            Stage.SYNTHESIZE,
            {"deliverable": deliverable, "revision": revision, **self._fallback_mark(run, Stage.SYNTHESIZE)},
        )
        self.store.update_run(run.run_id, deliverable=deliverable)
        self.store.add_message(
            run.session_id,
            Role.ASSISTANT,
            deliverable,
            agent=self.orchestrator.name,
            run_id=run.run_id,
            kind=MessageKind.DELIVERABLE,
        )
        self.emit(DeliverableReady(run.run_id, deliverable, revision))
        return deliverable, revision

    # --- session close: the standing brief --------------------------------------------

    async def close_session(self, session_id: str) -> bool:
        """Close a session and let the orchestrator rewrite its standing brief.
        Returns True when the rewrite was used (False: fallback log line, or the
        setting ``memory_brief_enabled`` is off and the brief is left as it is)."""
        if not self.settings.memory_brief_enabled:
            self.store.close_session(session_id)
            return False
        kinds = (MessageKind.DIRECTIVE, MessageKind.DELIVERABLE, MessageKind.ANSWER)
        msgs = [m for m in self.store.messages(session_id) if m.kind in kinds]
        transcript = "\n\n".join(f"[{m.kind}] {m.content[:2000]}" for m in msgs[-12:])
        first = next((m.content for m in msgs if m.kind == MessageKind.DIRECTIVE), "")
        fallback_line = f"session {session_id}: {first[:100]}"
        agent = self.orchestrator
        messages = [Message("system", agent.prompt), Message("user", prompts.memory(self.brief.text(), transcript))]
        try:
            result = await self.runner.call(
                agent, messages, run_id="", session_id=session_id, purpose=Purpose.MEMORY, tags={"directive": first}
            )
            used = self.brief.accept_rewrite(result.content, fallback_line)
        except errors.ProviderError as exc:
            log.warning("standing brief not rewritten (%s); appended a log line", exc)
            used = self.brief.accept_rewrite("", fallback_line)
        self.store.close_session(session_id)
        return used

    # --- result -----------------------------------------------------------------------

    def _result(self, run_id: str, status: RunStatus) -> RunResult:
        run = self.store.get_run(run_id)
        cps = self.store.checkpoints(run_id)
        route = cps.get(Stage.ROUTE, {})
        audit = cps.get(Stage.AUDIT, {})
        review = cps.get(Stage.REVIEW, {})
        synth = cps.get(Stage.SYNTHESIZE, {})
        return RunResult(
            run_id=run_id,
            session_id=run.session_id,
            status=status,
            deliverable=synth.get("deliverable", ""),
            verdict=audit.get("verdict", Verdict.NONE),
            memo=audit.get("memo", ""),
            decision=review.get("action", ""),
            mode=route.get("mode", ""),
            tasks=[
                {
                    "task_id": t.task_id,
                    "assigned_to": t.assigned_to,
                    "title": t.title,
                    "status": t.status,
                    "workers": list(t.workers),
                    "sources": cps.get(f"sources:{t.task_id}", {}).get("sources", []),
                    **({"error": t.error} if t.error else {}),
                }
                for t in self.store.tasks(run_id)
            ],
            usage=self.store.usage_totals(run_id=run_id),
            fallbacks=list(self._fallbacks),
            stages=dict(self.calls.states),
            cut=list(self.calls.cut),
            questions=[{"qid": q.qid, "text": q.text, "answer": q.answer} for q in self.store.questions(run_id)],
            checks=self.store.checks(run_id),
        )
