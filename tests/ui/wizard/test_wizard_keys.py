"""Cloud providers in the setup wizard: the key is masked, checked with one cheap call
(a refused key and an unreachable server say different things), stored in the keyring
only, and after the wizard and a run it is nowhere in the data folder."""

from __future__ import annotations

import json

import keyring
import pytest
from keyring.backends import fail
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from aipa.core.config import secrets
from aipa.ui.wizard.window import P_CLOUD, P_MODEL, P_TEST
from tests.doubles.anthropic import API_KEY, AnthropicDouble
from tests.doubles.openai import OpenAIDouble
from tests.ui.helpers import until
from tests.ui.wizard_support import close_wizard, files_containing, make_wizard, memory_keyring  # noqa: F401

BAD_KEY = "sk-ant-wrong-0123456789"


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


async def check(qtbot, page, key: str) -> str:
    results = []
    page.work.keyChecked.connect(lambda _p, state, _text, _models: results.append(state))
    if key:
        qtbot.keyClicks(page.key, key)
    click(qtbot, page.check_button)
    await until(lambda: results, 120, "the key check")
    return results[-1]


async def cloud_page(wizard, provider: str):
    wizard.provider_page.choose(provider)
    wizard.next()
    assert wizard.currentId() == P_CLOUD
    page = wizard.cloud_page
    await until(lambda: wizard.work.keyring is not None, what="the keyring probe")
    return page


async def test_anthropic_key_is_checked_stored_in_the_keyring_and_never_in_the_data_dir(qtbot, home, memory_keyring):
    async with AnthropicDouble() as server:
        wizard = make_wizard(qtbot, home, max_output_tokens=64)
        try:
            page = await cloud_page(wizard, "anthropic")
            assert page.key.echoMode() == QLineEdit.EchoMode.Password
            assert "Keys are stored in" in page.keyring.text() and "console.anthropic.com" in page.key_page.text()
            assert "MemoryKeyring" not in page.keyring.text()  # a keyring by its name, never its class
            page.base_url.setText(server.url)
            assert await check(qtbot, page, BAD_KEY) == "auth"
            assert "refused" in page.result.text() and not page.isComplete()
            assert memory_keyring.passwords == {}  # a refused key is not kept
            page.key.clear()
            assert await check(qtbot, page, API_KEY) == "ok"
            assert "2 models" in page.result.text() and "stored in" in page.result.text()
            assert memory_keyring.passwords == {(secrets.SERVICE, "anthropic"): API_KEY}
            assert page.key.text() == "" and page.isComplete()
            assert "a key is set" in page.key.placeholderText()
            wizard.next()
            assert wizard.currentId() == P_MODEL
            assert wizard.model_page.model.currentText() == "claude-sonnet-4-6"
            wizard.next()
            assert wizard.currentId() == P_TEST
            test = wizard.test_page
            click(qtbot, test.run_button)
            await until(lambda: test.ok is not None, 60, "the test run")
            assert test.ok, test.result.toPlainText() + test.hint.text()
            wizard.accept()
            saved = json.loads((home / "settings.json").read_text())
            assert saved["provider"] == "anthropic" and saved["model"] == "claude-sonnet-4-6"
            assert saved["base_url"] == server.url.rstrip("/")
            assert any(r.path.startswith("/v1/messages") for r in server.requests)  # the run used the key
        finally:
            await close_wizard(wizard)
    assert files_containing(home, API_KEY) == [] and files_containing(home, BAD_KEY) == []
    assert len(list(home.rglob("*"))) > 3  # the search did look at the data dir (db, settings, logs)


async def test_an_unreachable_server_is_not_a_bad_key(qtbot, home, memory_keyring):
    wizard = make_wizard(qtbot, home)
    try:
        page = await cloud_page(wizard, "openai")
        page.base_url.setText("http://127.0.0.1:9/v1")
        state = await check(qtbot, page, "sk-unchecked-key")
        assert state == "unverified" and "Could not reach" in page.result.text()
        assert "not checked" in page.result.text() and page.isComplete()  # you may go on: it is saved
        assert memory_keyring.passwords[(secrets.SERVICE, "openai")] == "sk-unchecked-key"
        page.base_url.setText("http://127.0.0.1:9/v2")
        page.base_url.textEdited.emit("http://127.0.0.1:9/v2")
        assert not page.isComplete()  # another server: check again
    finally:
        await close_wizard(wizard)
    assert files_containing(home, "sk-unchecked-key") == []


async def test_openai_compatible_presets_and_a_local_server_without_key(qtbot, home, memory_keyring):
    async with OpenAIDouble(models=("local-model",)) as server:
        wizard = make_wizard(qtbot, home)
        try:
            page = await cloud_page(wizard, "openai-compatible")
            labels = [page.preset.itemText(i) for i in range(page.preset.count())]
            for name in ("LM Studio", "llama.cpp server", "vLLM", "Groq", "Together", "Mistral", "OpenRouter"):
                assert any(label.startswith(name) for label in labels), name
            page.preset.setCurrentIndex(0)
            page.preset.activated.emit(0)
            assert page.base_url.text() == "http://127.0.0.1:1234/v1" and "needs no key" in page.key_page.text()
            page.base_url.setText(server.base_url)
            assert await check(qtbot, page, "") == "ok"
            assert memory_keyring.passwords == {}  # no key, nothing stored
            assert "a key is set" not in page.key.placeholderText()  # none was given or stored
            wizard.next()
            assert wizard.model_page.model.currentText() == "local-model"
            wizard.next()
            wizard.accept()
            saved = json.loads((home / "settings.json").read_text())
            assert saved["provider"] == "openai-compatible" and saved["base_url"] == server.base_url
            assert saved["providers"]["openai-compatible"]["base_url"] == server.base_url
        finally:
            await close_wizard(wizard)


async def test_without_a_keyring_the_wizard_says_so_and_keeps_the_key_for_the_session(qtbot, home):
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets.reset_session()
    try:
        async with AnthropicDouble() as server:
            wizard = make_wizard(qtbot, home)
            try:
                page = await cloud_page(wizard, "anthropic")
                assert "No usable keyring" in page.keyring.text() and "plaintext" in page.keyring.text()
                page.base_url.setText(server.url)
                assert await check(qtbot, page, API_KEY) == "ok"
                assert "this session only" in page.result.text()
                assert secrets.get_key("anthropic") == API_KEY  # the app can use it now...
            finally:
                await close_wizard(wizard)
        assert files_containing(home, API_KEY) == []  # ...and it was written nowhere
    finally:
        keyring.set_keyring(before)
        secrets.reset_session()


@pytest.fixture(autouse=True)
def _no_env_keys(monkeypatch):
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(name, raising=False)
