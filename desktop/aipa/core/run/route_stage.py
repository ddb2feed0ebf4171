"""The routing stage of the directive pipeline: the orchestrator routes the directive
(direct, delegate or clarify), clarifying questions are asked round by round, and the
plan review gate lets the Principal accept, edit or reject the task briefs."""

from __future__ import annotations

import logging

from aipa.core.events import Routed
from aipa.core.kinds import Action, MessageKind, Purpose, Role, RouteMode, Stage
from aipa.core.material.grounding import Grounding
from aipa.core.run import clarify, prompts
from aipa.core.run.playbook import Playbook, Rejected, Suspend
from aipa.core.run.reviewer import Question, ReviewItem, log_gate
from aipa.core.text.parsing import Routing, direct_answer, fallback_routing, parse_routing, routing_schema

log = logging.getLogger("aipa.pipeline")

ANSWERING = "I'll answer this myself."


class RouteStage(Playbook):
    """Route, clarify and plan review; part of ``Pipeline``."""

    grounding: Grounding  # set by Pipeline (the Principal's material)

    # --- route + clarify --------------------------------------------------------------

    async def _route_stage(self, run) -> Routing:
        saved = self.store.get_checkpoint(run.run_id, Stage.ROUTE)
        if not saved:  # the pictures waiting in the session go with this directive; can its seers see?
            await self.grounding.pictures_for(run, [self.orchestrator, self.auditor, *self.leads()])
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
            log_gate(Stage.CLARIFY, "deadline passed", run.run_id)
            self.emit(clarify.proceeding_notice(run.run_id))
        qset = next(s for s in self.store.question_sets(run.run_id) if s.round == round_)
        mine = [q for q in self.store.questions(run.run_id, stage=Stage.CLARIFY) if q.round == round_]
        if qset.answered_at is None:
            questions = [Question(q.qid, q.text, round_, qset.deadline) for q in mine]
            # While a person is asked nobody drives the run: window and terminal may both ask.
            self.store.release_run(run.run_id)
            answers = await clarify.ask_in_time(self.reviewer, run.run_id, questions, qset.deadline, self.settings)
            if answers is clarify.DEADLINE_PASSED:
                log_gate(Stage.CLARIFY, "deadline passed", run.run_id)
                clarify.proceed_at_deadline(self.store, self.settings, qset)  # AlreadyAnswered: one came first
                self.emit(clarify.proceeding_notice(run.run_id))
            elif not answers:
                log_gate(Stage.CLARIFY, "suspended", run.run_id)
                raise Suspend("waiting for answers to clarifying questions")
            else:  # AlreadyAnswered: the other one won; NewQuestionsWaiting: a later round was asked meanwhile
                log_gate(Stage.CLARIFY, "answered", run.run_id)
                self.answer(run.run_id, answers, transport=transport, round=round_)
            self._claim_again(run.run_id)  # RunBusyError: another process took the run over meanwhile
        return {q.text: q.answer or "" for q in self.store.questions(run.run_id, stage=Stage.CLARIFY)}

    def answer(
        self, run_id: str, answers: dict[str, str], *, transport: str = clarify.WINDOW, round: int | None = None
    ) -> None:
        """Answer question set ``round`` of the run (the window, or a terminal): see ``clarify.answer``."""
        clarify.answer(
            self.store, run_id, answers, transport=transport, orchestrator=self.orchestrator.name, round=round
        )

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
        text += self.grounding.route_note(run.session_id) + self.grounding.picture_note(run.run_id)
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
