"""The runs as a history: the listing ``aipa runs`` prints (each run with its clarify
gate, after the deadline policy of lapsed question sets has run) and the route a resume
takes (the provider, model and base URL the run was started with)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aipa.core.run import clarify

if TYPE_CHECKING:
    from aipa.core.config.settings import Settings
    from aipa.store import Store
    from aipa.store.records import RunRecord


@dataclass(frozen=True)
class ListedRun:
    run: RunRecord
    clarify: dict[str, Any] | None  # the run's clarify gate (``clarify.describe``), None: no questions


def listing(store: Store, settings: Settings, limit: int) -> list[ListedRun]:
    """The latest ``limit`` runs, newest first. A lapsed question set's deadline policy
    runs first, so the listing shows what it did."""
    clarify.lapse_all(store, settings)
    return [ListedRun(r, clarify.describe(store, settings, r.run_id)) for r in store.list_runs(limit=limit)]


def resume_route(run: RunRecord | None, given: tuple[str, str, str]) -> tuple[str, str, str] | None:
    """The (provider, model, base URL) a resume of ``run`` takes: what this command line
    gave (``given``, the same three), completed with what the run was started with. None
    when that changes nothing: no such run, a run with no recorded origin, or another
    provider given (it brings its own model and URL)."""
    if run is None or not (run.provider or run.model or run.base_url):
        return None
    provider, model, base_url = given
    if provider and provider != run.provider:
        return None
    merged = (provider or run.provider, model or run.model, base_url or run.base_url)
    return None if merged == given else merged
