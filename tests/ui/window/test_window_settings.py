"""The window hears every settings change through the one settings source, whoever made it."""

from __future__ import annotations

import json

from tests.ui.helpers import open_window, write_settings


async def test_a_change_from_anywhere_reaches_the_window(qtbot, home):
    async with open_window(home) as w:
        assert w.menu_actions["autoaudit"].isChecked()
        w.core.config.source.update(auto_audit=False, theme="dark")
        assert not w.menu_actions["autoaudit"].isChecked()
        assert w.theme.dark and w.chat_view.chat_delegate.theme.dark
        assert json.loads((home / "settings.json").read_text())["auto_audit"] is False


async def test_reload_reads_the_file_and_the_window_follows(qtbot, home):
    async with open_window(home) as w:
        write_settings(home, plan_review=True)
        await w.controller.command("/reload")
        assert w.menu_actions["plan_review"].isChecked() and w.controller.team.settings.plan_review


async def test_a_bad_value_is_a_warning_in_the_chat(qtbot, home):
    async with open_window(home) as w:
        w.controller.set_settings(max_parallel_leads=0)
        assert any("max_parallel_leads" in i.content and i.level == "warning" for i in w.controller.chat.items())


async def test_export_starts_in_documents_named_after_the_session(qtbot, home):
    from aipa.ui.window.export_dialog import export_folder, export_name

    async with open_window(home) as w:
        sid = w.core.sessions.create("Offsite plan: March / 12 people")
        await w.controller.sessions.switch(sid)
        w.controller.requestDialog.emit("export", "html")
        dialog = w.dialogs["export"]
        chosen = dialog.selectedFiles()[0] if dialog.selectedFiles() else ""
        assert export_name(w.core.sessions.get(sid)) == "Offsite-plan-March-12-people"
        assert chosen.endswith("Offsite-plan-March-12-people.html")
        assert chosen.startswith(str(export_folder()))
        assert not dialog.testOption(dialog.Option.DontUseNativeDialog)


async def test_text_size_and_the_send_key_apply_live(qtbot, home):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from aipa.ui import theme as theming

    async with open_window(home) as w:
        try:
            w.core.config.source.update(font_size=15, send_key="ctrl+enter")
            assert QApplication.font().pointSizeF() == 15
            assert "Ctrl+Enter" in w.compose.placeholderText() and "Ctrl+Enter" in w.send_button.toolTip()
            w.compose.setPlainText("two")
            qtbot.keyClick(w.compose, Qt.Key.Key_Return)
            assert "\n" in w.compose.toPlainText() and not w.controller.busy  # Enter adds a line
        finally:
            theming.apply(QApplication.instance(), "light", 0)
