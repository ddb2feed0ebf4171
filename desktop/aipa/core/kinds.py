"""The core's vocabulary: stages, call purposes, message kinds, statuses, review
actions and audit verdicts. They are ``StrEnum``s, so a member equals its string ("route" ==
``Stage.ROUTE``), the database keeps the same text, and readers that compare with plain
strings keep working.
"""

from __future__ import annotations

from enum import StrEnum


class RunKind(StrEnum):
    """Which playbook a run belongs to (``runs.kind``)."""

    DIRECTIVE = "directive"
    PLAN = "plan"


class Stage(StrEnum):
    """A stage of a playbook (``StageStarted.stage``, ``runs.stage``, checkpoint names)."""

    # the directive pipeline
    ROUTE = "route"
    CLARIFY = "clarify"
    PLAN_REVIEW = "plan_review"
    DISPATCH = "dispatch"
    SYNTHESIZE = "synthesize"
    AUDIT = "audit"
    REVIEW = "review"
    BUDGET = "budget"  # a gate, not a stage: the run would pass its budget (core/run/cost.py)
    # the planning playbook (clarify and review are shared)
    INTAKE = "intake"
    ANALYSIS = "analysis"
    FEATURES = "features"
    STORIES = "stories"
    TASKS = "tasks"
    SPRINTS = "sprints"


# The planning stages that produce an artifact, in order.
PLAN_ARTIFACT_STAGES = (Stage.ANALYSIS, Stage.FEATURES, Stage.STORIES, Stage.TASKS, Stage.SPRINTS)


class Purpose(StrEnum):
    """Why a model is called (``Runner.call(purpose=...)``, ``usage.purpose``). A re-ask
    after invalid output keeps the purpose of the call it repeats (tag ``reask``)."""

    ROUTE = "route"
    LEAD = "lead"
    DIRECT = "direct"
    SYNTHESIZE = "synthesize"
    AUDIT = "audit"
    MEMORY = "memory"
    CHAT = "chat"
    PLAN_INTAKE = "plan_intake"
    PLAN_ANALYSIS = "plan_analysis"
    PLAN_FEATURES = "plan_features"
    PLAN_STORIES = "plan_stories"
    PLAN_TASKS = "plan_tasks"
    PLAN_SPRINTS = "plan_sprints"

    @classmethod
    def of_plan_stage(cls, stage: str) -> Purpose:
        """The purpose of a planning stage's call (``intake`` -> ``plan_intake``)."""
        return cls(f"plan_{stage}")

    @property
    def stage(self) -> Stage | None:
        """The stage a call with this purpose belongs to (None: chat, memory)."""
        if self.startswith("plan_"):
            return Stage(self.removeprefix("plan_"))
        return _PURPOSE_STAGES.get(self)


_PURPOSE_STAGES = {
    Purpose.ROUTE: Stage.ROUTE,
    Purpose.LEAD: Stage.DISPATCH,
    Purpose.DIRECT: Stage.SYNTHESIZE,
    Purpose.SYNTHESIZE: Stage.SYNTHESIZE,
    Purpose.AUDIT: Stage.AUDIT,
}


def stage_of(purpose: str) -> Stage | None:
    """The stage of a call's purpose, for any string (an unknown purpose has none)."""
    try:
        return Purpose(purpose).stage
    except ValueError:
        return None


class RouteMode(StrEnum):
    """What the orchestrator decided at the route stage (``Routed.mode``)."""

    DIRECT = "direct"
    DELEGATE = "delegate"
    CLARIFY = "clarify"


class MessageKind(StrEnum):
    """What a stored message is (``messages.kind``)."""

    MESSAGE = "message"  # the column's default: nothing more specific
    DIRECTIVE = "directive"
    ANSWER = "answer"
    ROUTING = "routing"
    BRIEF = "brief"
    TASK_OUTPUT = "task_output"
    DELIVERABLE = "deliverable"
    AUDIT = "audit"
    CHAT = "chat"
    TOOL = "tool"  # a lead's tool call and its result (JSON: tool, arguments, result), shown in its card


class Role(StrEnum):
    """Who wrote a message (``messages.role``)."""

    USER = "user"
    ASSISTANT = "assistant"


