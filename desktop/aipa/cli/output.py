"""Printing core events in a terminal: streams live, thinking dimmed and apart."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from aipa.core import events as ev
from aipa.core.config.secrets import redact
from aipa.core.kinds import Level, Purpose, TaskStatus, Verdict

DIM, BOLD, RESET = "\033[2m", "\033[1m", "\033[0m"
VERDICT_COLORS = {
    Verdict.PASS: "\033[32m",
    Verdict.PASS_WITH_NOTES: "\033[33m",
    Verdict.FLAG: "\033[33m",
    Verdict.REJECT: "\033[31m",
}


class StreamPrinter:
    """An event sink that writes a readable live transcript.

    Concurrent leads interleave; a header line is printed whenever the speaker (or
    the kind of text) changes, so every line can be attributed.
    """

    def __init__(self, out: TextIO | None = None, *, color: bool | None = None, thinking: bool = True):
        self.out = out or sys.stdout
        self.color = self.out.isatty() if color is None else color
        self.thinking = thinking
        self._current: tuple[str, str, str | None] | None = None
        self.closed = False
        self._handlers = {
            ev.RunStarted: self._on_run_started,
            ev.AgentDelta: self._on_agent_delta,
            ev.AgentMessage: self._on_agent_message,
            ev.Routed: self._on_routed,
            ev.TaskChanged: self._on_task_changed,
            ev.ToolUsed: self._on_tool_used,
            ev.Notice: self._on_notice,  # a stage's fallback is told by its Notice (StageFellBack: not again)
            ev.AuditReady: self._on_audit_ready,
            ev.RunSuspended: self._on_run_suspended,
            ev.RunFailed: self._on_run_failed,
            ev.RunFinished: self._on_run_finished,
        }

    def _style(self, text: str, style: str) -> str:
        return f"{style}{text}{RESET}" if self.color else text

    def _line(self, text: str = "") -> None:
        if self._current is not None:
            self.out.write("\n")
            self._current = None
        self.out.write(text + "\n")
        self.out.flush()

    def __call__(self, event: ev.Event) -> None:
        handler = self._handlers.get(type(event))
        if handler and not self.closed:
            try:
                handler(event)
            except BrokenPipeError:  # `aipa run … | head`: stop printing, let the run finish
                self.closed = True

    def _on_run_started(self, e: ev.RunStarted) -> None:
        verb = "Resuming" if e.resumed else "Run"
        self._line(self._style(f"{verb} {e.run_id} (session {e.session_id})", BOLD))

    def _on_agent_delta(self, e: ev.AgentDelta) -> None:
        if (e.kind == "thinking" and not self.thinking) or e.purpose == Purpose.MEMORY:
            return
        if e.kind == "content" and (e.purpose == Purpose.ROUTE or e.purpose.startswith("plan_")):
            # Structured output (JSON) is summarised by its own event, not streamed raw.
            if e.snapshot == e.delta:
                self._line(self._style(f"[{e.agent}] deciding ({e.purpose.removeprefix('plan_')})…", DIM))
            return
        key = (e.agent, e.kind, e.task_id)
        if key != self._current:
            if self._current is not None:
                self.out.write("\n")
            label = f"{e.agent}" + (f" · {e.task_id}" if e.task_id else "")
            label += " (thinking)" if e.kind == "thinking" else ""
            self.out.write(self._style(f"[{label}] ", DIM if e.kind == "thinking" else BOLD))
            self._current = key
        text = e.delta.replace("\n", "\n  ") if e.task_id else e.delta
        self.out.write(self._style(text, DIM) if e.kind == "thinking" else text)
        self.out.flush()

    def _on_agent_message(self, e: ev.AgentMessage) -> None:
        if self._current is not None and self._current[0] == e.agent:
            self.out.write("\n")
            self._current = None

    def _on_routed(self, e: ev.Routed) -> None:
        tag = " (fallback)" if e.fallback else ""
        self._line(self._style(f"→ {e.mode}{tag}: {e.message}", BOLD))
        for b in e.briefs:
            self._line(f"  • {b['agent']}: {b['title']}")
        for q in e.questions:
            self._line(f"  ? {q['text']}")

    def _on_task_changed(self, e: ev.TaskChanged) -> None:
        if e.status in (TaskStatus.COMPLETE, TaskStatus.ERROR):
            mark = "✓" if e.status == TaskStatus.COMPLETE else "✗"
            extra = f": {e.error}" if e.error else ""
            self._line(f"{mark} {e.task_id} {e.agent} · {e.title} — {e.status}{extra}")
            for w in e.workers:
                self._line(f"    ↳ worker {w.get('id', '')}: {w.get('task', '')}")

    def _on_tool_used(self, e: ev.ToolUsed) -> None:
        args = json.dumps(e.arguments, ensure_ascii=False)
        result = " ".join(e.result.split())
        result = result if len(result) <= 300 else result[:299] + "…"
        self._line(self._style(f"[{e.agent}] ⚙ {e.tool}({args}) → {result}", DIM))

    def _on_notice(self, e: ev.Notice) -> None:
        self._line(self._style(f"! {e.text}", DIM if e.level == Level.INFO else BOLD))

    def _on_audit_ready(self, e: ev.AuditReady) -> None:
        self._line(self._style(f"→ audit verdict: {e.verdict}", VERDICT_COLORS.get(e.verdict, BOLD)))

    def _on_run_suspended(self, e: ev.RunSuspended) -> None:
        self._line(f"Run {e.run_id} suspended: {e.reason}. Continue with `aipa run --resume {e.run_id}`.")

    def _on_run_failed(self, e: ev.RunFailed) -> None:
        hint = f" ({e.hint})" if e.hint else ""
        self._line(self._style(redact(f"Run {e.run_id} failed: {e.error}{hint}"), BOLD))

    def _on_run_finished(self, e: ev.RunFinished) -> None:
        self._line(self._style(f"Run {e.run_id} {e.status}.", BOLD))
