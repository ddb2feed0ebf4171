"""The rows a run draws in the transcript, by key (a task's card, a run's routing,
deliverable and audit rows, the chat's replies), and the streamed text that waits in
``pending`` for the next flush. The presenter (presenter.py) turns events into these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aipa.core.kinds import Purpose
from aipa.core.run.workers import WorkerProgress, worker_progress
from aipa.ui.transcript.item_list import Items
from aipa.ui.transcript.model import ChatItem
from aipa.ui.transcript.slicer import drain

KIND_OF: dict[str, str] = {
    Purpose.ROUTE: "routing",
    Purpose.SYNTHESIZE: "deliverable",
    Purpose.DIRECT: "deliverable",
    Purpose.AUDIT: "audit",
    Purpose.CHAT: "chat_agent",
}


def quiet(*_args: object) -> None:
    pass


class RunRows:
    """The rows of the runs shown, and what waits for them (see ``Presenter``)."""

    def __init__(
        self,
        items: Items,
        look: Callable[[str], tuple[str, str]],
        orchestrator: Callable[[], str],
        auditor: Callable[[], str],
    ) -> None:
        self.items = items
        self.look = look
        self.orchestrator = orchestrator
        self.auditor = auditor
        self.pending: dict[str, dict[str, Any]] = {}
        self.wake: Callable[[bool], None] = quiet
        self.streamed: Callable[[str, str, int], None] = quiet
        self.pictures_of: Callable[[str], tuple] = lambda run_id: ()  # a run's thumbnails (the controller's)
        self.reset()

    def reset(self) -> None:
        """Forget every run (a session is opened, or a new one started)."""
        self.pending.clear()
        self._route_seq: dict[str, int] = {}
        self._revision: dict[str, int] = {}
        self._audits: dict[str, int] = {}
        self._questions: dict[str, list[str]] = {}  # a run's clarifying questions not answered yet
        self._chat_seq = 0
        self._route_fell_back: dict[str, str] = {}  # run id -> what its routing fallback notice said
        self._lead_fell_back: dict[str, str] = {}  # task id -> its fallback notice, in the window's language
        self._routing_card: dict[str, str] = {}  # run id -> its routing card's key (where its checklist shows)

    def flush(self) -> None:
        """Apply everything pending now."""
        drain(self.pending, self.apply_pending)

    def notice(self, text: str, level: str = "info", run_id: str = "", *, resume: bool = False) -> ChatItem:
        """A one-line notice; ``resume``: the run stopped or waits, and the line has a Resume button."""
        return self.items.append(ChatItem("notice", content=text, level=level, run_id=run_id, resume=resume))

    # --- rows ---------------------------------------------------------------------------

    def _key(self, run_id: str, task_id: str | None, purpose: str) -> str | None:
        if task_id:
            return f"task:{task_id}"
        if purpose not in KIND_OF:
            return None  # memory rewrites and other background calls are not shown
        return self._run_key(run_id, purpose)

    def _run_key(self, run_id: str, purpose: str) -> str:
        """The key of a run's row for a call of ``purpose`` (one of ``KIND_OF``) with no task."""
        kind = KIND_OF[purpose]
        if kind == "routing":
            return f"{run_id}:route:{self._route_seq.get(run_id, 0)}"
        if kind == "deliverable":
            return f"{run_id}:deliverable:{self._revision.get(run_id, 0)}"
        if kind == "audit":
            return f"{run_id}:audit:{self._audits.get(run_id, 0)}"
        return f"chat:{self._chat_seq}"

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

    def _update_soon(self, key: str, **changes: Any) -> None:
        """Apply ``changes`` (a completed message) at the next flush, replacing the
        row's streamed snapshots."""
        slot = self.pending.setdefault(key, {})
        slot.pop("content", None)
        slot.pop("thinking", None)
        slot.setdefault("final", {}).update(changes)
        self.wake(True)

    def _update(self, key: str, **changes: Any) -> None:
        """Apply ``changes`` now, or after the row's pending completion, in order."""
        slot = self.pending.get(key)
        if slot is not None and "final" in slot:
            slot["final"].update(changes)
        else:
            self.items.update(key, **changes)

    def apply_pending(self, key: str, slot: dict[str, Any]) -> None:
        """Apply what waited for one row: its completion, or its newest snapshots."""
        item = self.items.find(key)
        if item is None:
            return
        if "final" in slot:
            self.items.update(key, **slot["final"])
            self._workers(item)
            return
        changes: dict[str, Any] = {"streaming": True}
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

    def _workers(self, item: ChatItem, declared: tuple[dict[str, str], ...] = ()) -> None:
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
                self.items.update(item.key, streaming=False, status=status, live="", live_percent=None)
