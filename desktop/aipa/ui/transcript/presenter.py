"""Core events → chat items: the one function that draws a run (ARCHITECTURE §4). A live run's
events and a stored session's transcript (``Core.sessions.transcript``: its rows as the events
they came with) go through the same code, so a run looks the same live and when its
session is opened again.

Streamed text is not applied at once: each row's newest snapshot waits in ``pending``
until a flush (the live feed throttles flushes; a replay flushes once at the end). A
completed message waits there too, so it lands after the snapshots before it, and
right after the core's current step rather than inside it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication

from aipa.core import events as ev
from aipa.core.checks.model import Check
from aipa.core.kinds import Action, Level, Purpose, RouteMode, RunStatus, Stage, TaskStatus
from aipa.core.run.workers import worker_progress
from aipa.ui.notice_words import translated, worded
from aipa.ui.transcript import later_card
from aipa.ui.transcript.checklist_text import card_markdown
from aipa.ui.transcript.event_text import (
    INTERRUPTED_TEXT,
    REJECTED_TEXT,
    answer_text,
    decision_item,
    live_text,
    notice_text,
    plain,
    routed_text,
    text,
    tool_line,
)
from aipa.ui.transcript.item_list import ItemList
from aipa.ui.transcript.model import ChatItem
from aipa.ui.transcript.rerun_text import rerun_line
from aipa.ui.transcript.rows import RunRows, quiet

translate = QCoreApplication.translate
TASK_STATUS: dict[str, str] = {
    TaskStatus.PENDING: "queued",
    TaskStatus.IN_PROGRESS: "working",
    TaskStatus.COMPLETE: "done",
    TaskStatus.ERROR: "error",
    TaskStatus.INTERRUPTED: "interrupted",
}
LIVE_TASK = (TaskStatus.PENDING, TaskStatus.IN_PROGRESS)


class Presenter(RunRows):
    """Applies core events to chat ``items`` (the chat model, or an ``ItemList``).

    ``look(name)`` gives an agent's (colour, title); ``orchestrator()`` and ``auditor()``
    the names of the agents in those roles now. The live feed sets two hooks: ``wake(final)``
    when something waits in ``pending`` (a completed message when ``final``), and
    ``streamed(agent, state, chars)`` after a row's streamed text was applied."""

    def replay(self, events: Iterable[object]) -> list[ChatItem]:
        """The items ``events`` draw (a stored session), without touching ``items``; what
        this presenter knows about the runs is kept, so live events continue them."""
        target, hooks = self.items, (self.wake, self.streamed)
        drawn = ItemList()
        self.items, self.wake, self.streamed = drawn, quiet, quiet
        try:
            for event in events:
                self.apply(event)
            self.flush()
            return drawn.items()
        finally:
            self.items, (self.wake, self.streamed) = target, hooks

    def apply(self, event: object) -> None:
        handler = HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    # --- events -------------------------------------------------------------------------

    def _delta(self, e: ev.AgentDelta) -> None:
        key = self._key(e.run_id, e.task_id, e.purpose)
        if key is None:
            return
        self._ensure(key, e.agent, e.purpose, e.run_id, e.task_id)
        slot = self.pending.setdefault(key, {})
        if "final" in slot:  # the row streams again: its completion goes first
            self.apply_pending(key, self.pending.pop(key))
            slot = self.pending.setdefault(key, {})
        if e.kind == "thinking":
            slot["thinking"] = e.snapshot
        elif e.purpose != Purpose.ROUTE:  # routing JSON is shown as the Routed message instead
            slot["content"] = e.snapshot
        self.wake(False)

    def _agent_state(self, e: ev.AgentState) -> None:
        key = f"task:{e.task_id}" if e.task_id else None
        if key and self.items.find(key) and e.state != "done":
            self._update(key, status=e.state)

    def _progress(self, e: ev.AgentProgress) -> None:
        """An open call's live state on its card (a card appears for it before its first token)."""
        key = self._key(e.run_id, e.task_id, e.purpose)
        if key is None:
            return
        item = self._ensure(key, e.agent, e.purpose, e.run_id, e.task_id)
        if item.kind == "task" and item.status in ("done", "error"):
            return
        percent = e.percent if e.state == "reading" else None
        changes: dict[str, Any] = dict(live=live_text(e), live_percent=percent)
        if not item.content and e.state != "streaming":
            changes["status"] = str(e.state)
        self._update(key, **changes)

    def _message(self, e: ev.AgentMessage) -> None:
        key = self._key(e.run_id, e.task_id, e.purpose)
        if key is None:
            return
        self._ensure(key, e.agent, e.purpose, e.run_id, e.task_id)
        changes: dict[str, Any] = dict(thinking=e.thinking, streaming=False, live="", live_percent=None)
        if e.purpose != Purpose.ROUTE:
            changes["content"] = e.content
        if e.purpose in (Purpose.CHAT, Purpose.SYNTHESIZE, Purpose.DIRECT, Purpose.AUDIT):
            changes["status"] = ""
        self._update_soon(key, **changes)

    def _run_started(self, e: ev.RunStarted) -> None:
        if e.resumed:
            resuming = translate("Presenter", "↻ Resuming run {run}: {directive}")
            self.notice(resuming.format(run=e.run_id, directive=e.directive[:120]), run_id=e.run_id)
        else:
            shown = self.pictures_of(e.run_id)
            self.items.append(ChatItem("directive", content=e.directive, run_id=e.run_id, pictures=shown))

    def _stage(self, e: ev.StageStarted) -> None:
        if e.stage == Stage.ROUTE:
            self._route_seq[e.run_id] = self._route_seq.get(e.run_id, 0) + 1
            key = self._run_key(e.run_id, Purpose.ROUTE)
            self._ensure(key, self.orchestrator(), Purpose.ROUTE, e.run_id, None)
        elif e.stage == Stage.AUDIT:
            self._audits[e.run_id] = self._audits.get(e.run_id, 0) + 1

    def _routed(self, e: ev.Routed) -> None:
        if e.mode == RouteMode.CLARIFY and e.questions:  # the card asks them; each answer's row repeats its own
            self._questions[e.run_id] = [str(q.get("text", "")) for q in e.questions]
        key = self._run_key(e.run_id, Purpose.ROUTE)
        self._ensure(key, self.orchestrator(), Purpose.ROUTE, e.run_id, None)
        said = self._route_fell_back.pop(e.run_id, "")
        self._routing_card[e.run_id] = key
        self._update_soon(key, content=routed_text(e, self.orchestrator(), said), streaming=False, status="")

    def _revising(self, e: ev.Revising) -> None:
        """An automatic revision's checks show on its family's routing card (the latest measured)."""
        if e.run_id in self._routing_card and e.next_run_id:
            self._routing_card[e.next_run_id] = self._routing_card[e.run_id]

    def _checks(self, e: ev.ChecksSet | ev.ChecksMeasured) -> None:
        """The run's checklist under its routing card (set, edited, then measured); a
        revision without a routing card of its own shows it on its review card only."""
        key = self._routing_card.get(e.run_id)
        if key is not None and self.items.find(key) is not None:
            self._update(key, checklist=card_markdown([Check.from_dict(c) for c in e.checks]))

    def _task(self, e: ev.TaskChanged) -> None:
        key = f"task:{e.task_id}"
        status = TASK_STATUS.get(e.status, e.status)
        item = self.items.find(key)
        if item is None:
            color, _title = self.look(e.agent)
            item = ChatItem("task", key=key, agent=e.agent, color=color, title=e.title, label=e.task_id)
            item.status, item.run_id, item.streaming = status, e.run_id, e.status in LIVE_TASK
            if e.status == TaskStatus.INTERRUPTED:
                item.content = text(INTERRUPTED_TEXT)
            elif e.kept:  # a re-run's kept report, as it was
                item.content, item.workers = e.kept, worker_progress(e.kept, "done")
            self.items.append(item)
            return
        changes: dict[str, Any] = dict(status=status, title=e.title)
        if e.status not in LIVE_TASK:
            changes["streaming"] = False
        if e.status == TaskStatus.ERROR and not item.content:
            error = self._lead_fell_back.pop(e.task_id, "") or notice_text(e.error)
            changes["content"] = translate("Presenter", "**Error:** {error}").format(error=error)
        if e.status == TaskStatus.INTERRUPTED and not item.content and key not in self.pending:
            changes["content"] = text(INTERRUPTED_TEXT)
        self._update(key, **changes)
        if key not in self.pending:  # else when the completion lands (apply_pending)
            self._workers(item, e.workers)

    def _deliverable(self, e: ev.DeliverableReady) -> None:
        self._revision[e.run_id] = e.revision
        for item in self.items.items():  # the leads' reports fold once the deliverable exists
            folds = item.kind == "task" and item.run_id == e.run_id and not item.collapsed
            if folds and (item.content or item.key in self.pending):
                self._update(item.key, collapsed=True)
        key = self._run_key(e.run_id, Purpose.SYNTHESIZE)
        self._ensure(key, self.orchestrator(), Purpose.SYNTHESIZE, e.run_id, None)
        label = str(e.revision) if e.revision else ""
        self._update_soon(key, content=e.text, streaming=False, status="", label=label)

    def _audit(self, e: ev.AuditReady) -> None:
        key = self._run_key(e.run_id, Purpose.AUDIT)
        self._ensure(key, self.auditor(), Purpose.AUDIT, e.run_id, None)
        self._update_soon(key, content=e.memo, verdict=e.verdict, streaming=False, status="")

    def _decided(self, e: ev.ReviewDecided) -> None:
        self.items.append(decision_item(e.run_id, e.stage, e.action, e.feedback))
        if e.action == Action.EDIT and e.stage == Stage.REVIEW:
            self._revision[e.run_id] = self._revision.get(e.run_id, 0) + 1

    def _notice(self, e: ev.Notice) -> None:
        if e.about == Purpose.ROUTE and e.run_id:
            self._route_fell_back[e.run_id] = worded(e)  # the routing row says it, once
            return
        if e.about == Purpose.AUDIT:
            return  # the memo says it (its last lines)
        lead, _, task_id = e.about.partition(" ")
        if lead == Purpose.LEAD and self.items.find(f"task:{task_id}") is not None:
            if translated():  # the card's error line says it in the window's language (the core's is English)
                self._lead_fell_back[task_id] = worded(e)
            return  # the lead's card says it (its error line)
        self.notice(("⚠ " if e.level == Level.WARNING else "") + worded(e), e.level, e.run_id)

    def _tool(self, e: ev.ToolUsed) -> None:
        """A lead's tool call and its result go into its card; any other, a notice."""
        item = self.items.find(f"task:{e.task_id}") if e.task_id else None
        if item is None:
            used = translate("Presenter", "🔧 {agent} used {tool}: {result}")
            self.notice(used.format(agent=e.agent, tool=e.tool, result=e.result[:200]), run_id=e.run_id)
            return
        self.items.update(item.key, tool_calls=(*item.tool_calls, tool_line(e.tool, e.arguments, e.result)))

    def _suspended(self, e: ev.RunSuspended) -> None:
        self.flush()
        if asked := self._questions.get(e.run_id):  # left with Later: its questions stay readable
            key = later_card.key_of(e.run_id, self._route_seq.get(e.run_id, 0))
            said = later_card.content(asked)
            self.items.append(ChatItem(later_card.KIND, key=key, content=said, level=Level.WARNING, run_id=e.run_id,
                                       resume=True))  # fmt: skip
            return
        waiting = translate("Presenter", "◐ The run is waiting: {reason}. Resume it when you are ready (Ctrl+R).")
        self.notice(waiting.format(reason=notice_text(e.reason)), Level.WARNING, e.run_id, resume=True)

    def _finished(self, e: ev.RunFinished) -> None:
        """A rejected run is over (nothing to resume): its rows stop and a notice says so."""
        if e.status != RunStatus.REJECTED:
            return
        self.flush()
        self.stop_streaming(e.run_id, "")
        self.notice(text(REJECTED_TEXT), Level.WARNING, e.run_id)

    def _failed(self, e: ev.RunFailed) -> None:
        self.flush()
        stopped = e.kind == "cancelled"
        self.stop_streaming(e.run_id, "interrupted" if stopped else "error")
        if stopped:
            stopped_text = translate("Presenter", "■ Stopped. The run can continue where it stopped (Ctrl+R).")
            self.notice(stopped_text, Level.WARNING, e.run_id, resume=True)
        else:
            said = f"✗ {notice_text(e.error)}" + (f" — {notice_text(e.hint)}" if e.hint else "")
            self.notice(plain(said), Level.ERROR, e.run_id)

    def _answered(self, e: ev.Answered) -> None:
        """An answer, under the question it answers (answers come in the questions' order)."""
        waiting = self._questions.get(e.run_id) or []
        question = waiting.pop(0) if waiting else ""
        self.items.append(ChatItem("answer", content=answer_text(question, e.text), run_id=e.run_id))
        later = self.items.find(later_card.key_of(e.run_id, self._route_seq.get(e.run_id, 0)))
        if later is not None and later.resume:  # the Later card's questions are answered: its button goes
            self.items.update(later.key, content=later_card.answered(later.content), resume=False, level=Level.INFO)

    def _rerun_started(self, e: ev.RerunStarted) -> None:
        """A re-run's summary at the top of its revision: what runs again, what is kept."""
        self.items.append(ChatItem("notice", key=f"rerun:{e.run_id}", content=rerun_line(e), run_id=e.run_id))

    def _stamped(self, e: ev.Stamped) -> None:
        """A replayed row's time: the rows it draws show it (a live row gets the time now)."""
        if isinstance(self.items, ItemList):
            self.items.clock = e.at

    def _chat_said(self, e: ev.ChatSaid) -> None:
        self._chat_seq += 1
        self.items.append(ChatItem("chat_user", content=e.text, agent=e.agent))


