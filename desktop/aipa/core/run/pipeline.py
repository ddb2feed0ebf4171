"""The directive pipeline (DESIGN §1): route → clarify → plan review → dispatch →
synthesize → audit → review. Each stage is checkpointed before the next starts, so
``resume`` continues from the last completed stage and never re-runs a finished lead.
"""

from __future__ import annotations

import asyncio
import logging

from aipa import errors
from aipa.core.config.secrets import redact
from aipa.core.events import AuditReady, DeliverableReady, Notice, Routed, RunFinished, TaskChanged
from aipa.core.kinds import (
    Action,
    Level,
    MessageKind,
    Purpose,
    Role,
    RouteMode,
    RunKind,
    RunStatus,
    Stage,
    TaskStatus,
)
from aipa.core.material.grounding import Grounding, Sources
from aipa.core.run import clarify, prompts
from aipa.core.run.playbook import Playbook, Rejected, Suspend
from aipa.core.run.results import RunResult, fallback_deliverable
from aipa.core.run.reviewer import Question, ReviewItem
from aipa.core.run.workers import parse_workers
from aipa.core.text.parsing import (
    NO_VERDICT,
    Routing,
    direct_answer,
    fallback_routing,
    parse_routing,
    parse_verdict,
    routing_schema,
    task_letter,
)
from aipa.providers.base import Message

log = logging.getLogger("aipa.pipeline")

REVISE = "revise"  # the checkpoint of a requested revision: feedback, previous deliverable, revision number
ANSWERING = "I'll answer this myself."


