"""The setup wizard's Ollama page against the protocol-faithful Ollama double: finding
the server (not installed / not running / too old), suggestions by memory, pulls with
layer-summed progress, cancel and resume, stalls, missing models, and Finish."""

from __future__ import annotations

import asyncio
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from aipa.core.config.paths import Paths
from aipa.core.setup.recommend import GIB
from aipa.gui import first_run, parser
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.wizard.window import P_BUILTIN, P_OLLAMA, P_PROVIDER, P_TEST, SetupWizard
from tests.doubles.ollama import OllamaDouble, layers_for
from tests.ui.helpers import open_window, until
from tests.ui.wizard_support import close_wizard, make_wizard, memory_keyring, rows  # noqa: F401

pytestmark = pytest.mark.usefixtures("memory_keyring")

NOWHERE = "http://127.0.0.1:9"  # nothing listens there
TOTAL = sum(layer.size for layer in layers_for("qwen3:1.7b"))


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def record(work):
    """Progress (bytes, total) and final states, as the controller signals them."""
    progress, finished = [], []
    work.pullProgress.connect(lambda _name, done, total, _text: progress.append((done, total)))
    work.pullFinished.connect(lambda name, state, message: finished.append((name, state, message)))
    return progress, finished


async def settled(server, digest: str) -> int:
    """The bytes the double keeps for ``digest`` once the client has gone and they stop
    changing. (Its ``disconnected`` event misses a client that resets the connection.)"""
    last = -1
    while (now := server.pulled.get(digest, 0)) != last:
        last = now
        await asyncio.sleep(0.15)
    return now


async def ollama_page(wizard):
    wizard.next()
    assert wizard.currentId() == P_OLLAMA
    page = wizard.ollama_page
    await until(lambda: page.report, what="the Ollama check")
    return page


async def test_pull_shows_rising_progress_and_ends_ready(qtbot, home, monkeypatch):
    async with OllamaDouble(models=(), library=("qwen3:1.7b",), pull_step=200_000, pull_delay=0.005) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        wizard = make_wizard(qtbot, home, memory=4 * GIB)
        try:
            page = await ollama_page(wizard)
            assert page.report.state == "ok" and "Ollama 0.12.6 is running" in page.status.text()
            assert "4 GB of memory" in page.memory.text()
            assert rows(page) == {"qwen3:1.7b": "not pulled", "qwen3:0.6b": "not pulled"}  # sized to 4 GB
            assert not page.isComplete()
            page.item("qwen3:1.7b").setSelected(True)
            await until(lambda: page.pull_name.text() == "qwen3:1.7b")
            bars = []
            page.progress.valueChanged.connect(bars.append)
            progress, finished = record(wizard.work)
            click(qtbot, page.pull_button)
            await until(lambda: finished, 120, "the pull to end")
            assert finished == [("qwen3:1.7b", "ready", "qwen3:1.7b is ready")]
            done = [d for d, _t in progress]
            assert done == sorted(done) and done[-1] == TOTAL  # summed over the layers, only rising
            assert len(bars) >= 5 and bars == sorted(bars) and bars[-1] == 1000
            assert "MB" in page.progress_label.text()
            # Ready only once the server confirmed it.
            assert server.requests[-1].path == "/api/show" and rows(page)["qwen3:1.7b"] == "ready"
            assert page.isComplete() and wizard.button(QWizard.WizardButton.NextButton).isEnabled()
            wizard.next()
            assert wizard.model_page.model.currentText() == "qwen3:1.7b"
            wizard.next()
            assert wizard.currentId() == P_TEST
            wizard.accept()
            saved = json.loads((home / "settings.json").read_text())
            assert saved["provider"] == "ollama" and saved["model"] == "qwen3:1.7b"
            assert saved["base_url"] == ""  # found through OLLAMA_HOST: nothing to pin
        finally:
            await close_wizard(wizard)


async def test_cancel_then_resume_continues_from_the_bytes_received(qtbot, home, monkeypatch):
    big = layers_for("qwen3:1.7b")[0]
    async with OllamaDouble(models=(), library=("qwen3:1.7b",), pull_step=50_000, pull_delay=0.01) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        wizard = make_wizard(qtbot, home)
        try:
            page = await ollama_page(wizard)
            page.pull_name.setText("qwen3:1.7b")
            progress, finished = record(wizard.work)
            click(qtbot, page.pull_button)
            await until(lambda: progress and progress[-1][0] >= 600_000, 120, "some bytes")
            click(qtbot, page.cancel_button)
            await until(lambda: finished, 120, "the cancel")
            name, state, message = finished[-1]
            assert state == "cancelled" and "resume" in message and "resume" in page.message.text()
            assert rows(page)["qwen3:1.7b"] == "paused (resumable)"
            received = progress[-1][0]
            kept = await settled(server, big.digest)
            assert received <= kept < big.size
            progress.clear()
            finished.clear()
            click(qtbot, page.pull_button)
            await until(lambda: finished, 120, "the resumed pull")
            assert finished[-1][1] == "ready"
            layer_progress = [d for d, t in progress if t]
            assert layer_progress[0] == kept  # resumed where it stopped, not from zero
            assert sum(1 for r in server.requests if r.path == "/api/pull") == 2
            assert rows(page)["qwen3:1.7b"] == "ready" and page.isComplete()
        finally:
            await close_wizard(wizard)


