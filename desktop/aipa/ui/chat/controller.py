"""The bridge between the core and the window: runs core operations as asyncio tasks,
turns core events into model updates and Qt signals, throttles streaming updates
(at most ~20 per second, from the latest snapshot, in slices of a few milliseconds)."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal

from aipa import errors
from aipa.core import events as ev
from aipa.core import prompts
from aipa.core.chat import Chat
from aipa.core.parsing import NO_VERDICT, parse_verdict
from aipa.core.settings import load_settings, save_settings
from aipa.ui.chat import commands, history
from aipa.ui.chat.model import ChatItem, ChatModel
from aipa.ui.dialogs import export
from aipa.ui.operation import OneOperation
from aipa.ui.window.agent_model import AgentModel

log = logging.getLogger("aipa.ui")

THROTTLE_MS = 50  # ≤ 20 view updates per second while streaming
FLUSH_SLICE_MS = 2.0  # a flush hands the loop back after this long; the rest follows at once
LAST_SESSION = "ui.last_session"
BRIEF_PENDING = "ui.brief_pending"  # sessions whose standing-brief update was cut short (space-separated)
QUIT_GRACE = 5.0  # seconds a quit waits for a brief update already under way
AGENT_STATES = {"waiting": "waiting", "thinking": "thinking", "streaming": "streaming", "done": "done"}


class Controller(OneOperation, QObject):
    busyChanged = Signal(bool)
    sessionChanged = Signal(str)
    usageChanged = Signal()
    connectionChanged = Signal(str, str)  # state, detail
    briefUpdating = Signal(bool)
    directChanged = Signal(str)  # agent name or ""
    statusMessage = Signal(str)
    errorRaised = Signal(str, str)  # message, details
    requestDialog = Signal(str, str)  # brief | agents | export | reset-brief | quit, argument
    sessionsChanged = Signal()
    settingsChanged = Signal()
    eventReceived = Signal(object)

    def __init__(self, app, reviewer, parent=None) -> None:
        super().__init__(parent)
        self.app = app
        self.reviewer = reviewer
        self.chat = ChatModel(self)
        self.agents = AgentModel(self)
        self.agents.load(app)
        self.pipeline = app.pipeline(reviewer, self.on_event)
        if hasattr(reviewer, "answered"):
            reviewer.answered.connect(self._show_answers)
        self.session_id: str | None = None
        self.run_id: str | None = None
        self.task: asyncio.Task | None = None
        self.direct_agent = ""
        self.show_thinking = True
        self.session_tokens = 0
        self.last_rate = 0.0
        self.connection = ("unknown", "")
        self._background: set[asyncio.Task] = set()
        self._pending: dict[str, dict] = {}
        self._route_seq: dict[str, int] = {}
        self._revision: dict[str, int] = {}
        self._audit_seq: dict[str, int] = {}
        self._chat_seq = 0
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(THROTTLE_MS)
        self._flush_timer.timeout.connect(self._flush_slice)
        self._more_timer = QTimer(self)  # the rest of a flush that used up its slice
        self._more_timer.setSingleShot(True)
        self._more_timer.setInterval(0)
        self._more_timer.timeout.connect(self._flush_more)
        self.view_updates = 0  # throttled flushes that touched the view (tests, benchmarks)

    # --- state ---------------------------------------------------------------------------

    def _agent(self, name: str):
        return self.app.agents.find(name) if name else None

    def _look(self, name: str) -> tuple[str, str]:
        return history.agent_look(self.app.agents, name)

    def notice(self, text: str, level: str = "info") -> None:
        self.chat.append(ChatItem("notice", content=text, level=level, run_id=self.run_id or ""))

    def _set_session(self, session_id: str | None) -> None:
        if session_id == self.session_id:
            return
        self.session_id = session_id
        self.app.store.set_meta(LAST_SESSION, session_id or "")
        self.session_tokens = self._stored_tokens()
        self.sessionChanged.emit(session_id or "")
        self.sessionsChanged.emit()
        self.usageChanged.emit()

    def _stored_tokens(self) -> int:
        if not self.session_id:
            return 0
        totals = self.app.store.usage_totals(session_id=self.session_id)
        return totals["input_tokens"] + totals["output_tokens"]

    # --- events from the core (synchronous, on the loop thread) -------------------------

    def on_event(self, event) -> None:
        try:
            self._handle(event)
        except Exception:  # a view bug must never break a run
            log.exception("could not show event %r", type(event).__name__)
        self.eventReceived.emit(event)

    def _item_key(self, run_id: str, task_id: str | None, purpose: str) -> str | None:
        if task_id:
            return f"task:{task_id}"
        if purpose == "route":
            return f"{run_id}:route:{self._route_seq.get(run_id, 0)}"
        if purpose in ("synthesize", "direct"):
            return f"{run_id}:deliverable:{self._revision.get(run_id, 0)}"
        if purpose == "audit":
            return f"{run_id}:audit:{self._revision.get(run_id, 0)}:{self._audit_seq.get(run_id, 0)}"
        if purpose == "chat":
            return f"chat:{self._chat_seq}"
        return None  # memory rewrites and other background calls are not shown

    def _ensure_item(self, key: str, agent: str, purpose: str, run_id: str, task_id: str | None) -> ChatItem:
        item = self.chat.find(key)
        if item is not None:
            return item
        color, title = self._look(agent)
        kind = {
            "route": "routing",
            "synthesize": "deliverable",
            "direct": "deliverable",
            "audit": "audit",
            "chat": "chat_agent",
        }.get(purpose, "task")
        label = task_id or ""
        if kind == "deliverable" and self._revision.get(run_id):
            label = str(self._revision[run_id])
        return self.chat.append(
            ChatItem(
                kind,
                key=key,
                agent=agent,
                color=color,
                title=title,
                label=label,
                run_id=run_id,
                streaming=True,
                status="waiting",
            )
        )

    def _handle(self, e) -> None:
        if isinstance(e, ev.AgentDelta):
            key = self._item_key(e.run_id, e.task_id, e.purpose)
            if key is None:
                return
            self._ensure_item(key, e.agent, e.purpose, e.run_id, e.task_id)
            slot = self._pending.setdefault(key, {})
            if "final" in slot:  # the row streams again: its completion goes first
                self._apply(key, self._pending.pop(key))
                slot = self._pending.setdefault(key, {})
            if e.kind == "thinking":
                slot["thinking"] = e.snapshot
            elif e.purpose != "route":  # routing JSON is shown as the Routed message instead
                slot["content"] = e.snapshot
            if not self._flush_timer.isActive():
                self._flush_timer.start()
            return
        if isinstance(e, ev.AgentState):
            state = AGENT_STATES.get(e.state, e.state)
            self.agents.set_state(e.agent, state)
            key = self._item_key(e.run_id, e.task_id, "lead" if e.task_id else "")
            if e.task_id and key and self.chat.find(key) and state != "done":
                self._update(key, status=state)
            return
        if isinstance(e, ev.AgentMessage):
            key = self._item_key(e.run_id, e.task_id, e.purpose)
            if key is None:
                return
            self._ensure_item(key, e.agent, e.purpose, e.run_id, e.task_id)
            changes = dict(thinking=e.thinking, streaming=False)
            if e.purpose != "route":
                changes["content"] = e.content
            if e.purpose in ("chat", "synthesize", "direct", "audit"):
                changes["status"] = ""
            self._update_soon(key, **changes)
            return
        if isinstance(e, ev.RunStarted):
            self.run_id = e.run_id
            self._set_session(e.session_id)
            self.agents.reset_states()
            if e.resumed:
                self.notice(f"↻ Resuming run {e.run_id}: {e.directive[:120]}")
            else:
                self.chat.append(ChatItem("directive", content=e.directive, run_id=e.run_id))
            return
        if isinstance(e, ev.StageStarted):
            if e.stage == "route":
                self._route_seq[e.run_id] = self._route_seq.get(e.run_id, 0) + 1
                orch = self.pipeline.orchestrator
                key = self._item_key(e.run_id, None, "route")
                self._ensure_item(key, orch.name, "route", e.run_id, None)
            self.statusMessage.emit(f"Stage: {e.stage.replace('_', ' ')}")
            return
        if isinstance(e, ev.Routed):
            key = self._item_key(e.run_id, None, "route")
            text = e.message or {"delegate": "Delegating.", "direct": "I'll answer this myself."}.get(e.mode, "")
            if e.mode == "clarify" and e.questions:
                text += "\n\n" + "\n".join(f"{i + 1}. {q['text']}" for i, q in enumerate(e.questions))
            if e.fallback:
                text += "\n\n*(routing fell back to a default plan)*"
            orch = self.pipeline.orchestrator
            self._ensure_item(key, orch.name, "route", e.run_id, None)
            self._update_soon(key, content=text, streaming=False, status="")
            return
        if isinstance(e, ev.TaskStatus):
            key = f"task:{e.task_id}"
            color, _title = self._look(e.agent)
            status = {"pending": "queued", "in_progress": "waiting", "complete": "done", "error": "error"}[e.status]
            item = self.chat.find(key)
            if item is None:
                self.chat.append(
                    ChatItem(
                        "task",
                        key=key,
                        agent=e.agent,
                        color=color,
                        title=e.title,
                        label=e.task_id,
                        status=status,
                        run_id=e.run_id,
                        streaming=e.status in ("pending", "in_progress"),
                    )
                )
            else:
                changes = dict(status=status, title=e.title)
                if e.status in ("complete", "error"):
                    changes["streaming"] = False
                if e.status == "error" and not item.content:
                    changes["content"] = f"**Error:** {e.error}"
                self._update(key, **changes)
            if e.status == "pending":
                self.agents.set_state(e.agent, "queued")
            elif e.status == "error":
                self.agents.set_state(e.agent, "error")
            return
        if isinstance(e, ev.DeliverableReady):
            self._revision[e.run_id] = e.revision
            for item in self.chat.items():
                if (
                    item.kind == "task"
                    and item.run_id == e.run_id
                    and not item.collapsed
                    and (item.content or item.key in self._pending)
                ):
                    self._update(item.key, collapsed=True)
            key = self._item_key(e.run_id, None, "synthesize")
            self._ensure_item(key, self.pipeline.orchestrator.name, "synthesize", e.run_id, None)
            self._update_soon(
                key, content=e.text, streaming=False, status="", label=str(e.revision) if e.revision else ""
            )
            return
        if isinstance(e, ev.AuditReady):
            key = self._item_key(e.run_id, None, "audit")
            self._ensure_item(key, self.pipeline.auditor.name, "audit", e.run_id, None)
            self._update_soon(key, content=e.memo, verdict=e.verdict, streaming=False, status="")
            return
        if isinstance(e, ev.ReviewDecided):
            self.chat.append(history.decision_item(e.run_id, e.stage, e.action, e.feedback))
            if e.action == "edit" and e.stage == "review":
                self._revision[e.run_id] = self._revision.get(e.run_id, 0) + 1
            return
        if isinstance(e, ev.Notice):
            self.notice(("⚠ " if e.level == "warning" else "") + e.text, e.level)
            return
        if isinstance(e, ev.ToolUsed):
            self.notice(f"🔧 {e.agent} used {e.tool}: {e.result[:200]}")
            return
        if isinstance(e, ev.RunSuspended):
            self.flush()
            self.notice(f"⏸ Run {e.run_id} is waiting: {e.reason}. Resume it with /resume (Ctrl+R).", "warning")
            self._settle_agents()
            return
        if isinstance(e, ev.RunFinished):  # what is pending is applied right after this step
            self._settle_agents()
            self.statusMessage.emit(f"Run {e.run_id} {e.status} · verdict {e.verdict}")
            return
        if isinstance(e, ev.RunFailed):
            self.flush()
            self._stop_streaming_items(e.run_id, "stopped" if e.kind == "cancelled" else "error")
            if e.kind == "cancelled":
                self.notice(f"■ Stopped. The run can continue later: /resume (run {e.run_id}).", "warning")
            else:
                self.notice(f"✗ {e.error}" + (f" — {e.hint}" if e.hint else ""), "error")
            self._settle_agents(error=e.kind != "cancelled")
            self.statusMessage.emit(f"Run {e.run_id} {'stopped' if e.kind == 'cancelled' else 'failed'}")
            return
        if isinstance(e, ev.UsageRecorded):
            self.session_tokens += e.input_tokens + e.output_tokens
            if e.seconds > 0:
                self.last_rate = e.output_tokens / e.seconds
            self.usageChanged.emit()
            return

    def _show_answers(self, run_id: str, answers: dict) -> None:
        for answer in answers.values():
            self.chat.append(ChatItem("answer", content=answer, run_id=run_id))

    def _settle_agents(self, error: bool = False) -> None:
        for row in self.agents.rows():
            if row.state not in ("idle", "done", "error"):
                self.agents.set_state(row.name, "error" if error else "idle")

    def _stop_streaming_items(self, run_id: str, status: str = "stopped") -> None:
        self._pending.clear()
        for item in self.chat.items():
            if item.streaming and (item.run_id == run_id or not run_id):
                self.chat.update(item.key, streaming=False, status=status) if item.key else None

    def _update_soon(self, key: str, **changes) -> None:
        """Apply ``changes`` (a message completed: its last blocks get rendered) in a
        flush right after the core's current step, not inside it; they replace the
        row's streamed snapshots."""
        slot = self._pending.setdefault(key, {})
        slot.pop("content", None)
        slot.pop("thinking", None)
        slot.setdefault("final", {}).update(changes)
        if not self._more_timer.isActive():
            self._more_timer.start()

    def _update(self, key: str, **changes) -> None:
        """Apply ``changes`` now, or after the row's pending completion, in order."""
        slot = self._pending.get(key)
        if slot is not None and "final" in slot:
            slot["final"].update(changes)
        else:
            self.chat.update(key, **changes)

    def _flush_slice(self) -> None:
        if self._pending and not self._more_timer.isActive():
            self.view_updates += 1
        self.flush(FLUSH_SLICE_MS)

    def _flush_more(self) -> None:
        self.flush(FLUSH_SLICE_MS)

    def flush(self, slice_ms: float | None = None) -> None:
        """Apply what is pending for every row: the newest snapshot of a streaming row,
        or the completed message. Applying one renders its new blocks; with
        ``slice_ms``, once that long has gone by the other rows wait for a follow-up
        as soon as the loop has served what waits (timers, input, painting), so a
        flush of several busy rows never holds the loop for long. Rows left over go
        first next time."""
        started = time.perf_counter()
        while self._pending:
            key = next(iter(self._pending))
            self._apply(key, self._pending.pop(key))
            if slice_ms is not None and self._pending and (time.perf_counter() - started) * 1000 >= slice_ms:
                self._more_timer.start()
                return

    def _apply(self, key: str, slot: dict) -> None:
        item = self.chat.find(key)
        if item is None:
            return
        if "final" in slot:
            self.chat.update(key, **slot["final"])
            return
        changes = {"streaming": True}
        if "thinking" in slot:
            changes["thinking"] = slot["thinking"]
        if "content" in slot:
            changes["content"] = slot["content"]
            if item.kind != "task" or item.status not in ("done", "error"):
                changes["status"] = "streaming"
        elif "thinking" in slot and not item.content:
            changes["status"] = "thinking"
        self.chat.update(key, **changes)
        self.agents.set_state(
            item.agent, changes.get("status", item.status) or "streaming", len(slot.get("content", ""))
        )

    # --- running things ------------------------------------------------------------------

    def _refused(self) -> None:
        self.statusMessage.emit("A run is in progress: stop it first (Esc).")

    def _failed(self, exc: errors.AipaError) -> None:
        if not isinstance(exc, errors.ProviderError) or self.direct_agent:  # the pipeline already showed it
            self.notice(f"✗ {exc.message}" + (f" — {exc.hint}" if exc.hint else ""), "error")
        self._check_connection_error(exc)

    def _settled(self) -> None:
        self.flush()
        self.sessionsChanged.emit()

    def _check_connection_error(self, exc: Exception) -> None:
        if isinstance(exc, errors.ProviderError):
            self.connection = ("error", str(exc))
            self.connectionChanged.emit(*self.connection)

    async def submit(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        if text.startswith("/") and (commands.parse(text)[0] in commands.BY_NAME or not self.direct_agent):
            await self.command(text)
            return
        if self.direct_agent:
            await self._operate(self._chat(text))
        else:
            await self._operate(self.pipeline.run(text, session_id=self.session_id))

    async def _chat(self, text: str):
        chat = Chat(self.pipeline, self.direct_agent, self.session_id)
        self._set_session(chat.session_id)
        self._chat_seq += 1
        self.chat.append(ChatItem("chat_user", content=text, agent=chat.agent.name))
        return await chat.send(text)

    async def stop(self) -> None:
        if self.busy:
            self.task.cancel()
            self.statusMessage.emit("Stopping…")
            await asyncio.sleep(0)

    async def resume(self, run_id: str | None = None) -> None:
        run_id = run_id or self.waiting_run()
        if not run_id:
            self.notice("Nothing to resume: no run of this session is waiting.")
            return
        await self._operate(self.pipeline.resume(run_id))

    async def _prepare(self, coro):
        """Create the providers (reading their keys) off the UI thread first: a locked
        Secret Service can wait on an unlock prompt and must not freeze the window."""
        from aipa.core import keyring_check, secrets

        providers = self.app.providers
        names = providers.names_in_use(self.app.agents.all())
        try:
            await keyring_check.in_thread(providers.warm, names, timeout=keyring_check.PROBE_TIMEOUT)
        except TimeoutError:
            secrets.disable_keyring("the keyring did not answer")
            self.notice(
                "The keyring did not answer (locked?): API keys come from the environment for this session.", "warning"
            )
        except errors.AipaError:
            pass  # the run itself reports it, with its hint
        except BaseException:  # stopped while warming up: the operation never starts
            coro.close()
            raise
        return await coro

    def waiting_run(self) -> str | None:
        if not self.session_id:
            return None
        for run in self.app.store.list_runs(limit=50, session_id=self.session_id):
            if run.status in ("suspended", "interrupted", "failed") and run.kind == "directive":
                return run.run_id
        return None

    def pending_question_run(self) -> str | None:
        if not self.session_id:
            return None
        for question in self.app.store.pending_questions(self.session_id):
            run = self.app.store.get_run(question.run_id)
            if run is not None and run.kind == "directive":  # a plan's questions live in its plan window
                return run.run_id
        return None

    async def answer_pending(self) -> None:
        """Offer the restored session's open questions again; answering resumes the run."""
        run_id = self.pending_question_run()
        if run_id:
            self.reviewer.clarify_note = (
                "The team asked these questions before the app was closed. "
                "Answer them now to continue the run, or later."
            )
            await self.resume(run_id)

    # --- sessions ------------------------------------------------------------------------

    def restore_last_session(self) -> str | None:
        last = self.app.store.get_meta(LAST_SESSION) or ""
        if last and self.app.store.get_session(last) is not None:
            self.open_session(last)
            return last
        return None

    def open_session(self, session_id: str) -> None:
        self.chat.clear()
        self.direct_agent = ""
        self.directChanged.emit("")
        self._set_session(session_id)
        self.chat.extend(history.session_items(self.app.store, self.app.agents, session_id))
        runs = self.app.store.list_runs(limit=1, session_id=session_id)
        self.run_id = runs[0].run_id if runs else None

    async def switch_session(self, session_id: str) -> None:
        if self.busy:
            self.statusMessage.emit("A run is in progress: stop it first (Esc) to switch sessions.")
            self.sessionChanged.emit(self.session_id or "")
            return
        self.open_session(session_id)
        if self.pending_question_run():
            await self.answer_pending()

    def _has_content(self, session_id: str | None) -> bool:
        return bool(session_id and self.app.store.messages(session_id, limit=1))

    async def new_session(self) -> None:
        if self.busy:
            await self.stop()
        old = self.session_id
        self.chat.clear()
        self._set_session(None)
        self.run_id = None
        self.direct_agent = ""
        self.directChanged.emit("")
        if self._has_content(old):
            self.spawn(self.close_session(old))

    async def close_session(self, session_id: str) -> None:
        """Update the standing brief in the background, with a transient indicator. An
        update cut short (the app quit) is done again at the next start."""
        self._mark_brief_pending(session_id, True)
        self.briefUpdating.emit(True)
        try:
            await self.pipeline.close_session(session_id)
            self._mark_brief_pending(session_id, False)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - never lose the user's session over the brief
            log.warning("standing brief update failed: %s", exc)
            self.statusMessage.emit(f"Standing brief not updated: {exc}")
            self._mark_brief_pending(session_id, False)
        finally:
            if shiboken6.isValid(self):
                self.briefUpdating.emit(False)
                self.sessionsChanged.emit()

    def _pending_briefs(self) -> list[str]:
        return (self.app.store.get_meta(BRIEF_PENDING) or "").split()

    def _mark_brief_pending(self, session_id: str, pending: bool) -> None:
        ids = [s for s in self._pending_briefs() if s != session_id] + ([session_id] if pending else [])
        try:
            self.app.store.set_meta(BRIEF_PENDING, " ".join(ids) or None)
        except errors.StoreError as exc:  # a read-only database: the update itself still runs
            log.warning("could not note the pending brief update: %s", exc)

    def resume_brief_updates(self) -> None:
        """Redo the brief updates that a quit cut short (not for the session on screen:
        it is still open, and its update comes when it is closed)."""
        for session_id in self._pending_briefs():
            if session_id != self.session_id and self.app.store.get_session(session_id) is not None:
                self.spawn(self.close_session(session_id))
            elif session_id != self.session_id:
                self._mark_brief_pending(session_id, False)

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
        if self.busy:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - its error was reported already
                pass
        if self._background:
            _done, late = await asyncio.wait(list(self._background), timeout=timeout)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=2)
        self._flush_timer.stop()
        self._more_timer.stop()

    def search_sessions(self, query: str) -> list:
        store = self.app.store
        if not query.strip():
            return store.list_sessions()
        seen: dict[str, None] = {}
        for m in store.search_messages(query, limit=200):
            seen.setdefault(m.session_id, None)
        return [s for s in (store.get_session(sid) for sid in seen) if s is not None]

    # --- direct conversations ------------------------------------------------------------

    def talk_to(self, agent_name: str) -> None:
        agent = self._agent(agent_name)
        if agent is None:
            return
        self.direct_agent = agent.name
        self.directChanged.emit(agent.name)
        self.statusMessage.emit(f"Talking to {agent.name} alone. Back to the team: click “Team” or Esc.")

    def talk_to_team(self) -> None:
        self.direct_agent = ""
        self.directChanged.emit("")

    async def leave_direct(self) -> None:
        self.talk_to_team()

    # --- connection ----------------------------------------------------------------------

    async def check_connection(self) -> None:
        name = self.app.providers.default_name()
        if name == "scripted":
            self.connection = ("dry run", "scripted provider: canned answers, no model")
        else:
            try:
                provider = self.app.providers.get(name)
                await asyncio.wait_for(provider.list_models(), 8)
                self.connection = ("connected", "")
            except (TimeoutError, errors.AipaError, OSError) as exc:
                self.connection = ("unreachable", getattr(exc, "hint", "") or str(exc))
            except Exception as exc:  # noqa: BLE001 - a provider bug must not stop the window
                log.warning("connection check failed: %r", exc)
                self.connection = ("unreachable", str(exc))
        self.connectionChanged.emit(*self.connection)

    def provider_summary(self) -> tuple[str, str]:
        name = self.app.providers.default_name()
        return name, self.app.providers.default_model(name) or "default model"

    # --- slash commands ------------------------------------------------------------------

    async def command(self, text: str) -> None:
        name, arg = commands.parse(text if text.startswith("/") else "/" + text)
        handler = getattr(self, "cmd_" + name.replace("-", "_"), None)
        if name not in commands.BY_NAME or handler is None:
            self.notice(f"Unknown command /{name}. Type /help for the list.", "warning")
            return
        result = handler(arg)
        if asyncio.iscoroutine(result):
            await result

    def cmd_help(self, _arg: str) -> None:
        self.chat.append(
            ChatItem("routing", agent="AIPA", color="#4a6ee0", title="help", content=commands.help_markdown())
        )

    def cmd_status(self, _arg: str) -> None:
        name, model = self.provider_summary()
        state, detail = self.connection
        runs = self.app.store.list_runs(limit=1000, session_id=self.session_id) if self.session_id else []
        lines = [
            f"**Provider:** {name} · {model} · {state}" + (f" ({detail})" if detail else ""),
            f"**Session:** {self.session_id or '(new)'} · {len(runs)} run(s)",
            f"**Tokens this session:** {self.session_tokens:,}",
            f"**Automatic audit:** {'on' if self.app.settings.auto_audit else 'off'} · "
            f"**Plan review:** {'on' if self.app.settings.plan_review else 'off'}",
            f"**Talking to:** {self.direct_agent or 'the team'}",
            f"**Data folder:** `{self.app.paths.root}`",
        ]
        self.chat.append(ChatItem("routing", agent="AIPA", color="#4a6ee0", title="status", content="\n\n".join(lines)))

    def cmd_history(self, _arg: str) -> None:
        runs = self.app.store.list_runs(limit=100, session_id=self.session_id) if self.session_id else []
        if not runs:
            self.notice("No runs in this session yet.")
            return
        rows = "\n".join(
            f"| `{r.run_id}` | {r.status} | {r.verdict or '–'} | {r.directive[:70].replace('|', '/')} |"
            for r in reversed(runs)
        )
        self.chat.append(
            ChatItem(
                "routing",
                agent="AIPA",
                color="#4a6ee0",
                title="history",
                content="| run | status | verdict | directive |\n|---|---|---|---|\n" + rows,
            )
        )

    def cmd_tasks(self, _arg: str) -> None:
        run_id = self.run_id
        tasks = self.app.store.tasks(run_id) if run_id else []
        if not tasks:
            self.notice("The last run has no tasks (answered directly, or nothing has run yet).")
            return
        rows = "\n".join(f"| `{t.task_id}` | {t.assigned_to} | {t.title} | {t.status} |" for t in tasks)
        self.chat.append(
            ChatItem(
                "routing",
                agent="AIPA",
                color="#4a6ee0",
                title=f"tasks of {run_id}",
                content="| task | agent | title | status |\n|---|---|---|---|\n" + rows,
            )
        )

    def cmd_thinking(self, arg: str) -> None:
        self.show_thinking = {"on": True, "off": False}.get(arg, not self.show_thinking)
        self.requestDialog.emit("thinking", "on" if self.show_thinking else "off")
        self.statusMessage.emit(f"Thinking panels {'shown' if self.show_thinking else 'hidden'}")

    def cmd_autoaudit(self, arg: str) -> None:
        value = {"on": True, "off": False}.get(arg, not self.app.settings.auto_audit)
        self.set_settings(auto_audit=value)
        self.notice(f"Automatic audit is now {'on' if value else 'off'}.")

    def set_settings(self, **changes) -> None:
        settings = self.app.settings.with_changes(**changes)
        save_settings(self.app.paths.settings, settings)
        self._use_settings(settings)

    def _use_settings(self, settings) -> None:
        self.app.settings = settings
        self.app.providers.settings = settings
        self.pipeline.settings = settings
        self.agents.load(self.app)
        self.settingsChanged.emit()

    def cmd_reload(self, _arg: str) -> None:
        settings, warnings = load_settings(self.app.paths.settings)
        self._use_settings(settings)
        self.app.agents.reload()
        warnings += self.app.agents.warnings + self.app.agents.check_roles(settings.roles)
        self.agents.load(self.app)
        self.notice(
            f"Reloaded {len(self.app.agents.all())} agents and the settings." + ("".join(f"\n⚠ {w}" for w in warnings)),
            "warning" if warnings else "info",
        )

    def cmd_clear(self, _arg: str) -> None:
        self.chat.clear()

    async def cmd_new(self, _arg: str) -> None:
        await self.new_session()

    def cmd_quit(self, _arg: str) -> None:
        self.requestDialog.emit("quit", "")

    def cmd_brief(self, _arg: str) -> None:
        self.requestDialog.emit("brief", "")

    def cmd_reset_brief(self, arg: str) -> None:
        if arg == "yes":
            self.app.brief().reset()
            self.notice("The standing brief was reset to the empty template.")
        else:
            self.requestDialog.emit("reset-brief", "")

    def cmd_agents(self, _arg: str) -> None:
        self.requestDialog.emit("agents", "")

    async def cmd_resume(self, arg: str) -> None:
        await self.resume(arg or None)

    def cmd_export(self, arg: str) -> None:
        fmt, _, path = arg.partition(" ")
        fmt = fmt.lower().lstrip(".") or ""
        if fmt == "markdown":
            fmt = "md"
        if not self.session_id:
            self.notice("Nothing to export yet: this session is empty.", "warning")
            return
        if fmt in export.FORMATS and path:
            self.export_to(fmt, Path(path).expanduser())
        else:
            self.requestDialog.emit("export", fmt)

    def export_to(self, fmt: str, path: Path) -> Path:
        written = export.export_session(self.app.store, self.session_id, fmt, path)
        self.notice(f"Exported this session as {fmt.upper()} to {written}")
        return written

    async def cmd_audit(self, _arg: str) -> None:
        await self._operate(self._reaudit())

    async def _reaudit(self) -> None:
        """Ask the auditor again about the last deliverable of this session."""
        runs = self.app.store.list_runs(limit=50, session_id=self.session_id) if self.session_id else []
        run = next((r for r in runs if r.deliverable), None)
        if run is None:
            self.notice("There is no deliverable to audit in this session yet.", "warning")
            return
        auditor = self.pipeline.auditor
        self._audit_seq[run.run_id] = self._audit_seq.get(run.run_id, 0) + 1
        self.run_id = run.run_id
        messages = self.pipeline.messages_for(auditor, run.session_id, prompts.audit(run.directive, run.deliverable))
        result = await self.pipeline.runner.call(
            auditor,
            messages,
            run_id=run.run_id,
            session_id=run.session_id,
            purpose="audit",
            tags={"directive": run.directive},
        )
        verdict = parse_verdict(result.content)
        self.app.store.add_message(
            run.session_id, "assistant", result.content, agent=auditor.name, run_id=run.run_id, kind="audit"
        )
        if verdict != NO_VERDICT:
            self.app.store.update_run(run.run_id, verdict=verdict)
        self.on_event(ev.AuditReady(run.run_id, result.content, verdict))

    # --- agents and brief (called by the editors) ----------------------------------------

    def agents_changed(self) -> None:
        self.app.agents.reload()
        self.agents.load(self.app)


def monotonic_ms() -> float:
    return time.monotonic() * 1000
