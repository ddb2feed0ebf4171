"""The settings dialog: run options, theme and provider saved in settings.json (never a
key), keys stored, replaced and deleted in the keyring (its backend shown), agents'
own provider/model saved as user agent files, the data folder explained."""

from __future__ import annotations

import json

import keyring
from keyring.backends import fail
from PySide6.QtCore import Qt

from aipa.core.config import secrets
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.wizard.window import SetupWizard
from tests.ui.helpers import make_app, open_window, until
from tests.ui.wizard_support import files_containing, memory_keyring  # noqa: F401


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


async def keys_shown(dialog) -> None:
    await until(
        lambda: dialog.keyring is not None and "…" not in dialog.key_state["openai"].text(), what="the keyring check"
    )


async def test_options_are_saved_and_applied_to_the_window(qtbot, home, memory_keyring):
    async with open_window(home) as window:
        window.menu_actions["settings"].trigger()
        dialog = window.dialogs["settings"]
        assert isinstance(dialog, SettingsDialog)
        await keys_shown(dialog)
        assert not window.menu_actions["plan_review"].isChecked()
        dialog.plan_review.setChecked(True)
        dialog.auto_audit.setChecked(False)
        dialog.lead_timeout.setValue(120)
        dialog.brief_retention.setValue(7)
        dialog.max_output.setValue(256)
        dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
        dialog.provider.setCurrentIndex(dialog.provider.findData("openai-compatible"))
        dialog.provider.activated.emit(dialog.provider.currentIndex())
        dialog.base_url.setText("http://127.0.0.1:1234/v1")
        dialog.model.setText("local-model")
        click(qtbot, dialog.ok_button)
        saved = json.loads((home / "settings.json").read_text())
        assert saved["plan_review"] is True and saved["auto_audit"] is False
        assert saved["lead_timeout"] == 120 and saved["brief_retention"] == 7 and saved["max_output_tokens"] == 256
        assert saved["theme"] == "dark" and saved["provider"] == "openai-compatible"
        assert saved["model"] == "local-model" and saved["base_url"] == "http://127.0.0.1:1234/v1"
        assert saved["providers"]["openai-compatible"]["base_url"] == "http://127.0.0.1:1234/v1"
        assert window.core.app.settings.plan_review and window.menu_actions["plan_review"].isChecked()  # live
        assert not window.menu_actions["autoaudit"].isChecked()
        assert window.theme.dark


async def test_keys_are_stored_replaced_and_deleted_in_the_keyring_only(qtbot, home, memory_keyring):
    app = make_app(home)
    dialog = SettingsDialog(None, app.core)
    qtbot.addWidget(dialog)
    try:
        await keys_shown(dialog)
        assert "Keys are stored in" in dialog.keyring_label.text()
        assert "MemoryKeyring" not in dialog.keyring_label.text()  # by its name, never its class
        assert "no key" in dialog.key_state["openai"].text()
        assert not dialog.key_buttons["openai"][1].isEnabled()  # nothing to delete
        qtbot.keyClicks(dialog.key_edit["openai"], "sk-first-key")
        await dialog.save_key("openai")
        assert memory_keyring.passwords[(secrets.SERVICE, "openai")] == "sk-first-key"
        assert "stored in the keyring" in dialog.key_state["openai"].text() and dialog.key_edit["openai"].text() == ""
        qtbot.keyClicks(dialog.key_edit["openai"], "sk-second-key")
        await dialog.save_key("openai")  # replaces it
        assert memory_keyring.passwords[(secrets.SERVICE, "openai")] == "sk-second-key"
        dialog.auto_audit.setChecked(False)
        assert dialog.apply()
        await dialog.delete_key("openai")
        assert (secrets.SERVICE, "openai") not in memory_keyring.passwords
        assert "no key" in dialog.key_state["openai"].text()
        assert json.loads((home / "settings.json").read_text())["auto_audit"] is False
        assert files_containing(home, "sk-first-key") == [] and files_containing(home, "sk-second-key") == []
    finally:
        dialog.close()
        await app.aclose()


