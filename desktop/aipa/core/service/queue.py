"""One run at a time per local model (issue 35): a run whose orchestrator talks to a
model on this computer or its network (``endpoints.on_this_network``, or a kind that is
local by its record) takes that model's turn; a scheduled run that would overlap the
current one waits in line ("scheduled run waits for the current one") and starts when
the model is free, first come first served. A run the Principal starts (the window, the
command line) or a service starts (an MCP host, the local API) never waits: it holds the
model, so the scheduled runs wait behind it. A cloud model has no line: its runs start
at once. One queue per process (``Parts.queue``): the window's schedule timer, its chat
and its local endpoint share it; what waits is shown by the window (the Inbox and the
status bar) from ``waiting()``, and ``subscribe`` tells it when that changes."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.core.config.provider_book import ProviderBook
    from aipa.core.config.settings import Settings
    from aipa.core.team.agent_registry import AgentRegistry

log = logging.getLogger("aipa.queue")

PRINCIPAL = "principal"  # a run the Principal started: it never waits
SCHEDULE = "schedule"


@dataclass(eq=False)
class Turn:
    """One run's place: the model it uses (``key``), who started it (``kind``: principal,
    schedule, mcp, api), what it does (``label``: the directive) and, for a schedule's,
    its id. ``ready`` is set when the run may start."""

    key: str
    kind: str
    label: str
    schedule_id: str = ""
    since: datetime = field(default_factory=lambda: datetime.now(UTC))
    ready: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(frozen=True)
class Waiting:
    """A run that waits, as the window shows it: what it is and what it waits for."""

    kind: str
    label: str
    schedule_id: str
    since: datetime
    behind: str  # the directive of the run that holds the model
    model: str  # the model's key (server and model)


class ModelQueue:
    """The runs that hold each local model and the runs waiting for it."""

    def __init__(self) -> None:
        self._holding: dict[str, list[Turn]] = {}
        self._line: dict[str, deque[Turn]] = {}
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` whenever a run starts waiting or leaves the line; returns
        what unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception as exc:  # noqa: BLE001 - a broken view never stops a run
                log.warning("a queue listener failed: %r", exc)

    @asynccontextmanager
    async def turn(
        self, key: str | None, *, kind: str, label: str, schedule_id: str = "", waits: bool = True
    ) -> AsyncIterator[Turn | None]:
        """Hold model ``key`` while the block runs (None: a cloud model, nothing held).
        ``waits``: wait while another run holds it or waits for it (a scheduled run);
        otherwise hold it at once (the Principal's, a service's)."""
        if key is None:
            yield None
            return
        turn = Turn(key, kind, label, schedule_id)
        line = self._line.setdefault(key, deque())
        if waits and (self._holding.get(key) or line):
            line.append(turn)
            log.info("%s run %r waits for the model %s", kind, label[:60], key)
            self._changed()
            try:
                await turn.ready.wait()
            except BaseException:
                if turn in line:
                    line.remove(turn)
                    self._changed()
                else:  # it was handed the model as it was cancelled: pass it on
                    self._release(turn)
                raise
        else:
            self._holding.setdefault(key, []).append(turn)
            turn.ready.set()
        try:
            yield turn
        finally:
            self._release(turn)

    def _release(self, turn: Turn) -> None:
        holding = self._holding.get(turn.key, [])
        if turn in holding:
            holding.remove(turn)
        line = self._line.get(turn.key)
        if not holding and line:
            following = line.popleft()
            holding.append(following)
            self._holding[turn.key] = holding
            following.ready.set()
            self._changed()

    def waiting(self) -> list[Waiting]:
        """Every run that waits, oldest first, with the run it waits for."""
        out = []
        for key, line in self._line.items():
            holding = self._holding.get(key) or []
            behind = holding[0].label if holding else ""
            out += [Waiting(t.kind, t.label, t.schedule_id, t.since, behind, key) for t in line]
        return sorted(out, key=lambda w: w.since)

    def holding(self, key: str) -> list[Turn]:
        """The runs that hold model ``key`` now."""
        return list(self._holding.get(key) or [])


def model_key(book: ProviderBook, agents: AgentRegistry, settings: Settings) -> str | None:
    """The local model a run uses, as the queue names it (its orchestrator's profile
    kind, server and model); None for a cloud model (no queue)."""
    try:
        route = book.route(agents.get(settings.roles["orchestrator"]))
        profile, model = route.profile, route.model
    except Exception:  # noqa: BLE001 - no orchestrator agent: the default profile's model
        profile = book.default_name()
        model = book.default_model(profile)
    if not book.is_local(profile):
        return None
    return " ".join(p for p in (book.kind(profile), book.url(profile), model) if p)
