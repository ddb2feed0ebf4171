"""The bridge between the core facade and the main window: runs core operations as
asyncio tasks, draws core events through the run presenter (throttled by the live feed),
keeps the sidebar's agent states and the status bar's numbers, and hands sessions,
slash commands and the connection check to their own parts."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, Signal

from aipa import errors
from aipa.core import events as ev
from aipa.core.config.settings import Settings
from aipa.core.kinds import Activity, RunStatus, TaskStatus
from aipa.core.session.closing import session_title
from aipa.ui import cost_text, words
from aipa.ui.chat import commands
from aipa.ui.chat.agent_model import AgentModel
from aipa.ui.chat.attachments import Material
from aipa.ui.chat.connection import ConnectionCheck
from aipa.ui.chat.feed import RunFeed
from aipa.ui.chat.sessions import SessionController
from aipa.ui.chat.slash import SlashCommands
from aipa.ui.i18n import core_text
from aipa.ui.operation import OneOperation
from aipa.ui.transcript.event_text import plain
from aipa.ui.transcript.model import ChatModel
from aipa.ui.transcript.presenter import Presenter

log = logging.getLogger("aipa.ui")

QUIT_GRACE = 5.0  # seconds a quit waits for a brief update already under way
MIN_RATE_SECONDS = 0.5  # a call shorter than this (a cached or instant reply) says nothing about speed


class Controller(OneOperation, QObject):
    busyChanged = Signal(bool)
    sessionChanged = Signal(str)
    usageChanged = Signal()
    connectionChanged = Signal(str, str)  # state, detail
    briefUpdating = Signal(bool)
    directChanged = Signal(str)  # agent name or ""
    statusMessage = Signal(str)
    errorRaised = Signal(str, str)  # message, details
    # what to open (brief, agents, export, reset-brief, quit, panels, thinking, debug, roster), its argument
    requestDialog = Signal(str, str)
    sessionsChanged = Signal()
    settingsChanged = Signal(object)  # the names of the changed settings (a frozenset)
    eventReceived = Signal(object)

    def __init__(self, core, reviewer, parent=None, *, chat: ChatModel | None = None, agents: AgentModel | None = None):
        """``chat`` and ``agents``: the models the window's views already show (the window
        paints before the core exists, ARCHITECTURE §6); new ones otherwise."""
        super().__init__(parent)
        self.core = core
        self.reviewer = reviewer
        self.chat = chat if chat is not None else ChatModel(self)
        self.agents = agents if agents is not None else AgentModel(self)
        self.agents.load(core)
        self.team = core.team(reviewer, self.on_event)
        self.presenter = Presenter(
            self.chat, core.agents.look, lambda: self.team.orchestrator.name, lambda: self.team.auditor.name
        )
        self.presenter.streamed = self.agents.set_state
        self.feed = RunFeed(self.presenter, self)
        self.sessions = SessionController(self)
        self.material = Material(core, self)
        self.slash = SlashCommands(self)
        self.connection = ConnectionCheck(core, self.connectionChanged)
        if hasattr(reviewer, "answered"):
            reviewer.answered.connect(self._show_answers)
        self.session_id: str | None = None
        self.run_id: str | None = None
        self.task: asyncio.Task | None = None
        self.direct_agent = ""
        self.show_thinking = True
        self.session_tokens = 0
        self.last_rate = 0.0
        self._background: set[asyncio.Task] = set()
        self._unsubscribe = core.config.subscribe(self._settings_changed)

    def notice(self, text: str, level: str = "info") -> None:
        self.presenter.notice(text, level, self.run_id or "")

    def flush(self) -> None:
        self.feed.flush()

    @property
    def view_updates(self) -> int:
        """Throttled flushes that touched the view (tests, benchmarks)."""
        return self.feed.view_updates

    # --- events from the core (synchronous, on the loop thread) -------------------------

    def on_event(self, event) -> None:
        try:
            self.presenter.apply(event)
            self._follow(event)
        except Exception:  # a view bug must never break a run
            log.exception("could not show event %r", type(event).__name__)
        self.eventReceived.emit(event)

    def _follow(self, e) -> None:
        """What a live event changes besides the transcript: the run and session on
        screen, the sidebar's agent states, the status bar."""
        match e:
            case ev.AgentState():
                self.agents.set_state(e.agent, e.state)
            case ev.TaskChanged(status=TaskStatus.PENDING):
                self.agents.set_state(e.agent, Activity.QUEUED)
            case ev.TaskChanged(status=TaskStatus.ERROR):
                self.agents.set_state(e.agent, Activity.ERROR)
            case ev.TaskChanged(status=TaskStatus.INTERRUPTED):
                self.agents.set_state(e.agent, Activity.IDLE)
            case ev.RunStarted():
                self.run_id = e.run_id
                self.sessions.set_current(e.session_id)
                self.agents.reset_states()
            case ev.StageStarted():
                self.statusMessage.emit(self.tr("Stage: {stage}").format(stage=words.stage(e.stage)))
            case ev.RunSuspended():
                self._settle_agents()
            case ev.RunFinished():
                self._settle_agents()
                done = self.tr("Run rejected") if e.status == RunStatus.REJECTED else self.tr("Run finished")
                cost = cost_text.run_line(self.core.runs.cost(e.run_id))  # (not a transcript row: replays match live)
                # (no verdict here: the audit card shows it, once)
                self.statusMessage.emit(done + (f" · {cost}" if cost else ""))
            case ev.RunFailed():
                self._settle_agents(error=e.kind != "cancelled")
                self.statusMessage.emit(self.tr("Run stopped") if e.kind == "cancelled" else self.tr("Run failed"))
            case ev.UsageRecorded():
                self.session_tokens += e.input_tokens + e.output_tokens
                if e.seconds >= MIN_RATE_SECONDS and e.output_tokens:
                    self.last_rate = e.output_tokens / e.seconds
                self.usageChanged.emit()

    def _show_answers(self, run_id: str, answers: dict) -> None:
        for answer in answers.values():
            self.presenter.apply(ev.Answered(run_id, answer))

    def _settle_agents(self, error: bool = False) -> None:
        for row in self.agents.rows():
            if row.state not in ("idle", "done", "error"):
                self.agents.set_state(row.name, "error" if error else "idle")

    # --- running things ------------------------------------------------------------------

    def _refused(self) -> None:
        self.statusMessage.emit(self.tr("A run is in progress: stop it first (Esc)."))

    def _failed(self, exc: errors.AipaError) -> None:
        if isinstance(exc, errors.AlreadyAnswered):
            self._answered_elsewhere(exc)
            return
        if not isinstance(exc, errors.ProviderError) or self.direct_agent:  # the pipeline already showed it
            self.notice(
                plain(f"✗ {core_text(exc.message)}" + (f" — {core_text(exc.hint)}" if exc.hint else "")), "error"
            )
        self.connection.failed(exc)

    def _answered_elsewhere(self, exc: errors.AlreadyAnswered) -> None:
        """Another answer to the questions won (a terminal, another window): show the
        session as it is now stored, with the answers that were recorded, and say so."""
        if self.session_id:
            self.sessions.open(self.session_id)
        if isinstance(exc, errors.NewQuestionsWaiting):  # the team asked again meanwhile
            self.notice(self.tr("{message}. Your answers were not recorded: /resume (Ctrl+R) shows the new ones.")
                        .format(message=core_text(exc.message)), "warning")  # fmt: skip
            return
        run = self.core.runs.get(exc.run_id)
        there = run is not None and run.status == RunStatus.RUNNING and run.pid not in (None, os.getpid())
        then = (
            self.tr("The run continues there.")
            if there
            else self.tr("Continue the run with those answers: /resume (Ctrl+R).")
        )
        self.notice(
            self.tr("These questions were already answered ({where}); your answers were not recorded. {then}").format(
                where=core_text(errors.answered_where(exc.via, exc.at)), then=then
            ),
            "warning",
        )

    def _settled(self) -> None:
        self.flush()
        self.sessionsChanged.emit()

    async def submit(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        if text.startswith("/") and (commands.parse(text)[0] in self.slash.table or not self.direct_agent):
            await self.command(text)
            return
        if self.direct_agent:
            await self._operate(self._chat(text))
        elif self.busy:
            self._refused()  # the attachments stay for the next directive
        else:
            await self._operate(self._directive(text, self.material.take() if self.material.items else []))

    async def _directive(self, text: str, material: list):
        """Run a directive; the files and folder waiting in the compose box go with it."""
        session_id = self.session_id
        if material:
            session_id = session_id or self.core.sessions.create(session_title(text))
            self.sessions.set_current(session_id)
            for line in await self.material.give(session_id, material):
                self.notice(line, "warning" if line.startswith("⚠") else "info")
        return await self.team.run(text, session_id)

    async def command(self, text: str) -> None:
        await self.slash.run(text)

    async def _chat(self, text: str):
        chat = self.team.chat(self.direct_agent, self.session_id)
        self.sessions.set_current(chat.session_id)
        self.presenter.apply(ev.ChatSaid(chat.agent.name, text))
        return await chat.send(text)

    async def stop(self) -> None:
        task = self.task
        if task is not None and not task.done():  # (self.busy, spelt out for the type checker)
            task.cancel()
            self.statusMessage.emit(self.tr("Stopping…"))
            await asyncio.sleep(0)

    async def resume(self, run_id: str | None = None) -> None:
        run_id = run_id or self.core.runs.waiting(self.session_id)
        if not run_id:
            self.notice(self.tr("Nothing to resume: no run of this session is waiting."))
            return
        await self._operate(self.team.resume(run_id))

    async def reaudit(self) -> None:
        """Ask the auditor again about the last deliverable of this session."""
        run = self.core.runs.audit_target(self.session_id)
        if run is None:
            self.notice(self.tr("There is no deliverable to audit in this session yet."), "warning")
            return
        self.run_id = run.run_id
        await self.team.reaudit(run.run_id)

    async def rerun(self, run_id: str, *, leads=(), feedback=(), stage: str = "", briefs=None) -> None:
        """Run ``run_id`` again as its next revision: the named leads, or a stage, or the
        leads whose brief ``briefs`` edits ({lead or task id: brief}; ``Team.rerun``)."""
        await self._operate(self.team.rerun(run_id, leads=leads, feedback=feedback, stage=stage, briefs=briefs or {}))

    async def _prepare(self, coro):
        """Create the providers (reading their keys) off the UI thread first: a locked
        Secret Service can wait on an unlock prompt and must not freeze the window."""
        try:
            warning = await self.core.providers.warm()
        except BaseException:  # stopped while warming up: the operation never starts
            coro.close()
            raise
        if warning:
            self.notice(core_text(warning), "warning")
        return await coro

    def pending_question_run(self) -> str | None:
        return self.core.runs.pending_question(self.session_id)

    async def answer_pending(self) -> None:
        """Offer the restored session's open questions again; answering resumes the run."""
        run_id = self.pending_question_run()
        if run_id:
            self.reviewer.clarify_note = self.tr(
                "The team asked these questions before the app was closed. "
                "Answer them now to continue the run, or later."
            )
            try:
                await self.resume(run_id)
            finally:  # the deadline policy may have answered them: then no card showed the note
                self.reviewer.clarify_note = ""

    def export_to(self, fmt: str, path: Path) -> Path:
        written = self.core.sessions.export(self.session_id, fmt, path, shown=True)  # the revisions on screen
        self.notice(self.tr("Exported this session as {format} to {file}").format(format=fmt.upper(), file=written))
        return written

    # --- background work -----------------------------------------------------------------

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def shutdown(self, timeout: float = QUIT_GRACE) -> None:
        """Stop the run and release the app, quickly. The session on screen stays open:
        it is restored at the next start, and its standing brief is updated when it is
        closed (/new). A brief update already under way gets ``timeout`` seconds; if cut
        short it is done again at the next start."""
        task = self.task
        if task is not None and not task.done():  # (self.busy, spelt out for the type checker)
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - its error was reported already
                pass
        if self._background:
            _done, late = await asyncio.wait(list(self._background), timeout=timeout)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=2)
        self.feed.stop()
        self._unsubscribe()

    # --- direct conversations ------------------------------------------------------------

    def talk_to(self, agent_name: str) -> None:
        agent = self.core.agents.get(agent_name)
        if agent is None:
            return
        self.direct_agent = agent.name
        self.directChanged.emit(agent.name)
        self.statusMessage.emit(
            self.tr("Talking to {agent} alone. Back to the team: click “Team” or Esc.").format(agent=agent.name)
        )

    def talk_to_team(self) -> None:
        self.direct_agent = ""
        self.directChanged.emit("")

    async def leave_direct(self) -> None:
        self.talk_to_team()

    # --- settings and agents (the menus, /reload, the dialogs) ---------------------------

    def set_settings(self, **changes) -> None:
        """Change settings (saved); the window hears of it through the settings source."""
        for text in self.core.config.change(**changes):
            self.notice(f"⚠ {core_text(text)}", "warning")

    def apply_settings(self, settings: Settings) -> None:
        """Save and use the settings the Settings dialog or the setup wizard made."""
        for text in self.core.config.save(settings):
            self.notice(f"⚠ {core_text(text)}", "warning")

    def _settings_changed(self, _settings: Settings, changed: frozenset[str]) -> None:
        """Any change of the settings source (menus, /reload, dialogs, the wizard)."""
        if not shiboken6.isValid(self):
            return
        self.agents.load(self.core)
        self.settingsChanged.emit(changed)

    def agents_changed(self) -> None:
        self.core.agents.reload()
        self.agents.load(self.core)
