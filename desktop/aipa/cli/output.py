"""Printing core events in a terminal: thinking dimmed and apart, each lead's report
whole when it is done.

In a terminal, every open model call has one live line at the bottom (what it is doing,
its tokens and tokens/s), redrawn in place; a call alone on screen without a task (a
chat reply, the synthesis) streams its text as it comes. When the output is not a
terminal (a pipe, a file, stderr of ``--json``), only whole lines are written: state
changes once each, and each reply whole when it is done, never token by token.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any, TextIO

from aipa.core import events as ev
from aipa.core.config.secrets import redact
from aipa.core.kinds import Level, Purpose, TaskStatus, Verdict
from aipa.core.run import told
from aipa.core.text.terminal import StreamCleaner, safe_value

DIM, BOLD, RESET = "\033[2m", "\033[1m", "\033[0m"
VERDICT_COLORS = {
    Verdict.PASS: "\033[32m",
    Verdict.PASS_WITH_NOTES: "\033[33m",
    Verdict.FLAG: "\033[33m",
    Verdict.REJECT: "\033[31m",
}


def _printable(event: ev.Event) -> ev.Event:
    """The event with what a model, a document or a tool wrote made terminal-safe
    (core/text/terminal.py): printed, never obeyed. (A delta's snapshot is not printed.)"""
    changes = {
        f.name: safe_value(value)
        for f in fields(event)
        if f.name != "snapshot" and isinstance(value := getattr(event, f.name), (str, tuple, list, dict))
    }
    return replace(event, **changes)


CallKey = tuple[str, str | None, str]  # (agent, task id, purpose)


def _isatty(out: TextIO) -> bool:
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


class StreamPrinter:
    """An event sink that writes a readable live transcript.

    ``live`` (default: ``out`` is a terminal) draws the live lines and streams a lone
    call's text; otherwise everything is printed as whole lines. A header names the
    speaker of every block of text, so every line can be attributed.
    """

    def __init__(
        self,
        out: TextIO | None = None,
        *,
        color: bool | None = None,
        thinking: bool = True,
        resume_command: str = "aipa run --resume",
        live: bool | None = None,
    ):
        self.out = out or sys.stdout
        self.resume_command = resume_command  # a plan continues with `aipa plan --resume`
        tty = _isatty(self.out)
        self.color = tty if color is None else color
        self.live = tty if live is None else live
        self.thinking = thinking
        self._current: tuple[str, str, str | None] | None = None
        self._cleaners: dict[tuple[str, str, str | None], StreamCleaner] = {}
        self._lines: dict[CallKey, str] = {}  # the live lines on screen, in order
        self._drawn = 0  # how many live lines are on screen below the transcript
        self._said: dict[CallKey, str] = {}  # whole-lines mode: the last state printed per call
        self._streamed: set[CallKey] = set()  # calls whose text went out as it came
        self.closed = False
        self._handlers: dict[type, Callable[[Any], None]] = {
            ev.RunStarted: self._on_run_started,
            ev.RerunStarted: self._on_rerun_started,
            ev.AgentProgress: self._on_progress,
            ev.AgentDelta: self._on_agent_delta,
            ev.AgentMessage: self._on_agent_message,
            ev.Routed: self._on_routed,
            ev.TaskChanged: self._on_task_changed,
            ev.ToolUsed: self._on_tool_used,
            ev.Notice: self._on_notice,  # a stage's fallback is told by its Notice (StageFellBack: not again)
            ev.AuditReady: self._on_audit_ready,
            ev.ChecksSet: self._on_checks_set,
            ev.ChecksMeasured: self._on_checks_measured,
            ev.RunSuspended: self._on_run_suspended,
            ev.RunFailed: self._on_run_failed,
            ev.RunFinished: self._on_run_finished,
        }

    def _style(self, text: str, style: str) -> str:
        return f"{style}{text}{RESET}" if self.color else text

    def _line(self, text: str = "") -> None:
        """A whole line of the transcript, above the live lines."""
        self._end_stream()
        self._clear_live()
        self.out.write(text + "\n")
        self._draw_live()
        self.out.flush()

    def _end_stream(self) -> None:
        if self._current is not None:
            self.out.write("\n")
            self._current = None

    # --- the live lines (a terminal only) ------------------------------------------

    def _clear_live(self) -> None:
        if self._drawn:
            self.out.write(f"\033[{self._drawn}F\033[J")  # up to the first live line, clear below
            self._drawn = 0

    def _draw_live(self) -> None:
        if not self.live or self._current is not None or not self._lines:
            return  # a stream is mid-line: the live lines come back when it ends
        width = max(20, shutil.get_terminal_size((100, 24)).columns - 1)
        for line in self._lines.values():
            self.out.write(line[:width] + "\n")
        self._drawn = len(self._lines)

    def _on_progress(self, e: ev.AgentProgress) -> None:
        if e.purpose == Purpose.MEMORY:
            return
        key: CallKey = (e.agent, e.task_id, str(e.purpose))
        label = f"{e.agent}" + (f" · {e.task_id}" if e.task_id else "")
        if not self.live:
            if self._said.get(key) != e.state:  # whole lines: each state once
                self._said[key] = e.state
                self._line(self._style(f"[{label}] {e.text}", DIM))
            return
        if key in self._streamed:
            return
        self._lines[key] = self._style(f"  {label}: {e.text}", DIM)
        if self._current is None:
            self._clear_live()
            self._draw_live()
            self.out.flush()

    def __call__(self, event: ev.Event) -> None:
        handler = self._handlers.get(type(event))
        if handler and not self.closed:
            try:
                if isinstance(event, ev.AgentDelta):  # an escape cut between two deltas is removed whole
                    cleaner = self._cleaners.setdefault((event.agent, event.kind, event.task_id), StreamCleaner())
                    event = replace(event, delta=cleaner.feed(event.delta))
                handler(_printable(event))
            except BrokenPipeError:  # `aipa run … | head`: stop printing, let the run finish
                self.closed = True

    def _on_run_started(self, e: ev.RunStarted) -> None:
        verb = "Resuming" if e.resumed else "Run"
        self._line(self._style(f"{verb} {e.run_id} (session {e.session_id})", BOLD))

    def _on_rerun_started(self, e: ev.RerunStarted) -> None:
        """What a re-run runs again and keeps (the window's summary line, in the terminal)."""
        ran = {
            "synthesize": "the synthesis and the audit",
            "audit": "the audit",
            "directive": "everything (a new directive)",
        }
        said = [f"re-ran {ran.get(e.what) or ', '.join(e.rerun)}" + (" (edited briefs)" if e.what == "briefs" else "")]
        if e.kept:
            said.append("kept " + ("every lead's report" if e.what in ("synthesize", "audit") else ", ".join(e.kept)))
        said += [f"feedback: “{' '.join(text.split())[:90]}”" for text in e.feedback]
        self._line(self._style(f"↻ revision {e.revision} of {e.parent_id}: " + " · ".join(said), DIM))

    def _on_agent_delta(self, e: ev.AgentDelta) -> None:
        if (e.kind == "thinking" and not self.thinking) or e.purpose == Purpose.MEMORY:
            return
        if e.kind == "content" and (e.purpose == Purpose.ROUTE or e.purpose.startswith("plan_")):
            # Structured output (JSON) is summarised by its own event, not streamed raw.
            if e.snapshot == e.delta:
                self._line(self._style(f"[{e.agent}] writing the {told.what(e.purpose)}…", DIM))
            return
        key: CallKey = (e.agent, e.task_id, str(e.purpose))
        others = [k for k in self._lines if k != key]
        if not self.live or e.task_id or others or (key not in self._streamed and self._current is not None):
            return  # printed whole with its message (no interleaving)
        if key not in self._streamed:  # alone on screen: its text streams, its live line goes
            self._streamed.add(key)
            self._lines.pop(key, None)
            self._clear_live()
        speaker = (e.agent, e.kind, e.task_id)
        if speaker != self._current:
            self._end_stream()
            label = e.agent + (" (thinking)" if e.kind == "thinking" else "")
            self.out.write(self._style(f"[{label}] ", DIM if e.kind == "thinking" else BOLD))
            self._current = speaker
        self.out.write(self._style(e.delta, DIM) if e.kind == "thinking" else e.delta)
        self.out.flush()

    def _on_agent_message(self, e: ev.AgentMessage) -> None:
        key: CallKey = (e.agent, e.task_id, str(e.purpose))
        self._lines.pop(key, None)
        self._said.pop(key, None)
        if key in self._streamed:
            self._streamed.discard(key)
            self._end_stream()
            self._clear_live()
            self._draw_live()
            self.out.flush()
            return
        if e.purpose == Purpose.MEMORY or e.purpose == Purpose.ROUTE or str(e.purpose).startswith("plan_"):
            self._clear_live()
            self._draw_live()
            return
        label = e.agent + (f" · {e.task_id}" if e.task_id else "")
        if self.thinking and e.thinking.strip():
            self._block(self._style(f"[{label} (thinking)]", DIM), self._style(e.thinking.strip(), DIM))
        if e.content.strip():
            self._block(self._style(f"[{label}]", BOLD), e.content.strip())

    def _block(self, header: str, text: str) -> None:
        """A reply printed whole: its header, then its text indented under it."""
        self._line(header)
        for row in text.splitlines():
            self._line("  " + row if row else "")

    def _on_routed(self, e: ev.Routed) -> None:
        # the mode is in the message's words; a fallback was told by its notice just before
        self._line(self._style(f"→ {e.message}", BOLD))
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
        self._line(
            self._style(f"→ audit verdict: {told.verdict_words(e.verdict)}", VERDICT_COLORS.get(e.verdict, BOLD))
        )

    def _on_checks_set(self, e: ev.ChecksSet) -> None:
        if e.checks:
            self._line(self._style("checks:", BOLD))
            for c in e.checks:
                self._line(f"  ☐ {c['id']}: {c['text']}")

    def _on_checks_measured(self, e: ev.ChecksMeasured) -> None:
        shown = [c for c in e.checks if c.get("passed") is not None]
        if shown:
            marks = ", ".join(f"{'✓' if c['passed'] else '✗'} {c['id']}" for c in shown)
            self._line(self._style(f"→ checks: {marks}", DIM))
            for c in shown:
                if c["passed"] is False:
                    self._line(f"  ✗ {c['id']}: {c['detail']}")

    def _on_run_suspended(self, e: ev.RunSuspended) -> None:
        self._line(f"Run {e.run_id} suspended: {e.reason}. Continue with `{self.resume_command} {e.run_id}`.")

    def _on_run_failed(self, e: ev.RunFailed) -> None:
        self._lines.clear()  # the run is over (stopped, failed): no call is at work any more
        hint = f" ({e.hint})" if e.hint else ""
        self._line(self._style(redact(f"Run {e.run_id} failed: {e.error}{hint}"), BOLD))

    def _on_run_finished(self, e: ev.RunFinished) -> None:
        self._line(self._style(f"Run {e.run_id} {e.status}.", BOLD))
