"""What the plan window shows of a plan run, read from the run and its checkpoints:
each stage's state (pending, active, waiting for review, done, fell back), the plan as
far as it got, and whether the run can be resumed. ``PlanService`` gives a plan window
this, the planner that runs its plan, the plan runs and the export."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.config.paths import Paths
from aipa.core.events import EventSink, null_sink
from aipa.core.kinds import RESUMABLE_RUN_STATUSES, RunKind, Stage, StageState
from aipa.core.planning.artifacts import Plan
from aipa.core.planning.export import write_plan
from aipa.core.planning.planner import PLAN_STAGES, Planner
from aipa.core.run.reviewer import AutoReviewer, Reviewer
from aipa.store import RunRecord, Store

if TYPE_CHECKING:
    from aipa.core.parts import Parts


def no_stages() -> dict[Stage, StageState]:
    return {s: StageState.PENDING for s in PLAN_STAGES}


@dataclass(frozen=True)
class PlanState:
    run: RunRecord | None = None
    plan: Plan = field(default_factory=Plan)
    stages: dict[Stage, StageState] = field(default_factory=no_stages)

    @property
    def status(self) -> str:
        return self.run.status if self.run else ""

    @property
    def resumable(self) -> bool:
        """Waiting at a gate, stopped or failed: Resume continues it."""
        return self.status in RESUMABLE_RUN_STATUSES


def read_state(planner: Planner, run_id: str | None) -> PlanState:
    """The run's state from the database: a stage fell back when its checkpoint says
    ``"fallback": true`` (before its value is saved: when the run's ``fallbacks``
    checkpoint, written before ``StageFellBack`` is emitted, lists it)."""
    run = planner.store.get_run(run_id) if run_id else None
    if run is None:
        return PlanState()
    return PlanState(run, planner.plan_of(run.run_id), planner.stage_states(run.run_id))


class PlanService:
    def __init__(self, store: Store, planner: Callable[[Reviewer | None, EventSink], Planner], paths: Paths) -> None:
        """``planner(reviewer, emit)`` builds the planning playbook (``Parts.planner``)."""
        self._store = store
        self._planner = planner
        self.paths = paths
        self._reader: Planner | None = None

    @classmethod
    def of(cls, parts: Parts) -> PlanService:
        """Built from the core's parts (their store, planning playbook and paths)."""
        return cls(parts.store, parts.planner, parts.paths)

    def planner(self, reviewer: Reviewer, emit: EventSink) -> Planner:
        """The planner a plan window runs its plan with (its reviewer, its event sink)."""
        return self._planner(reviewer, emit)

    def _reading(self) -> Planner:
        if self._reader is None:
            self._reader = self._planner(AutoReviewer(), null_sink)
        return self._reader

    def run(self, run_id: str | None) -> RunRecord | None:
        return self._store.get_run(run_id) if run_id else None

    def runs(self, limit: int = 200) -> list[RunRecord]:
        """The plan runs, newest first."""
        return [r for r in self._store.list_runs(limit=limit) if r.kind == RunKind.PLAN]

    def state(self, run_id: str | None) -> PlanState:
        return read_state(self._reading(), run_id)

    def plan(self, run_id: str) -> Plan:
        """The plan of ``run_id`` as far as it got (``aipa export``)."""
        return self._reading().plan_of(run_id)

    def export(self, run_id: str, fmt: str, path: Path) -> Path:
        """Write the plan as far as it got (see ``write_plan``)."""
        return write_plan(self.plan(run_id), fmt, path)
