"""Gates answered at the terminal (interactive ``aipa run`` without ``--yes``)."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Sequence

from aipa.core.run.reviewer import AutoReviewer, Decision, Question, ReviewItem
from aipa.core.text.terminal import terminal_safe

_lock = threading.Lock()
_reading = False  # a reader thread is waiting in readline()
_target: tuple[asyncio.AbstractEventLoop, asyncio.Future[str]] | None = None  # who gets the next line


async def ask(prompt: str) -> str:
    """Read one line without blocking the event loop; EOF reads as empty. One daemon
    thread reads at a time: when a question gives way (its deadline passed and the run
    went on), the line typed next goes to the next question, and the process can end
    while the thread still waits for a line."""
    global _reading, _target
    loop = asyncio.get_running_loop()
    got: asyncio.Future[str] = loop.create_future()
    with _lock:  # before the prompt shows: a line typed after it is this question's
        _target = (loop, got)
        start, _reading = not _reading, True
    sys.stderr.write(prompt)
    sys.stderr.flush()
    if start:
        threading.Thread(target=_read_line, name="aipa-ask", daemon=True).start()
    return await got


def _read_line() -> None:
    global _reading, _target
    line = sys.stdin.readline()
    with _lock:
        _reading = False
        target, _target = _target, None
    if target is not None:
        loop, got = target
        text = line.rstrip("\n") if line else ""
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
            loop.call_soon_threadsafe(_settle, got, text)


def _settle(got: asyncio.Future[str], text: str) -> None:
    if not got.done():
        got.set_result(text)


class TerminalReviewer:
    transport = "terminal"
    allowed_tools: frozenset[str] = frozenset()  # named with --allow-tools: not asked

    async def clarify(self, run_id: str, questions: Sequence[Question]) -> dict[str, str] | None:
        round_ = f" (round {questions[0].round})" if questions and questions[0].round > 1 else ""
        sys.stderr.write(f"\nThe team needs answers{round_} (empty answer: leave the run suspended).\n")
        if questions and questions[0].deadline is not None:
            when = questions[0].deadline.astimezone().strftime("%Y-%m-%d %H:%M")
            sys.stderr.write(f"Answer by {when}; after that the deadline policy applies.\n")
        answers: dict[str, str] = {}
        for q in questions:
            answer = (await ask(f"  {terminal_safe(q.text)}\n  > ")).strip()
            if not answer:
                return None
            answers[q.qid] = answer
        return answers

    async def review(self, item: ReviewItem) -> Decision | None:
        header = f"\n=== Review: {item.title}"
        if item.verdict:
            header += f" (audit verdict: {item.verdict})"
        sys.stderr.write(header + " ===\n")
        if item.stage != "review":
            sys.stderr.write(terminal_safe(item.body) + "\n")
        while True:
            choice = (await ask("[a]ccept, [e]dit with feedback, [r]eject, [l]ater? ")).strip().lower()
            if choice in ("a", "accept", "y", "yes"):
                return Decision.accept()
            if choice in ("r", "reject"):
                return Decision.reject()
            if choice in ("l", "later", ""):
                return None
            if choice in ("e", "edit"):
                feedback = (await ask("Feedback: ")).strip()
                if feedback:
                    return Decision.edit(feedback)

    async def confirm_tool(self, title: str, preview: str) -> bool:
        sys.stderr.write(terminal_safe(f"\n=== {title} ===\n{preview}\n"))
        return (await ask("Allow this change? [y/N] ")).strip().lower() in ("y", "yes")

    async def confirm_tool_call(self, title: str, preview: str) -> str:
        """An MCP tool call: allow once, allow for this session, or deny (the default)."""
        sys.stderr.write(terminal_safe(f"\n=== {title} ===\narguments:\n{preview}\n"))
        choice = (await ask("[o]nce, [s]ession (allow for this session), [d]eny? ")).strip().lower()
        return {"o": "once", "once": "once", "y": "once", "s": "session", "session": "session"}.get(choice, "deny")


class YesReviewer(AutoReviewer):
    """``--yes``: every review gate is accepted, and nothing else. A tool call is never
    allowed by it (what a model asks for may come from an injected document): an MCP
    call runs only when the tool was named in ``--allow-tools``; an agent tool's write
    only with ``allow_writes`` (``aipa chat --yes``, ``--allow-tools all``), and it still
    shows its diff (accepting is not hiding)."""

    def __init__(self, *, allow_writes: bool = False) -> None:
        super().__init__()
        self.allow_writes = allow_writes

    async def confirm_tool(self, title: str, preview: str) -> bool:
        if not self.allow_writes:
            said = f"\n=== {title}: not done (--yes accepts review gates only; --allow-tools all allows it) ===\n"
            sys.stderr.write(terminal_safe(said + preview + "\n"))
            return False
        sys.stderr.write(terminal_safe(f"\n=== {title} (allowed by --yes) ===\n{preview}\n"))
        sys.stderr.flush()
        return True

    async def confirm_tool_call(self, title: str, preview: str) -> str:
        said = (
            f"\n=== {title} Refused: --yes accepts review gates only; name the tool in --allow-tools to allow it ===\n"
        )
        sys.stderr.write(terminal_safe(said + f"arguments:\n{preview}\n"))
        sys.stderr.flush()
        return "deny"
