"""The Settings dialog's provider profiles and model fields: a profile added with its own
key (to the keyring, through the facade; never in a file), listed, chosen as the default,
removed; the model fields list the chosen profile's installed models from its server (an
OpenAI-compatible double on 127.0.0.1 that records the Authorization header), and stay
free text with a hint when the server is down."""

from __future__ import annotations

import json

from aipa.app import Override, build
from aipa.core.config import secrets
from aipa.core.config.paths import Paths
from aipa.ui.dialogs.settings import SettingsDialog
from tests.doubles.openai import OpenAIDouble
from tests.ui.helpers import until, write_settings
from tests.ui.wizard_support import files_containing, memory_keyring  # noqa: F401

TEAM_KEY = "team-vllm-key-0123456789abcdef"


def _auth(request) -> str:
    return {k.lower(): v for k, v in request.headers.items()}.get("authorization", "")


def _items(combo) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def _dialog(qtbot, home):
    app = build(Override(), Paths(home))
    dialog = SettingsDialog(None, app.core)
    qtbot.addWidget(dialog)
    return app, dialog


async def test_a_profile_is_added_with_its_key_listed_chosen_and_removed(qtbot, home, memory_keyring):
    write_settings(home, provider="ollama", providers={"ollama": {"base_url": "http://127.0.0.1:9"}})
    async with OpenAIDouble(models=("team-a", "team-b")) as server:
        app, dialog = _dialog(qtbot, home)
        try:
            box = dialog.profiles
            assert box.names() == ["ollama"]  # the old shape: a profile named after its kind
            box.new()
            box.name.setText("team-vllm")
            box.kind.setCurrentIndex(box.kind.findData("openai-compatible"))
            box.url.setText(server.base_url)
            qtbot.keyClicks(box.key, TEAM_KEY)
            assert await box.save()
            saved = json.loads((home / "settings.json").read_text())["providers"]
            assert saved["team-vllm"] == {"kind": "openai-compatible", "base_url": server.base_url}
            assert saved["ollama"] == {"kind": "ollama", "base_url": "http://127.0.0.1:9"}
            assert memory_keyring.passwords[(secrets.SERVICE, "team-vllm")] == TEAM_KEY
            assert files_containing(home, TEAM_KEY) == [] and box.key.text() == ""
            assert box.names() == ["ollama", "team-vllm"]
            await until(lambda: box.table.item(1, 3).text() == "stored", what="the key state")
            assert "key_team-vllm" in {e.objectName() for e in dialog.key_edit.values()}
            # the new profile is offered as the default and to every agent
            assert dialog.provider.findData("team-vllm") >= 0
            assert all(combo.findData("team-vllm") >= 0 for _n, combo, _m in dialog.agent_rows)
            dialog.provider.setCurrentIndex(dialog.provider.findData("team-vllm"))
            dialog.provider.activated.emit(dialog.provider.currentIndex())
            await until(lambda: _items(dialog.model) == ["team-a", "team-b"], what="the team server's models")
            assert server.requests and {_auth(r) for r in server.requests} == {f"Bearer {TEAM_KEY}"}
            dialog.model.setCurrentIndex(1)
            assert dialog.apply()
            settings = app.settings
            assert (settings.provider, settings.model) == ("team-vllm", "team-b")
            # the default cannot be removed; another profile can, with its key
            box.select("team-vllm")
            assert not await box.remove() and "default provider" in box.message.text()
            dialog.provider.setCurrentIndex(dialog.provider.findData("ollama"))
            assert dialog.apply()
            box.select("team-vllm")
            assert await box.remove()
            assert "team-vllm" not in json.loads((home / "settings.json").read_text())["providers"]
            assert (secrets.SERVICE, "team-vllm") not in memory_keyring.passwords
            assert box.names() == ["ollama"] and dialog.provider.findData("team-vllm") < 0
        finally:
            dialog.close()
            await app.aclose()


async def test_a_bad_profile_name_is_said_plainly(qtbot, home, memory_keyring):
    app, dialog = _dialog(qtbot, home)
    try:
        box = dialog.profiles
        box.name.setText("team vllm!")
        assert not await box.save()
        assert "cannot name a provider profile" in box.message.text()
        assert app.settings.providers == {} and box.names() == ["ollama"]  # nothing saved
    finally:
        dialog.close()
        await app.aclose()


async def test_model_fields_list_each_profiles_models_and_stay_free_text_when_down(qtbot, home, memory_keyring):
    async with OpenAIDouble(models=("studio-7b",)) as studio:
        providers = {
            "lm-studio": {"kind": "openai-compatible", "base_url": studio.base_url},
            "down": {"kind": "openai-compatible", "base_url": "http://127.0.0.1:9/v1"},
        }
        write_settings(home, provider="down", providers=providers)
        app, dialog = _dialog(qtbot, home)
        try:
            await until(lambda: dialog.model_hint.isVisibleTo(dialog), what="the hint for a server that is down")
            assert "Type a model name" in dialog.model_hint.text() and dialog.model.count() == 0
            rows = {name: (combo, model) for name, combo, model in dialog.agent_rows}
            combo, atlas_model = rows["Atlas"]
            combo.setCurrentIndex(combo.findData("lm-studio"))
            combo.activated.emit(combo.currentIndex())
            await until(lambda: _items(atlas_model) == ["studio-7b"], what="lm-studio's models for Atlas")
            atlas_model.setCurrentIndex(0)
            dialog.model.setText("typed-by-hand")  # free text while the server is down
            assert dialog.apply()
            assert app.settings.model == "typed-by-hand"
            atlas = app.agents.find("Atlas")
            assert (atlas.provider, atlas.model) == ("lm-studio", "studio-7b")
        finally:
            dialog.close()
            await app.aclose()
