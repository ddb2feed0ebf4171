"""The header's model picker and the no-model state."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.ui.window.main_window import MainWindow
from aipa.ui.window.model_picker import MODEL_ROLE
from tests.ui.helpers import close_window, open_window, until


async def test_the_picker_lists_the_providers_models_and_switches_with_one_click(qtbot, home):
    async with open_window(home) as w:
        assert w.model_picker.text().startswith("scripted · ")
        await w.model_picker.open()
        popup = w.model_picker.popup
        names = [popup.list.item(i).data(MODEL_ROLE) for i in range(popup.list.count())]
        assert "demo" in names and names == sorted(names, key=str.casefold)
        assert all(e.local for e in w.model_picker.entries)
        item = popup.list.item(names.index("demo"))
        qtbot.mouseClick(popup.list.viewport(), Qt.MouseButton.LeftButton, pos=popup.list.visualItemRect(item).center())
        assert w.core.config.settings.model == "demo"
        assert json.loads((home / "settings.json").read_text())["model"] == "demo"
        assert not popup.isVisible()


async def test_per_agent_models_are_edited_from_the_same_list(qtbot, home):
    async with open_window(home) as w:
        await w.model_picker.open()
        box = w.model_picker.popup.agent_boxes["Atlas"]
        box.setCurrentIndex(box.findData("demo"))
        box.activated.emit(box.currentIndex())
        assert w.core.agents.get("Atlas").model == "demo"
        assert w.model_picker.popup.agent_boxes["Atlas"].currentData() == "demo"


async def test_pull_or_import_opens_the_setup_wizard(qtbot, home):
    async with open_window(home) as w:
        await w.model_picker.open()
        qtbot.mouseClick(w.model_picker.popup.import_button, Qt.MouseButton.LeftButton)
        assert "wizard" in w.dialogs and w.dialogs["wizard"].isVisible()


async def test_no_model_reachable_disables_send_and_says_why_with_setup_and_retry(qtbot, home):
    app = build(Override("ollama", "qwen3:8b", "http://127.0.0.1:9"), Paths(home))
    w = MainWindow(app.core)
    w.show()
    try:
        await w.start(restore=False)
        await until(lambda: w.controller.connection.state[0] == "unreachable", what="the failed check")
        notice = w.connection_notice
        assert notice.isVisible() and not w.send_button.isEnabled()
        assert "No model is reachable" in notice.text.text() and "`" not in notice.text.text()
        assert notice.setup_button.isVisible() and notice.retry_button.isVisible()
        w.compose.setPlainText("Plan an offsite")
        qtbot.keyClick(w.compose, Qt.Key.Key_Return)
        assert w.compose.toPlainText() == "Plan an offsite" and not w.controller.busy
        qtbot.mouseClick(notice.setup_button, Qt.MouseButton.LeftButton)
        assert "wizard" in w.dialogs
        await w.model_picker.open()
        await until(lambda: w.model_picker.popup.retry_button.isVisibleTo(w.model_picker.popup))
        assert w.model_picker.popup.status.text()
    finally:
        await close_window(w)


async def test_retry_checks_again_and_a_reachable_model_enables_send(qtbot, home):
    async with open_window(home) as w:
        await until(lambda: w.controller.connection.state[0] == "dry run")
        w.controller.connection.changed.emit("unreachable", "start it with `ollama serve`")
        assert not w.send_button.isEnabled() and "“ollama serve”" in w.connection_notice.text.text()
        qtbot.mouseClick(w.connection_notice.retry_button, Qt.MouseButton.LeftButton)
        await until(lambda: w.send_button.isEnabled(), what="send enabled again")
        assert not w.connection_notice.isVisible()


async def test_import_a_model_opens_the_page_of_the_default_profiles_kind(qtbot, home, monkeypatch):
    """A named profile of kind ollama: "Import a model…" opens the Ollama page (its kind's
    setup page), not the provider choice (the window once compared the name with kinds)."""
    from aipa.ui.wizard.window import P_OLLAMA, P_PROVIDER

    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    (home / "settings.json").write_text(
        json.dumps({"provider": "home-ollama", "providers": {"home-ollama": {"kind": "ollama"}}})
    )
    app = build(Override(), Paths(home))
    w = MainWindow(app.core)
    w.show()
    try:
        await w.start(restore=False)
        wizard = w.opener.model_import()
        assert wizard.currentId() == P_OLLAMA != P_PROVIDER
    finally:
        await close_window(w)