class Pipeline(Playbook):
    """Runs directives. All dependencies are passed in; nothing here knows Qt."""

    kind = RunKind.DIRECTIVE
    resume_command = "aipa run --resume"
    grounding = Grounding()  # the Principal's material (documents, folder, MCP tools); App sets the real one

    async def run(self, directive: str, *, session_id: str | None = None) -> RunResult:
        directive = directive.strip()
        if not directive:
            raise errors.UsageError("the directive is empty", "type what you want the team to do")
        run_id = self._start(directive, session_id)
        return await self._drive(run_id)

    async def _stages(self, run) -> None:
        routing = await self._route_stage(run)
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

    # --- route + clarify --------------------------------------------------------------

    async def _route_stage(self, run) -> Routing:
        saved = self.store.get_checkpoint(run.run_id, Stage.ROUTE)
        routing = Routing.from_dict(saved) if saved else await self._route(run)
        round_ = (saved or {}).get("round", 1)
        while routing.mode == RouteMode.CLARIFY:  # answers may raise new questions, up to clarify_max_rounds
            await self._stage(run, Stage.CLARIFY)
            answered = await self._clarify_round(run, routing, round_)
            round_ += 1
            more = round_ <= self.settings.clarify_max_rounds
            routing = await self._route(run, answers=answered, allow_clarify=more, round_=round_)
        return routing

    async def _clarify_round(self, run, routing: Routing, round_: int) -> dict[str, str]:
        """Ask one round (a question set) unless it is answered; returns every answer so far."""
        transport = clarify.transport_of(self.reviewer)
        asked = clarify.now_utc()
        pairs = list(zip(clarify.qids(round_, len(routing.questions)), routing.questions, strict=True))
        deadline = clarify.deadline_after(asked, self.settings)
        self.store.ask_question_set(run.run_id, round_, pairs, transport=transport, deadline=deadline)
        qset = next(s for s in self.store.question_sets(run.run_id) if s.round == round_)
        if clarify.lapse(self.store, self.settings, qset) == clarify.PROCEEDED:
            self.emit(Notice(run.run_id, Level.INFO, clarify.PROCEEDING))
        qset = next(s for s in self.store.question_sets(run.run_id) if s.round == round_)
        mine = [q for q in self.store.questions(run.run_id, stage=Stage.CLARIFY) if q.round == round_]
        if qset.answered_at is None:
            questions = [Question(q.qid, q.text, round_, qset.deadline) for q in mine]
            # While a person is asked nobody drives the run: window and terminal may both ask.
            self.store.release_run(run.run_id)
            answers = await clarify.ask_in_time(self.reviewer, run.run_id, questions, qset.deadline, self.settings)
            if answers is clarify.DEADLINE_PASSED:
                clarify.proceed_at_deadline(self.store, self.settings, qset)  # AlreadyAnswered: one came first
                self.emit(Notice(run.run_id, Level.INFO, clarify.PROCEEDING))
            elif not answers:
                raise Suspend("waiting for answers to clarifying questions")
            else:  # AlreadyAnswered: the other one won; NewQuestionsWaiting: a later round was asked meanwhile
                self.answer(run.run_id, answers, transport=transport, round=round_)
            self._claim_again(run.run_id)  # RunBusyError: another process took the run over meanwhile
        return {q.text: q.answer or "" for q in self.store.questions(run.run_id, stage=Stage.CLARIFY)}

    def answer(
        self, run_id: str, answers: dict[str, str], *, transport: str = clarify.WINDOW, round: int | None = None
    ) -> None:
        """Answer question set ``round`` of the run (the window, or a terminal): see ``clarify.answer``."""
        clarify.answer(self.store, run_id, answers, transport=transport, orchestrator=self.orchestrator.name,
                       round=round)  # fmt: skip

    async def _route(
        self,
        run,
        *,
        answers: dict[str, str] | None = None,
        feedback: str = "",
        allow_clarify: bool | None = None,
        round_: int = 1,
    ) -> Routing:
        await self._stage(run, Stage.ROUTE)
        leads = self.leads()
        names = [a.name for a in leads]
        allow_clarify = not answers if allow_clarify is None else allow_clarify
        text = prompts.route(run.directive, leads, answers=answers, feedback=feedback, allow_clarify=allow_clarify)
        text += self.grounding.route_note(run.session_id)
        tags = {"directive": run.directive, "answered": "yes" if answers else "no", "round": str(round_)}
        tags["may_ask"] = "yes" if allow_clarify else "no"
        routing = await self._structured(
            run,
            self.orchestrator,
            text,
            routing_schema(names),
            Purpose.ROUTE,
            lambda out: parse_routing(out, names, allow_clarify=allow_clarify),
            tags,
        )
        if routing is None:
            routing = fallback_routing(
                run.directive, [(a.name, a.title) for a in leads], self.settings.max_parallel_leads
            )
        self.store.save_checkpoint(
            run.run_id, Stage.ROUTE, {**self._fallback_mark(run, Stage.ROUTE), **routing.to_dict(), "round": round_}
        )
        # a direct answer carried by the routing reply is shown once, as the deliverable
        said = ANSWERING if direct_answer(routing) else routing.message
        if routing.mode != RouteMode.CLARIFY or answers is None or round_ > 1:
            self.store.add_message(
                run.session_id,
                Role.ASSISTANT,
                said,
                agent=self.orchestrator.name,
                run_id=run.run_id,
                kind=MessageKind.ROUTING,
            )
        self.emit(
            Routed(
                run.run_id,
                RouteMode(routing.mode),
                said,
                tuple(b.__dict__ for b in routing.briefs),
                tuple(
                    {"qid": i, "text": q}
                    for i, q in zip(clarify.qids(round_, len(routing.questions)), routing.questions, strict=True)
                ),
                routing.fallback,
            )
        )
        return routing

    # --- plan review ------------------------------------------------------------------

    async def _plan_review_stage(self, run, routing: Routing) -> Routing:
        if not self.settings.plan_review or self.store.get_checkpoint(run.run_id, Stage.PLAN_REVIEW):
            return routing
        while True:
            await self._stage(run, Stage.PLAN_REVIEW)
            body = "\n\n".join(f"**{b.agent}: {b.title}**\n\n{b.instructions}" for b in routing.briefs)
            decision = await self._gate(run, ReviewItem(run.run_id, Stage.PLAN_REVIEW, "Task briefs", body))
            if decision.action == Action.ACCEPT:
                self.store.save_checkpoint(run.run_id, Stage.PLAN_REVIEW, {"action": Action.ACCEPT})
                return routing
            if decision.action == Action.REJECT:
                self.store.save_checkpoint(run.run_id, Stage.PLAN_REVIEW, {"action": Action.REJECT})
                self.store.save_checkpoint(run.run_id, Stage.REVIEW, {"action": Action.REJECT})
                raise Rejected()
            routing = await self._route(run, answers={}, feedback=decision.feedback)
            if routing.mode != RouteMode.DELEGATE:
                return routing

    # --- dispatch ---------------------------------------------------------------------

    async def _dispatch_stage(self, run, routing: Routing) -> None:
        if self.store.get_checkpoint(run.run_id, Stage.DISPATCH):
            return
        await self._stage(run, Stage.DISPATCH)
        tasks = self.store.tasks(run.run_id)
        if not tasks:
            prefix = f"T-{run.day}-{run.seq:03d}"
            with self.store.batch(f"dispatch the briefs of run {run.run_id}"):  # all tasks or none
                for i, brief in enumerate(routing.briefs):
                    task_id = f"{prefix}-{task_letter(i)}"
                    self.store.create_task(run.run_id, task_id, brief.agent, brief.title, brief.instructions)
                    self.store.add_message(
                        run.session_id,
                        Role.USER,
                        prompts.lead(run.directive, brief.title, brief.instructions),
                        agent=brief.agent,
                        run_id=run.run_id,
                        task_id=task_id,
                        kind=MessageKind.BRIEF,
                    )
                self.store.save_checkpoint(run.run_id, "briefs", {"tasks": len(routing.briefs)})
            tasks = self.store.tasks(run.run_id)
        todo = [t for t in tasks if t.status != TaskStatus.COMPLETE]
        for t in tasks:
            done = t.status == TaskStatus.COMPLETE
            status = TaskStatus.COMPLETE if done else TaskStatus.PENDING
            workers = t.workers if done else ()
            self.emit(TaskChanged(run.run_id, t.task_id, t.assigned_to, t.title, status, workers=workers))
        limit = asyncio.Semaphore(self.settings.max_parallel_leads)
        try:
            async with asyncio.TaskGroup() as group:
                running = [group.create_task(self._lead(run, task, limit)) for task in todo]
        except* errors.AuthError as eg:
            raise eg.exceptions[0] from None
        failures = [t.result() for t in running]
        provider_errors = [f for f in failures if isinstance(f, errors.ProviderError)]
        if failures and len(provider_errors) == len(failures):
            raise provider_errors[0]  # nothing got through: report the provider's problem
        done = self.store.tasks(run.run_id)
        self.store.save_checkpoint(
            run.run_id,
            Stage.DISPATCH,
            {
                "complete": [t.task_id for t in done if t.status == TaskStatus.COMPLETE],
                "error": [t.task_id for t in done if t.status == TaskStatus.ERROR],
                **self._fallback_mark(run, Stage.DISPATCH),
            },
        )

    async def _lead(self, run, task, limit: asyncio.Semaphore) -> Exception | None:
        """Run one lead; returns the provider error that failed it, if any."""
        agent = self.agents.get(task.assigned_to)
        async with limit:
            self.store.set_task_status(task.task_id, TaskStatus.IN_PROGRESS)
            self.emit(TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.IN_PROGRESS))

            loop = asyncio.get_running_loop()
            deadline: asyncio.Timeout | None = None

            def flush(content: str, thinking: str) -> None:
                # The lead timeout runs from the first output: a lead waiting in the server's
                # queue (Ollama serves one request per model at a time) never times out there.
                if deadline is not None and deadline.when() is None:
                    deadline.reschedule(loop.time() + self.settings.lead_timeout)
                self.store.save_task_output(task.task_id, content, thinking)

            sources = Sources()
            text, agent, tools = await self.grounding.for_lead(run, task, agent, self.tools, sources, self.emit)
            try:
                async with asyncio.timeout(None) as deadline:
                    text = await self._prose(
                        run,
                        agent,
                        text,
                        Purpose.LEAD,
                        task_id=task.task_id,
                        on_progress=flush,
                        tags={"directive": run.directive, "title": task.title},
                        tools=tools,
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
                self._fell_back(run, Purpose.LEAD, "empty reply twice", task.task_id)
                self._task_error(run, task, agent, "the model returned an empty reply twice")
                return None
            if sources.used:
                self.store.save_checkpoint(run.run_id, f"sources:{task.task_id}", {"sources": sources.to_json()})
            workers = tuple(w.to_json() for w in parse_workers(text))
            self.store.set_task_status(task.task_id, TaskStatus.COMPLETE, output=text, workers=list(workers))
            self.store.add_message(
                run.session_id,
                Role.ASSISTANT,
                text,
                agent=agent.name,
                run_id=run.run_id,
                task_id=task.task_id,
                kind=MessageKind.TASK_OUTPUT,
            )
            self.emit(
                TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.COMPLETE, workers=workers)
            )
            return None

    def _task_error(self, run, task, agent, message: str) -> None:
        message = redact(message)  # a provider error may echo the key
        log.warning("run %s: task %s (%s) failed: %s", run.run_id, task.task_id, agent.name, message)
        self.store.set_task_status(task.task_id, TaskStatus.ERROR, error=message)
        self.emit(TaskChanged(run.run_id, task.task_id, agent.name, task.title, TaskStatus.ERROR, message))

    # --- synthesize, audit, review ----------------------------------------------------

    async def _finish_stages(self, run, routing: Routing) -> None:
        while True:
            if self.store.get_checkpoint(run.run_id, Stage.REVIEW):
                return
            deliverable, revision = await self._synthesize_stage(run, routing)
            verdict, memo = await self._audit_stage(run, deliverable, revision)
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
                    extra={"revision": revision},
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
        if answer:  # the routing reply carried it: no second call (issue 13)
            text, purpose = "", Purpose.DIRECT
        elif routing.mode == RouteMode.DIRECT:
            text = prompts.direct(run.directive, feedback=feedback, previous=previous)
            purpose = Purpose.DIRECT
        else:
            outputs = [
                (t.assigned_to, t.title, t.output)
                for t in self.store.tasks(run.run_id)
                if t.status == TaskStatus.COMPLETE
            ]
            text = prompts.synthesize(run.directive, outputs, feedback=feedback, previous=previous)
            text += self.grounding.synthesis_note(run.session_id)
            purpose = Purpose.SYNTHESIZE
        deliverable = answer or await self._prose(
            run, self.orchestrator, text, purpose, tags=tags, with_brief=True, revision=revision
        )
        if not deliverable.strip():
            self._fell_back(run, Purpose.SYNTHESIZE, "empty reply twice")
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

    async def _audit_stage(self, run, deliverable: str, revision: int) -> tuple[str, str]:
        saved = self.store.get_checkpoint(run.run_id, Stage.AUDIT)
        if saved:
            return saved["verdict"], saved["memo"]
        if not self.settings.auto_audit:
            return NO_VERDICT, ""
        await self._stage(run, Stage.AUDIT)
        text = prompts.audit(run.directive, deliverable) + self.grounding.audit_note(run.session_id, deliverable)
        memo = await self._prose(
            run,
            self.auditor,
            text,
            Purpose.AUDIT,
            tags={"directive": run.directive},
            revision=revision,
        )
        if not memo.strip():
            self._fell_back(run, Purpose.AUDIT, "empty reply twice")
            memo = "The auditor returned no memo. Review the deliverable yourself before relying on it."
        verdict = parse_verdict(memo)
        if verdict == NO_VERDICT:
            log.warning("run %s: the audit memo has no VERDICT line", run.run_id)
            self.emit(Notice(run.run_id, Level.WARNING, "audit: the memo has no VERDICT line"))
        self.store.save_checkpoint(
            run.run_id,
            Stage.AUDIT,
            {"verdict": verdict, "memo": memo, "revision": revision, **self._fallback_mark(run, Stage.AUDIT)},
        )
        self.store.update_run(run.run_id, verdict=verdict)
        self.store.add_message(
            run.session_id, Role.ASSISTANT, memo, agent=self.auditor.name, run_id=run.run_id, kind=MessageKind.AUDIT
        )
        self.emit(AuditReady(run.run_id, memo, verdict))
        return verdict, memo

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
                    "workers": list(t.workers),
                    "sources": cps.get(f"sources:{t.task_id}", {}).get("sources", []),
                    **({"error": t.error} if t.error else {}),
                }
                for t in self.store.tasks(run_id)
            ],
            usage=self.store.usage_totals(run_id=run_id),
            fallbacks=list(self._fallbacks),
            questions=[{"qid": q.qid, "text": q.text, "answer": q.answer} for q in self.store.questions(run_id)],
        )