class TaskStatus(StrEnum):
    """A lead's task (``tasks.status``; the ``TaskChanged`` event)."""

    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    COMPLETE = "complete"
    ERROR = "error"
    INTERRUPTED = "interrupted"  # was in progress when its run stopped, failed or its process died


class RunStatus(StrEnum):
    """A run (``runs.status``; ``RunFinished.status`` is DONE or REJECTED)."""

    RUNNING = "running"
    SUSPENDED = "suspended"
    INTERRUPTED = "interrupted"
    FAILED = "failed"
    DONE = "done"
    REJECTED = "rejected"  # the Principal rejected at a gate: finished, nothing to resume


FINISHED_RUN_STATUSES = frozenset({RunStatus.FAILED, RunStatus.DONE, RunStatus.REJECTED})
RESUMABLE_RUN_STATUSES = frozenset({RunStatus.SUSPENDED, RunStatus.INTERRUPTED, RunStatus.FAILED})


class StageState(StrEnum):
    """How far a planning stage got (the plan window's stage strip)."""

    PENDING = "pending"
    ACTIVE = "active"
    REVIEW = "review"  # waiting for the Principal
    DONE = "done"
    FALLBACK = "fallback"  # done or waiting, from the deterministic fallback


class Action(StrEnum):
    """The Principal's decision at a review gate."""

    ACCEPT = "accept"
    EDIT = "edit"
    REJECT = "reject"


class Verdict(StrEnum):
    """The auditor's verdict on a deliverable (the memo's last ``VERDICT:`` line)."""

    PASS = "PASS"
    PASS_WITH_NOTES = "PASS WITH NOTES"
    FLAG = "FLAG"
    REJECT = "REJECT"
    NONE = "NONE"  # the memo has no VERDICT line (or no audit ran)


# The verdicts an auditor can give (all but NONE), best first.
GIVEN_VERDICTS = (Verdict.PASS, Verdict.PASS_WITH_NOTES, Verdict.FLAG, Verdict.REJECT)


class Activity(StrEnum):
    """An agent's live state (the ``AgentState`` event)."""

    IDLE = "idle"
    QUEUED = "queued"  # waiting for the first token: the server may be serving others
    READING = "reading"  # the server is reading the prompt (no output yet)
    ASKING = "asking"  # between calls: a tool it called waits for the Principal's permission
    THINKING = "thinking"
    STREAMING = "streaming"
    DONE = "done"
    ERROR = "error"


class Level(StrEnum):
    """How much a ``Notice`` matters."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class NoticeKind(StrEnum):
    """What a ``Notice`` says (its ``fields`` hold the parts: names, counts, keys). The
    terminal prints the notice's English ``text``; the window words each kind in its
    language (ui/notice_words.py). "unusable", "empty" and "too_long" are the causes of a
    fallback (core/run/told.py)."""

    REASKING = "reasking"  # agent, what: a structured reply could not be read; asked again
    UNUSABLE = "unusable"  # agent, what, instead, title: the reply was unusable after the re-ask
    EMPTY = "empty"  # agent, what, instead, title: no reply, twice
    TOO_LONG = "too_long"  # agent, what, instead, title: what it had to read does not fit the context
    NO_VERDICT = "no_verdict"  # agent: the memo named no verdict, even when asked
    CLARIFY_PROCEEDED = "clarify_proceeded"  # the questions' deadline passed
    BUDGET = "budget"  # spent, allowed: the run would pass its budget
    NOT_REVISING_AGAIN = "not_revising_again"  # rounds, ids: the revision rounds are used up
    NOT_REVISING_BUDGET = "not_revising_budget"  # the run's budget is spent
    REVISING_CHECKS = "revising_checks"  # count, ids, round, rounds, tokens
    REVISING_FLAGGED = "revising_flagged"  # round, rounds, tokens: the audit flagged it
    CONTEXT_GUESSED = "context_guessed"  # model, where, tokens: the context size is a guess
    SERVER_SLOW = "server_slow"  # agent, provider: the server answered very slowly for a while
    MCP_FAILED = "mcp_failed"  # server, reason and its parts (mcp_failure.py): a server did not start
    MCP_READ_ONLY = "mcp_read_only"  # server: "allow_read_only": true is not honoured
