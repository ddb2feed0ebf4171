"""Runs one plan (the planning playbook) for a plan window: start, stop, resume,
export. Core events become Qt signals; the plan and the stage states are re-read
from the run's checkpoints (``PlanService.state``) after each event that changes them."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from aipa import errors
from aipa.core.events import (
    AgentDelta,
    DeliverableReady,
    Notice,
    ReviewDecided,
    RunFailed,
    RunFinished,
    RunStarted,
    RunSuspended,
    StageFellBack,
    StageStarted,
)
from aipa.core.kinds import RESUMABLE_RUN_STATUSES, Stage, StageState
from aipa.core.planning.artifacts import Plan
from aipa.core.planning.state import PlanService
from aipa.ui.dialogs.words import number
from aipa.ui.i18n import core_text
from aipa.ui.notice_words import worded
from aipa.ui.operation import OneOperation
from aipa.ui.plan.stages import stage_name

log = logging.getLogger("aipa.ui.plan")

RESUMABLE = tuple(RESUMABLE_RUN_STATUSES)


class PlanController(OneOperation, QObject):
    busyChanged = Signal(bool)
    runChanged = Signal(str)  # run id
    planChanged = Signal(object)  # Plan
    stagesChanged = Signal(object)  # {stage: pending|active|review|done|fallback}
    statusChanged = Signal(str)
    errorRaised = Signal(str, str)  # message, details

    def __init__(self, plans: PlanService, reviewer, parent=None) -> None:
        super().__init__(parent)
        self.plans = plans
        self.reviewer = reviewer
        self.planner = plans.planner(reviewer, self.on_event)
        self.run_id: str | None = None
        self.task: asyncio.Task | None = None
        self.active_stage = ""
        self.plan = Plan()
        self.refreshes = 0  # plan re-reads (tests)

    # --- state ---------------------------------------------------------------------------

    def run(self):
        return self.plans.run(self.run_id)

    @property
    def status(self) -> str:
        run = self.run()
        return run.status if run else ""

    @property
    def can_resume(self) -> bool:
        return not self.busy and self.status in RESUMABLE

    def load(self, run_id: str) -> None:
        """Show an existing plan run (to resume or export it)."""
        self.run_id = run_id
        self.runChanged.emit(run_id)
        self.refresh()
        self.statusChanged.emit(self.describe_status())

    def describe_status(self) -> str:
        run = self.run()
        if run is None:
            return self.tr("Describe the project, then press Start.")
        stage = stage_name(run.stage)
        texts = {
            "running": self.tr("Working on {stage}…").format(stage=stage or self.tr("the plan")),
            "suspended": self.tr("Waiting for you at {stage}: press Resume to continue.").format(
                stage=stage or self.tr("a gate")
            ),
            "interrupted": self.tr("Stopped at {stage}: press Resume to continue.").format(
                stage=stage or self.tr("a stage")
            ),
            "failed": self.tr("Failed at {stage}: {error}. Resume retries it.").format(
                stage=stage or self.tr("a stage"), error=run.error or self.tr("see the log")
            ),
            "done": self.tr("The plan is complete.") if run.deliverable else self.tr("Done."),
        }
        return texts.get(run.status, run.status)

    # --- events from the core (synchronous, on the loop thread) -------------------------

    def on_event(self, event) -> None:
        if isinstance(event, RunStarted):
            self.run_id = event.run_id
            self.runChanged.emit(event.run_id)
        if getattr(event, "run_id", None) != self.run_id:
            return
        if isinstance(event, StageStarted):
            self.active_stage = event.stage
            self.statusChanged.emit(self.tr("Working on {stage}…").format(stage=stage_name(event.stage)))
            self.refresh()
        elif isinstance(event, StageFellBack):  # the run's checkpoints say so already
            self.stagesChanged.emit(self.stage_states())
        elif isinstance(event, Notice):
            if event.level != "info":
                self.statusChanged.emit(worded(event))
        elif isinstance(event, (ReviewDecided, DeliverableReady)):
            self.refresh()
        elif isinstance(event, AgentDelta) and event.kind == "content":
            size = len(event.snapshot)
            stage = stage_name(self.active_stage) or self.tr("the plan")
            self.statusChanged.emit(
                self.tr("{agent} is writing {stage}… {count} chars").format(
                    agent=event.agent, stage=stage, count=number(size)
                )
            )
        elif isinstance(event, RunSuspended):
            self.statusChanged.emit(
                self.tr("Waiting: {reason}. Resume when you are ready.").format(reason=event.reason)
            )
        elif isinstance(event, RunFinished):
            self.active_stage = ""
            self.refresh()
            self.statusChanged.emit(
                self.tr("The plan is complete.") if event.status == "done" else self.tr("The plan was rejected.")
            )
        elif isinstance(event, RunFailed):
            self.statusChanged.emit(
                f"✗ {core_text(event.error)}" + (f" — {core_text(event.hint)}" if event.hint else "")
            )

    def refresh(self) -> None:
        if not self.run_id:
            return
        self.refreshes += 1
        state = self.plans.state(self.run_id)
        self.plan = state.plan
        self.planChanged.emit(self.plan)
        self.stagesChanged.emit(dict(state.stages))

    def stage_states(self) -> dict[Stage, StageState]:
        return dict(self.plans.state(self.run_id).stages)

    # --- operations ------------------------------------------------------------------------

    def _refused(self) -> None:
        self.statusChanged.emit(self.tr("The plan is running: stop it first."))

    def _failed(self, exc: errors.AipaError) -> None:
        self.errorRaised.emit(core_text(exc.message) + (f"\n\n{core_text(exc.hint)}" if exc.hint else ""), "")

    def _settled(self) -> None:
        self.active_stage = ""
        try:
            self.refresh()
            self.statusChanged.emit(self.describe_status())
        except Exception:  # the app is closing (its store already closed): nothing left to show
            log.warning("plan view not refreshed after the run ended", exc_info=True)

    async def start(self, description: str, context: str = "") -> None:
        if not description.strip():
            self.statusChanged.emit(self.tr("Describe the project first."))
            return
        await self._operate(self.planner.plan(description, context=context))

    async def resume(self) -> None:
        if not self.run_id:
            self.statusChanged.emit(self.tr("Nothing to resume."))
            return
        await self._operate(self.planner.resume(self.run_id))

    async def stop(self) -> None:
        if self.cancel():
            self.statusChanged.emit(self.tr("Stopping…"))
            await asyncio.sleep(0)

    def cancel(self) -> bool:
        task = self.task
        if task is None or task.done():  # (not self.busy, spelt out for the type checker)
            return False
        task.cancel()
        return True

    async def shutdown(self) -> None:
        task = self.task
        if task is not None and self.cancel():
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - its error was reported already
                pass

    def export_to(self, fmt: str, path: Path) -> Path | None:
        """Write the plan as far as it got; returns the path, or None (error raised)."""
        if not self.run_id:
            self.errorRaised.emit(self.tr("Nothing to export yet."), "")
            return None
        try:
            self.plans.export(self.run_id, fmt, path)
        except ValueError as exc:
            self.errorRaised.emit(str(exc), "")
            return None
        except OSError as exc:
            log.warning("plan export to %s failed: %s", path, exc)
            self.errorRaised.emit(
                self.tr("Could not write {path}: {error}").format(path=path, error=exc.strerror or exc), ""
            )
            return None
        self.statusChanged.emit(self.tr("Exported to {path}").format(path=path))
        return path
