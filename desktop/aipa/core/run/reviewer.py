"""Human gates. The pipeline asks an injected async ``Reviewer``; the GUI answers with
dialogs, the CLI with prompts, tests with scripts.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from aipa.core.kinds import Action, Stage

gate_log = logging.getLogger("aipa.gates")


def log_gate(kind: str, decision: str, run_id: str = "") -> None:
    """One DEBUG line per gate passed: which gate, what the Principal (or the policy)
    decided. Never the feedback, the answers or the item's text."""
    gate_log.debug("gate kind=%s decision=%s run=%s", kind, decision, run_id or "-")


@dataclass(frozen=True)
class Question:
    qid: str
    text: str
    round: int = 1  # the question set (clarification can take more than one round)
    deadline: datetime | None = None  # when the deadline policy applies (clarify_deadline_policy)


@dataclass(frozen=True)
class Decision:
    """The Principal's decision at a review gate."""

    action: Action
    feedback: str = ""

    @classmethod
    def accept(cls) -> Decision:
        return cls(Action.ACCEPT)

    @classmethod
    def reject(cls, feedback: str = "") -> Decision:
        return cls(Action.REJECT, feedback)

    @classmethod
    def edit(cls, feedback: str) -> Decision:
        return cls(Action.EDIT, feedback)


@dataclass(frozen=True)
class ReviewItem:
    """What the Principal is asked to review."""

    run_id: str
    stage: Stage  # the gate: plan_review, review, or a planning stage
    title: str
    body: str
    verdict: str = ""
    memo: str = ""
    extra: dict = field(default_factory=dict)


class Reviewer(Protocol):
    """A reviewer may name its ``transport`` ("window", "terminal", "scripted"): where its
    question sets are asked and answered. One without it is taken for the window's.
    It may also have ``async confirm_tool_call(title, preview) -> "once" | "session" |
    "deny"`` for MCP tool calls (core/material/mcp_client.py); without it ``confirm_tool`` answers
    (True: allow once)."""

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        """Answers by question id, or None to leave the run suspended for later."""
        ...

    async def review(self, item: ReviewItem) -> Decision | None:
        """The decision, or None to leave the run suspended at this gate."""
        ...

    async def confirm_tool(self, title: str, preview: str) -> bool | str:
        """May a write tool go ahead? ``preview`` is the exact change (a diff). A string
        declines it with the Principal's feedback (what to change first)."""
        ...


AUTO_ANSWER = "No preference: use your best judgment and state your assumptions."


class AutoReviewer:
    """Accepts every gate (``--yes``). Clarifying questions get a standard answer."""

    transport = "scripted"
    # MCP tools the Principal allowed by name when starting (``aipa run --allow-tools``):
    # they run without asking (core/material/mcp_client.py).
    allowed_tools: frozenset[str] = frozenset()

    def __init__(self, *, confirm_tools: bool = True) -> None:
        self.confirm_tools = confirm_tools

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        return {q.qid: AUTO_ANSWER for q in questions}

    async def review(self, item: ReviewItem) -> Decision | None:
        return Decision.accept()

    async def confirm_tool(self, title: str, preview: str) -> bool:
        return self.confirm_tools


class SuspendingReviewer(AutoReviewer):
    """Leaves every gate open (non-interactive runs without ``--yes``): the run
    suspends and waits for ``aipa run --resume``."""

    transport = "terminal"

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        return None

    async def review(self, item: ReviewItem) -> Decision | None:
        return None

    async def confirm_tool(self, title: str, preview: str) -> bool:
        return False
