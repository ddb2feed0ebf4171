"""Core events → chat items: the one function that draws a run (DESIGN §2). A live run's
events and a stored session's transcript (``Core.transcript``: its rows as the events
they came with) go through the same code, so a run looks the same live and when its
session is opened again.

Streamed text is not applied at once: each row's newest snapshot waits in ``pending``
until a flush (the live feed throttles flushes; a replay flushes once at the end). A
completed message waits there too, so it lands after the snapshots before it, and
right after the core's current step rather than inside it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from aipa.core import events as ev
from aipa.core.kinds import Action, Level, Purpose, RouteMode, RunStatus, Stage, TaskStatus
from aipa.core.run.workers import WorkerProgress, worker_progress
from aipa.ui.transcript.model import ChatItem
from aipa.ui.transcript.slicer import drain

KIND_OF = {
    Purpose.ROUTE: "routing",
    Purpose.SYNTHESIZE: "deliverable",
    Purpose.DIRECT: "deliverable",
    Purpose.AUDIT: "audit",
    Purpose.CHAT: "chat_agent",
}
TASK_STATUS = {
    TaskStatus.PENDING: "queued",
    TaskStatus.IN_PROGRESS: "working",
    TaskStatus.COMPLETE: "done",
    TaskStatus.ERROR: "error",
    TaskStatus.INTERRUPTED: "interrupted",
}
LIVE_TASK = (TaskStatus.PENDING, TaskStatus.IN_PROGRESS)
INTERRUPTED_TEXT = "*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*"
DECISION_TEXT = {Action.ACCEPT: "✓ Accepted", Action.EDIT: "✎ Changes requested", Action.REJECT: "✗ Rejected"}
DECISION_LEVEL = {Action.ACCEPT: "ok", Action.EDIT: "warning", Action.REJECT: "error"}  # theme.level_color
ROUTED_TEXT = {RouteMode.DELEGATE: "Delegating.", RouteMode.DIRECT: "I'll answer this myself."}
REJECTED_TEXT = "✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again."


def plain(text: str) -> str:
    """Backticks from command-line hints, as quotes (the window is not a terminal)."""
    parts = text.split("`")
    if len(parts) < 3 or len(parts) % 2 == 0:
        return text.replace("`", "")
    return "".join(f"“{p}”" if i % 2 else p for i, p in enumerate(parts))


def decision_item(run_id: str, stage: str, action: str, feedback: str) -> ChatItem:
    what = "task briefs" if stage == Stage.PLAN_REVIEW else "deliverable"
    text = f"{DECISION_TEXT.get(action, action)} — {what}" + (f": “{feedback}”" if feedback else "")
    return ChatItem("decision", content=text, level=DECISION_LEVEL.get(action, "info"), run_id=run_id)


def _code(text: str, limit: int) -> str:
    flat = " ".join(text.split()).replace("`", "'")
    return "`" + (flat if len(flat) <= limit else flat[: limit - 1] + "…") + "`"


def tool_line(tool: str, arguments: dict, result: str, limit: int = 240) -> str:
    """One tool call as a markdown line: ``⚙ server.tool {arguments} → result`` (the
    result as quoted data, without the ``<data>`` wrapper the model saw)."""
    shown = tool.replace("__", ".", 1)
    body = re.sub(r'^<data source="[^"]*">\s*|\s*</data>$', "", result.strip())
    args = json.dumps(arguments, ensure_ascii=False)
    mark = "✗" if body.startswith("Error:") else "→"
    return f"⚙ **{shown}** {_code(args, 160)} {mark} {_code(body, limit)}"


def routed_text(e: ev.Routed) -> str:
    text = e.message or ROUTED_TEXT.get(e.mode, "")
    if e.mode == RouteMode.CLARIFY and e.questions:
        text += "\n\n" + "\n".join(f"{i + 1}. {q['text']}" for i, q in enumerate(e.questions))
    if e.fallback:
        text += "\n\n*(routing fell back to a default plan)*"
    return text


class ItemList:
    """Chat items in a plain list, with the chat model's reading and editing calls: a
    replay is drawn here, then shown in one insertion."""

    def __init__(self) -> None:
        self._items: list[ChatItem] = []
        self._rows: dict[str, int] = {}
        self.clock = 0.0  # when the stored rows being drawn happened (``Stamped``)

    def items(self) -> list[ChatItem]:
        return list(self._items)

    def find(self, key: str) -> ChatItem | None:
        row = self._rows.get(key)
        return None if row is None else self._items[row]

    def append(self, item: ChatItem) -> ChatItem:
        if item.key and item.key in self._rows:
            return self.update(
                item.key, **{k: v for k, v in item.__dict__.items() if k not in ("uid", "version", "key")}
            )
        if item.key:
            self._rows[item.key] = len(self._items)
        if not item.at:
            item.at = self.clock
        self._items.append(item)
        return item

    def update(self, key: str, **changes) -> ChatItem | None:
        item = self.find(key)
        if item is not None:
            for name, value in changes.items():
                setattr(item, name, value)
        return item


def _quiet(*_args) -> None:
    pass


class Presenter:
    """Applies core events to chat ``items`` (the chat model, or an ``ItemList``).

    ``look(name)`` gives an agent's (colour, title); ``orchestrator()`` and ``auditor()``
    the names of the agents in those roles now. The live feed sets two hooks: ``wake(final)``
    when something waits in ``pending`` (a completed message when ``final``), and
    ``streamed(agent, state, chars)`` after a row's streamed text was applied."""

    def __init__(self, items, look: Callable, orchestrator: Callable[[], str], auditor: Callable[[], str]) -> None:
        self.items = items
        self.look = look
        self.orchestrator = orchestrator
        self.auditor = auditor
        self.pending: dict[str, dict] = {}
        self.wake: Callable[[bool], None] = _quiet
        self.streamed: Callable[[str, str, int], None] = _quiet
        self.reset()

    def reset(self) -> None:
        """Forget every run (a session is opened, or a new one started)."""
        self.pending.clear()
        self._route_seq: dict[str, int] = {}
        self._revision: dict[str, int] = {}
        self._audits: dict[str, int] = {}
        self._chat_seq = 0

    def replay(self, events: Iterable) -> list[ChatItem]:
        """The items ``events`` draw (a stored session), without touching ``items``; what
        this presenter knows about the runs is kept, so live events continue them."""
        target, hooks = self.items, (self.wake, self.streamed)
        self.items, self.wake, self.streamed = ItemList(), _quiet, _quiet
        try:
            for event in events:
                self.apply(event)
            self.flush()
            return self.items.items()
        finally:
            self.items, (self.wake, self.streamed) = target, hooks

    def apply(self, event) -> None:
        handler = HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    def flush(self) -> None:
        """Apply everything pending now."""
        drain(self.pending, self.apply_pending)

    def notice(self, text: str, level: str = "info", run_id: str = "") -> ChatItem:
        return self.items.append(ChatItem("notice", content=text, level=level, run_id=run_id))

    # --- rows ---------------------------------------------------------------------------

    def _key(self, run_id: str, task_id: str | None, purpose: str) -> str | None:
        if task_id:
            return f"task:{task_id}"
        kind = KIND_OF.get(purpose)
        if kind == "routing":
            return f"{run_id}:route:{self._route_seq.get(run_id, 0)}"
        if kind == "deliverable":
            return f"{run_id}:deliverable:{self._revision.get(run_id, 0)}"
        if kind == "audit":
            return f"{run_id}:audit:{self._audits.get(run_id, 0)}"
        if kind == "chat_agent":
            return f"chat:{self._chat_seq}"
        return None  # memory rewrites and other background calls are not shown

    def _ensure(self, key: str, agent: str, purpose: str, run_id: str, task_id: str | None) -> ChatItem:
        item = self.items.find(key)
        if item is not None:
            return item
        color, title = self.look(agent)
        kind = KIND_OF.get(purpose, "task")
        label = task_id or ""
        if kind == "deliverable" and self._revision.get(run_id):
            label = str(self._revision[run_id])
        item = ChatItem(kind, key=key, agent=agent, color=color, title=title, label=label, run_id=run_id)
        item.streaming, item.status = True, "waiting"
        return self.items.append(item)

    def _update_soon(self, key: str, **changes) -> None:
        """Apply ``changes`` (a completed message) at the next flush, replacing the
        row's streamed snapshots."""
        slot = self.pending.setdefault(key, {})
        slot.pop("content", None)
        slot.pop("thinking", None)
        slot.setdefault("final", {}).update(changes)
        self.wake(True)

    def _update(self, key: str, **changes) -> None:
        """Apply ``changes`` now, or after the row's pending completion, in order."""
        slot = self.pending.get(key)
        if slot is not None and "final" in slot:
            slot["final"].update(changes)
        else:
            self.items.update(key, **changes)

    def apply_pending(self, key: str, slot: dict) -> None:
        """Apply what waited for one row: its completion, or its newest snapshots."""
        item = self.items.find(key)
        if item is None:
            return
        if "final" in slot:
            self.items.update(key, **slot["final"])
            self._workers(item)
            return
        changes: dict = {"streaming": True}
        if "thinking" in slot:
            changes["thinking"] = slot["thinking"]
        if "content" in slot:
            changes["content"] = slot["content"]
            if item.kind != "task" or item.status not in ("done", "error"):
                changes["status"] = "streaming"
        elif "thinking" in slot and not item.content:
            changes["status"] = "thinking"
        self.items.update(key, **changes)
        if "content" in slot:
            self._workers(item)
        self.streamed(item.agent, changes.get("status", item.status) or "streaming", len(slot.get("content", "")))

    def _workers(self, item: ChatItem, declared: tuple[dict, ...] = ()) -> None:
        """A lead's workers under its header, read from its text so far (live and
        replayed alike), or as the task event ``declared`` them when it completed."""
        if item.kind != "task" or not item.key:
            return
        workers = worker_progress(item.content, item.status)
        if declared and not workers:
            workers = tuple(WorkerProgress(w.get("id", ""), w.get("task", ""), "done") for w in declared)
        if workers != item.workers:
            self.items.update(item.key, workers=workers)

    def stop_streaming(self, run_id: str, status: str) -> None:
        """Rows of ``run_id`` (every run when empty) still streaming end with ``status``."""
        self.pending.clear()
        for item in self.items.items():
            if item.streaming and item.key and (item.run_id == run_id or not run_id):
                self.items.update(item.key, streaming=False, status=status)

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

    def _message(self, e: ev.AgentMessage) -> None:
        key = self._key(e.run_id, e.task_id, e.purpose)
        if key is None:
            return
        self._ensure(key, e.agent, e.purpose, e.run_id, e.task_id)
        changes: dict = dict(thinking=e.thinking, streaming=False)
        if e.purpose != Purpose.ROUTE:
            changes["content"] = e.content
        if e.purpose in (Purpose.CHAT, Purpose.SYNTHESIZE, Purpose.DIRECT, Purpose.AUDIT):
            changes["status"] = ""
        self._update_soon(key, **changes)

    def _run_started(self, e: ev.RunStarted) -> None:
        if e.resumed:
            self.notice(f"↻ Resuming run {e.run_id}: {e.directive[:120]}", run_id=e.run_id)
        else:
            self.items.append(ChatItem("directive", content=e.directive, run_id=e.run_id))

    def _stage(self, e: ev.StageStarted) -> None:
        if e.stage == Stage.ROUTE:
            self._route_seq[e.run_id] = self._route_seq.get(e.run_id, 0) + 1
            key = self._key(e.run_id, None, Purpose.ROUTE)
            self._ensure(key, self.orchestrator(), Purpose.ROUTE, e.run_id, None)
        elif e.stage == Stage.AUDIT:
            self._audits[e.run_id] = self._audits.get(e.run_id, 0) + 1

    def _routed(self, e: ev.Routed) -> None:
        key = self._key(e.run_id, None, Purpose.ROUTE)
        self._ensure(key, self.orchestrator(), Purpose.ROUTE, e.run_id, None)
        self._update_soon(key, content=routed_text(e), streaming=False, status="")

    def _task(self, e: ev.TaskChanged) -> None:
        key = f"task:{e.task_id}"
        status = TASK_STATUS.get(e.status, e.status)
        item = self.items.find(key)
        if item is None:
            color, _title = self.look(e.agent)
            item = ChatItem("task", key=key, agent=e.agent, color=color, title=e.title, label=e.task_id)
            item.status, item.run_id, item.streaming = status, e.run_id, e.status in LIVE_TASK
            if e.status == TaskStatus.INTERRUPTED:
                item.content = INTERRUPTED_TEXT
            self.items.append(item)
            return
        changes: dict = dict(status=status, title=e.title)
        if e.status not in LIVE_TASK:
            changes["streaming"] = False
        if e.status == TaskStatus.ERROR and not item.content:
            changes["content"] = f"**Error:** {e.error}"
        if e.status == TaskStatus.INTERRUPTED and not item.content and key not in self.pending:
            changes["content"] = INTERRUPTED_TEXT
        self._update(key, **changes)
        if key not in self.pending:  # else when the completion lands (apply_pending)
            self._workers(item, e.workers)

    def _deliverable(self, e: ev.DeliverableReady) -> None:
        self._revision[e.run_id] = e.revision
        for item in self.items.items():  # the leads' reports fold once the deliverable exists
            folds = item.kind == "task" and item.run_id == e.run_id and not item.collapsed
            if folds and (item.content or item.key in self.pending):
                self._update(item.key, collapsed=True)
        key = self._key(e.run_id, None, Purpose.SYNTHESIZE)
        self._ensure(key, self.orchestrator(), Purpose.SYNTHESIZE, e.run_id, None)
        label = str(e.revision) if e.revision else ""
        self._update_soon(key, content=e.text, streaming=False, status="", label=label)

    def _audit(self, e: ev.AuditReady) -> None:
        key = self._key(e.run_id, None, Purpose.AUDIT)
        self._ensure(key, self.auditor(), Purpose.AUDIT, e.run_id, None)
        self._update_soon(key, content=e.memo, verdict=e.verdict, streaming=False, status="")

    def _decided(self, e: ev.ReviewDecided) -> None:
        self.items.append(decision_item(e.run_id, e.stage, e.action, e.feedback))
        if e.action == Action.EDIT and e.stage == Stage.REVIEW:
            self._revision[e.run_id] = self._revision.get(e.run_id, 0) + 1

    def _notice(self, e: ev.Notice) -> None:
        self.notice(("⚠ " if e.level == Level.WARNING else "") + e.text, e.level, e.run_id)

    def _tool(self, e: ev.ToolUsed) -> None:
        """A lead's tool call and its result go into its card; any other, a notice."""
        item = self.items.find(f"task:{e.task_id}") if e.task_id else None
        if item is None:
            self.notice(f"🔧 {e.agent} used {e.tool}: {e.result[:200]}", run_id=e.run_id)
            return
        self.items.update(item.key, tool_calls=(*item.tool_calls, tool_line(e.tool, e.arguments, e.result)))

    def _suspended(self, e: ev.RunSuspended) -> None:
        self.flush()
        text = f"⏸ The run is waiting: {e.reason}. Resume it with Session › Resume (Ctrl+R)."
        self.notice(text, Level.WARNING, e.run_id)

    def _finished(self, e: ev.RunFinished) -> None:
        """A rejected run is over (nothing to resume): its rows stop and a notice says so."""
        if e.status != RunStatus.REJECTED:
            return
        self.flush()
        self.stop_streaming(e.run_id, "")
        self.notice(REJECTED_TEXT, Level.WARNING, e.run_id)

    def _failed(self, e: ev.RunFailed) -> None:
        self.flush()
        stopped = e.kind == "cancelled"
        self.stop_streaming(e.run_id, "interrupted" if stopped else "error")
        if stopped:
            self.notice("■ Stopped. The run can continue later: Session › Resume (Ctrl+R).", Level.WARNING, e.run_id)
        else:
            self.notice(plain(f"✗ {e.error}" + (f" — {e.hint}" if e.hint else "")), Level.ERROR, e.run_id)

    def _answered(self, e: ev.Answered) -> None:
        self.items.append(ChatItem("answer", content=e.text, run_id=e.run_id))

    def _stamped(self, e: ev.Stamped) -> None:
        """A replayed row's time: the rows it draws show it (a live row gets the time now)."""
        if isinstance(self.items, ItemList):
            self.items.clock = e.at

    def _chat_said(self, e: ev.ChatSaid) -> None:
        self._chat_seq += 1
        self.items.append(ChatItem("chat_user", content=e.text, agent=e.agent))


HANDLERS: dict[type, Callable[[Presenter, object], None]] = {
    ev.AgentDelta: Presenter._delta,
    ev.AgentState: Presenter._agent_state,
    ev.AgentMessage: Presenter._message,
    ev.RunStarted: Presenter._run_started,
    ev.StageStarted: Presenter._stage,
    ev.Routed: Presenter._routed,
    ev.TaskChanged: Presenter._task,
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
