"""The core facade: the one object the window talks to (DESIGN §2). Sessions, runs,
agents, settings, the providers' catalogue, search, export, re-audit, usage, the
standing brief and the connection check, each delegated to the core class that does
the work. The window never sees the store, ``app.py`` or a provider module.

``Core`` is built by the composition root (``App.core``) from its parts; a ``Team``
(``core.team(reviewer, emit)``) runs directives for one window, with that window's
reviewer and event sink.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.config import catalogue, installed, keyring_check, secrets
from aipa.core.config.paths import Paths
from aipa.core.config.profile_book import ProfileBook
from aipa.core.config.settings import Settings, SettingsSource, changed_fields, load_settings, save_settings
from aipa.core.events import AuditReady, EventSink
from aipa.core.run import raw_replies as raw_record
from aipa.core.run.reviewer import Reviewer
from aipa.core.session import export as exporting
from aipa.core.session import last_session
from aipa.core.session.memory import PENDING_KEY as BRIEF_PENDING
from aipa.core.session.memory import StandingBrief
from aipa.core.session.transcript import session_events
from aipa.core.team import roster as team_roster
from aipa.core.team.agents import AgentDef, save_agent

log = logging.getLogger("aipa.core")

LAST_SESSION = last_session.KEY
CONNECTION_TIMEOUT = 8.0
WAITING = ("suspended", "interrupted", "failed")  # a directive run in one of these can be resumed
FORMATS = tuple(exporting.FORMATS)

if TYPE_CHECKING:
    from aipa.core.planning.state import PlanService
    from aipa.core.run.chat import Chat
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.setup.service import SetupService


@dataclass(frozen=True)
class SearchHit:
    session_id: str
    run_id: str
    kind: str
    agent: str
    snippet: str  # the matching message, shortened around the first match


def snippet(text: str, query: str, width: int = 120) -> str:
    """``text`` shortened to about ``width`` characters around the first word of ``query``."""
    flat = " ".join(text.split())
    words = [w for w in query.casefold().split() if w]
    at = min((i for i in (flat.casefold().find(w) for w in words) if i >= 0), default=0)
    start = max(0, at - width // 3)
    cut = flat[start : start + width]
    return ("…" if start else "") + cut + ("…" if start + width < len(flat) else "")


class Team:
    """Runs directives, direct conversations, re-audits and session closes for one
    window: its pipeline reports to that window's reviewer and event sink. The pipeline
    is built when first used (issue 13: the window paints without loading it)."""

    def __init__(self, core: Core, make_pipeline: Callable[[], Pipeline]) -> None:
        self._core = core
        self._make_pipeline = make_pipeline
        self._pipeline: Pipeline | None = None

    @property
    def pipeline(self) -> Pipeline:
        if self._pipeline is None:
            self._pipeline = self._make_pipeline()
        return self._pipeline

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

    def chat(self, agent: str, session_id: str | None = None) -> Chat:
        """A direct conversation with ``agent`` (a new session unless ``session_id``)."""
        from aipa.core.run.chat import Chat  # the pipeline loads with the first run, not the window (issue 13)

        return Chat(self.pipeline, agent, session_id)

    async def reaudit(self, run_id: str) -> AuditReady:
        from aipa.core.run.reaudit import reaudit

        return await reaudit(self.pipeline, run_id)

    async def close_session(self, session_id: str) -> bool:
        """Close the session; the orchestrator rewrites the standing brief."""
        return await self.pipeline.close_session(session_id)

    def use_settings(self, settings: Settings) -> None:
        """Put ``settings`` in force (not saved) for every part of the app: the team's
        pipeline and runner read the one settings source at call time."""
        self._core.settings_source.use(settings)


class Core:
    """Built from the composition root's ``App`` (its parts are read at call time). The
    setup wizard and the plan windows (ui/wizard, ui/plan) still take that App itself,
    as ``core.app``, until they move to the facade."""

    def __init__(self, app) -> None:
        self.app = app
        self._store = app.store
        self._plans: PlanService | None = None

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
        """The text a citation ``[name, place]`` in a deliverable points at ('' when it points nowhere)."""
        return "\n\n".join(c.text for c in self.app.library().at(session_id, name, place))

    def grant_folder(self, session_id: str, path) -> str:
        """Grant one folder to the session (read-only for the team); returns a warning line or ''.
        Raises FolderError (a one-line message and a hint) when it is not a folder."""
        from aipa.core.material.folder import grant

        return grant(self._store, session_id, path).notice()

    # --- sessions ------------------------------------------------------------------------

    def sessions(self, query: str = "") -> list:
        """Sessions, newest first; with ``query``, those whose messages match it (full text)."""
        if not query.strip():
            return self._store.list_sessions()
        ids = dict.fromkeys(hit.session_id for hit in self.search(query, limit=200))
        return [s for s in (self._store.get_session(sid) for sid in ids) if s is not None]

    def search(self, query: str, limit: int = 50) -> list[SearchHit]:
        """Messages matching ``query`` (full text), best first, each with a snippet."""
        return [
            SearchHit(m.session_id, m.run_id or "", m.kind, m.agent, snippet(m.content, query))
            for m in self._store.search_messages(query, limit=limit)
        ]

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
        self._store.delete_session(session_id)

    def has_messages(self, session_id: str | None) -> bool:
        return bool(session_id and self._store.messages(session_id, limit=1))

    def transcript(self, session_id: str) -> list:
        """The session's stored rows as the events its runs emitted live (for replay)."""
        return session_events(self._store, session_id)

    def last_session(self) -> str | None:
        """The session open when the window last closed (None if it is gone)."""
        last = self._store.get_meta(LAST_SESSION) or ""
        return last if last and self._store.get_session(last) is not None else None

    def remember_session(self, session_id: str | None) -> None:
        self._store.set_meta(LAST_SESSION, session_id or "")

    def briefs_pending(self) -> list[str]:
        """Sessions whose standing-brief update was cut short (redone at the next start)."""
        return (self._store.get_meta(BRIEF_PENDING) or "").split()

    def mark_brief_pending(self, session_id: str, pending: bool) -> None:
        ids = [s for s in self.briefs_pending() if s != session_id] + ([session_id] if pending else [])
        try:
            self._store.set_meta(BRIEF_PENDING, " ".join(ids) or None)
        except errors.StoreError as exc:  # a read-only database: the update itself still runs
            log.warning("could not note the pending brief update: %s", exc)

    # --- runs ----------------------------------------------------------------------------

    def runs(self, session_id: str | None, limit: int = 100) -> list:
        """The session's runs, newest first (none for no session)."""
        return self._store.list_runs(limit=limit, session_id=session_id) if session_id else []

    def run(self, run_id: str | None):
        return self._store.get_run(run_id) if run_id else None

    def tasks(self, run_id: str | None) -> list:
        return self._store.tasks(run_id) if run_id else []

    def raw_replies(self, run_id: str | None) -> list[raw_record.RawReply]:
        """What each agent of the run replied, unparsed, in order (``/debug``)."""
        return raw_record.of_run(self._store, run_id)

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

    def export(self, session_id: str, fmt: str, path: Path, run_id: str | None = None) -> Path:
        """Write the session (or one run of it) as md, html or json; returns the file."""
        return exporting.export_session(self._store, session_id, fmt, Path(path), run_id)

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
        providers = self.app.providers
        if providers.override.provider or providers.override.model:
            name = providers.default_name()
            return name, providers.default_model(name) or "default"
        name = agent.provider or self.settings.provider
        return name, agent.model or providers.default_model(name) or "default"

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

    # --- settings ------------------------------------------------------------------------

    @property
    def settings_source(self) -> SettingsSource:
        """The one live holder of the settings (``current``, ``update``, ``subscribe``)."""
        return self.app.settings_source

    @property
    def settings(self) -> Settings:
        return self.settings_source.current

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
        return name, providers.default_model(name) or "default model"

    def provider_is_local(self) -> bool:
        """Whether the default provider runs on this computer."""
        name = self.app.providers.default_name()
        return installed.is_local(self._kind(name), self._base_url(name))

    def _kind(self, name: str) -> str:
        return self.profiles.kind(name)

    def _base_url(self, name: str) -> str:
        settings = self.settings
        entry = settings.providers.get(name, {})
        url = entry.get("base_url", "") if isinstance(entry, dict) else ""
        return (
            url
            or (settings.base_url if name == settings.provider else "")
            or getattr(catalogue.provider(self._kind(name)), "default_url", "")
        )

    async def models(self, provider: str = "", timeout: float = installed.LIST_TIMEOUT) -> list[installed.ModelEntry]:
        """The models the provider profile (the default one unless named) has now: name,
        size on disk when known, local or remote. Raises TimeoutError or the provider's error."""
        name = provider or self.app.providers.default_name()
        return await installed.installed_models(
            self.app.providers, name, self._base_url(name), timeout, kind=self._kind(name)
        )

    @property
    def profiles(self) -> ProfileBook:
        """The provider profiles: list, add or change, remove, and each one's key."""
        return ProfileBook(self)

    async def check_connection(self) -> tuple[str, str]:
        """(state, detail): dry run, connected or unreachable (with the reason)."""
        name = self.app.providers.default_name()
        if name == "scripted":
            return "dry run", "scripted provider: canned answers, no model"
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
