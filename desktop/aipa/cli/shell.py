"""``aipa shell [SESSION]``: a terminal REPL on one session. A line is a directive (run
on the team, streamed as ``aipa run`` streams it) or a slash command
(``cli/shell_commands.py``); readline edits the line and keeps a history in the data
folder; Ctrl+C stops the run at work, never the shell; Ctrl+D or ``/quit`` leaves.

The prompt is read with ``input()`` on the main thread, outside any event loop (readline
and its Ctrl+C need the main thread); each run is one task on the shell's own loop, with
SIGINT cancelling that task while it works. So this command runs outside the
``asyncio.run`` of the other commands (``cli/main.py``)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aipa import errors
from aipa.cli import shell_commands as commands
from aipa.cli.door import open_core, warn
from aipa.core.kinds import RunStatus
from aipa.core.run import told

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from aipa.core.facade import Core

HISTORY_FILE = "shell_history"  # in the data folder
HISTORY_LENGTH = 1000


def add_parser(sub, provider_args) -> None:
    shell = sub.add_parser(
        "shell",
        help="a terminal REPL on a session: directives, /help, /debug, /brief, /roster, /new, /quit",
        description="Type directives to run them on the team, one after another, in one session; a line "
        "starting with / is a command (/help lists them). Ctrl+C stops the run at work, Ctrl+D or /quit leaves. "
        "The history of typed lines is kept in the data folder.",
    )
    shell.add_argument(
        "session", nargs="?", default="", metavar="SESSION", help="the session to continue (a new one if left out)"
    )
    shell.add_argument("--yes", action="store_true", help="accept every review gate (never a tool call)")
    shell.add_argument("--no-thinking", action="store_true", help="hide the models' thinking")
    provider_args(shell)


def cmd_shell(args: argparse.Namespace) -> int:
    """The shell's own loop, outside ``asyncio.run`` (see the module's docstring)."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        return Shell(args, loop).main()
    finally:
        loop.close()
        asyncio.set_event_loop(None)


