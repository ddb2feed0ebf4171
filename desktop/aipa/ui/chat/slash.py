"""What each slash command does: one table, command name → (handler, help text). The
names, help, menus and shortcuts come from ``commands.COMMANDS``; every command there has
exactly one handler here."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from aipa.core.facade import FORMATS
from aipa.ui import words
from aipa.ui.chat import commands
from aipa.ui.i18n import Context, core_text, number, plural
from aipa.ui.transcript.model import ChatItem

AIPA_COLOR = "#4a6ee0"
translate = QCoreApplication.translate
Slash = Context("Slash")  # (its plurals: lupdate reads Slash.tr as one)


def card(title: str, content: str) -> ChatItem:
    """An answer of the app itself (help, status, tables)."""
    return ChatItem("routing", agent="AIPA", color=AIPA_COLOR, title=title, content=content)


def _on_off(arg: str, current: bool) -> bool:
    return {"on": True, "off": False}.get(arg, not current)


class SlashCommands:
    def __init__(self, controller) -> None:
        self.c = controller
        self.core = controller.core
        handlers: dict[str, Callable[[str], object]] = {
            "new": self.new,
            "export": self.export,
            "quit": lambda _arg: self.c.requestDialog.emit("quit", ""),
            "status": self.status,
            "tasks": self.tasks,
            "history": self.history,
            "audit": self.audit,
            "resume": self.resume,
            "clear": lambda _arg: self.c.chat.clear(),
            "debug": self.debug,
            "trace": self.trace,
            "roster": lambda _arg: self.c.requestDialog.emit("roster", ""),
            "agents": lambda _arg: self.c.requestDialog.emit("agents", ""),
            "reload": self.reload,
            "brief": self.brief,
            "reset-brief": self.reset_brief,
            "thinking": self.thinking,
            "panels": self.panels,
            "autoaudit": self.autoaudit,
            "help": lambda _arg: self.c.chat.append(card("help", commands.help_markdown())),
        }
        missing, unknown = set(commands.BY_NAME) - set(handlers), set(handlers) - set(commands.BY_NAME)
        if missing or unknown:
            raise RuntimeError(f"slash commands without a handler: {missing or '-'}; handlers of no command: {unknown}")
        self.table: dict[str, tuple[Callable[[str], object], str]] = {
            name: (handler, commands.help_text(commands.BY_NAME[name])) for name, handler in handlers.items()
        }

    async def run(self, text: str) -> None:
        name, arg = commands.parse(text if text.startswith("/") else "/" + text)
        entry = self.table.get(name)
        if entry is None:
            self.c.notice(
                translate("SlashCommands", "Unknown command /{name}. Type /help for the list.").format(name=name),
                "warning",
            )
            return
        result = entry[0](arg)
        if asyncio.iscoroutine(result):
            await result

    # --- handlers -----------------------------------------------------------------------

    async def new(self, _arg: str) -> None:
        await self.c.sessions.new()

    def status(self, _arg: str) -> None:
        c, settings = self.c, self.core.config.settings
        name, model = c.connection.summary()
        state, detail = c.connection.state
        runs = self.core.runs.list(c.session_id, limit=1000)
        on, off = translate("SlashCommands", "on"), translate("SlashCommands", "off")
        lines = [
            translate("SlashCommands", "**Provider:** {provider} · {model} · {state}").format(
                provider=name, model=model, state=words.connection(state)
            )
            + (f" ({core_text(detail)})" if detail else ""),
            plural(Slash.tr("**Session:** {session} · {count} run(s)", "", len(runs)), len(runs)).format(
                session=c.session_id or translate("SlashCommands", "(new)"), count=number(len(runs))
            ),
            translate("SlashCommands", "**Tokens this session:** {count}").format(count=number(c.session_tokens)),
            translate("SlashCommands", "**Automatic audit:** {audit} · **Plan review:** {review}").format(
                audit=on if settings.auto_audit else off, review=on if settings.plan_review else off
            ),
            translate("SlashCommands", "**Talking to:** {who}").format(
                who=c.direct_agent or translate("SlashCommands", "the team")
            ),
            translate("SlashCommands", "**Data folder:** `{folder}`").format(folder=self.core.paths.root),
        ]
        c.chat.append(card(translate("SlashCommands", "status"), "\n\n".join(lines)))

    def history(self, _arg: str) -> None:
        runs = self.core.runs.list(self.c.session_id, limit=100)
        if not runs:
            self.c.notice(translate("SlashCommands", "No runs in this session yet."))
            return
        rows = "\n".join(
            f"| `{r.run_id}` | {words.run_status(r.status)} | {words.verdict(r.verdict) if r.verdict else '–'} "
            f"| {r.directive[:70].replace('|', '/')} |"
            for r in reversed(runs)
        )
        head = translate("SlashCommands", "| run | status | verdict | directive |") + "\n|---|---|---|---|\n"
        self.c.chat.append(card(translate("SlashCommands", "history"), head + rows))

    def tasks(self, _arg: str) -> None:
        run_id = self.c.run_id
        tasks = self.core.runs.tasks(run_id)
        if not tasks:
            self.c.notice(
                translate("SlashCommands", "The last run has no tasks (answered directly, or nothing has run yet).")
            )
            return
        rows = "\n".join(f"| `{t.task_id}` | {t.assigned_to} | {t.title} | {t.status} |" for t in tasks)
        head = translate("SlashCommands", "| task | agent | title | status |") + "\n|---|---|---|---|\n"
        self.c.chat.append(card(translate("SlashCommands", "tasks of {run}").format(run=run_id), head + rows))

    def panels(self, arg: str) -> None:
        c = self.c
        c.show_thinking = _on_off(arg, c.show_thinking)
        c.requestDialog.emit("panels", "on" if c.show_thinking else "off")
        c.statusMessage.emit(
            translate("SlashCommands", "Thinking panels shown")
            if c.show_thinking
            else translate("SlashCommands", "Thinking panels hidden")
        )

    def thinking(self, _arg: str) -> None:
        """The thinking of the last response that has any, in a window of its own: from the
        last run's raw record (complete, also after a restart), unless a direct
        conversation on screen answered later."""
        shown = self.c.chat.items()
        at = next((n for n in range(len(shown) - 1, -1, -1) if shown[n].thinking.strip()), None)
        run_id = self.c.run_id or self.core.runs.last_id(self.c.session_id)
        recorded = any(r.thinking.strip() for r in self.core.runs.raw_replies(run_id))
        chat_later = at is not None and not shown[at].run_id and all(i.run_id != run_id for i in shown[at:])
        if recorded and not chat_later:
            self.c.requestDialog.emit("thinking", f"run:{run_id}")
        elif at is not None:
            self.c.requestDialog.emit("thinking", str(shown[at].uid))
        else:
            self.c.notice(
                translate(
                    "SlashCommands", "No response has any thinking (the model did not think aloud, or nothing ran yet)."
                )
            )

    def debug(self, arg: str) -> None:
        """``/debug``: the last run's raw replies; ``/debug on|off``: the debug setting (logging)."""
        if arg in ("on", "off"):
            self.c.set_settings(debug=arg == "on")
            self.c.notice(
                translate("SlashCommands", "Debug logging is now {state} (the log file: {file}).").format(
                    state=translate("SlashCommands", "on") if arg == "on" else translate("SlashCommands", "off"),
                    file=self.core.paths.log_file,
                )
            )
            return
        run_id = self.c.run_id or self.core.runs.last_id(self.c.session_id)
        if not run_id or not self.core.runs.raw_replies(run_id):
            self.c.notice(
                translate(
                    "SlashCommands",
                    "No agent has replied in this session yet: /debug shows the last run's raw replies.",
                )
            )
            return
        self.c.requestDialog.emit("debug", run_id)

    def trace(self, arg: str) -> None:
        """``/trace [RUN_ID]``: a run as a timeline (the last run of the session by default)."""
        run_id = arg.strip() or self.c.run_id or self.core.runs.last_id(self.c.session_id)
        if not run_id or self.core.runs.get(run_id) is None:
            asked = arg.strip()
            self.c.notice(
                translate("SlashCommands", "No run {run} to show.").format(run=asked)
                if asked
                else translate("SlashCommands", "No run in this session yet: /trace shows one.")
            )
            return
        self.c.requestDialog.emit("trace", run_id)

    def autoaudit(self, arg: str) -> None:
        value = _on_off(arg, self.core.config.settings.auto_audit)
        self.c.set_settings(auto_audit=value)
        self.c.notice(
            translate("SlashCommands", "Automatic audit is now on.")
            if value
            else translate("SlashCommands", "Automatic audit is now off.")
        )

    def reload(self, _arg: str) -> None:
        warnings = self.core.config.reload()
        self.c.agents.load(self.core)
        self.c.notice(
            translate("SlashCommands", "Reloaded {count} agents and the settings.").format(
                count=len(self.core.agents.all())
            )
            + "".join(f"\n⚠ {core_text(w)}" for w in warnings),
            "warning" if warnings else "info",
        )

    def brief(self, arg: str) -> None:
        """``/brief``: the editor; ``/brief archive``: the log entries retention moved out of
        the brief, oldest first (stored, and shown nowhere else)."""
        if arg.strip().casefold() != "archive":
            self.c.requestDialog.emit("brief", "")
            return
        entries = self.core.sessions.brief().archive()
        if not entries:
            self.c.notice(
                translate(
                    "SlashCommands",
                    "The standing brief's archive is empty: log entries move there once its log holds more than "
                    "{count} (Settings → Standing brief keeps).",
                ).format(count=number(self.core.config.settings.brief_retention))
            )
            return
        body = "\n".join(entries)
        self.c.chat.append(card(translate("SlashCommands", "standing brief: archive"), body))

    def reset_brief(self, arg: str) -> None:
        if arg == "yes":
            self.core.sessions.brief().reset()
            self.c.notice(translate("SlashCommands", "The standing brief was reset to the empty template."))
        else:
            self.c.requestDialog.emit("reset-brief", "")

    async def resume(self, arg: str) -> None:
        await self.c.resume(arg or None)

    def export(self, arg: str) -> None:
        fmt, _, path = arg.partition(" ")
        fmt = fmt.lower().lstrip(".") or ""
        if fmt == "markdown":
            fmt = "md"
        if not self.c.session_id:
            self.c.notice(translate("SlashCommands", "Nothing to export yet: this session is empty."), "warning")
            return
        if fmt in FORMATS and path:
            self.c.export_to(fmt, Path(path).expanduser())
        else:
            self.c.requestDialog.emit("export", fmt)

    async def audit(self, _arg: str) -> None:
        await self.c._operate(self.c.reaudit())
