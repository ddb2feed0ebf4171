"""Every slash command, typed into the input box, and its menu action."""

from __future__ import annotations

import asyncio
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from aipa.providers.scripted import ScriptedProvider
from aipa.ui.chat import commands
from aipa.ui.dialogs.agent_editor import AgentEditor
from aipa.ui.dialogs.brief_editor import BriefEditor
from aipa.ui.transcript.model import ChatItem
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until


async def type_command(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return)  # plain Enter runs a one-line /command
    assert window.compose.toPlainText() == ""
    for _ in range(3):  # the slot runs as a task on the loop
        await asyncio.sleep(0.01)
    await idle(window)


async def finished_run(window) -> None:
    window.reviewer.auto = True
    await window.controller.submit(DIRECTIVE)
    window.reviewer.auto = False


def last(window):
    return items(window)[-1]


def test_every_command_has_a_menu_action_and_shortcut(qtbot, home):
    from aipa.ui.window.main_window import MainWindow
    from tests.ui.helpers import make_app

    app = make_app(home)
    window = MainWindow(app.core)
    try:
        shortcuts = set()
        for cmd in commands.COMMANDS:
            action = window.menu_actions[cmd.name]
            assert action.shortcut().toString(), cmd.name
            shortcuts.add(action.shortcut().toString())
        assert len(shortcuts) == len(commands.COMMANDS)
        menu_titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
        assert menu_titles == list(commands.MENUS)
        expected = {
            "/help",
            "/status",
            "/brief",
            "/reset-brief",
            "/agents",
            "/history",
            "/thinking",
            "/audit",
            "/tasks",
            "/autoaudit",
            "/reload",
            "/clear",
            "/export",
            "/new",
            "/quit",
            "/exit",
            "/q",
            "/debug",
            "/roster",
            "/panels",
        }
        assert expected <= set(commands.completions())
        completer = window.compose.completer
        completer.setCompletionPrefix("/re")
        found = {completer.completionModel().index(i, 0).data() for i in range(completer.completionCount())}
        assert found == {"/reset-brief", "/reload", "/resume"}
    finally:
        window._closed = True
        window.close()
        app.store.close()


def test_every_command_has_one_handler_in_the_table(qtbot, home, monkeypatch):
    from aipa.ui.chat.slash import SlashCommands
    from aipa.ui.window.main_window import MainWindow
    from tests.ui.helpers import make_app

    app = make_app(home)
    window = MainWindow(app.core)
    try:
        table = window.controller.slash.table
        assert set(table) == set(commands.BY_NAME)
        assert all(help_text == commands.BY_NAME[name].help for name, (_handler, help_text) in table.items())
        # a command with no handler is caught when the table is built
        monkeypatch.setitem(commands.BY_NAME, "dance", commands.Command("dance", "dance a little", "Help", "&Dance"))
        with pytest.raises(RuntimeError, match="dance"):
            SlashCommands(window.controller)
    finally:
        window._closed = True
        window.close()
        app.store.close()


