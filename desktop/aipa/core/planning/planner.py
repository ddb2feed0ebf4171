"""The planning playbook: intake → clarify → analysis → features → stories → tasks →
sprints, each stage a structured call (parse → re-ask → deterministic fallback)
followed by the review gate. It reuses the directive pipeline's machinery (runs,
checkpoints, gates, events) through ``Playbook``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from aipa import errors
from aipa.core.agents import AgentDef
from aipa.core.events import DeliverableReady, Routed, RunFinished
from aipa.core.planning import artifacts as pa
from aipa.core.planning import intake
from aipa.core.planning.export import plan_markdown
from aipa.core.playbook import Playbook, Rejected, Suspend
from aipa.core.reviewer import Question, ReviewItem

log = logging.getLogger("aipa.planning")

STAGES = ("analysis", "features", "stories", "tasks", "sprints")
STAGE_AGENTS = {"analysis": "Clio", "features": "Iris", "stories": "Iris", "tasks": "Cole", "sprints": "Cole"}
INSTRUCTIONS = {
    "analysis": "Analyse the project: a short summary, its goals, the main risks and your assumptions.",
    "features": "List the product features for the first release (3 to 8), each with a priority (must, should, could).",
    "stories": "Write user stories for the features: as_a / i_want / so_that, at least two testable "
    "acceptance criteria each, story points (1, 2, 3, 5 or 8; never more than the sprint "
    "capacity) and a priority. Use the feature ids (F1, F2, ...).",
    "tasks": "Break every story into tasks labelled Code, Docs, Infra or Testing; give each a short "
    "test plan. Use the story ids (S1, S2, ...); every story needs at least one task.",
    "sprints": "Assign every story to a sprint so that no sprint's points exceed the capacity; must-have "
    "stories first. Give each sprint a goal. Use the story ids.",
}


@dataclass(frozen=True)
class PlanResult:
    run_id: str
    session_id: str
    status: str
    plan: pa.Plan = field(default_factory=pa.Plan)
    decision: str = ""
    fallbacks: list[str] = field(default_factory=list)
    questions: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        plan = self.plan.to_dict()
        return {
            "session_id": self.session_id,
            "run_id": self.run_id,
            "status": self.status,
            "decision": self.decision,
            "fallbacks": self.fallbacks,
            "questions": self.questions,
            "capacity": plan.pop("capacity"),
            "sprint_weeks": plan.pop("sprint_weeks"),
            "plan": plan,
        }


class Planner(Playbook):
    kind = "plan"
    resume_command = "aipa plan --resume"

    async def plan(self, description: str, *, context: str = "", session_id: str | None = None) -> PlanResult:
        description = description.strip()
        if not description:
            raise errors.UsageError("the project description is empty", "describe the project in a paragraph")
        run_id = self._start(description, session_id)
        if context.strip():
            self.store.save_checkpoint(run_id, "context", {"text": context})
        return await self._drive(run_id)

    # --- stages ---------------------------------------------------------------------------

    async def _stages(self, run) -> None:
        plan = await self._intake(run)
        for stage in STAGES:
            plan = await self._artifact_stage(run, plan, stage)

    def _agent(self, stage: str) -> AgentDef:
        return self.agents.find(STAGE_AGENTS[stage]) or self.orchestrator

    async def _intake(self, run) -> pa.Plan:
        saved = self.store.get_checkpoint(run.run_id, "intake")
        if saved:
            return self._plan_from_checkpoints(run)
        await self._stage(run, "intake")
        context = (self.store.get_checkpoint(run.run_id, "context") or {}).get("text", "")
        extracted = self.store.get_checkpoint(run.run_id, "extract")
        if extracted is None:
            found = intake.rule_extract(run.directive)
            text = _intake_prompt(run.directive, context)
            model = await self._structured(
                run,
                self.orchestrator,
                text,
                pa.SCHEMAS["intake"],
                "plan_intake",
                intake.parse_extraction,
                {"directive": run.directive},
            )
            extracted = {**(model or {}), **found}  # rules win where both answered
            self.store.save_checkpoint(run.run_id, "extract", extracted)
        answers = {qid: {"answer": a, "source": "extracted"} for qid, a in extracted.items()}
        missing = [Question(qid, text) for qid, text in intake.QUESTIONS if qid not in answers]
        if missing:
            await self._stage(run, "clarify")
            for q in missing:
                self.store.add_question(run.run_id, q.qid, q.text, stage="intake")
            stored = {q.qid: q for q in self.store.questions(run.run_id, stage="intake")}
            open_qs = [q for q in missing if stored[q.qid].answer is None]
            if open_qs:
                self.emit(
                    Routed(
                        run.run_id,
                        "clarify",
                        "A few questions before planning.",
                        questions=tuple({"qid": q.qid, "text": q.text} for q in open_qs),
                    )
                )
                given = await self.reviewer.clarify(run.run_id, open_qs)
                if not given:
                    raise Suspend("waiting for answers to the intake questions")
                for qid, answer in given.items():
                    self.store.answer_question(run.run_id, qid, answer, source="typed")
            for q in self.store.questions(run.run_id, stage="intake"):
                if intake.is_no_answer(q.answer):
                    default = run.directive if q.qid == "goal" else intake.DEFAULTS.get(q.qid, "")
                    answers[q.qid] = {"answer": default, "source": "defaulted"}
                else:
                    answers[q.qid] = {"answer": q.answer, "source": "typed"}
        flat = {qid: a["answer"] for qid, a in answers.items()}
        cap, derived = intake.capacity(flat)
        if derived:
            answers["capacity"] = {
                "answer": f"{cap} points (derived from team and sprint length)",
                "source": "defaulted",
            }
        ordered = {qid: answers[qid] for qid, _ in intake.QUESTIONS if qid in answers}
        self.store.save_checkpoint(
            run.run_id,
            "intake",
            {
                "answers": ordered,
                "capacity": cap,
                "sprint_weeks": intake.sprint_weeks(flat.get("sprint_length", "2 weeks")),
            },
        )
        return self._plan_from_checkpoints(run)

    async def _artifact_stage(self, run, plan: pa.Plan, stage: str) -> pa.Plan:
        saved = self.store.get_checkpoint(run.run_id, stage) or {}
        if saved.get("accepted"):
            return plan
        value = saved.get("value") if saved.get("pending") else None  # generated, not yet reviewed
        feedback, previous = saved.get("feedback", ""), saved.get("previous")
        while True:
            if value is None:
                await self._stage(run, stage)
                value = await self._generate(run, plan, stage, feedback, previous)
                self.store.save_checkpoint(run.run_id, stage, {"value": value, "pending": True})
            current = self._plan_from_checkpoints(run)
            decision = await self._gate(
                run,
                ReviewItem(
                    run.run_id, stage, f"Plan: {stage}", plan_markdown(current, only=stage), extra={"value": value}
                ),
            )
            if decision.action == "accept":
                self.store.save_checkpoint(run.run_id, stage, {"value": value, "accepted": True})
                return current
            if decision.action == "reject":
                self.store.save_checkpoint(run.run_id, "review", {"action": "reject", "stage": stage})
                raise Rejected()
            feedback, previous, value = decision.feedback, value, None
            self.store.save_checkpoint(run.run_id, stage, {"feedback": feedback, "previous": previous})

    async def _generate(self, run, plan: pa.Plan, stage: str, feedback: str, previous: Any) -> Any:
        parse, fallback = self._stage_rules(plan, stage)
        text = _stage_prompt(plan, stage, feedback, previous)
        tags = {"directive": run.directive, "capacity": str(plan.capacity)}
        value = await self._structured(run, self._agent(stage), text, pa.SCHEMAS[stage], f"plan_{stage}", parse, tags)
        if value is None:
            value = fallback()
        return _jsonable(value)

    def _stage_rules(self, plan: pa.Plan, stage: str) -> tuple[Callable[[str], Any], Callable[[], Any]]:
        ans = {qid: a["answer"] for qid, a in plan.intake.items()}
        defaulted = [qid for qid, a in plan.intake.items() if a["source"] == "defaulted"]
        goal = ans.get("goal", plan.description)
        cap = plan.capacity
        return {
            "analysis": (pa.parse_analysis, lambda: pa.fallback_analysis(goal, ans, defaulted)),
            "features": (
                pa.parse_features,
                lambda: pa.fallback_features(goal, "" if "scope" in defaulted else ans.get("scope", "")),
            ),
            "stories": (
                lambda t: pa.parse_stories(t, plan.features, cap),
                lambda: pa.fallback_stories(plan.features, ans.get("users", ""), goal, cap),
            ),
            "tasks": (lambda t: pa.parse_tasks(t, plan.stories), lambda: pa.fallback_tasks(plan.stories)),
            "sprints": (lambda t: pa.parse_sprints(t, plan.stories, cap), lambda: pa.pack_sprints(plan.stories, cap)),
        }[stage]

    # --- results ------------------------------------------------------------------------------

    def _plan_from_checkpoints(self, run) -> pa.Plan:
        cps = self.store.checkpoints(run.run_id)
        info = cps.get("intake", {})

        def value(stage, default=None):
            return (cps.get(stage) or {}).get("value", default)

        return pa.Plan(
            description=run.directive,
            intake=info.get("answers", {}),
            capacity=info.get("capacity", 0),
            sprint_weeks=info.get("sprint_weeks", 2),
            analysis=pa.analysis_from(value("analysis", {})),
            features=pa.features_from(value("features", [])),
            stories=pa.stories_from(value("stories", [])),
            tasks=pa.tasks_from(value("tasks", [])),
            sprints=pa.sprints_from(value("sprints", [])),
        )

    def plan_of(self, run_id: str) -> pa.Plan:
        """The plan as far as the run got (for export and the plan view)."""
        return self._plan_from_checkpoints(self.store.get_run(run_id))

    def _result(self, run_id: str, status: str) -> PlanResult:
        run = self.store.get_run(run_id)
        review = self.store.get_checkpoint(run_id, "review") or {}
        return PlanResult(
            run_id=run_id,
            session_id=run.session_id,
            status=status,
            plan=self._plan_from_checkpoints(run),
            decision=review.get("action", "accept" if status == "done" else ""),
            fallbacks=[f.removeprefix("plan_") for f in self._fallbacks],
            questions=[
                {"qid": q.qid, "text": q.text, "answer": q.answer, "source": q.source}
                for q in self.store.questions(run_id)
            ],
        )

    def _finished(self, result: PlanResult) -> None:
        text = plan_markdown(result.plan)
        self.store.update_run(result.run_id, status="done", deliverable=text)
        self.store.add_message(
            result.session_id, "assistant", text, agent=self.orchestrator.name, run_id=result.run_id, kind="deliverable"
        )
        self.emit(DeliverableReady(result.run_id, text))
        self.emit(RunFinished(result.run_id, "rejected" if result.decision == "reject" else "done", text, ""))


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def _intake_prompt(description: str, context: str) -> str:
    ids = "\n".join(f"- {qid}: {text}" for qid, text in intake.QUESTIONS)
    extra = f"\n\nAttached context:\n<context>\n{context[:8000]}\n</context>" if context else ""
    return (
        f"A project description from the Principal:\n<description>\n{description}\n</description>{extra}\n\n"
        f"Extract the answers to these questions, using only what the text says (null when it does not):\n{ids}\n\n"
        'Reply with one JSON object: {"answers": {"goal": "...", "users": null, ...}}'
    )


def _stage_prompt(plan: pa.Plan, stage: str, feedback: str, previous: Any) -> str:
    answers = "\n".join(f"- {qid}: {a['answer']}" for qid, a in plan.intake.items())
    parts = [
        f"Project: {plan.description}",
        "",
        "What we know:",
        answers,
        f"Capacity per sprint: {plan.capacity} points; sprints of {plan.sprint_weeks} week(s).",
        "",
    ]
    done = _jsonable(
        {"analysis": plan.analysis, "features": plan.features, "stories": plan.stories, "tasks": plan.tasks}
    )
    earlier = {k: v for k, v in done.items() if v and STAGES.index(k) < STAGES.index(stage)}
    if stage == "tasks":
        earlier.pop("features", None)
    if earlier:
        parts += ["Approved so far:", json.dumps(earlier, ensure_ascii=False), ""]
    parts += [INSTRUCTIONS[stage], "", f"Reply with one JSON object like: {pa.EXAMPLES[stage]}"]
    if feedback:
        parts += [
            "",
            "The Principal reviewed your previous version and asked for changes:",
            f"<feedback>\n{feedback}\n</feedback>",
            f"<previous_version>\n{json.dumps(previous, ensure_ascii=False)}\n</previous_version>",
            "Produce the complete revised JSON.",
        ]
    return "\n".join(parts)
