"""Slash commands: one table feeds the completer, /help, and the menus (with shortcuts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    name: str  # without the slash
    help: str
    menu: str  # File | Session | Agents | View | Settings | Help
    label: str
    shortcut: str = ""
    checkable: bool = False
    aliases: tuple[str, ...] = ()  # other names typed for it (``/exit``, ``/q``)


COMMANDS: tuple[Command, ...] = (
    Command(
        "new", "start a new session (the standing brief is updated in the background)", "File", "&New session", "Ctrl+N"
    ),
    Command("export", "export this session: /export md|html|json [PATH]", "File", "&Export session…", "Ctrl+E"),
    Command(
        "quit",
        "close the window (the session is kept for the next start)",
        "File",
        "&Quit",
        "Ctrl+Q",
        aliases=("exit", "q"),
    ),
    Command("status", "provider, model, session, runs and tokens", "Session", "S&tatus", "Ctrl+I"),
    Command("tasks", "the tasks of the last run and their status", "Session", "&Tasks of the last run", "Ctrl+T"),
    Command("history", "the runs of this session", "Session", "Run &history", "Ctrl+H"),
    Command("audit", "re-audit the last deliverable", "Session", "Re-&audit last deliverable", "Ctrl+Shift+A"),
    Command("resume", "continue the waiting (suspended or stopped) run", "Session", "&Resume waiting run", "Ctrl+R"),
    Command("clear", "clear the view (nothing is deleted)", "Session", "&Clear view", "Ctrl+L"),
    Command(
        "debug",
        "the raw, unparsed replies of the last run's agents; /debug on|off: debug logging",
        "Session",
        "Raw replies of the last run (&debug)…",
        "Ctrl+Shift+D",
    ),
    Command(
        "trace",
        "the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost",
        "Session",
        "Run t&imeline…",
        "Ctrl+Shift+I",
    ),
    Command("agents", "open the agent editor", "Agents", "&Edit agents…", "Ctrl+Shift+E"),
    Command(
        "roster",
        "the team roster the recruiter keeps: roles, models, tools, dates",
        "Agents",
        "Team &roster…",
        "Ctrl+Shift+R",
    ),
    Command("reload", "reload agents and settings from disk", "Agents", "&Reload agents and settings", "F5"),
    Command("brief", "view or edit the standing brief", "Agents", "Standing &brief…", "Ctrl+Alt+B"),
    Command(
        "reset-brief",
        "reset the standing brief to the empty template",
        "Agents",
        "Reset standing brief…",
        "Ctrl+Shift+B",
    ),
    Command("thinking", "show the last response's thinking", "View", "Last response's &thinking…", "Ctrl+Alt+T"),
    Command(
        "panels",
        "show or hide the thinking panels: /panels on|off",
        "View",
        "Show thinking &panels",
        "Ctrl+Shift+T",
        True,
    ),
    Command("autoaudit", "turn the automatic audit on or off", "Settings", "&Automatic audit", "Ctrl+Shift+U", True),
    Command("help", "list the commands", "Help", "&Commands", "F1"),
)

BY_NAME = {c.name: c for c in COMMANDS}
ALIASES = {alias: c.name for c in COMMANDS for alias in c.aliases}
BAR = "\\|"  # a "|" inside a markdown table cell
MENUS = ("File", "Session", "Agents", "View", "Settings", "Help")


def parse(text: str) -> tuple[str, str]:
    """``"/export md x.md"`` -> ``("export", "md x.md")``; an alias gives its command's name
    (``/q`` -> ``quit``); unknown names are returned as is."""
    body = text.strip()[1:]
    name, _, arg = body.partition(" ")
    name = name.strip().lower()
    return ALIASES.get(name, name), arg.strip()


def completions() -> list[str]:
    return ["/" + name for c in COMMANDS for name in (c.name, *c.aliases)]


def help_markdown() -> str:
    rows = "\n".join(
        f"| {', '.join(f'`/{n}`' for n in (c.name, *c.aliases))} | {c.help.replace('|', BAR)} | {c.shortcut} |"
        for c in COMMANDS
    )
    return (
        "**Commands**\n\n| command | what it does | shortcut |\n|---|---|---|\n"
        + rows
        + "\n\nType a directive and press **Enter** to send it to the team (Shift+Enter adds a line; "
        "Settings can make Ctrl+Enter send instead); **Esc** stops a run. "
        "Click an agent in the sidebar to talk to it alone."
    )
