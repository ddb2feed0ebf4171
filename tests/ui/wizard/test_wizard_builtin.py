"""The built-in engine in the setup wizard: no Ollama → the wizard offers the engine;
a local GGUF (the real SmolLM2) is imported and the test directive runs through it;
the catalogue of recommended models downloads with one click, shows progress, resumes
after a cancel and is verified by checksum (a local HTTP server stands in for the hub)."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import Qt

from aipa.core.setup.recommend import GIB
from aipa.ui.wizard.catalogue import NAME_ROLE
from aipa.ui.wizard.window import P_BUILTIN, P_MODEL, P_TEST
from tests.doubles.files import FileServer, catalogue_entry
from tests.ui.helpers import until
from tests.ui.wizard_support import close_wizard, make_wizard, memory_keyring  # noqa: F401

pytestmark = pytest.mark.usefixtures("memory_keyring")

NOWHERE = "http://127.0.0.1:9"


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


async def test_the_catalogue_downloads_with_one_click_resumes_after_cancel_and_checks_the_sum(qtbot, home, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    data = b"GGUF" + os.urandom(6 * 1024 * 1024)
    async with FileServer({"/models/tiny.gguf": data, "/models/bad.gguf": data}, delay=0.01) as server:
        tiny = catalogue_entry(server, "tiny", data)
        bad = catalogue_entry(server, "bad", data, sha256="0" * 64)
        # (another file than tiny's: a model in the folder is known by its size and SHA-256 too)
        gone = catalogue_entry(
            server, "gone", data, memory_gb=64, licence="Llama 3.2 Community License", sha256="1" * 64
        )
        wizard = make_wizard(qtbot, home, which=lambda _name: None, catalogue=(tiny, bad, gone), memory=8 * GIB)
        try:
            wizard.provider_page.choose("builtin")
            wizard.next()
            assert wizard.currentId() == P_BUILTIN
            page = wizard.builtin_page
            view = page.catalogue
            assert not page.isComplete()  # no model yet
            await until(lambda: view.tree.topLevelItemCount() == 3, what="the catalogue")
            shown = {view.tree.topLevelItem(i).data(0, NAME_ROLE): view.tree.topLevelItem(i) for i in range(3)}
            row = shown["tiny"]
            expected = ["tiny · test", "6 MB", "1 GB", "Apache-2.0", "fits", "not downloaded"]
            assert [row.text(c) for c in range(6)] == expected
            assert shown["gone"].text(4) == "too big" and "Llama" in shown["gone"].text(3)
            assert "a test model" in row.toolTip(0) and "8 GB of memory" in view.intro.text()
            progress, finished = [], []
            wizard.work.transferProgress.connect(lambda done, total, text: progress.append((done, total, text)))
            wizard.work.transferFinished.connect(lambda state, message: finished.append((state, message)))
            view.select("tiny")
            click(qtbot, view.download_button)  # one click
            await until(lambda: progress and progress[-1][0] >= 1024 * 1024, 120, "the first megabyte")
            assert not view.download_button.isEnabled() and not page.import_button.isEnabled()
            assert "MB / 6.0 MB" in page.progress_label.text() and "/s" in page.progress_label.text()
            click(qtbot, view.cancel_button)
            await until(lambda: finished, 120, "the cancel")
            assert finished[-1][0] == "cancelled" and "resume" in page.message.text()
            part = home / "models" / "tiny.gguf.part"
            kept = part.stat().st_size
            assert 0 < kept < len(data)
            await until(lambda: view.status("tiny").startswith("paused at"), what="the paused status")
            assert view.download_button.text() == "Resume"
            click(qtbot, view.download_button)
            await until(lambda: len(finished) == 2, 120, "the resumed download")
            assert finished[-1] == ("done", "tiny.gguf")
            assert server.requests == [("/models/tiny.gguf", 0), ("/models/tiny.gguf", kept)]  # a Range request
            assert (home / "models" / "tiny.gguf").read_bytes() == data and page.progress.value() == 1000
            assert page.selected() == "tiny.gguf" and page.isComplete()
            await until(lambda: view.status("tiny") == "downloaded", what="the downloaded status")
            assert not view.download_button.isEnabled()  # nothing to download again
            view.select("bad")
            click(qtbot, view.download_button)
            await until(lambda: len(finished) == 3, 120, "the corrupt download")
            assert finished[-1][0] == "error" and "failed its checksum" in page.message.text()
            assert "deleted" in page.message.text() and not (home / "models" / "bad.gguf.part").exists()
            view.select("gone")
            click(qtbot, view.download_button)
            await until(lambda: len(finished) == 4, 120, "the missing file")
            assert finished[-1][0] == "error" and "HTTP 404" in page.message.text()
            assert page.selected() == "tiny.gguf"  # the downloaded model stays chosen
        finally:
            await close_wizard(wizard)


async def test_importing_a_file_that_is_not_gguf_says_so(qtbot, home, tmp_path, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    fake = tmp_path / "notes.gguf"
    fake.write_text("not a model")
    wizard = make_wizard(qtbot, home, which=lambda _name: None)
    try:
        wizard.provider_page.choose("builtin")
        wizard.next()
        page = wizard.builtin_page
        await page.on_import_file(str(fake))
        assert "is not a GGUF model file" in page.message.text() and not page.isComplete()
        page._pick_file()  # the real file dialog opens (tests set paths programmatically instead)
        assert page.dialog.isVisible() and page.dialog.objectName() == "ggufDialog"
        page.dialog.reject()
    finally:
        await close_wizard(wizard)


@pytest.mark.llm
async def test_no_ollama_then_the_builtin_engine_with_a_local_gguf_runs_the_test_directive(
    qtbot, home, monkeypatch, model_path
):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    wizard = make_wizard(qtbot, home, which=lambda _name: None, max_output_tokens=64)
    try:
        wizard.next()
        page = wizard.ollama_page
        await until(lambda: page.report, what="the Ollama check")
        assert page.report.state == "not_installed" and "ollama.com/download" in page.hint.text()
        click(qtbot, page.builtin_button)  # the wizard offers the built-in engine instead
        assert wizard.currentId() == P_BUILTIN
        builtin = wizard.builtin_page
        await builtin.on_import_file(str(model_path))  # what the file dialog's choice does
        assert (home / "models" / model_path.name).is_file()
        await until(lambda: builtin.selected() == model_path.name, what="the imported model")
        wizard.next()
        assert wizard.currentId() == P_MODEL and wizard.model_page.model.currentText() == model_path.name
        wizard.next()
        assert wizard.currentId() == P_TEST
        test = wizard.test_page
        click(qtbot, test.run_button)
        await until(
            lambda: test.ok is not None, 900, "the test directive on the real model"
        )  # slow when CPUs are shared
        assert test.ok, test.result.toPlainText() + test.hint.text()
        assert "'s verdict:" in test.result.toPlainText() and " answered in " in test.status.text()
        assert "words" in test.status.text() and "it works" not in test.status.text()
        assert wizard.core.app.store.list_runs() == []  # a test run stays out of the session history
        wizard.accept()
        saved = json.loads((home / "settings.json").read_text())
        assert saved["provider"] == "builtin" and saved["model"] == model_path.name
        assert saved["max_output_tokens"] == 64
    finally:
        await close_wizard(wizard)