class Shell:
    def __init__(self, args: argparse.Namespace, loop: asyncio.AbstractEventLoop) -> None:
        from aipa.cli.output import StreamPrinter
        from aipa.cli.reviewer import TerminalReviewer, YesReviewer

        self.loop = loop
        self.facade: Core = open_core(args)
        warn(self.facade)
        self.session_id: str | None = args.session or None
        if self.session_id and self.facade.sessions.get(self.session_id) is None:
            self._do(self.facade.aclose())
            raise errors.UsageError(
                f"no session {self.session_id}",
                "session ids are in `aipa runs --json`; leave SESSION out for a new one",
            )
        reviewer = YesReviewer() if args.yes else TerminalReviewer()
        self.team = self.facade.team(reviewer, StreamPrinter(sys.stdout, thinking=not args.no_thinking))
        self.run_id: str | None = self.facade.runs.last_id(self.session_id) if self.session_id else None

    def main(self) -> int:
        history = _History(self.facade.paths.root / HISTORY_FILE)
        where = f"session {self.session_id}" if self.session_id else "a new session"
        print(f"AIPA shell on {where}. Type a directive; /help lists the commands, /quit or Ctrl+D leaves.")
        try:
            while True:
                try:
                    line = input(self._prompt()).strip()
                except KeyboardInterrupt:  # at the prompt: a fresh line, the shell stays
                    print("^C (nothing runs; /quit or Ctrl+D leaves)")
                    continue
                except EOFError:
                    print()
                    break
                if not line:
                    continue
                history.add(line)
                if line.startswith("/"):
                    if not self.command(line):
                        break
                else:
                    self.directive(line)
        finally:
            self._leave_session()
            self._do(self.facade.aclose())
        return 0

    def _prompt(self) -> str:
        return f"{self.session_id or 'new'} › "

    # --- directives ---------------------------------------------------------------------

    def directive(self, text: str) -> None:
        result = self._stoppable(self.team.run(text, session_id=self.session_id))
        self._after(result)

    def resume(self) -> None:
        run_id = self.facade.runs.waiting(self.session_id) if self.session_id else None
        if not run_id:
            print("Nothing waits in this session: no suspended or stopped run.")
            return
        self._after(self._stoppable(self.team.resume(run_id)))

    def _after(self, result: Any) -> None:
        if result is None:
            return
        self.session_id, self.run_id = result.session_id, result.run_id
        if result.status in (RunStatus.DONE, RunStatus.REJECTED):
            verdict = told.verdict_words(result.verdict)
            print(f"verdict: {verdict} · decision: {result.decision or '-'} · run {result.run_id}")
            if result.fallbacks:
                print(told.fallbacks_line(result.fallbacks))
        elif result.status == RunStatus.SUSPENDED:
            print(f"Run {result.run_id} waits for you: /resume continues it.")

    def _stoppable(self, coro: Coroutine[Any, Any, Any]) -> Any:
        """Run ``coro`` on the shell's loop; Ctrl+C (or SIGTERM) cancels it: the run is
        recorded as stopped, the shell goes on. An error is printed as every command
        prints one, and the shell goes on too."""
        work = self.loop.create_task(coro)
        stops = [s for s in (signal.SIGINT, signal.SIGTERM) if _on_signal(self.loop, s, work.cancel)]
        try:
            return self.loop.run_until_complete(work)
        except asyncio.CancelledError:
            print("\nStopped. /resume continues it; the shell stays.")
        except errors.AipaError as exc:
            _print_error(exc)
        finally:
            for s in stops:
                self.loop.remove_signal_handler(s)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                if not work.done():
                    self.loop.run_until_complete(work)
        if work.done() and not work.cancelled() and work.exception() is None:
            return work.result()
        self.run_id = self.facade.runs.last_id(self.session_id) if self.session_id else self.run_id
        return None

    # --- commands -----------------------------------------------------------------------

    def command(self, line: str) -> bool:
        """Do one slash command; False to leave the shell."""
        name, arg = commands.parse(line)
        core = self.facade
        if name == "quit":
            return False
        if name == "help":
            print(commands.help_text())
        elif name == "debug":
            self.debug(arg)
        elif name == "brief":
            print(commands.brief(core, arg))
        elif name == "roster":
            print(commands.roster_text(core))
        elif name == "history":
            print(commands.history(core, self.session_id))
        elif name == "resume":
            self.resume()
        elif name == "new":
            self._leave_session()
            self.session_id = self.run_id = None
            print("A new session: it starts with your next directive.")
        else:
            print(commands.unknown(name))
        return True

    def debug(self, arg: str) -> None:
        if arg in ("on", "off"):
            core = self.facade
            for warning in core.config.change(debug=arg == "on"):
                print(f"warning: {warning}")
            print(f"Debug logging is now {arg} (the log file: {core.paths.log_file}).")
            return
        run_id = self.run_id or (self.facade.runs.last_id(self.session_id) if self.session_id else None)
        print(commands.debug(self.facade, run_id))

    def _leave_session(self) -> None:
        """A session left with runs in it gets its brief update at the next start (nobody waits)."""
        if self.session_id and self.facade.runs.list(self.session_id, limit=1):
            self.team.closing.defer(self.session_id)

    def _do(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return self.loop.run_until_complete(coro)


def _print_error(exc: errors.AipaError) -> None:
    """As every command says a failure (``cli/main._fail``): one error line, one hint line."""
    from aipa.core.config.secrets import redact

    print(f"error: {redact(exc.message)}", file=sys.stderr)
    if exc.hint:
        print(f"hint: {redact(exc.hint)}", file=sys.stderr)


def _on_signal(loop: asyncio.AbstractEventLoop, sig: signal.Signals, callback) -> bool:
    try:
        loop.add_signal_handler(sig, callback)
    except (NotImplementedError, RuntimeError, ValueError):  # not on this platform / thread
        return False
    return True


class _History:
    """readline's history, kept in the data folder (no readline, e.g. on Windows: none)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.readline: Any = None
        if sys.platform == "win32":  # no readline there; the plain input() line is used
            return
        try:
            import readline
        except ImportError:
            return
        self.readline = readline
        readline.set_history_length(HISTORY_LENGTH)
        with contextlib.suppress(OSError):
            readline.read_history_file(str(path))

    def add(self, line: str) -> None:
        """input() added the line already; it is written at once, so a session cut off keeps it."""
        if self.readline is None:
            return
        with contextlib.suppress(OSError):
            self.readline.write_history_file(str(self.path))