async def test_a_stalled_pull_is_reported_and_resumes_later(qtbot, home, monkeypatch):
    async with OllamaDouble(
        models=(), library=("qwen3:0.6b",), pull_step=100_000, pull_delay=0.005, stall_pull_after=6
    ) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        wizard = make_wizard(qtbot, home, stall_after=0.5)
        try:
            page = await ollama_page(wizard)
            page.pull_name.setText("qwen3:0.6b")
            progress, finished = record(wizard.work)
            click(qtbot, page.pull_button)
            await until(lambda: finished, 120, "the stall to be noticed")
            name, state, message = finished[-1]
            assert state == "stalled" and "no data for 0.5 s" in message and "Pull again" in message
            assert "stalled" in page.message.text() and rows(page)["qwen3:0.6b"] == "stalled (resumable)"
            assert not page.isComplete()
            kept = await settled(server, layers_for("qwen3:0.6b")[0].digest)
            server.stall_pull_after = None  # the network is back
            progress.clear()
            click(qtbot, page.pull_button)
            await until(lambda: len(finished) == 2, 120, "the resumed pull")
            assert finished[-1][1] == "ready" and [d for d, t in progress if t][0] == kept
        finally:
            await close_wizard(wizard)


async def test_not_installed_explains_and_offers_the_builtin_engine(qtbot, home, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    wizard = make_wizard(qtbot, home, which=lambda _name: None)
    try:
        first = wizard.provider_page  # no "Ollama — recommended" preselected where there is no Ollama
        await until(lambda: first.chosen() == "builtin", what="the built-in engine preselected")
        assert first.buttons["builtin"].text().endswith("— recommended")
        assert "recommended" not in first.buttons["ollama"].text() and "not installed" in first.buttons["ollama"].text()
        first.choose("ollama")  # the Principal may still look at Ollama's page
        page = await ollama_page(wizard)
        assert page.report.state == "not_installed"
        assert "not installed" in page.status.text() and "https://ollama.com/download" in page.hint.text()
        assert page.builtin_button.isVisible() and not page.pull_button.isEnabled() and not page.isComplete()
        click(qtbot, page.builtin_button)
        assert wizard.currentId() == P_BUILTIN and wizard.provider_page.chosen() == "builtin"
        wizard.back()
        assert wizard.currentId() == P_PROVIDER  # the detour through Ollama is not in the history
    finally:
        await close_wizard(wizard)


async def test_installed_but_not_running_says_start_it(qtbot, home, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    wizard = make_wizard(qtbot, home, which=lambda _name: "/usr/local/bin/ollama")
    try:
        await until(lambda: wizard.work.ollama, what="the first page's Ollama check")
        assert wizard.provider_page.chosen() == "ollama"  # installed: still the one recommended
        page = await ollama_page(wizard)
        assert page.report.state == "not_running" and "installed but not running" in page.status.text()
        assert "ollama serve" in page.hint.text() and page.builtin_button.isVisible()
    finally:
        await close_wizard(wizard)


async def test_too_old_says_upgrade(qtbot, home, monkeypatch):
    async with OllamaDouble(version="0.4.7") as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        wizard = make_wizard(qtbot, home)
        try:
            page = await ollama_page(wizard)
            assert page.report.state == "too_old"
            assert "0.4.7 is too old" in page.status.text() and "0.5.0" in page.status.text()
            assert "Upgrade" in page.hint.text() and page.builtin_button.isVisible()
            assert not page.isComplete() and not page.pull_button.isEnabled()
            server.version = "0.12.6"  # upgraded
            click(qtbot, page.check_button)
            await until(lambda: page.report.state == "ok", what="the check again")
            await until(page.isComplete, what="the pulled model to be confirmed")
        finally:
            await close_wizard(wizard)


async def test_missing_models_show_their_hints(qtbot, home, monkeypatch):
    async with OllamaDouble(models=("smollm2:135m",)) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        wizard = make_wizard(qtbot, home)
        try:
            page = await ollama_page(wizard)
            await until(page.isComplete, what="the pulled model to be confirmed")
            assert rows(page)["smollm2:135m"] == "ready"
            page.pull_name.setText("no-such-model")
            progress, finished = record(wizard.work)
            click(qtbot, page.pull_button)
            await until(lambda: finished, 120, "the failed pull")
            assert finished[-1][1] == "error"
            assert "no-such-model" in page.message.text() and "ollama.com/library" in page.message.text()
            wizard.next()
            wizard.model_page.model.setCurrentText("qwen3:8b")  # typed, never pulled
            wizard.next()
            test = wizard.test_page
            click(qtbot, test.run_button)
            await until(lambda: test.ok is not None, 120, "the test run")
            assert test.ok is False and "qwen3:8b" in test.result.toPlainText()
            assert "pull it" in test.hint.text()
        finally:
            await close_wizard(wizard)


def test_first_run_only_without_settings_and_never_for_dry_run_or_smoke(home):
    paths = Paths(home)
    assert first_run(parser().parse_args([]), paths)
    assert not first_run(parser().parse_args(["--dry-run"]), paths)
    assert not first_run(parser().parse_args(["--smoke", "hi"]), paths)
    (home / "settings.json").write_text("{}")
    assert not first_run(parser().parse_args([]), paths)


async def test_the_settings_menu_opens_the_wizard_and_the_settings(home):
    async with open_window(home) as window:
        window.menu_actions["wizard"].trigger()
        assert isinstance(window.dialogs["wizard"], SetupWizard) and window.dialogs["wizard"].isVisible()
        wizard = window.dialogs["wizard"]
        wizard.reject()
        await until(lambda: "wizard" not in window.dialogs, what="the wizard to close")
        await wizard.work.shutdown()
        window.menu_actions["settings"].trigger()
        assert isinstance(window.dialogs["settings"], SettingsDialog)
        assert window.menu_actions["settings"].shortcut().toString() == "Ctrl+,"
