"""A guessed context size is a clear line in the window, not a crash; the profile editor
sets the size by hand. The run goes to an anthropic profile (written in the
architecture reference's shape) whose server is the Anthropic double in gateway mode:
it speaks the Messages API's SSE (``message_start``, ``content_block_delta``,
``message_delta`` with the usage, ``message_stop``) and LiteLLM's ``/model/info``, which
does not know the model's size (null), as LiteLLM's proxy in front of llama.cpp does."""

from __future__ import annotations

import json
import os
from pathlib import Path

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.providers.window_probe import guess_warning
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.window.main_window import MainWindow
from tests.doubles.anthropic import API_KEY, AnthropicDouble
from tests.ui.helpers import DIRECTIVE, close_window, idle, items, until, write_settings

SHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def _gateway(url: str) -> dict:
    return {"type": "anthropic", "base_url": url, "default_model": "smol", "api_key_env": "GATEWAY_KEY"}


async def test_a_guessed_context_size_is_one_clear_line_in_the_transcript(qtbot, home, monkeypatch):
    monkeypatch.setenv("GATEWAY_KEY", API_KEY)
    async with AnthropicDouble(gateway=True, models=("smol",)) as double:
        write_settings(home, provider="gateway", providers={"gateway": _gateway(double.url)})
        window = MainWindow(build(Override(), Paths(home)).core)
        window.show()
        await window.start(restore=False)
        try:
            window.reviewer.auto = True
            await window.controller.submit(DIRECTIVE)
            await idle(window)
            warning = "⚠ " + guess_warning("smol", double.url)
            await until(lambda: warning in [i.content for i in items(window, "notice")], what="the warning")
            assert [i.content for i in items(window, "notice")].count(warning) == 1  # once a run
            assert items(window, "audit")  # the run went on to its end
            if os.environ.get("AIPA_SAVE_SCREENSHOT"):
                window.resize(1280, 860)
                await until(lambda: window.width() == 1280)
                window.grab().save(str(SHOTS / "context-guessed.png"))
        finally:
            await close_window(window)


async def test_the_profile_editor_sets_the_context_size(qtbot, home):
    write_settings(home, provider="ollama", providers={"gateway": _gateway("http://127.0.0.1:4000")})
    app = build(Override(), Paths(home))
    dialog = SettingsDialog(None, app.core)
    qtbot.addWidget(dialog)
    try:
        box = dialog.profiles
        box.select("gateway")
        assert box.context.value() == 0 and box.context.text() == "ask the server"
        box.context.setValue(2048)
        assert await box.save()
        saved = json.loads((home / "settings.json").read_text())["providers"]["gateway"]
        assert saved["context"] == 2048 and saved["kind"] == "anthropic" and saved["model"] == "smol"
        box.new()
        box.select("gateway")
        assert box.context.value() == 2048
        assert app.core.config.profiles.context("gateway") == 2048
    finally:
        dialog.close()