async def test_without_a_keyring_it_says_so_plainly(qtbot, home, monkeypatch):
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets.reset_session()
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    app = make_app(home)
    dialog = SettingsDialog(None, app.core)
    qtbot.addWidget(dialog)
    try:
        await keys_shown(dialog)
        assert "No usable keyring" in dialog.keyring_label.text()
        assert "keyring.backends" not in dialog.keyring_label.text()  # no Python class names on screen
        assert "ANTHROPIC_API_KEY" in dialog.keyring_label.text()
        assert "environment" in dialog.key_state["anthropic"].text()
        qtbot.keyClicks(dialog.key_edit["openai"], "sk-session")
        await dialog.save_key("openai")
        assert "this session only" in dialog.key_state["openai"].text() and secrets.get_key("openai") == "sk-session"
        assert files_containing(home, "sk-session") == []
    finally:
        dialog.close()
        await app.aclose()
        keyring.set_keyring(before)
        secrets.reset_session()


async def test_agents_get_their_own_provider_and_model(qtbot, home, memory_keyring):
    app = make_app(home)
    dialog = SettingsDialog(None, app.core)
    qtbot.addWidget(dialog)
    try:
        rows = {name: (combo, model) for name, combo, model in dialog.agent_rows}
        assert set(rows) >= {"Miranda", "Vera", "Atlas"}
        roles = {
            dialog.agent_table.item(r, 0).text(): dialog.agent_table.item(r, 1).text()
            for r in range(dialog.agent_table.rowCount())
        }
        assert roles["Miranda"] == "orchestrator" and roles["Vera"] == "auditor" and roles["Atlas"] == "lead"
        combo, model = rows["Vera"]
        combo.setCurrentIndex(combo.findData("ollama"))
        model.setText("qwen3:8b")
        assert dialog.apply()
        text = (home / "agents" / "vera.md").read_text()
        assert 'provider = "ollama"' in text and 'model = "qwen3:8b"' in text
        assert app.agents.find("Vera").model == "qwen3:8b"
        assert not (home / "agents" / "atlas.md").exists()  # unchanged agents get no copy
        combo.setCurrentIndex(0)
        model.clear()
        assert dialog.apply() and app.agents.find("Vera").model == "" and app.agents.find("Vera").provider == ""
    finally:
        dialog.close()
        await app.aclose()


async def test_data_folder_is_shown_and_changing_it_is_explained(qtbot, home, memory_keyring):
    app = make_app(home)
    opened = []
    dialog = SettingsDialog(None, app.core, open_wizard=lambda: opened.append(True))
    qtbot.addWidget(dialog)
    dialog.show()
    try:
        dialog.tabs.setCurrentIndex(3)
        assert dialog.tabs.tabText(3) == "Appearance && data"
        assert dialog.data_folder.text() == str(home) and dialog.data_folder.isReadOnly()
        assert not dialog.data_help.isVisible()
        click(qtbot, dialog.change_folder)
        assert dialog.data_help.isVisible() and "AIPA_HOME" in dialog.data_help.text()
        assert "restart" in dialog.data_help.text()
        dialog.tabs.setCurrentIndex(0)
        click(qtbot, dialog.findChild(type(dialog.ok_button), "openWizard"))
        assert opened == [True] and not dialog.isVisible()
    finally:
        dialog.close()
        await app.aclose()


async def test_the_wizard_from_the_window_applies_its_choice_live(qtbot, home, memory_keyring, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    async with open_window(home) as window:
        old = window.core.app.providers.get("scripted")  # a cached provider: rebuilt after Finish
        wizard = window.opener.setup_wizard()
        assert isinstance(wizard, SetupWizard)
        wizard.provider_page.choose("openai-compatible")
        wizard.next()
        wizard.work.choice.models = ["m1"]
        wizard.cloud_page.state = "ok"
        wizard.next()
        wizard.next()
        wizard.accept()
        assert window.core.app.settings.provider == "openai-compatible"
        await until(lambda: old not in window.core.app.providers._cache.values(), what="the providers to be rebuilt")
        saved = json.loads((home / "settings.json").read_text())
        assert saved["provider"] == "openai-compatible" and saved["model"] == "m1"
        await until(lambda: "wizard" not in window.dialogs, what="the wizard to close")
        await wizard.work.shutdown()
