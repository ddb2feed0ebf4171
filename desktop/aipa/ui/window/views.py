"""The read-only views a slash command opens from the main window: ``/debug`` (the last
run's raw replies), ``/thinking`` (the last response's thinking), ``/roster`` (the
team roster) and ``/trace`` (a run as a timeline). Each is one dialog; asking again
shows it afresh (a new run, a new reply)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog

from aipa.ui import words
from aipa.ui.i18n import Context, counted

if TYPE_CHECKING:
    from aipa.ui.window.host import WindowHost

VIEWS = ("debug", "thinking", "roster", "trace")
translate = QCoreApplication.translate
Views = Context("Views")


def open_view(window: WindowHost, what: str, arg: str) -> QDialog:
    old = window.dialogs.pop(what, None)
    if old is not None:
        old.close()
    return window.opener.open(what, lambda: _build(window, what, arg))


def _build(window: WindowHost, what: str, arg: str) -> QDialog:
    # the raw view loads with the first view opened, not before the window's first paint
    from aipa.ui.dialogs.raw_view import RawDialog, RawEntry, reply_entries

    core = window.core
    if what == "debug":
        run = core.runs.get(arg)
        status = words.run_status(run.status) if run else ""
        title = translate("Views", "Raw replies · {run}").format(run=arg) + (f" · {status}" if run else "")
        entries = reply_entries(core.runs.raw_replies(arg), core.agents.look)
        about = f"{status} · “{_short(run.directive)}”" if run else ""
        explain = translate(
            "Views",
            "What each agent sent, in the order it came, before AIPA parsed it: "
            "the routing JSON, each lead's report, the synthesis, the audit memo.",
        )
        intro = (
            "<b>" + translate("Views", "Raw replies of run {run}").format(run=html.escape(arg)) + "</b>"
            + (f" &nbsp;·&nbsp; {html.escape(about)}" if about else "")
            + f"<br><span style='color:{window.theme.dim}'>{explain}</span>"
        )  # fmt: skip
        return RawDialog(title, entries, window.theme, window, name="debugDialog", intro=intro)
    if what == "thinking":
        if arg.startswith("run:"):  # the last reply of the run with thinking, from its raw record
            reply = [r for r in core.runs.raw_replies(arg[4:]) if r.thinking.strip()][-1]
            text, head = reply.thinking.strip(), reply.label
        else:  # a reply on screen (a direct conversation)
            item = next((i for i in window.controller.chat.items() if str(i.uid) == arg), None)
            text = item.thinking.strip() if item else ""
            head = " · ".join(x for x in (item.agent, item.title, item.label) if x) if item else ""
        count = len(text.split())
        thinking = translate("Views", "Thinking")
        said = counted(Views.tr("{count} word(s) of thinking", "", count), count)
        entry = RawEntry(head or thinking, said, text)
        title = translate("Views", "Thinking · {what}").format(what=head) if head else thinking

        return RawDialog(title, [entry], window.theme, window, name="thinkingDialog")
    if what == "trace":
        from aipa.ui.dialogs.timeline import TimelineDialog

        return TimelineDialog(core, arg, window.theme, window)
    from aipa.ui.dialogs.roster_view import RosterDialog

    return RosterDialog(window, core)


def _short(text: str, width: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1].rstrip() + "…"