# Each handler takes the events of its own type: Any, as a dict cannot say that to mypy.
HANDLERS: dict[type, Callable[[Presenter, Any], None]] = {
    ev.AgentDelta: Presenter._delta,
    ev.AgentState: Presenter._agent_state,
    ev.AgentProgress: Presenter._progress,
    ev.AgentMessage: Presenter._message,
    ev.RunStarted: Presenter._run_started,
    ev.StageStarted: Presenter._stage,
    ev.Routed: Presenter._routed,
    ev.TaskChanged: Presenter._task,
    ev.ChecksSet: Presenter._checks,
    ev.ChecksMeasured: Presenter._checks,
    ev.Revising: Presenter._revising,
    ev.RerunStarted: Presenter._rerun_started,
    ev.DeliverableReady: Presenter._deliverable,
    ev.AuditReady: Presenter._audit,
    ev.ReviewDecided: Presenter._decided,
    ev.Notice: Presenter._notice,
    ev.ToolUsed: Presenter._tool,
    ev.RunSuspended: Presenter._suspended,
    ev.RunFinished: Presenter._finished,
    ev.RunFailed: Presenter._failed,
    ev.Answered: Presenter._answered,
    ev.ChatSaid: Presenter._chat_said,
    ev.Stamped: Presenter._stamped,
}
