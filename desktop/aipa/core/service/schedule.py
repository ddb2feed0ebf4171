"""Scheduled directives: add, list, remove, what is due, run one, and the Inbox (the
runs schedules started, with the gate each waits at). Runs go through the desk
(core/service/desk.py), so every gate waits for the Principal: a clarify question or a
review waits in the Inbox, across restarts. An occurrence runs once: it is claimed in
the database first (store/schedules.py), and only the latest missed occurrence of a
schedule runs (never a backlog). The clock is injected (``now``) so tests set it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from aipa import errors
from aipa.core.events import Event, RunStarted
from aipa.core.kinds import RunStatus, Stage
from aipa.core.run.reviewer import Decision, Question, ReviewItem, SuspendingReviewer
from aipa.core.service import recurrence

if TYPE_CHECKING:
    from aipa.core.parts import Parts
    from aipa.store.records import RunRecord
    from aipa.store.schedules import ScheduleRow as ScheduleRow  # re-exported: the command line names it

log = logging.getLogger("aipa.schedule")

LATE = timedelta(minutes=2)  # an occurrence started later than this was missed (the app was closed)
TRANSPORT = "schedule"  # where a scheduled run's question sets were asked
WAITING = "waiting for the Principal"
QUEUED = "queued"  # an InboxItem's ``waiting`` while it waits for its model (core/service/queue.py)


class WaitsForThePrincipal(SuspendingReviewer):
    """Nobody is at the screen when a schedule fires: every gate suspends the run (it
    waits in the Inbox, across restarts); write tools are refused (nobody confirms them)."""

    def __init__(self) -> None:
        super().__init__(confirm_tools=False)
        self.transport = TRANSPORT

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        return None

    async def review(self, item: ReviewItem) -> Decision | None:
        return None


@dataclass(frozen=True)
class Due:
    """One occurrence to run: the schedule, its time (UTC) and whether it was missed."""

    schedule: ScheduleRow
    slot: datetime
    missed: bool


@dataclass(frozen=True)
class InboxItem:
    """A run a schedule started (or a service's run that waits), as the Inbox lists it."""

    run_id: str  # '' for a scheduled run that waits for its model (not started yet)
    session_id: str
    schedule_id: str
    directive: str
    status: str
    stage: str
    waiting: str  # "questions", "review", another gate's stage, QUEUED, or "" when nothing waits
    verdict: str
    slot: str
    missed: bool
    kind: str = "schedule"  # who started it: schedule, mcp, api
    behind: str = ""  # QUEUED: the directive of the run it waits for

    @property
    def origin(self) -> str:
        """Who started it, in words: its schedule, or the service (MCP, the local API)."""
        if self.kind == "schedule":
            return f"schedule {self.schedule_id}"
        return SERVICES.get(self.kind, self.kind)


SERVICES = {"mcp": "an MCP host (aipa mcp-serve)", "api": "the local API (aipa serve)"}


def when(row: ScheduleRow) -> str:
    return recurrence.describe(row.recurrence, row.days, row.at, row.tz)


class Scheduler:
    """The schedules of one data folder, over the core's parts (``Core.service.schedules``)."""

    def __init__(self, parts: Parts, now: Callable[[], datetime] | None = None) -> None:
        self.parts = parts
        self.store = parts.store
        self.now = now or (lambda: datetime.now(UTC))

    # --- the schedules -------------------------------------------------------------------

    def add(
        self,
        directive: str,
        kind: str,
        days: str,
        at: str,
        tz: str = "",
        *,
        profile: str = "",
        attachments: Sequence[str] = (),
        folder: str = "",
    ) -> ScheduleRow:
        """A checked new schedule: the recurrence, the zone, the files and folder (kept as
        absolute paths: a timer starts elsewhere) and the profile must all exist."""
        if not directive.strip():
            raise errors.UsageError("the directive is empty", "say what the team should do on schedule")
        tz = tz or recurrence.local_zone()
        rule = recurrence.parse(kind, days, at, tz)
        files = tuple(str(Path(p).expanduser().resolve()) for p in attachments)
        missing = [p for p in files if not Path(p).is_file()]
        if missing:
            raise errors.UsageError(f"no such file: {missing[0]}", "give attachments as paths on this computer")
        if folder:
            folder = str(Path(folder).expanduser().resolve())
            if not Path(folder).is_dir():
                raise errors.UsageError(f"no such folder: {folder}", "give a folder on this computer")
        if profile and profile not in self._profiles():
            raise errors.UsageError(f"no provider profile {profile}", "list them with `aipa providers list`")
        return self.store.add_schedule(
            directive.strip(), kind, rule.days, f"{rule.at:%H:%M}", tz,
            profile=profile, attachments=files, folder=folder, created_at=self.now(),
        )  # fmt: skip

    def _profiles(self) -> set[str]:
        from aipa.core.config import profiles

        settings = self.parts.settings_source.current
        return {p.name for p in profiles.listed(settings.providers, settings.provider)}

    def all(self) -> list[ScheduleRow]:
        return self.store.schedules()

    def get(self, schedule_id: str) -> ScheduleRow:
        row = self.store.schedule(schedule_id)
        if row is None:
            raise errors.UsageError(f"no schedule {schedule_id}", "list them with `aipa schedule list`")
        return row

    def remove(self, schedule_id: str) -> None:
        self.get(schedule_id)
        self.store.remove_schedule(schedule_id)

    # --- when ----------------------------------------------------------------------------

    def _rule(self, row: ScheduleRow) -> recurrence.Recurrence:
        return recurrence.parse(row.recurrence, row.days, row.at, row.tz)

    def next_due(self, row: ScheduleRow) -> datetime:
        """The next occurrence after now (UTC)."""
        return self._rule(row).next_after(self.now())

    def pending(self, row: ScheduleRow) -> Due | None:
        """The latest occurrence at or before now that has not run (nor been claimed), and
        came after the schedule was made: one, however many were missed."""
        now = self.now()
        slot = self._rule(row).last_before(now)
        if slot is None:
            return None
        anchor = row.last_slot or row.created_at
        if anchor and recurrence.utc_iso(slot) <= recurrence.utc_iso(datetime.fromisoformat(anchor)):
            return None
        return Due(row, slot, missed=now - slot > LATE)

    def due(self) -> list[Due]:
        """Every schedule's pending occurrence."""
        return [d for row in self.all() if (d := self.pending(row)) is not None]

    # --- running -------------------------------------------------------------------------

    async def run(
        self, schedule_id: str, *, only_due: bool = False, on_event: Callable[[Event], None] | None = None
    ) -> dict | None:
        """Run a schedule now (``aipa schedule run``): its pending occurrence is claimed
        with it, so it does not run again. ``only_due`` (``aipa run --scheduled``, an OS
        timer): run only a pending occurrence nobody claimed; None when there is none."""
        row = self.get(schedule_id)
        due = self.pending(row)
        if due is None:
            if only_due:
                return None
            due = Due(row, self.now(), missed=False)
        return await self._start(due, on_event, required=only_due)

    async def run_due(self, on_event: Callable[[Event], None] | None = None) -> list[tuple[Due, dict]]:
        """Run each pending occurrence once (the window's timer, and its catch-up at start:
        ``Due.missed`` says which were missed). A run that fails is reported in its
        summary; the others still run."""
        started: list[tuple[Due, dict]] = []
        for due in self.due():
            try:
                summary = await self._start(due, on_event, required=True)
            except errors.AipaError as exc:
                log.warning("schedule %s did not run: %s", due.schedule.schedule_id, exc.message)
                summary = {"error": exc.message, "hint": exc.hint}
            if summary is not None:
                started.append((due, summary))
        return started

    async def _start(self, due: Due, on_event: Callable[[Event], None] | None, *, required: bool) -> dict | None:
        row, slot = due.schedule, recurrence.utc_iso(due.slot)
        claimed = self.store.claim_slot(row.schedule_id, slot)
        if required and not claimed:
            return None  # another process (the window, an OS timer) runs this occurrence
        from aipa.core.session.closing import session_title

        log.info("schedule %s: the occurrence of %s%s", row.schedule_id, slot, " (missed)" if due.missed else "")

        started: list[str] = []

        def forward(event: Event) -> None:
            if isinstance(event, RunStarted) and not event.resumed:
                self.store.link_scheduled_run(event.run_id, row.schedule_id, slot, due.missed)
                started.append(event.run_id)
            if on_event is not None:
                on_event(event)

        session_id = None
        if row.attachments or row.folder:
            session_id = self.store.create_session(session_title(row.directive))
            if row.attachments:
                await self.parts.library().attach(session_id, [Path(p) for p in row.attachments], None)
            if row.folder:
                from aipa.core.material.folder import grant

                grant(self.store, session_id, row.folder)
        pipeline, close, key = self._pipeline(row.profile, forward)
        queue = self.parts.queue
        turned = False
        try:
            async with queue.turn(key, kind="schedule", label=row.directive, schedule_id=row.schedule_id):
                turned = True
                result = await pipeline.run(row.directive, session_id=session_id)
        except asyncio.CancelledError:
            if claimed and not turned:  # closed while it waited: the next start runs it (as missed)
                self.store.unclaim_slot(row.schedule_id, slot, row.last_slot)
            raise
        finally:
            if close is not None:
                await close()
            self._finished(started)
        run = self.store.get_run(result.run_id)
        assert run is not None
        return {**summary(run), "schedule_id": row.schedule_id, "slot": slot, "missed": due.missed}

    def _finished(self, started: list[str]) -> None:
        """Record how the runs this process drove stood when it stopped driving them."""
        for run_id in started:
            run = self.store.get_run(run_id)
            self.store.finish_service_run(run_id, str(run.status) if run is not None else "failed")

    def _pipeline(self, profile: str, emit: Callable[[Event], None]):
        """The pipeline for one scheduled run, what closes it and the local model it
        waits for (None: a cloud one): a schedule's own profile gets its own provider
        book (the app's stays as it is)."""
        from dataclasses import replace

        from aipa.core.config.provider_book import Override, ProviderBook
        from aipa.core.events import guarded

        parts, reviewer = self.parts, WaitsForThePrincipal()
        if not profile:
            return parts.pipeline(reviewer, guarded(emit)), None, parts.model_key()
        if profile not in self._profiles():
            raise errors.UsageError(f"no provider profile {profile}", "list them with `aipa providers list`")
        book = ProviderBook(parts.settings_source, Override(profile), parts.paths)
        twin = replace(parts, providers=book)
        return twin.pipeline(reviewer, guarded(emit)), book.aclose, twin.model_key()

    # --- the Inbox -----------------------------------------------------------------------

    def inbox_mark(self) -> tuple:
        """Changes when the Inbox would (one cheap query, for a window that polls, and
        the runs this process has waiting for their model)."""
        return (*self.store.inbox_mark(), tuple((w.schedule_id, w.since) for w in self.parts.queue.waiting()))

    def queued(self) -> list[InboxItem]:
        """The scheduled runs of this process that wait for their model, oldest first:
        not started yet (no run id), each with the run it waits for."""
        return [
            InboxItem("", "", w.schedule_id, w.label, QUEUED, "", QUEUED, "", w.since.isoformat(), False,
                      kind=w.kind, behind=w.behind)
            for w in self.parts.queue.waiting()
        ]  # fmt: skip

    def inbox(self, limit: int = 20) -> list[InboxItem]:
        """The scheduled runs that wait for their model, then the runs schedules started
        and the services' runs that wait, newest first, each with the gate it waits at."""
        items = self.queued()
        for link in self.store.scheduled_runs(limit):
            run = self.store.get_run(link.run_id)
            if run is None:
                continue
            waiting = ""
            if run.status in (RunStatus.SUSPENDED, RunStatus.INTERRUPTED):
                asked = [q for q in self.store.questions(run.run_id, stage=Stage.CLARIFY) if q.answer is None]
                waiting = "questions" if asked else str(run.stage or "")
            items.append(
                InboxItem(
                    run.run_id, run.session_id, link.schedule_id, run.directive, str(run.status),
                    str(run.stage or ""), waiting, str(run.verdict or ""), link.slot, link.missed, link.kind,
                )
            )  # fmt: skip
        return items


def summary(run: RunRecord) -> dict:
    """What a command line or the window is told about a scheduled run."""
    out = {"run_id": run.run_id, "session_id": run.session_id, "status": str(run.status), "stage": str(run.stage or "")}
    if run.status in (RunStatus.SUSPENDED, RunStatus.INTERRUPTED):
        out.update(
            waiting=WAITING,
            message=f"{WAITING} at {run.stage}: decide in the window's Inbox or with `aipa run --resume {run.run_id}`",
        )
    elif run.status == RunStatus.FAILED:
        out.update(error=run.error or "", message=f"failed; continue with `aipa run --resume {run.run_id}`")
    else:
        out.update(deliverable=run.deliverable or "", verdict=str(run.verdict or ""))
    return out
