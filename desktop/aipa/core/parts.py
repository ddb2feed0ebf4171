"""What the core is built from: the typed seam between the composition root
(``app.py``, which builds one ``Parts`` from the data folder) and the core (``Core``,
``SetupService.of``, ``PlanService.of`` take it). It holds the data folder's paths,
the one live settings source, the store, the agents, the provider book and the
start-up warnings, and assembles from them what a run needs: the directive pipeline,
the planning playbook, the documents library, the grounding and the standing brief.

Parts are read at call time, so a change of settings or agents reaches everything
built from them. The playbooks are imported when first asked for: a command that only
reads the store (``aipa runs``) does not load them, nor does the window before its
first run.
"""

from __future__ import annotations

import logging
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from aipa.core.config import profiles
from aipa.core.config.paths import Paths
from aipa.core.config.provider_book import ProviderBook
from aipa.core.config.settings import Settings, SettingsSource
from aipa.core.session.memory import StandingBrief
from aipa.core.team.agent_registry import AgentRegistry
from aipa.providers.kinds import KINDS
from aipa.store import Store

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from aipa.core.events import EventSink
    from aipa.core.material.grounding import Grounding
    from aipa.core.material.picture_shelf import PictureShelf
    from aipa.core.material.retrieval import Library
    from aipa.core.planning.planner import Planner
    from aipa.core.run.pipeline import Pipeline
    from aipa.core.run.reviewer import Reviewer
    from aipa.core.service.queue import ModelQueue

    Playbook = TypeVar("Playbook", Pipeline, Planner)

log = logging.getLogger("aipa")