async def test_help_status_history_tasks(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/help")
        assert "/autoaudit" in last(w).content and "Ctrl+Enter" in last(w).content
        await finished_run(w)
        await type_command(qtbot, w, "/status")
        status = last(w).content
        assert "scripted" in status and w.controller.session_id in status and "Tokens this session" in status
        await type_command(qtbot, w, "/history")
        assert w.controller.run_id in last(w).content and "done" in last(w).content
        await type_command(qtbot, w, "/tasks")
        assert last(w).content.count("Atlas") == 1 and "complete" in last(w).content
        await type_command(qtbot, w, "/nonsense")
        assert "Unknown command" in last(w).content


async def test_menu_actions_run_the_commands(qtbot, home):
    async with open_window(home) as w:
        w.menu_actions["help"].trigger()
        await until(lambda: items(w) and "Commands" in last(w).content)
        w.menu_actions["clear"].trigger()
        await until(lambda: not items(w))


async def test_panels_autoaudit_reload_clear(qtbot, home):
    # Showing or hiding the thinking panels moved from /thinking to /panels
    # (/thinking shows the last response's thinking).
    async with open_window(home) as w:
        await type_command(qtbot, w, "/panels")
        assert not w.chat_view.chat_delegate.show_thinking and not w.menu_actions["panels"].isChecked()
        await type_command(qtbot, w, "/panels on")
        assert w.chat_view.chat_delegate.show_thinking and w.menu_actions["panels"].isChecked()
        assert w.core.app.settings.auto_audit
        await type_command(qtbot, w, "/autoaudit")
        assert not w.core.app.settings.auto_audit and not w.menu_actions["autoaudit"].isChecked()
        assert json.loads((home / "settings.json").read_text())["auto_audit"] is False
        await finished_run(w)
        assert not items(w, "audit")  # no audit while it is off
        await type_command(qtbot, w, "/autoaudit")
        assert w.controller.team.settings.auto_audit
        (home / "agents" / "nova.md").write_text('+++\nname = "Nova"\ntitle = "Forecasting"\n+++\n\nYou forecast.\n')
        await type_command(qtbot, w, "/reload")
        assert "Reloaded 8 agents" in last(w).content
        assert w.controller.agents.row("Nova") is not None
        await type_command(qtbot, w, "/clear")
        assert items(w) == []
        assert w.core.app.store.messages(w.controller.session_id)  # nothing deleted


async def test_audit_reaudits_the_last_deliverable(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/audit")
        assert "no deliverable" in last(w).content
        await finished_run(w)
        audits = len(items(w, "audit"))
        await type_command(qtbot, w, "/audit")
        await idle(w)
        assert len(items(w, "audit")) == audits + 1
        assert items(w, "audit")[-1].verdict == "PASS WITH NOTES" and not items(w, "audit")[-1].streaming
        stored = [m for m in w.core.app.store.messages(w.controller.session_id) if m.kind == "audit"]
        assert len(stored) == 2


async def test_brief_and_reset_brief(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/brief")
        editor = w.dialogs["brief"]
        assert isinstance(editor, BriefEditor) and editor.isVisible()
        assert editor.editor.toPlainText().startswith("# Standing brief")
        editor.editor.setPlainText(editor.editor.toPlainText().replace("(what matters now)", "Ship the app"))
        qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
        assert "Ship the app" in w.core.app.brief().text()
        assert "Ship the app" in editor.preview.toPlainText()
        editor.close()
        await type_command(qtbot, w, "/reset-brief")
        box = w.dialogs["reset-brief"]
        assert box.isVisible() and box.yes_button.text() == "Reset"
        qtbot.mouseClick(box.yes_button, Qt.MouseButton.LeftButton)
        await until(lambda: "Ship the app" not in w.core.app.brief().text(), what="the reset")
        assert "reset" in last(w).content


async def test_agents_opens_the_editor(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/agents")
        editor = w.dialogs["agents"]
        assert isinstance(editor, AgentEditor) and editor.isVisible()
        assert editor.list.count() == 7
        editor.close()


async def test_export_in_three_formats(qtbot, home, tmp_path):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/export md")
        assert "Nothing to export" in last(w).content
        await finished_run(w)
        for fmt in ("md", "html", "json"):
            path = tmp_path / f"out.{fmt}"
            await type_command(qtbot, w, f"/export {fmt} {path}")
            assert path.exists() and str(path) in last(w).content
        # the shareable export: the directive, then the deliverable and the audit under their headings
        md = (tmp_path / "out.md").read_text()
        assert DIRECTIVE in md and "### Deliverable" in md and "### Audit: PASS WITH NOTES" in md
        page = (tmp_path / "out.html").read_text()
        assert page.startswith("<!DOCTYPE html>") and "<table>" in page and "default-src 'none'" in page
        data = json.loads((tmp_path / "out.json").read_text())
        assert data["session_id"] == w.controller.session_id
        assert data["runs"][0]["verdict"] == "PASS WITH NOTES" and len(data["runs"][0]["tasks"]) == 3
        await type_command(qtbot, w, "/export")
        dialog = w.dialogs["export"]
        assert isinstance(dialog, QFileDialog)
        target = tmp_path / "picked.json"
        dialog.fileSelected.emit(str(target))
        assert json.loads(target.read_text())["session_id"] == w.controller.session_id
        dialog.close()


async def test_new_session_updates_the_brief_in_the_background(qtbot, home):
    async with open_window(home) as w:
        await finished_run(w)
        first = w.controller.session_id
        seen = []
        w.controller.briefUpdating.connect(seen.append)
        await type_command(qtbot, w, "/new")
        assert w.controller.session_id is None and items(w) == []
        assert "New session" in w.session_label.text()
        await until(lambda: seen == [True, False], what="the brief update")
        assert w.core.app.store.get_session(first).closed_at is not None
        assert "Worked on" in w.core.app.brief().text()
        assert not w.status.brief.isVisible()


class SlowMemory(ScriptedProvider):
    """The demo team, but the standing-brief rewrite never finishes (a slow local model)."""

    async def stream(self, request):
        if request.purpose == "memory":
            await asyncio.Event().wait()
        async for event in super().stream(request):
            yield event


async def test_quit_is_quick_and_a_cut_short_brief_update_is_redone_at_the_next_start(qtbot, home):
    async with open_window(home) as w:
        await finished_run(w)
        kept = w.controller.session_id
        await type_command(qtbot, w, "/new")
        await finished_run(w)
        left = w.controller.session_id
        w.core.app.providers._cache["scripted"] = SlowMemory()
        await type_command(qtbot, w, "/new")  # the brief update of `left` starts and hangs
        await until(lambda: w.controller._background, what="the brief update to start")
        # A quit does not wait for the model: the update hangs forever, so a shutdown that
        # waited for it would never return (wait_for turns that into a failure).
        await asyncio.wait_for(w.controller.shutdown(timeout=0.3), 120)
        assert w.core.app.store.get_session(left).closed_at is None  # not lost: still to be done
        assert w.core.app.store.get_session(kept).closed_at is not None
    async with open_window(home) as again:  # the next start redoes it, in the background
        await until(lambda: again.core.app.store.get_session(left).closed_at is not None, what="the redone update")
        await until(lambda: not again.controller._background, what="the update to settle")
        assert again.core.app.store.get_meta("ui.brief_pending") is None


class BrokenMemory(ScriptedProvider):
    """The demo team, but the standing-brief rewrite fails with an unexpected error."""

    async def stream(self, request):
        if request.purpose == "memory":
            raise RuntimeError("a bug in the rewrite")
        async for event in super().stream(request):
            yield event


async def test_a_failed_brief_update_is_said_and_stays_pending_for_the_next_start(qtbot, home):
    async with open_window(home) as w:
        await finished_run(w)
        left = w.controller.session_id
        said = []
        w.controller.statusMessage.connect(said.append)
        w.core.app.providers._cache["scripted"] = BrokenMemory()
        await type_command(qtbot, w, "/new")
        await until(lambda: any("Standing brief not updated" in t for t in said), what="the failure said")
        await until(lambda: not w.controller._background, what="the update to settle")
        assert w.core.sessions.briefs_pending() == [left]  # kept: the next start retries it
        assert w.core.app.store.get_session(left).closed_at is None
    async with open_window(home) as again:  # the next start redoes it, in the background
        await until(lambda: again.core.app.store.get_session(left).closed_at is not None, what="the redone update")
        await until(lambda: not again.controller._background, what="the update to settle")
        assert again.core.sessions.briefs_pending() == []


async def test_quit_keeps_the_session_open_for_the_next_start(qtbot, home):
    async with open_window(home) as w:
        await finished_run(w)
        session = w.controller.session_id
    async with open_window(home) as again:
        assert again.controller.session_id == session and items(again, "deliverable")
        assert again.core.app.store.get_session(session).closed_at is None  # its brief update waits for /new
        assert again.core.app.store.get_meta("ui.brief_pending") is None and not again.status.brief.isVisible()


async def test_quit_closes_the_window(qtbot, home):
    async with open_window(home) as w:
        closed = []
        w.closed.connect(lambda: closed.append(True))
        await type_command(qtbot, w, "/quit")
        await until(lambda: closed, what="the window to close")
        assert not w.isVisible()


@pytest.mark.parametrize("name", ["/exit", "/q"])
async def test_exit_and_q_close_the_window_like_quit(qtbot, home, name):
    async with open_window(home) as w:
        closed = []
        w.closed.connect(lambda: closed.append(True))
        await type_command(qtbot, w, name)
        await until(lambda: closed, what="the window to close")
        assert not w.isVisible()


def test_aliases_are_offered_and_listed_with_their_command():
    assert commands.parse("/Q") == ("quit", "") and commands.parse("/exit now") == ("quit", "now")
    assert {"/exit", "/q"} <= set(commands.completions())
    row = next(line for line in commands.help_markdown().splitlines() if "`/quit`" in line)
    assert "`/exit`" in row and "`/q`" in row and "Ctrl+Q" in row
    # a "|" in a command's help stays inside its cell: every row has the header's four bars
    assert all(line.count("|") - line.count("\\|") == 4 for line in commands.help_markdown().splitlines()[2:-2])


async def test_thinking_shows_the_last_responses_thinking(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/thinking")
        assert "No response has any thinking" in last(w).content and "thinking" not in w.dialogs
        await finished_run(w)
        shown = [i for i in items(w) if i.thinking.strip()][-1]
        await type_command(qtbot, w, "/thinking")
        dialog = w.dialogs["thinking"]
        assert dialog.isVisible() and dialog.objectName() == "thinkingDialog"
        assert dialog.text.toPlainText() == shown.thinking.strip() and shown.agent in dialog.windowTitle()
        assert dialog.text.isReadOnly() and not dialog.list.isVisible()  # one text: no list beside it
        assert w.chat_view.chat_delegate.show_thinking  # the panels were not toggled
        last_thinking = dialog.text.toPlainText()
    async with open_window(home) as again:  # after a restart: the same, from the run's record
        await type_command(qtbot, again, "/thinking")
        assert again.dialogs["thinking"].text.toPlainText() == last_thinking
        assert again.dialogs["thinking"].windowTitle() == "Thinking · Miranda · synthesize"
        # a direct conversation after the run (the scripted model does not think in chats: its reply is
        # put on screen as the chat shows one): that reply is the last response
        said = ChatItem("chat_agent", agent="Atlas", content="Venues first.", thinking="Venues decide the dates.")
        again.controller.chat.append(said)
        await type_command(qtbot, again, "/thinking")
        assert again.dialogs["thinking"].text.toPlainText() == "Venues decide the dates."
        assert again.dialogs["thinking"].windowTitle() == "Thinking · Atlas"


async def test_debug_shows_every_agents_raw_reply_of_the_last_run(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/debug")
        assert "No agent has replied" in last(w).content and "debug" not in w.dialogs
        await finished_run(w)
        await type_command(qtbot, w, "/debug")
        dialog = w.dialogs["debug"]
        assert dialog.isVisible() and w.controller.run_id in dialog.windowTitle()
        labels = [e.label for e in dialog.entries]
        assert labels[0] == "Miranda · route" and labels[-1] == "Vera · audit"
        assert sum(label.startswith("Miranda · synthesize") for label in labels) == 1
        tasks = w.core.runs.tasks(w.controller.run_id)
        assert sorted(label for label in labels if " · lead " in label) == sorted(  # in the order they finished
            f"{t.assigned_to} · lead {t.task_id}" for t in tasks
        )
        # the routing reply as the model sent it: JSON, not the sentence the window shows
        route = dialog.text.toPlainText()
        assert route.lstrip().startswith("{") and '"mode"' in route
        routing_card = items(w, "routing")[0].content
        assert route.split("──── thinking")[0].strip() != routing_card.strip()
        assert "scripted" in dialog.detail.text() and "tokens" in dialog.detail.text()
        dialog.list.setCurrentRow(len(labels) - 1)
        assert "VERDICT:" in dialog.text.toPlainText()
        assert dialog.text.font().styleHint() == dialog.text.font().StyleHint.Monospace
        assert dialog.text.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
        w.menu_actions["debug"].trigger()  # the menu's action shows it too
        await until(lambda: w.dialogs.get("debug") not in (None, dialog), what="the view shown afresh")


async def test_debug_on_and_off_sets_debug_logging(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/debug on")
        assert w.core.config.settings.debug and json.loads((home / "settings.json").read_text())["debug"] is True
        assert "Debug logging is now on" in last(w).content
        await type_command(qtbot, w, "/debug off")
        assert not w.core.config.settings.debug


async def test_roster_lists_the_team_with_relative_dates(qtbot, home):
    async with open_window(home) as w:
        await type_command(qtbot, w, "/roster")
        dialog = w.dialogs["roster"]
        table = dialog.table
        assert dialog.isVisible() and table.rowCount() == len(w.core.agents.all()) == 7
        header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        assert header == ["Name", "Role", "Provider", "Model", "Tools", "Recruited", "Changed"]
        names = [table.item(r, 0).text() for r in range(table.rowCount())]
        assert "Evelyn" in names and "Atlas" in names
        evelyn = names.index("Evelyn")
        assert "list_agents" in table.item(evelyn, 4).text()  # the recruiter's tools
        assert table.item(evelyn, 5).text() == "just now"  # recruited when the folder was first read
        assert table.item(evelyn, 5).toolTip()[:4].isdigit()  # the exact date in the tooltip
        assert (home / "agents" / "_roster.md").exists()
        dialog.close()
        (home / "agents" / "nova.md").write_text(
            '+++\nname = "Nova"\ntitle = "Forecasting"\nmodel = "qwen3:4b"\n+++\n\nYou forecast.\n'
        )
        await type_command(qtbot, w, "/reload")
        w.menu_actions["roster"].trigger()
        await until(lambda: w.dialogs.get("roster") not in (None, dialog), what="the roster again")
        table = w.dialogs["roster"].table
        nova = [r for r in range(table.rowCount()) if table.item(r, 0).text() == "Nova"]
        assert nova and table.item(nova[0], 3).text() == "qwen3:4b" and table.item(nova[0], 1).text() == "Forecasting"
        assert "Nova recruited" in w.dialogs["roster"].changes.toPlainText()
