"""The core facade: the one object the window and the command line talk to (ARCHITECTURE
§3), a thin composition of the rooms' doors. Each door lives in its room and does one
room's work: ``core.runs`` (core/run/door.py), ``core.sessions`` (core/session/door.py),
``core.agents`` (core/team/door.py), ``core.material`` (core/material/door.py),
``core.config`` and ``core.providers`` (core/config/door.py, providers_door.py),
``core.service`` (core/service/door.py), ``core.checks`` (core/checks/door.py), ``core.plans`` (the planning room's
``PlanService``) and ``core.setup()`` (a new ``SetupService``). A new capability adds a
method to its room's door, not to this file (tests/test_doors.py). Neither the window
nor the command line sees the store, ``app.py`` or a provider module (cli/main.py's
``open_core`` builds the app once; tests/test_layering.py).

``Core`` is built by the composition root (``App.core``) from its parts (``Parts``,
``core/parts.py``: the typed seam); a ``Team`` (``core.team(reviewer, emit)``) runs
directives for one window, with that window's reviewer and event sink.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from aipa.core.checks.door import ChecksDoor
from aipa.core.config.door import ConfigDoor
from aipa.core.config.paths import Paths
from aipa.core.config.providers_door import ProvidersDoor
from aipa.core.config.settings import Settings
from aipa.core.data.door import DataDoor
from aipa.core.material.door import MaterialDoor
from aipa.core.parts import Parts
from aipa.core.run.door import RunsDoor
from aipa.core.run.reviewer import Reviewer
from aipa.core.service.door import ServiceDoor
from aipa.core.session import closing
from aipa.core.session.door import FORMATS as FORMATS  # the export formats (ui/chat/slash.py)
from aipa.core.session.door import SessionsDoor
from aipa.core.team.agents import AgentDef
from aipa.core.team.door import AgentsDoor

if TYPE_CHECKING:
    from aipa.core.doctor import Check
    from aipa.core.events import AuditReady, EventSink  # events load with the first run (`aipa runs`: never)
    from aipa.core.planning.state import PlanService
    from aipa.core.run.chat import Chat
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.setup.service import SetupService


class Team:
    """Runs directives, direct conversations, re-audits and session closes for one
    window (or one command): its pipeline reports to that window's reviewer and event
    sink. The pipeline is built when first used (ARCHITECTURE §6: the window paints
    without loading it)."""

    def __init__(self, core: Core, make_pipeline: Callable[[], Pipeline]) -> None:
        self._core = core
        self._make_pipeline = make_pipeline
        self._pipeline: Pipeline | None = None
        self._budget: float | None = None
        self.closing = closing.SessionClosing(core.app.store, lambda: self.settings, lambda: self.pipeline)

    @property
    def pipeline(self) -> Pipeline:
        if self._pipeline is None:
            self._pipeline = self._make_pipeline()
            if self._budget is not None:
                self._pipeline.settings = self._pipeline.settings.with_changes(run_budget=self._budget)
        return self._pipeline

    def limit_budget(self, budget: float) -> None:
        """A run budget for this team's runs only (``aipa run --budget``), not saved."""
        self._budget = max(0.0, budget)

    @property
    def settings(self) -> Settings:
        return self._core.app.settings_source.current

    @property
    def orchestrator(self) -> AgentDef:
        return self._core.app.agents.get(self.settings.roles["orchestrator"])

    @property
    def auditor(self) -> AgentDef:
        return self._core.app.agents.get(self.settings.roles["auditor"])

    def _turn(self, label: str):
        """The Principal's run holds its local model (a scheduled run waits behind it:
        core/service/queue.py); it never waits itself."""
        parts = self._core.app
        return parts.queue.turn(parts.model_key(), kind="principal", label=label, waits=False)

    async def run(self, directive: str, session_id: str | None = None, checks: tuple[str, ...] = ()):
        async with self._turn(directive):
            return await self.pipeline.run(directive, session_id=session_id, checks=checks)

    async def resume(self, run_id: str):
        run = self._core.app.store.get_run(run_id)
        async with self._turn(run.directive if run is not None else run_id):
            return await self.pipeline.resume(run_id)

    async def rerun(self, run_id: str, *, leads=(), feedback=(), stage: str = "", directive: str = "", briefs=()):
        """Run ``run_id`` again as its next revision: the named leads, or a stage, or the
        leads whose brief ``briefs`` edits ((lead, new brief) pairs, or a dict), or a new
        directive from routing; the rest is kept (``core/run/rerun.py``)."""
        from aipa.core.run.rerun import RerunRequest

        edited = tuple(briefs.items() if isinstance(briefs, dict) else briefs)
        request = RerunRequest(
            tuple(leads), tuple(feedback), stage, directive, tuple((str(k), str(v)) for k, v in edited)
        )
        async with self._turn(directive or run_id):
            return await self.pipeline.rerun(run_id, request)

    def chat(self, agent: str, session_id: str | None = None) -> Chat:
        """A direct conversation with ``agent`` (a new session unless ``session_id``)."""
        from aipa.core.run.chat import Chat  # the pipeline loads with the first run, not the window (ARCHITECTURE §6)

        return Chat(self.pipeline, agent, session_id)

    async def reaudit(self, run_id: str) -> AuditReady:
        from aipa.core.run.reaudit import reaudit

        return await reaudit(self.pipeline, run_id)

    async def close_session(self, session_id: str) -> bool:
        """Close the session; the orchestrator rewrites the standing brief (pending until
        done: see ``core/session/closing.py``)."""
        return await self.closing.close(session_id)

    def use_settings(self, settings: Settings) -> None:
        """Put ``settings`` in force (not saved) for every part of the app: the team's
        pipeline and runner read the one settings source at call time."""
        self._core.config.source.use(settings)