@dataclass
class Parts:
    """``settings_source`` is the one live holder of the settings (``current``,
    ``update``, ``reload``, ``use``, ``subscribe``); ``settings`` reads its ``current``
    (assigning puts new settings in force without saving)."""

    paths: Paths
    settings_source: SettingsSource
    store: Store
    agents: AgentRegistry
    providers: ProviderBook
    warnings: list[str] = field(default_factory=list)
    queue: ModelQueue = field(default_factory=lambda: _new_queue())  # one run at a time per local model

    def model_key(self) -> str | None:
        """The local model this app's runs use (core/service/queue.py); None: a cloud one."""
        from aipa.core.service.queue import model_key

        return model_key(self.providers, self.agents, self.settings)

    @property
    def settings(self) -> Settings:
        """The settings in force (``settings_source.current``)."""
        return self.settings_source.current

    @settings.setter
    def settings(self, value: Settings) -> None:
        self.settings_source.use(value)

    # --- the playbooks -------------------------------------------------------------------

    def pipeline(self, reviewer: Reviewer | None = None, emit: EventSink | None = None) -> Pipeline:
        """The directive pipeline, reporting to ``reviewer`` and ``emit``."""
        from aipa.core.run.pipeline import Pipeline

        pipeline = self._playbook(Pipeline, reviewer, emit)
        pipeline.grounding = self.grounding(pipeline.reviewer)
        pipeline.grounding.pictures, pipeline.grounding.book = self.pictures(), self.providers
        return pipeline

    def planner(self, reviewer: Reviewer | None = None, emit: EventSink | None = None) -> Planner:
        """The planning playbook."""
        from aipa.core.planning.planner import Planner

        return self._playbook(Planner, reviewer, emit)

    def _playbook(self, cls: type[Playbook], reviewer: Reviewer | None, emit: EventSink | None) -> Playbook:
        from aipa.core.events import guarded, null_sink
        from aipa.core.run.reviewer import AutoReviewer
        from aipa.core.run.runner import Runner
        from aipa.core.team.agent_tools import make_agent_tools

        reviewer = reviewer or AutoReviewer()
        sink = guarded(emit or null_sink)
        runner = Runner(self.providers.resolve, self.store, sink, self.settings_source, price=self.pricer())
        from aipa.core.material.seeing import Viewer

        runner.pictures = Viewer(self.pictures(), self.store)
        tools = make_agent_tools(self.agents, self.paths.agents, reviewer.confirm_tool, self.provider_list)
        return cls(
            store=self.store,
            agents=self.agents,
            settings=self.settings_source,
            runner=runner,
            reviewer=reviewer,
            emit=sink,
            tools=tools,
            brief=self.brief(),
        )

    def pricer(self):
        """What a call costs in money (core/run/cost.py), from the data folder's price table."""
        from aipa.core.run import cost

        table = cost.load(self.paths.root)
        return cost.pricer(table, lambda name: profiles.resolve(self.settings.providers, name).kind)

    def trial(
        self, settings: Settings, reviewer: Reviewer, emit: EventSink
    ) -> tuple[Pipeline, Callable[[], Awaitable[None]]]:
        """A pipeline for candidate ``settings`` (the setup wizard's test run): providers
        of its own, no command-line route, and a throw-away database in a temporary
        folder, so a test run never enters the session history; returned with the
        coroutine function that closes those providers and removes that database. The
        app's own settings, providers and store are untouched."""
        providers = self.providers.fresh(settings)
        scratch = tempfile.TemporaryDirectory(prefix="aipa-trial-")
        store = Store(Path(scratch.name) / "trial.db")
        twin = replace(self, settings_source=SettingsSource.fixed(settings), providers=providers, store=store)

        async def close() -> None:
            try:
                await providers.aclose()
            finally:
                store.close()
                scratch.cleanup()

        return twin.pipeline(reviewer, emit), close

    # --- the Principal's material ----------------------------------------------------------

    def library(self) -> Library:
        """The sessions' attached documents: keyword search, plus vectors when the default
        provider can embed and its options name an ``embed_model`` (e.g. nomic-embed-text);
        ``embed_weight`` (default ``VECTOR_WEIGHT``) is how much its ranking counts against keyword search."""
        from aipa.core.material.retrieval import VECTOR_WEIGHT, Library

        name = self.providers.default_name()
        options = self.settings.providers.get(name, {})
        model = str(options.get("embed_model", "")) if isinstance(options, dict) else ""
        if not model:  # (a malformed entry is reported when the provider is built)
            return Library(self.store)
        try:
            embed = getattr(self.providers.get(name), "embed", None)
        except Exception as exc:  # noqa: BLE001 - no provider (a missing key): keyword search alone
            log.warning("no embeddings from %s (%s); keyword search only", name, exc)
            embed = None
        if embed is None:
            return Library(self.store)
        try:
            weight = float(options.get("embed_weight", VECTOR_WEIGHT))
        except (TypeError, ValueError):
            log.warning("providers.%s.embed_weight is not a number; using %s", name, VECTOR_WEIGHT)
            weight = VECTOR_WEIGHT
        return Library(
            self.store,
            embedder=lambda texts: embed(texts, model),
            embed_model=f"{name}:{model}",
            vector_weight=weight,
        )

    def grounding(self, reviewer: Reviewer | None = None) -> Grounding:
        """The Principal's material a pipeline works from: documents, the granted folder and the
        MCP servers in the settings (a call that may change things asks ``reviewer`` first)."""
        from aipa.core.material.folder import granted
        from aipa.core.material.grounding import Grounding
        from aipa.core.run.reviewer import AutoReviewer

        hub = None
        if self.settings.mcp_servers:
            from aipa.core.material.mcp_client import McpHub

            reviewer = reviewer or AutoReviewer(confirm_tools=False)
            hub = McpHub(
                self.settings.mcp_servers,
                getattr(reviewer, "confirm_tool_call", reviewer.confirm_tool),
                allowed=getattr(reviewer, "allowed_tools", ()),  # `aipa run --allow-tools NAME,…`
                protected=[self.paths.root],  # no tool may read or change AIPA's own files
            )
        folder_of = lambda session_id: granted(self.store, session_id)  # noqa: E731
        return Grounding(self.library(), folder_of, hub, budget=lambda: self.settings.num_ctx)

    def material(self) -> Grounding:
        """The documents and the granted folder alone (no MCP servers started): what a
        citation clicked in the window is resolved against, as the auditor resolves it."""
        from aipa.core.material.folder import granted
        from aipa.core.material.grounding import Grounding

        return Grounding(self.library(), lambda session_id: granted(self.store, session_id))

    def pictures(self) -> PictureShelf:
        """The attached pictures, kept in the data folder, sized by ``picture_longest_side``."""
        from aipa.core.material.picture_shelf import PictureShelf

        return PictureShelf(self.store, self.paths.pictures, lambda: self.settings.picture_longest_side)

    def brief(self) -> StandingBrief:
        return StandingBrief(self.store, lambda: self.settings.brief_retention)

    def provider_list(self) -> list[dict[str, Any]]:
        """The provider profiles agents may name (configured ones, then the bare kinds)."""
        named = profiles.listed(self.settings.providers, self.settings.provider)
        named += [profiles.resolve({}, k) for k in KINDS if k not in {p.name for p in named}]
        return [
            {"name": p.name, "kind": p.kind, "label": p.label, "needs_key": p.needs_key,
             "default": p.name == self.settings.provider}
            for p in named
        ]  # fmt: skip

    async def aclose(self) -> None:
        await self.providers.aclose()
        self.store.close()


def _new_queue() -> ModelQueue:
    from aipa.core.service.queue import ModelQueue

    return ModelQueue()
