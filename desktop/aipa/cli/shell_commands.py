"""The slash commands a terminal understands: ``aipa shell`` has them all, ``aipa chat``
the ones that need no run (``/help``, ``/brief``, ``/brief archive``, ``/roster``,
``/quit``). What each prints is built here from the core facade, plain text for a
terminal; the REPL itself (reading lines, Ctrl+C, history) is ``cli/shell.py``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aipa.core.team import roster

if TYPE_CHECKING:
    from aipa.core.facade import Core

REPLY_SHOWN = 4000  # characters of one raw reply /debug prints; the rest is in `aipa trace` / the window


@dataclass(frozen=True)
class ShellCommand:
    name: str
    help: str
    in_chat: bool = False  # `aipa chat` has it too (it needs no run)
    aliases: tuple[str, ...] = ()


COMMANDS: tuple[ShellCommand, ...] = (
    ShellCommand("help", "these commands", in_chat=True),
    ShellCommand("debug", "the last run's raw replies; /debug on|off: debug logging", aliases=("raw",)),
    ShellCommand("brief", "the standing brief; /brief archive: the log entries retired from it", in_chat=True),
    ShellCommand("roster", "the team roster (roles, models, tools, changes)", in_chat=True),
    ShellCommand("history", "the runs of this session"),
    ShellCommand("resume", "continue this session's waiting (suspended or stopped) run"),
    ShellCommand("new", "start a new session (the standing brief is updated at the next start)"),
    ShellCommand("quit", "leave (Ctrl+D too); the session is kept", in_chat=True, aliases=("exit", "q")),
)
BY_NAME = {name: c for c in COMMANDS for name in (c.name, *c.aliases)}


def parse(text: str) -> tuple[str, str]:
    """``/brief archive`` → ("brief", "archive"); an alias gives its command's name."""
    head, _, arg = text.strip().lstrip("/").partition(" ")
    command = BY_NAME.get(head.casefold())
    return (command.name if command else head.casefold()), arg.strip()


def help_text(*, chat: bool = False) -> str:
    shown = [c for c in COMMANDS if c.in_chat or not chat]
    lead = "Type a message to talk" if chat else "Type a directive to run it on the team"
    lines = [f"{lead}; a line starting with / is a command:"]
    lines += [f"  /{c.name:<8} {c.help}" for c in shown]
    if not chat:
        lines.append("Ctrl+C stops the run at work (the shell stays); Ctrl+D or /quit leaves.")
    return "\n".join(lines)


def chat_command(core: Core, line: str) -> bool:
    """A slash command typed in ``aipa chat``; False to end the conversation."""
    name, arg = parse(line)
    if name == "quit":
        return False
    if name == "help":
        print(help_text(chat=True))
    elif name == "brief":
        print(brief(core, arg))
    elif name == "roster":
        print(roster_text(core))
    else:
        print(unknown(name, chat=True))
    return True


def unknown(name: str, *, chat: bool = False) -> str:
    if not chat and name in BY_NAME:
        return f"/{name} is for `aipa shell`."
    if chat and name in BY_NAME and not BY_NAME[name].in_chat:
        return f"/{name} is for `aipa shell SESSION` (a conversation has no runs)."
    return f"Unknown command /{name}. Type /help for the list."


def brief(core: Core, arg: str) -> str:
    """``/brief``: the standing brief as it stands; ``/brief archive``: what retention
    moved out of its log, oldest first (stored, shown nowhere else in the terminal)."""
    standing = core.sessions.brief()
    if arg.casefold() != "archive":
        if arg:
            return "/brief shows the standing brief; /brief archive its archived log entries."
        return standing.text().rstrip()
    entries = standing.archive()
    if not entries:
        return (
            "The brief's archive is empty: log entries move there once the brief's log holds more than "
            f"{core.config.settings.brief_retention} (the setting brief_retention)."
        )
    noun = "entry" if len(entries) == 1 else "entries"
    return "\n".join([f"Archived log entries ({len(entries)} {noun}, oldest first):", *entries])


def roster_text(core: Core) -> str:
    return roster.render(core.agents.roster()).rstrip() + f"\n(the file: {core.agents.roster_file()})"


def debug(core: Core, run_id: str | None) -> str:
    """The run's raw replies as the models sent them (thinking apart), each with who,
    why, which model, tokens and seconds."""
    replies = core.runs.raw_replies(run_id) if run_id else []
    if not replies:
        return "No agent has replied in this session yet: /debug shows the last run's raw replies."
    out = [f"Raw replies of run {run_id} ({len(replies)}):"]
    for r in replies:
        where = " · ".join(x for x in (r.agent, r.purpose, r.task_id, r.provider, r.model) if x)
        figures = f"{r.input_tokens}→{r.output_tokens} tokens · {r.seconds:.1f} s" + (" · re-ask" if r.reask else "")
        out.append(f"── {where} · {figures}")
        if r.thinking.strip():
            out.append("  (thinking) " + _cut(r.thinking).replace("\n", "\n  "))
        out.append("  " + _cut(r.content).replace("\n", "\n  "))
    return "\n".join(out)


def history(core: Core, session_id: str | None) -> str:
    runs = core.runs.list(session_id, limit=100) if session_id else []
    if not runs:
        return "No runs in this session yet."
    rows = []
    for r in reversed(runs):
        directive = r.directive if len(r.directive) <= 60 else r.directive[:59] + "…"
        rows.append(f"{r.run_id}  {r.status:<11} {r.verdict or '-':<16} {directive}")
    return "\n".join(rows)


def _cut(text: str) -> str:
    text = text.strip()
    if len(text) <= REPLY_SHOWN:
        return text
    return text[:REPLY_SHOWN] + f"\n… ({len(text) - REPLY_SHOWN} more characters: `aipa trace RUN_ID` has them all)"