class Core:
    """Built from the core's parts (``Parts``: paths, settings source, store, agents,
    provider book, the playbooks' factories), read at call time, and the rooms' doors
    on them. ``app`` holds the parts (named so for the callers that read it, e.g. tests
    reaching the provider book)."""

    def __init__(self, parts: Parts) -> None:
        self.app: Parts = parts
        self.runs = RunsDoor(parts)
        self.data = DataDoor(
            parts.paths, lambda: parts.settings_source.current, parts.store
        )  # backups, restore, archive
        self.sessions = SessionsDoor(parts, before_trash_empty=self.data.before_trash_empty)
        self.agents = AgentsDoor(parts)
        self.material = MaterialDoor(parts)
        self.config = ConfigDoor(parts)
        self.providers = ProvidersDoor(parts)
        self.service = ServiceDoor(parts)
        self.checks = ChecksDoor(parts)  # the checks' door (issue 31): core/checks/door.py
        self._plans: PlanService | None = None

    @property
    def paths(self) -> Paths:
        return self.app.paths

    @property
    def warnings(self) -> list[str]:
        """What went wrong reading the settings, agents and database at startup."""
        return list(self.app.warnings)

    def team(self, reviewer: Reviewer, emit: EventSink) -> Team:
        return Team(self, lambda: self.app.pipeline(reviewer, emit))

    async def aclose(self) -> None:
        """Close the providers and the database (the command line, at its end)."""
        await asyncio.to_thread(self.data.wait_daily)  # a daily backup under way finishes first
        await self.app.aclose()

    @property
    def plans(self) -> PlanService:
        """The planning room's door, one ``PlanService`` shared by every plan window
        (built when first asked for: the window paints without the planner)."""
        if self._plans is None:
            from aipa.core.planning.state import PlanService

            self._plans = PlanService.of(self.app)
        return self._plans

    def setup(self, **opts) -> SetupService:
        """The setup room's door: a new ``SetupService`` for one wizard or command
        (``opts``: its test seams)."""
        from aipa.core.setup.service import SetupService

        return SetupService.of(self.app, **opts)

    async def doctor(self) -> list[Check]:
        """``aipa doctor``: the data folder, the database, the keyring, the default
        provider and its model, the profiles and the MCP servers, each checked."""
        from aipa.core.doctor import checkup

        return await checkup(
            self.paths.root,
            self.app.store,
            self.warnings,
            self.app.providers,
            self.config.profiles.kind,
            logs=self.paths.logs,
        )
