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
from aipa.core.events import DeliverableReady, Routed, RunFinished
from aipa.core.kinds import (
    PLAN_ARTIFACT_STAGES,
    Action,
    MessageKind,
    Purpose,
    Role,
    RouteMode,
    RunKind,
    RunStatus,
    Stage,
    StageState,
)
from aipa.core.planning import artifacts as pa
from aipa.core.planning import intake
from aipa.core.planning.export import plan_markdown
from aipa.core.run.playbook import FALLBACKS, Playbook, Rejected, Suspend
from aipa.core.run.reviewer import Question, ReviewItem, log_gate
from aipa.core.team.agents import AgentDef

log = logging.getLogger("aipa.planning")

STAGES = PLAN_ARTIFACT_STAGES
# Every stage the plan window shows, in order (clarify: the intake questions).
PLAN_STAGES = (Stage.INTAKE, Stage.CLARIFY, *PLAN_ARTIFACT_STAGES)
STAGE_AGENTS = {
    Stage.ANALYSIS: "Clio",
    Stage.FEATURES: "Iris",
    Stage.STORIES: "Iris",
    Stage.TASKS: "Cole",
    Stage.SPRINTS: "Cole",
}
# Checkpoints of a plan run besides its stages'.
CONTEXT = "context"  # the attached context text
EXTRACT = "extract"  # what the intake extraction found
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
    status: RunStatus
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
    kind = RunKind.PLAN
    resume_command = "aipa plan --resume"

    async def plan(self, description: str, *, context: str = "", session_id: str | None = None) -> PlanResult:
        description = description.strip()
        if not description:
            raise errors.UsageError("the project description is empty", "describe the project in a paragraph")
        run_id = self._start(description, session_id)
        if context.strip():
            self.store.save_checkpoint(run_id, CONTEXT, {"text": context})
        return await self._drive(run_id)

    # --- stages ---------------------------------------------------------------------------

    async def _stages(self, run) -> None:
        plan = await self._intake(run)
        for stage in STAGES:
            plan = await self._artifact_stage(run, plan, stage)

    def _agent(self, stage: Stage) -> AgentDef:
        return self.agents.find(STAGE_AGENTS[stage]) or self.orchestrator

    async def _intake(self, run) -> pa.Plan:
        saved = self.store.get_checkpoint(run.run_id, Stage.INTAKE)
        if saved:
            return self._plan_from_checkpoints(run)
        await self._stage(run, Stage.INTAKE)
        context = (self.store.get_checkpoint(run.run_id, CONTEXT) or {}).get("text", "")
        extracted = self.store.get_checkpoint(run.run_id, EXTRACT)
        if extracted is None:
            found = intake.rule_extract(run.directive)
            text = _intake_prompt(run.directive, context)
            model = await self._structured(
                run,
                self.orchestrator,
                text,
                pa.SCHEMAS["intake"],
                Purpose.PLAN_INTAKE,
                intake.parse_extraction,
                {"directive": run.directive},
            )
            extracted = {**(model or {}), **found}  # rules win where both answered
            self.store.save_checkpoint(run.run_id, EXTRACT, extracted)
        answers = {qid: {"answer": a, "source": "extracted"} for qid, a in extracted.items()}
        missing = [Question(qid, text) for qid, text in intake.QUESTIONS if qid not in answers]
        if missing:
            await self._stage(run, Stage.CLARIFY)
            for q in missing:
                self.store.add_question(run.run_id, q.qid, q.text, stage=Stage.INTAKE)
            stored = {q.qid: q for q in self.store.questions(run.run_id, stage=Stage.INTAKE)}
            open_qs = [q for q in missing if stored[q.qid].answer is None]
            if open_qs:
                self.emit(
                    Routed(
                        run.run_id,
                        RouteMode.CLARIFY,
                        "A few questions before planning.",
                        questions=tuple({"qid": q.qid, "text": q.text} for q in open_qs),
                    )
                )
                given = await self.reviewer.clarify(run.run_id, open_qs)
                log_gate(Stage.INTAKE, "answered" if given else "suspended", run.run_id)
                if not given:
                    raise Suspend("waiting for answers to the intake questions")
                for qid, answer in given.items():
                    self.store.answer_question(run.run_id, qid, answer, source="typed")
            for q in self.store.questions(run.run_id, stage=Stage.INTAKE):
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
            Stage.INTAKE,
            {
                "answers": ordered,
                "capacity": cap,
                "sprint_weeks": intake.sprint_weeks(flat.get("sprint_length", "2 weeks")),
                **self._fallback_mark(run, Stage.INTAKE),
            },
        )
        return self._plan_from_checkpoints(run)

    async def _artifact_stage(self, run, plan: pa.Plan, stage: Stage) -> pa.Plan:
        """Generate, review, regenerate after an Edit. The stage's checkpoint holds the
        value, whether it is ``pending`` review or ``accepted``, its ``revision`` (Edits so
        far) and whether it came from the deterministic ``fallback`` (and why)."""
        saved = self.store.get_checkpoint(run.run_id, stage) or {}
        if saved.get("accepted"):
            return plan
        value = saved.get("value") if saved.get("pending") else None  # generated, not yet reviewed
        feedback, previous = saved.get("feedback", ""), saved.get("previous")
        revision = saved.get("revision", 0)
        mark = {k: saved[k] for k in ("fallback", "fallback_reason") if k in saved}
        while True:
            if value is None:
                await self._stage(run, stage)
                value = await self._generate(run, plan, stage, feedback, previous, revision)
                mark = self._fallback_mark(run, stage)
                self.store.save_checkpoint(
                    run.run_id, stage, {"value": value, "pending": True, "revision": revision, **mark}
                )
            current = self._plan_from_checkpoints(run)
            decision = await self._gate(
                run,
                ReviewItem(
                    run.run_id,
                    stage,
                    f"Plan: {stage}",
                    plan_markdown(current, only=stage),
                    extra={"value": value, "revision": revision},
                ),
            )
            if decision.action == Action.ACCEPT:
                self.store.save_checkpoint(
                    run.run_id, stage, {"value": value, "accepted": True, "revision": revision, **mark}
                )
                return current
            if decision.action == Action.REJECT:
                self.store.save_checkpoint(run.run_id, Stage.REVIEW, {"action": Action.REJECT, "stage": stage})
                raise Rejected()
            feedback, previous, value, revision = decision.feedback, value, None, revision + 1
            self.store.save_checkpoint(
                run.run_id, stage, {"feedback": feedback, "previous": previous, "revision": revision}
            )

    async def _generate(self, run, plan: pa.Plan, stage: Stage, feedback: str, previous: Any, revision: int = 0) -> Any:
        parse, fallback = self._stage_rules(plan, stage)
        text = _stage_prompt(plan, stage, feedback, previous)
        tags = {"directive": run.directive, "capacity": str(plan.capacity)}
        purpose = Purpose.of_plan_stage(stage)
        schema = pa.SCHEMAS[stage]
        value = await self._structured(run, self._agent(stage), text, schema, purpose, parse, tags, revision=revision)
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
        info = cps.get(Stage.INTAKE, {})

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

    def stage_states(self, run_id: str) -> dict[Stage, StageState]:
        """Each of ``PLAN_STAGES``' state, from the run and its checkpoints: a stage whose
        checkpoint says ``"fallback": true`` (runs before that flag: listed in the
        ``fallbacks`` checkpoint) shows as fallback once it is past pending."""
        states = {s: StageState.PENDING for s in PLAN_STAGES}
        run = self.store.get_run(run_id)
        if run is None:
            return states
        cps = self.store.checkpoints(run_id)
        if Stage.INTAKE in cps:
            states[Stage.INTAKE] = states[Stage.CLARIFY] = StageState.DONE
        elif run.stage == Stage.CLARIFY:
            states[Stage.INTAKE], states[Stage.CLARIFY] = StageState.DONE, StageState.REVIEW
        elif run.stage == Stage.INTAKE:
            states[Stage.INTAKE] = StageState.ACTIVE
        for stage in STAGES:
            saved = cps.get(stage) or {}
            if saved.get("accepted"):
                states[stage] = StageState.DONE
            elif saved.get("pending"):
                states[stage] = StageState.REVIEW
            elif run.stage == stage and run.status not in (RunStatus.DONE, RunStatus.REJECTED):
                states[stage] = StageState.ACTIVE
        listed = {label.removeprefix("plan_") for label in (cps.get(FALLBACKS) or {}).get("stages", [])}
        for stage in (Stage.INTAKE, *STAGES):
            saved = cps.get(stage) or {}
            fell = saved.get("fallback", stage in listed)
            if fell and states[stage] != StageState.PENDING:
                states[stage] = StageState.FALLBACK
        return states

    def _result(self, run_id: str, status: RunStatus) -> PlanResult:
        run = self.store.get_run(run_id)
        review = self.store.get_checkpoint(run_id, Stage.REVIEW) or {}
        return PlanResult(
            run_id=run_id,
            session_id=run.session_id,
            status=status,
            plan=self._plan_from_checkpoints(run),
            decision=review.get("action", Action.ACCEPT if status == RunStatus.DONE else ""),
            fallbacks=[f.removeprefix("plan_") for f in self._fallbacks],
            questions=[
                {"qid": q.qid, "text": q.text, "answer": q.answer, "source": q.source}
                for q in self.store.questions(run_id)
            ],
        )

    def _finished(self, result: PlanResult) -> None:
        text = plan_markdown(result.plan)
        self.store.update_run(result.run_id, status=result.status, deliverable=text)
        self.store.add_message(
            result.session_id,
            Role.ASSISTANT,
            text,
            agent=self.orchestrator.name,
            run_id=result.run_id,
            kind=MessageKind.DELIVERABLE,
        )
        self.emit(DeliverableReady(result.run_id, text))
        self.emit(RunFinished(result.run_id, result.status, text, ""))


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
