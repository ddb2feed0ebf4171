"""The directive pipeline (DESIGN §1): route → clarify → plan review → dispatch →
synthesize → audit → review. Each stage is checkpointed before the next starts, so
``resume`` continues from the last completed stage and never re-runs a finished lead.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from aipa import errors
from aipa.core import prompts
from aipa.core.events import AuditReady, DeliverableReady, Notice, Routed, RunFinished, TaskStatus
from aipa.core.parsing import (
    NO_VERDICT,
    Routing,
    fallback_routing,
    parse_routing,
    parse_verdict,
    routing_schema,
    task_letter,
)
from aipa.core.playbook import Playbook, Rejected, Suspend
from aipa.core.reviewer import Question, ReviewItem
from aipa.core.secrets import redact
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")


@dataclass(frozen=True)
class RunResult:
    run_id: str
    session_id: str
    status: str  # done | suspended | failed | interrupted
    deliverable: str = ""
    verdict: str = NO_VERDICT
    memo: str = ""
    decision: str = ""  # accept | reject | "" when no review happened
    mode: str = ""
    tasks: list[dict] = field(default_factory=list)
    usage: dict = field(default_factory=dict)
    fallbacks: list[str] = field(default_factory=list)
    questions: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "session_id": self.session_id,
            "run_id": self.run_id,
            "status": self.status,
            "mode": self.mode,
            "deliverable": self.deliverable,
            "verdict": self.verdict,
            "audit_memo": self.memo,
            "decision": self.decision,
            "tasks": self.tasks,
            "usage": self.usage,
            "fallbacks": self.fallbacks,
            "questions": self.questions,
        }


class Pipeline(Playbook):
    """Runs directives. All dependencies are passed in; nothing here knows Qt."""

    kind = "directive"
    resume_command = "aipa run --resume"

    async def run(self, directive: str, *, session_id: str | None = None) -> RunResult:
        directive = directive.strip()
        if not directive:
            raise errors.UsageError("the directive is empty", "type what you want the team to do")
        run_id = self._start(directive, session_id)
        return await self._drive(run_id)

    async def _stages(self, run) -> None:
        routing = await self._route_stage(run)
        if routing.mode == "delegate":
            routing = await self._plan_review_stage(run, routing)
            await self._dispatch_stage(run, routing)
        await self._finish_stages(run, routing)

    def _finished(self, result: RunResult) -> None:
        self.store.update_run(
            result.run_id, status="done", stage="review", deliverable=result.deliverable, verdict=result.verdict
        )
        self.emit(
            RunFinished(
                result.run_id, "rejected" if result.decision == "reject" else "done", result.deliverable, result.verdict
            )
        )

    # --- route + clarify --------------------------------------------------------------

    async def _route_stage(self, run) -> Routing:
        saved = self.store.get_checkpoint(run.run_id, "route")
        routing = Routing.from_dict(saved) if saved else await self._route(run)
        if routing.mode != "clarify":
            return routing
        await self._stage(run, "clarify")
        questions = [Question(f"q{i + 1}", text) for i, text in enumerate(routing.questions)]
        for q in questions:
            self.store.add_question(run.run_id, q.qid, q.text)
        stored = {q.qid: q for q in self.store.questions(run.run_id, stage="clarify")}
        open_qs = [q for q in questions if stored[q.qid].answer is None]
        if open_qs:
            answers = await self.reviewer.clarify(run.run_id, open_qs)
            if not answers:
                raise Suspend("waiting for answers to clarifying questions")
            for qid, answer in answers.items():
                self.store.answer_question(run.run_id, qid, answer)
                self.store.add_message(
                    run.session_id, "user", answer, agent=self.orchestrator.name, run_id=run.run_id, kind="answer"
                )
        answered = {r.text: r.answer for r in self.store.questions(run.run_id, stage="clarify")}
        return await self._route(run, answers=answered)

    async def _route(self, run, *, answers: dict[str, str] | None = None, feedback: str = "") -> Routing:
        await self._stage(run, "route")
        leads = self.leads()
        names = [a.name for a in leads]
        allow_clarify = not answers
        text = prompts.route(run.directive, leads, answers=answers, feedback=feedback, allow_clarify=allow_clarify)
        tags = {"directive": run.directive, "answered": "yes" if answers else "no"}
        routing = await self._structured(
            run,
            self.orchestrator,
            text,
            routing_schema(names),
            "route",
            lambda out: parse_routing(out, names, allow_clarify=allow_clarify),
            tags,
        )
        if routing is None:
            routing = fallback_routing(
                run.directive, [(a.name, a.title) for a in leads], self.settings.max_parallel_leads
            )
        self.store.save_checkpoint(run.run_id, "route", routing.to_dict())
        if routing.mode != "clarify" or answers is None:
            self.store.add_message(
                run.session_id,
                "assistant",
                routing.message,
                agent=self.orchestrator.name,
                run_id=run.run_id,
                kind="routing",
            )
        self.emit(
            Routed(
                run.run_id,
                routing.mode,
                routing.message,
                tuple(b.__dict__ for b in routing.briefs),
                tuple({"qid": f"q{i + 1}", "text": q} for i, q in enumerate(routing.questions)),
                routing.fallback,
            )
        )
        return routing

    # --- plan review ------------------------------------------------------------------

    async def _plan_review_stage(self, run, routing: Routing) -> Routing:
        if not self.settings.plan_review or self.store.get_checkpoint(run.run_id, "plan_review"):
            return routing
        while True:
            await self._stage(run, "plan_review")
            body = "\n\n".join(f"**{b.agent}: {b.title}**\n\n{b.instructions}" for b in routing.briefs)
            decision = await self._gate(run, ReviewItem(run.run_id, "plan_review", "Task briefs", body))
            if decision.action == "accept":
                self.store.save_checkpoint(run.run_id, "plan_review", {"action": "accept"})
                return routing
            if decision.action == "reject":
                self.store.save_checkpoint(run.run_id, "plan_review", {"action": "reject"})
                self.store.save_checkpoint(run.run_id, "review", {"action": "reject"})
                raise Rejected()
            routing = await self._route(run, answers={}, feedback=decision.feedback)
            if routing.mode != "delegate":
                return routing

    # --- dispatch ---------------------------------------------------------------------

    async def _dispatch_stage(self, run, routing: Routing) -> None:
        if self.store.get_checkpoint(run.run_id, "dispatch"):
            return
        await self._stage(run, "dispatch")
        tasks = self.store.tasks(run.run_id)
        if not tasks:
            prefix = f"T-{run.day}-{run.seq:03d}"
            with self.store.batch(f"dispatch the briefs of run {run.run_id}"):  # all tasks or none
                for i, brief in enumerate(routing.briefs):
                    task_id = f"{prefix}-{task_letter(i)}"
                    self.store.create_task(run.run_id, task_id, brief.agent, brief.title, brief.instructions)
                    self.store.add_message(
                        run.session_id,
                        "user",
                        prompts.lead(run.directive, brief.title, brief.instructions),
                        agent=brief.agent,
                        run_id=run.run_id,
                        task_id=task_id,
                        kind="brief",
                    )
                self.store.save_checkpoint(run.run_id, "briefs", {"tasks": len(routing.briefs)})
            tasks = self.store.tasks(run.run_id)
        todo = [t for t in tasks if t.status != "complete"]
        for t in tasks:
            self.emit(
                TaskStatus(
                    run.run_id, t.task_id, t.assigned_to, t.title, t.status if t.status == "complete" else "pending"
                )
            )
        limit = asyncio.Semaphore(self.settings.max_parallel_leads)
        try:
            async with asyncio.TaskGroup() as group:
                running = [group.create_task(self._lead(run, task, limit)) for task in todo]
        except* errors.AuthError as eg:
            raise eg.exceptions[0] from None
        failures = [t.result() for t in running]
        if failures and all(isinstance(f, errors.ProviderError) for f in failures):
            raise failures[0]  # nothing got through: report the provider's problem
        done = self.store.tasks(run.run_id)
        self.store.save_checkpoint(
            run.run_id,
            "dispatch",
            {
                "complete": [t.task_id for t in done if t.status == "complete"],
                "error": [t.task_id for t in done if t.status == "error"],
            },
        )

    async def _lead(self, run, task, limit: asyncio.Semaphore) -> Exception | None:
        """Run one lead; returns the provider error that failed it, if any."""
        agent = self.agents.get(task.assigned_to)
        async with limit:
            self.store.set_task_status(task.task_id, "in_progress")
            self.emit(TaskStatus(run.run_id, task.task_id, agent.name, task.title, "in_progress"))

            loop = asyncio.get_running_loop()
            deadline: asyncio.Timeout | None = None

            def flush(content: str, thinking: str) -> None:
                # The lead timeout runs from the first output: a lead waiting in the server's
                # queue (Ollama serves one request per model at a time) never times out there.
                if deadline is not None and deadline.when() is None:
                    deadline.reschedule(loop.time() + self.settings.lead_timeout)
                self.store.save_task_output(task.task_id, content, thinking)

            try:
                async with asyncio.timeout(None) as deadline:
                    text = await self._prose(
                        run,
                        agent,
                        prompts.lead(run.directive, task.title, task.brief),
                        "lead",
                        task_id=task.task_id,
                        on_progress=flush,
                        tags={"directive": run.directive, "title": task.title},
                    )
            except errors.AuthError:
                self._task_error(run, task, agent, "authentication failed")
                raise
            except TimeoutError:
                self._task_error(
                    run,
                    task,
                    agent,
                    f"timed out after {self.settings.lead_timeout:g} s "
                    "(try a smaller model or raise the lead timeout in Settings)",
                )
                return None
            except errors.ProviderError as exc:
                self._task_error(run, task, agent, f"provider error: {exc}")
                return exc
            if not text.strip():
                self._fell_back(run, f"lead {task.task_id}", "empty reply twice")
                self._task_error(run, task, agent, "the model returned an empty reply twice")
                return None
            self.store.set_task_status(task.task_id, "complete", output=text)
            self.store.add_message(
                run.session_id,
                "assistant",
                text,
                agent=agent.name,
                run_id=run.run_id,
                task_id=task.task_id,
                kind="task_output",
            )
            self.emit(TaskStatus(run.run_id, task.task_id, agent.name, task.title, "complete"))
            return None

    def _task_error(self, run, task, agent, message: str) -> None:
        message = redact(message)  # a provider error may echo the key
        log.warning("run %s: task %s (%s) failed: %s", run.run_id, task.task_id, agent.name, message)
        self.store.set_task_status(task.task_id, "error", error=message)
        self.emit(TaskStatus(run.run_id, task.task_id, agent.name, task.title, "error", message))

    # --- synthesize, audit, review ----------------------------------------------------

    async def _finish_stages(self, run, routing: Routing) -> None:
        while True:
            if self.store.get_checkpoint(run.run_id, "review"):
                return
            deliverable, revision = await self._synthesize_stage(run, routing)
            verdict, memo = await self._audit_stage(run, deliverable, revision)
            await self._stage(run, "review")
            decision = await self._gate(
                run,
                ReviewItem(
                    run.run_id,
                    "review",
                    "Deliverable",
                    deliverable,
                    verdict=verdict,
                    memo=memo,
                    extra={"revision": revision},
                ),
            )
            if decision.action != "edit":
                self.store.save_checkpoint(run.run_id, "review", {"action": decision.action})
                return
            self.store.save_checkpoint(
                run.run_id, "revise", {"feedback": decision.feedback, "previous": deliverable, "revision": revision + 1}
            )
            self.store.delete_checkpoint(run.run_id, "synthesize")
            self.store.delete_checkpoint(run.run_id, "audit")

    async def _synthesize_stage(self, run, routing: Routing) -> tuple[str, int]:
        saved = self.store.get_checkpoint(run.run_id, "synthesize")
        if saved:
            return saved["deliverable"], saved.get("revision", 0)
        revise = self.store.get_checkpoint(run.run_id, "revise") or {}
        feedback, previous = revise.get("feedback", ""), revise.get("previous", "")
        revision = revise.get("revision", 0)
        await self._stage(run, "synthesize")
        tags = {"directive": run.directive, "feedback": feedback}
        if routing.mode == "direct":
            text = prompts.direct(run.directive, feedback=feedback, previous=previous)
            deliverable = await self._prose(run, self.orchestrator, text, "direct", tags=tags, with_brief=True)
            outputs = []
        else:
            outputs = [
                (t.assigned_to, t.title, t.output) for t in self.store.tasks(run.run_id) if t.status == "complete"
            ]
            text = prompts.synthesize(run.directive, outputs, feedback=feedback, previous=previous)
            deliverable = await self._prose(run, self.orchestrator, text, "synthesize", tags=tags, with_brief=True)
        if not deliverable.strip():
            self._fell_back(run, "synthesize", "empty reply twice")
            deliverable = fallback_deliverable(run.directive, outputs, self.store.tasks(run.run_id), previous)
        self.store.save_checkpoint(run.run_id, "synthesize", {"deliverable": deliverable, "revision": revision})
        self.store.update_run(run.run_id, deliverable=deliverable)
        self.store.add_message(
            run.session_id,
            "assistant",
            deliverable,
            agent=self.orchestrator.name,
            run_id=run.run_id,
            kind="deliverable",
        )
        self.emit(DeliverableReady(run.run_id, deliverable, revision))
        return deliverable, revision

    async def _audit_stage(self, run, deliverable: str, revision: int) -> tuple[str, str]:
        saved = self.store.get_checkpoint(run.run_id, "audit")
        if saved:
            return saved["verdict"], saved["memo"]
        if not self.settings.auto_audit:
            return NO_VERDICT, ""
        await self._stage(run, "audit")
        memo = await self._prose(
            run, self.auditor, prompts.audit(run.directive, deliverable), "audit", tags={"directive": run.directive}
        )
        if not memo.strip():
            self._fell_back(run, "audit", "empty reply twice")
            memo = "The auditor returned no memo. Review the deliverable yourself before relying on it."
        verdict = parse_verdict(memo)
        if verdict == NO_VERDICT:
            log.warning("run %s: the audit memo has no VERDICT line", run.run_id)
            self.emit(Notice(run.run_id, "warning", "audit: the memo has no VERDICT line"))
        self.store.save_checkpoint(run.run_id, "audit", {"verdict": verdict, "memo": memo, "revision": revision})
        self.store.update_run(run.run_id, verdict=verdict)
        self.store.add_message(
            run.session_id, "assistant", memo, agent=self.auditor.name, run_id=run.run_id, kind="audit"
        )
        self.emit(AuditReady(run.run_id, memo, verdict))
        return verdict, memo

    # --- session close: the standing brief --------------------------------------------

    async def close_session(self, session_id: str) -> bool:
        """Close a session and let the orchestrator rewrite its standing brief.
        Returns True when the rewrite was used (False: fallback log line)."""
        msgs = [m for m in self.store.messages(session_id) if m.kind in ("directive", "deliverable", "answer")]
        transcript = "\n\n".join(f"[{m.kind}] {m.content[:2000]}" for m in msgs[-12:])
        first = next((m.content for m in msgs if m.kind == "directive"), "")
        fallback_line = f"session {session_id}: {first[:100]}"
        agent = self.orchestrator
        messages = [Message("system", agent.prompt), Message("user", prompts.memory(self.brief.text(), transcript))]
        try:
            result = await self.runner.call(
                agent, messages, run_id="", session_id=session_id, purpose="memory", tags={"directive": first}
            )
            used = self.brief.accept_rewrite(result.content, fallback_line)
        except errors.ProviderError as exc:
            log.warning("standing brief not rewritten (%s); appended a log line", exc)
            used = self.brief.accept_rewrite("", fallback_line)
        self.store.close_session(session_id)
        return used

    # --- result -----------------------------------------------------------------------

    def _result(self, run_id: str, status: str) -> RunResult:
        run = self.store.get_run(run_id)
        cps = self.store.checkpoints(run_id)
        route = cps.get("route", {})
        audit = cps.get("audit", {})
        review = cps.get("review", {})
        synth = cps.get("synthesize", {})
        return RunResult(
            run_id=run_id,
            session_id=run.session_id,
            status=status,
            deliverable=synth.get("deliverable", ""),
            verdict=audit.get("verdict", NO_VERDICT),
            memo=audit.get("memo", ""),
            decision=review.get("action", ""),
            mode=route.get("mode", ""),
            tasks=[
                {
                    "task_id": t.task_id,
                    "assigned_to": t.assigned_to,
                    "title": t.title,
                    "status": t.status,
                    **({"error": t.error} if t.error else {}),
                }
                for t in self.store.tasks(run_id)
            ],
            usage=self.store.usage_totals(run_id=run_id),
            fallbacks=list(self._fallbacks),
            questions=[{"qid": q.qid, "text": q.text, "answer": q.answer} for q in self.store.questions(run_id)],
        )


def fallback_deliverable(directive: str, outputs: list[tuple[str, str, str]], tasks, previous: str = "") -> str:
    """A deterministic deliverable when the orchestrator could not write one."""
    lines = [f"# {directive}", ""]
    if previous:
        lines += ["> The revision could not be generated; this is the previous version.", "", previous]
        return "\n".join(lines)
    if outputs:
        lines += ["> The Chief of Staff could not merge the reports; here they are as the leads wrote them.", ""]
        for agent, title, text in outputs:
            lines += [f"## {title} ({agent})", "", text.strip(), ""]
    else:
        lines += [
            "> No lead produced usable output. These were the briefs; try again with a larger model "
            "(`aipa run --resume RUN_ID` after changing it) or another provider.",
            "",
        ]
        for t in tasks:
            lines.append(f"- **{t.assigned_to}** · {t.title}: {t.error or t.status}")
        if not tasks:
            lines.append(f"- The directive was: {directive}")
    return "\n".join(lines).rstrip() + "\n"
