"""The core facade: the one object the window and the command line talk to (ARCHITECTURE
§3). Sessions, runs, agents, settings, the providers' catalogue, search, export,
re-audit, usage, the standing brief and the connection check, each delegated to the
core class that does the work. Neither sees the store, ``app.py`` or a provider module (cli/main.py's
``open_core`` builds the app once; tests/test_layering.py).

``Core`` is built by the composition root (``App.core``) from its parts (``Parts``,
``core/parts.py``: the typed seam); a ``Team``
(``core.team(reviewer, emit)``) runs directives for one window, with that window's
reviewer and event sink.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.config import catalogue, installed, keyring_check, secrets
from aipa.core.config.paths import Paths
from aipa.core.config.profile_book import ProfileBook
from aipa.core.config.settings import Settings, SettingsSource, changed_fields, load_settings, save_settings
from aipa.core.data.door import DataDoor
from aipa.core.parts import Parts
from aipa.core.run import raw_replies as raw_record
from aipa.core.run import revisions
from aipa.core.run.reviewer import Reviewer
from aipa.core.session import closing, last_session
from aipa.core.session import export as exporting
from aipa.core.session import search as searching
from aipa.core.session.memory import StandingBrief
from aipa.core.session.search import SearchHit
from aipa.core.session.search import snippet as snippet  # re-exported (tests, older callers)
from aipa.core.session.trash import Trash
from aipa.core.team import roster as team_roster
from aipa.core.team.agents import AgentDef, save_agent
from aipa.core.text.words import QT_TRANSLATE_NOOP

log = logging.getLogger("aipa.core")

LAST_SESSION = last_session.KEY
CONNECTION_TIMEOUT = 8.0
WAITING = ("suspended", "interrupted", "failed")  # a directive run in one of these can be resumed
FORMATS = tuple(exporting.FORMATS)

if TYPE_CHECKING:
    from aipa.core.doctor import Check
    from aipa.core.events import AuditReady, EventSink  # events load with the first run (`aipa runs`: never)
    from aipa.core.planning.state import PlanService
    from aipa.core.run.chat import Chat
    from aipa.core.run.history import ListedRun
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.service.schedule import Scheduler
    from aipa.core.setup.service import SetupService
    from aipa.providers.base import Provider
    from aipa.store.records import RunRecord


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
        self.closing = closing.SessionClosing(core._store, lambda: self.settings, lambda: self.pipeline)

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

    async def run(self, directive: str, session_id: str | None = None):
        return await self.pipeline.run(directive, session_id=session_id)

    async def resume(self, run_id: str):
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
        self._core.settings_source.use(settings)


class Core:
    """Built from the core's parts (``Parts``: paths, settings source, store, agents,
    provider book, the playbooks' factories), read at call time. ``app`` holds them
    (named so for the callers that read it, e.g. tests reaching the provider book)."""

    def __init__(self, parts: Parts) -> None:
        self.app: Parts = parts
        self._store = parts.store
        self._plans: PlanService | None = None
        self._serve_token: tuple[str, str] | None = None
        self.data = DataDoor(parts.paths, lambda: parts.settings_source.current, parts.store)  # backups, restore, archive

    # --- the data folder and startup ----------------------------------------------------

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

    # --- the Principal's material: attached documents, a granted folder --------------------

    async def attach(self, session_id: str, paths, progress=None):
        """Attach files to a session (converted in a worker thread; ``progress(name, done, total)``).
        Returns an ``AttachReport``: what was attached, and a one-line error per file that was not."""
        return await self.app.library().attach(session_id, paths, progress)

    async def prepare_document(self, path, progress=None):
        """Check and convert one file now (in a worker thread; ``progress(name, done, total)``
        is called from that thread) and keep its text, attached to no session yet: the
        window does this when a file is dropped, and ``attach`` at send finds it converted.
        Raises DocumentError (a one-line message and a hint)."""
        return await self.app.library().prepare(path, progress)

    async def check_folder(self, path) -> tuple[int, str]:
        """(files, warning line or '') of a folder that may be granted, walked in a worker
        thread (a folder of 100,000 files takes a while). Raises FolderError."""
        from aipa.core.material.folder import GrantedFolder

        folder = await asyncio.to_thread(GrantedFolder, path)
        walk = await asyncio.to_thread(folder.walk)
        return len(walk.files), folder.notice()

    async def grant(self, session_id: str, path) -> str:
        """``grant_folder`` without blocking: the folder is walked in a worker thread.
        Returns a warning line or ''; raises FolderError."""
        from aipa.core.material.folder import grant

        _files, notice = await self.check_folder(path)
        grant(self._store, session_id, path)
        return notice

    def documents(self, session_id: str) -> list:
        return self.app.library().documents(session_id)

    def excerpt(self, session_id: str, name: str, place: str) -> str:
        """The text a citation ``[name, place]`` in a deliverable points at: an attached document's
        excerpt or a granted folder's file part ('' when it points nowhere)."""
        return "\n\n".join(e.text for e in self.app.material().at(session_id, name, place))

    def grant_folder(self, session_id: str, path) -> str:
        """Grant one folder to the session (read-only for the team); returns a warning line or ''.
        Raises FolderError (a one-line message and a hint) when it is not a folder."""
        from aipa.core.material.folder import grant

        return grant(self._store, session_id, path).notice()

    # --- sessions ------------------------------------------------------------------------

    def sessions(self, query: str = "") -> list:
        """Sessions, newest first; with ``query``, those whose messages match it (full text)."""
        return searching.sessions(self._store, query)

    def search(self, query: str, limit: int = 50) -> list[SearchHit]:
        """Messages matching ``query`` (full text), best first, each with a snippet."""
        return searching.search(self._store, query, limit)

    def session(self, session_id: str):
        return self._store.get_session(session_id) if session_id else None

    def create_session(self, title: str = "") -> str:
        return self._store.create_session(title)

    def rename_session(self, session_id: str, title: str) -> None:
        self._store.rename_session(session_id, title)

    def pin_session(self, session_id: str, pinned: bool = True) -> None:
        """Keep the session at the top of the list (or not)."""
        self._store.pin_session(session_id, pinned)

    def delete_session(self, session_id: str) -> None:
        """Delete for good (the window puts a session in the ``trash`` instead)."""
        self._store.delete_session(session_id)

    @property
    def trash(self) -> Trash:
        """The sessions' Trash: put, restore, items, empty (kept 30 days)."""
        return Trash(self._store, before_empty=self.data.before_trash_empty)

    def has_messages(self, session_id: str | None) -> bool:
        return bool(session_id and self._store.messages(session_id, limit=1))

    def transcript(self, session_id: str) -> list:
        """The session's stored rows as the events its runs emitted live (for replay)."""
        from aipa.core.session.transcript import session_events

        return session_events(self._store, session_id)

    def last_session(self) -> str | None:
        """The session open when the window last closed (None if it is gone)."""
        last = self._store.get_meta(LAST_SESSION) or ""
        record = self._store.get_session(last) if last else None
        return last if record is not None and record.deleted_at is None else None

    def remember_session(self, session_id: str | None) -> None:
        self._store.set_meta(LAST_SESSION, session_id or "")

    def briefs_pending(self) -> list[str]:
        """Sessions whose standing-brief update is due (``team.closing.catch_up`` does them)."""
        return closing.pending(self._store)

    # --- runs ----------------------------------------------------------------------------

    def runs(self, session_id: str | None, limit: int = 100) -> list:
        """The session's runs, newest first (none for no session)."""
        return self._store.list_runs(limit=limit, session_id=session_id) if session_id else []

    def run(self, run_id: str | None) -> RunRecord | None:
        return self._store.get_run(run_id) if run_id else None

    def run_history(self, limit: int) -> list[ListedRun]:
        """The latest runs of every session, each with its clarify gate (``aipa runs``)."""
        from aipa.core.run.history import listing

        return listing(self._store, self.settings, limit)

    def resume_route(self, run_id: str | None) -> tuple[str, str, str] | None:
        """Put in force, for the resume of ``run_id``, the (provider, model, base URL) it
        was started with where this command line gave none; returns them (None: unchanged)."""
        from aipa.core.run.history import resume_route

        given = self.app.providers.override
        route = resume_route(self.run(run_id), (given.provider, given.model, given.base_url))
        if route is not None:
            self.app.providers = self.app.providers.routed(type(given)(*route, send_key=given.send_key))
        return route

    def revisions(self, run_id: str) -> list[RunRecord]:
        """Every revision of the run ``run_id`` belongs to, oldest first ([] for no such run)."""
        return self._store.revisions(run_id) if self._store.get_run(run_id) else []

    def run_families(self, session_id: str) -> dict[str, tuple[str, ...]]:
        """Each run of the session -> the run ids of its revisions, oldest first."""
        return revisions.families(self._store, session_id)

    def shown_revision(self, run_id: str) -> str:
        """The revision of ``run_id``'s family the window shows (the latest unless one was chosen)."""
        return revisions.shown(self._store, run_id)

    def show_revision(self, run_id: str) -> None:
        """Show the revision ``run_id`` of its family from now on (it survives a restart)."""
        revisions.show(self._store, run_id)

    def compare_revisions(self, old_run: str, new_run: str):
        """Two revisions' deliverables word by word (``core/text/diff.Comparison``)."""
        from aipa.core.text.diff import compare

        old, new = self._store.get_run(old_run), self._store.get_run(new_run)
        return compare((old.deliverable or "") if old else "", (new.deliverable or "") if new else "")

    def call_states(self, run_id: str) -> dict:
        """Each model call of the run: ok, re-asked or fell back, and the replies cut at their budget."""
        from aipa.core.run import call_states

        return call_states.of_run(self._store, run_id)

    def tasks(self, run_id: str | None) -> list:
        return self._store.tasks(run_id) if run_id else []

    def raw_replies(self, run_id: str | None) -> list[raw_record.RawReply]:
        """What each agent of the run replied, unparsed, in order (``/debug``)."""
        return raw_record.of_run(self._store, run_id)

    def trace(self, run_id: str):
        """The run as a timeline (``core/run/trace.Trace``; None: no such run)."""
        from aipa.core.run import trace

        return trace.of_run(self._store, run_id)

    def run_cost(self, run_id: str) -> dict:
        """What the run cost: tokens, seconds, money; per stage, lead and revision."""
        from aipa.core.run import cost

        return cost.summary(self._store.calls(run_id=run_id), tasks=self._store.tasks(run_id))

    def session_cost(self, session_id: str) -> dict:
        from aipa.core.run import cost

        return cost.summary(self._store.calls(session_id=session_id))

    def last_run_id(self, session_id: str | None) -> str | None:
        runs = self.runs(session_id, limit=1)
        return runs[0].run_id if runs else None

    def waiting_run(self, session_id: str | None) -> str | None:
        """The session's latest directive run that can be resumed."""
        for run in self.runs(session_id, limit=50):
            if run.status in WAITING and run.kind == "directive":
                return run.run_id
        return None

    def pending_question_run(self, session_id: str | None) -> str | None:
        """The directive run of the session whose clarifying questions are unanswered, or
        whose questions the ``proceed`` deadline policy answered while it waited (it goes
        on by itself when the window opens); a plan's questions belong to its plan window."""
        if not session_id:
            return None
        for question in self._store.pending_questions(session_id):
            run = self._store.get_run(question.run_id)
            if run is not None and run.kind == "directive":
                return run.run_id
        from aipa.core.run.clarify import goes_on_by_itself

        waiting = self.waiting_run(session_id)  # its deadline passed while it was closed (`aipa runs` applied it)
        return waiting if waiting and goes_on_by_itself(self._store, waiting) else None

    def audit_target(self, session_id: str | None):
        """The session's latest run with a deliverable, for ``/audit``."""
        from aipa.core.run.reaudit import audit_target

        return audit_target(self._store, session_id)

    def usage_totals(self, *, session_id: str | None = None, run_id: str | None = None) -> dict:
        return self._store.usage_totals(session_id=session_id, run_id=run_id)

    def session_tokens(self, session_id: str | None) -> int:
        if not session_id:
            return 0
        totals = self.usage_totals(session_id=session_id)
        return totals["input_tokens"] + totals["output_tokens"]

    def export(self, session_id: str, fmt: str, path: Path, run_id: str | None = None, *, shown: bool = False) -> Path:
        """Write the session (or one run of it) as md, html or json; returns the file. With
        ``shown``, of each run with several revisions only the one shown (the window's)."""
        leave_out = revisions.hidden(self._store, session_id) if shown else set()
        return exporting.export_session(self._store, session_id, fmt, Path(path), run_id, leave_out=leave_out)

    # --- agents --------------------------------------------------------------------------

    def agents(self) -> list[AgentDef]:
        return self.app.agents.all()

    def agent_names(self) -> list[str]:
        return self.app.agents.names()

    def agent(self, name: str) -> AgentDef | None:
        return self.app.agents.find(name) if name else None

    def shipped_agent(self, name: str) -> AgentDef | None:
        """The shipped definition of ``name`` (None for the Principal's own agents)."""
        return self.app.agents.shipped(name)

    def agent_look(self, name: str) -> tuple[str, str]:
        """(colour, title) of an agent, tolerant of agents deleted since."""
        agent = self.agent(name)
        return (agent.color, agent.title) if agent else ("#8a94a6", "")

    def agent_route(self, agent: AgentDef) -> tuple[str, str]:
        """(provider, model) the agent will use, without creating the provider."""
        route = self.app.providers.route(agent)
        return route.profile, route.model or "default"

    def roster(self) -> team_roster.Roster:
        """The team roster the recruiter keeps in the agents folder, brought up to date."""
        return team_roster.sync(self.app.agents.user_dir, self.agents())

    def roster_file(self) -> Path:
        return team_roster.roster_path(self.app.agents.user_dir)

    def save_agent(self, agent: AgentDef) -> AgentDef:
        """Write the agent to the Principal's folder (an edit of a known agent keeps its
        file) and reload the agents."""
        existing = self.agent(agent.name)
        if existing is not None:
            agent = replace(agent, path=existing.path, builtin=existing.builtin)
        save_agent(self.app.agents.user_dir, agent)
        self.app.agents.reload()
        return agent

    def delete_agent(self, name: str) -> None:
        self.app.agents.delete_user_agent(name)

    def reload_agents(self, *, only_if_changed: bool = False) -> None:
        if only_if_changed:
            self.app.agents.reload_if_changed()
        else:
            self.app.agents.reload()

    # --- setup and plans -----------------------------------------------------------------

    def setup(self, **opts) -> SetupService:
        """The setup wizard's work: a new ``SetupService`` (``opts``: its test seams)."""
        from aipa.core.setup.service import SetupService

        return SetupService.of(self.app, **opts)

    def plans(self) -> PlanService:
        """The plan operations, one ``PlanService`` shared by every plan window."""
        if self._plans is None:
            from aipa.core.planning.state import PlanService

            self._plans = PlanService.of(self.app)
        return self._plans

    def schedules(self, now: Callable[[], datetime] | None = None) -> Scheduler:
        """Scheduled directives and the Inbox (core/service/schedule.py); ``now``: the clock."""
        from aipa.core.service.schedule import Scheduler

        return Scheduler(self.app, now)

    def serve_token(self) -> tuple[str, str]:
        """The endpoint's bearer token and where it is kept (made at first use, kept in
        the keyring; "this start only" without one). Read from the keyring once, then
        from memory: the window's endpoint asks at every request."""
        from aipa.core.service import token

        if self._serve_token is None:
            self._serve_token = token.ensure()
        return self._serve_token

    def new_serve_token(self) -> str:
        """A new endpoint token in the keyring; the old one is refused from now on."""
        from aipa.core.service import token

        value = token.regenerate()
        self._serve_token = (value, "keyring")
        return value

    # --- settings ------------------------------------------------------------------------

    @property
    def settings_source(self) -> SettingsSource:
        """The one live holder of the settings (``current``, ``update``, ``subscribe``)."""
        return self.app.settings_source

    @property
    def settings(self) -> Settings:
        return self.settings_source.current

    async def probe_mcp_server(self, entry: dict, timeout: float | None = None):
        """Start one MCP server entry and list its tools (Settings' Test): a ``Probe``."""
        from aipa.core.material.mcp_probe import PROBE_TIMEOUT, probe

        return await probe(entry, timeout or PROBE_TIMEOUT)

    def subscribe_settings(self, callback) -> Callable[[], None]:
        """``callback(settings, changed_field_names)`` after each change; returns unsubscribe."""
        return self.settings_source.subscribe(callback)

    def save_settings(self, settings: Settings) -> list[str]:
        """Save ``settings`` and use them now, everywhere; returns the warnings."""
        source = self.settings_source
        if source.path is None:  # a fixed source (tests, trials): the data folder's file is written here
            save_settings(self.paths.settings, settings)
            source.use(settings)
            return []
        changed = changed_fields(source.current, settings)
        return source.update(**{name: getattr(settings, name) for name in changed})

    def change_settings(self, **changes) -> list[str]:
        """Change some settings (saved, in force now); returns the warnings."""
        if self.settings_source.path is None:
            return self.save_settings(self.settings.with_changes(**changes))
        return self.settings_source.update(**changes)

    def reload(self) -> list[str]:
        """Read the settings and the agents from disk again; returns the warnings."""
        source = self.settings_source
        if source.path is None:
            settings, warnings = load_settings(self.paths.settings)
            source.use(settings)
        else:
            warnings = source.reload()
        self.app.agents.reload()
        return warnings + self.app.agents.all_warnings(self.settings)

    def _use(self, settings: Settings) -> None:
        self.settings_source.use(settings)

    async def refresh_providers(self) -> None:
        """Close the providers: they are built again, with the new settings and keys, on next use."""
        await self.app.providers.aclose()

    def catalogue(self) -> tuple[catalogue.ProviderInfo, ...]:
        return catalogue.CATALOGUE

    # --- the standing brief --------------------------------------------------------------

    def brief(self) -> StandingBrief:
        return self.app.brief()

    def update_brief(self, text: str, reason: str = "edited in the app") -> None:
        self.brief().set(text, reason)

    def reset_brief(self) -> None:
        self.brief().reset()

    # --- the provider ---------------------------------------------------------------------

    def provider_summary(self) -> tuple[str, str]:
        """(provider, model) of the default provider, for the status bar."""
        providers = self.app.providers
        name = providers.default_name()
        return name, providers.default_model(name) or QT_TRANSLATE_NOOP("Core", "default model")

    def provider_kind(self, name: str = "") -> str:
        """The kind of provider profile ``name`` (default: the default provider's)."""
        return self.app.providers.kind(name or self.app.providers.default_name())

    def provider(self, name: str = "") -> Provider:
        """The provider of profile ``name`` (the default one unless named), built on first use."""
        return self.app.providers.get(name or self.app.providers.default_name())

    def provider_is_local(self) -> bool:
        """Whether the default provider runs on this computer."""
        return self.app.providers.is_local(self.app.providers.default_name())

    async def models(self, provider: str = "", timeout: float = installed.LIST_TIMEOUT) -> list[installed.ModelEntry]:
        """The models the provider profile (the default one unless named) has now: name,
        size on disk when known, local or remote. Raises TimeoutError or the provider's error."""
        providers = self.app.providers
        name = provider or providers.default_name()
        return await installed.installed_models(
            providers, name, providers.url(name), timeout, kind=providers.kind(name)
        )

    def current_model(self) -> str:
        """The model the default profile's agents use now: the settings' (or the command
        line's), else the provider's own default when it has one ('' when the server picks)."""
        providers = self.app.providers
        name = providers.default_name()
        return providers.default_model(name) or str(getattr(providers.get(name), "default_model", "") or "")

    def other_profiles(self) -> list[str]:
        """The provider profiles besides the one in use, for the model picker: none while
        the command line routes every agent (``--provider``, ``--dry-run``: they win)."""
        providers = self.app.providers
        if providers.override:
            return []
        return [p.name for p in self.profiles.all() if p.name != providers.default_name()]

    def use_model(self, profile: str, model: str) -> list[str]:
        """Make ``profile`` the default provider profile, with ``model`` (the model picker).
        The old default's own server URL (``base_url``) stays on its profile; the new
        default's comes from its own. Returns the warnings."""
        settings = self.settings
        changes: dict = {"provider": profile, "model": model}
        if profile != settings.provider:
            providers = {k: dict(v) if isinstance(v, dict) else v for k, v in settings.providers.items()}
            if settings.base_url:
                old = providers.get(settings.provider)
                old = old if isinstance(old, dict) else {"kind": settings.provider}
                if not old.get("base_url"):
                    providers[settings.provider] = {**old, "base_url": settings.base_url}
                    changes["providers"] = providers
            new = providers.get(profile)
            url = new.get("base_url", "") if isinstance(new, dict) else ""
            changes["base_url"] = url if isinstance(url, str) else ""
        return self.change_settings(**changes)

    @property
    def profiles(self) -> ProfileBook:
        """The provider profiles: list, add or change, remove, and each one's key."""
        return ProfileBook(lambda: self.settings, self.change_settings, self.agents)

    async def check_connection(self) -> tuple[str, str]:
        """(state, detail): dry run, connected or unreachable (with the reason)."""
        name = self.app.providers.default_name()
        if self.app.providers.kind(name) == "scripted":
            return "dry run", QT_TRANSLATE_NOOP("Core", "scripted provider: canned answers, no model")
        try:
            provider = self.app.providers.get(name)
            await asyncio.wait_for(provider.list_models(), CONNECTION_TIMEOUT)
            return "connected", ""
        except (TimeoutError, errors.AipaError, OSError) as exc:
            return "unreachable", getattr(exc, "hint", "") or str(exc)
        except Exception as exc:  # noqa: BLE001 - a provider bug must not stop the window
            log.warning("connection check failed: %r", exc)
            return "unreachable", str(exc)

    async def warm_providers(self) -> str:
        """Create the providers the agents use (reading their keys) in a worker thread: a
        locked Secret Service can wait on an unlock prompt. Returns a warning ('' if none)."""
        providers = self.app.providers
        names = providers.names_in_use(self.agents())
        try:
            await keyring_check.in_thread(providers.warm, names, timeout=keyring_check.PROBE_TIMEOUT)
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
            return "The keyring did not answer (locked?): API keys come from the environment for this session."
        except errors.AipaError:
            pass  # the run itself reports it, with its hint
        return ""

    async def doctor(self) -> list[Check]:
        """``aipa doctor``: the data folder, the database, the keyring, the default
        provider and its model, the profiles and the MCP servers, each checked."""
        from aipa.core.doctor import checkup

        return await checkup(self.paths.root, self._store, self.warnings, self.app.providers, self.profiles.kind)
