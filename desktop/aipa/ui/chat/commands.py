"""Slash commands: one table feeds the completer, /help, and the menus (with shortcuts)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from aipa.core.text.words import QT_TRANSLATE_NOOP

# The labels and help texts are marked for lupdate (context "Commands") and translated
# where they are shown (``label_text``, ``help_text``); the table keeps the English.


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
        "new",
        QT_TRANSLATE_NOOP("Commands", "start a new session (the standing brief is updated in the background)"),
        "File",
        QT_TRANSLATE_NOOP("Commands", "&New session"),
        "Ctrl+N",
    ),
    Command(
        "export",
        QT_TRANSLATE_NOOP("Commands", "export this session: /export md|html|json [PATH]"),
        "File",
        QT_TRANSLATE_NOOP("Commands", "&Export session…"),
        "Ctrl+E",
    ),
    Command(
        "quit",
        QT_TRANSLATE_NOOP("Commands", "close the window (the session is kept for the next start)"),
        "File",
        QT_TRANSLATE_NOOP("Commands", "&Quit"),
        "Ctrl+Q",
        aliases=("exit", "q"),
    ),
    Command(
        "status",
        QT_TRANSLATE_NOOP("Commands", "provider, model, session, runs and tokens"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "S&tatus"),
        "Ctrl+I",
    ),
    Command(
        "tasks",
        QT_TRANSLATE_NOOP("Commands", "the tasks of the last run and their status"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "&Tasks of the last run"),
        "Ctrl+T",
    ),
    Command(
        "history",
        QT_TRANSLATE_NOOP("Commands", "the runs of this session"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "Run &history"),
        "Ctrl+H",
    ),
    Command(
        "audit",
        QT_TRANSLATE_NOOP("Commands", "re-audit the last deliverable"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "Re-&audit last deliverable"),
        "Ctrl+Shift+A",
    ),
    Command(
        "resume",
        QT_TRANSLATE_NOOP("Commands", "continue the waiting (suspended or stopped) run"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "&Resume waiting run"),
        "Ctrl+R",
    ),
    Command(
        "clear",
        QT_TRANSLATE_NOOP("Commands", "clear the view (nothing is deleted)"),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "&Clear view"),
        "Ctrl+L",
    ),
    Command(
        "debug",
        QT_TRANSLATE_NOOP(
            "Commands", "the raw, unparsed replies of the last run's agents; /debug on|off: debug logging"
        ),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "Raw replies of the last run (&debug)…"),
        "Ctrl+Shift+D",
    ),
    Command(
        "trace",
        QT_TRANSLATE_NOOP(
            "Commands",
            "the last run (or /trace RUN_ID) as a timeline: each stage, lead, call and gate, with tokens and cost",
        ),
        "Session",
        QT_TRANSLATE_NOOP("Commands", "Run t&imeline…"),
        "Ctrl+Shift+I",
    ),
    Command(
        "agents",
        QT_TRANSLATE_NOOP("Commands", "open the agent editor"),
        "Agents",
        QT_TRANSLATE_NOOP("Commands", "&Edit agents…"),
        "Ctrl+Shift+E",
    ),
    Command(
        "roster",
        QT_TRANSLATE_NOOP("Commands", "the team roster the recruiter keeps: roles, models, tools, dates"),
        "Agents",
        QT_TRANSLATE_NOOP("Commands", "Team &roster…"),
        "Ctrl+Shift+R",
    ),
    Command(
        "reload",
        QT_TRANSLATE_NOOP("Commands", "reload agents and settings from disk"),
        "Agents",
        QT_TRANSLATE_NOOP("Commands", "&Reload agents and settings"),
        "F5",
    ),
    Command(
        "brief",
        QT_TRANSLATE_NOOP("Commands", "view or edit the standing brief; /brief archive: its archived log entries"),
        "Agents",
        QT_TRANSLATE_NOOP("Commands", "Standing &brief…"),
        "Ctrl+Alt+B",
    ),
    Command(
        "reset-brief",
        QT_TRANSLATE_NOOP("Commands", "reset the standing brief to the empty template"),
        "Agents",
        QT_TRANSLATE_NOOP("Commands", "Reset standing brief…"),
        "Ctrl+Shift+B",
    ),
    Command(
        "thinking",
        QT_TRANSLATE_NOOP("Commands", "show the last response's thinking"),
        "View",
        QT_TRANSLATE_NOOP("Commands", "Last response's &thinking…"),
        "Ctrl+Alt+T",
    ),
    Command(
        "panels",
        QT_TRANSLATE_NOOP("Commands", "show or hide the thinking panels: /panels on|off"),
        "View",
        QT_TRANSLATE_NOOP("Commands", "Show thinking &panels"),
        "Ctrl+Shift+T",
        True,
    ),
    Command(
        "autoaudit",
        QT_TRANSLATE_NOOP("Commands", "turn the automatic audit on or off"),
        "Settings",
        QT_TRANSLATE_NOOP("Commands", "&Automatic audit"),
        "Ctrl+Shift+U",
        True,
    ),
    Command(
        "help",
        QT_TRANSLATE_NOOP("Commands", "list the commands"),
        "Help",
        QT_TRANSLATE_NOOP("Commands", "&Commands"),
        "F1",
    ),
)

BY_NAME = {c.name: c for c in COMMANDS}
ALIASES = {alias: c.name for c in COMMANDS for alias in c.aliases}
BAR = "\\|"  # a "|" inside a markdown table cell
MENUS = ("File", "Session", "Agents", "View", "Settings", "Help")  # the keys; titles: menu_title
# Each menu's title with its own Alt+letter (Session has the S).
MENU_TITLES = {
    "File": QT_TRANSLATE_NOOP("Commands", "&File"),
    "Session": QT_TRANSLATE_NOOP("Commands", "&Session"),
    "Agents": QT_TRANSLATE_NOOP("Commands", "&Agents"),
    "View": QT_TRANSLATE_NOOP("Commands", "&View"),
    "Settings": QT_TRANSLATE_NOOP("Commands", "Se&ttings"),
    "Help": QT_TRANSLATE_NOOP("Commands", "&Help"),
}


def translated(text: str) -> str:
    """A label, help text or menu title of this table in the window's language."""
    return QCoreApplication.translate("Commands", text)


def label_text(cmd: Command) -> str:
    return translated(cmd.label)


def help_text(cmd: Command) -> str:
    return translated(cmd.help)


def menu_title(menu: str) -> str:
    return translated(MENU_TITLES.get(menu, "&" + menu))


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
        f"| {', '.join(f'`/{n}`' for n in (c.name, *c.aliases))} | {help_text(c).replace('|', BAR)} | {c.shortcut} |"
        for c in COMMANDS
    )
    return (
        QCoreApplication.translate("Commands", "**Commands**\n\n| command | what it does | shortcut |\n|---|---|---|\n")
        + rows
        + "\n\n"
        + QCoreApplication.translate(
            "Commands",
            "Type a directive and press **Enter** to send it to the team (Shift+Enter adds a line; "
            "Settings can make Ctrl+Enter send instead); **Esc** stops a run. "
            "Click an agent in the sidebar to talk to it alone.",
        )
    )
