"""The agent editor (create, edit, delete, roles) and the standing-brief editor."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from aipa.ui.dialogs.agent_editor import AgentEditor
from aipa.ui.dialogs.brief_editor import BriefEditor
from aipa.ui.theme import LIGHT
from tests.ui.helpers import make_app


def test_agent_editor_create_edit_delete_and_roles(qtbot, home):
    app = make_app(home)
    saved_roles = []
    editor = AgentEditor(None, app.core, saved_roles.append)
    qtbot.addWidget(editor)
    try:
        editor.new_agent()
        editor.name.setText("Nova")
        editor.title.setText("Forecasting")
        editor.prompt.setPlainText("You forecast demand.")
        qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
        assert (home / "agents" / "nova.md").exists() and app.agents.find("Nova").title == "Forecasting"
        editor.title.setText("Forecasts")
        editor.thinking.setCurrentText("off")
        assert editor.save() and app.agents.find("Nova").title == "Forecasts"
        assert (
            app.agents.find("Nova").think is False and 'thinking = "off"' in (home / "agents" / "nova.md").read_text()
        )
        editor.refresh(select="Nova")
        assert editor.thinking.currentText() == "off"
        editor.new_agent()
        editor.name.setText("../evil")
        assert not editor.save() and "name" in editor.error.text()
        editor.refresh(select="Nova")
        editor._confirm_delete()
        qtbot.mouseClick(editor.confirm_box.yes_button, Qt.MouseButton.LeftButton)
        assert app.agents.find("Nova") is None and not (home / "agents" / "nova.md").exists()
        editor.refresh(select="Atlas")
        assert not editor.delete_button.isEnabled()  # shipped agents cannot be deleted
        editor.role_boxes["auditor"].setCurrentText("Clio")
        assert editor.save_roles() and saved_roles[-1]["auditor"] == "Clio"
        editor.role_boxes["auditor"].setCurrentText("Miranda")
        assert not editor.save_roles()  # one agent cannot hold two roles
    finally:
        app.store.close()


def test_brief_editor_saves_and_resets(qtbot, home):
    app = make_app(home)
    editor = BriefEditor(None, app.brief(), LIGHT)
    qtbot.addWidget(editor)
    try:
        editor.editor.setPlainText(editor.editor.toPlainText() + "- 2026-11-29: chose the lake venue\n")
        qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
        assert "lake venue" in app.brief().text()
        editor._confirm_reset()
        qtbot.mouseClick(editor.confirm_box.yes_button, Qt.MouseButton.LeftButton)
        assert "lake venue" not in app.brief().text() and "lake venue" not in editor.editor.toPlainText()
        assert json.dumps(app.store.brief_history(limit=5)[0].reason) == '"reset"'
    finally:
        app.store.close()
