"""The built-in engine in the setup wizard: no Ollama → the wizard offers the engine;
a local GGUF (the real SmolLM2) is imported and the test directive runs through it;
downloads show progress, resume after a cancel and are verified by checksum."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os

import pytest
from PySide6.QtCore import Qt

from aipa.ui.wizard.window import P_BUILTIN, P_MODEL, P_TEST
from tests.ui.helpers import until
from tests.ui.wizard_support import close_wizard, make_wizard, memory_keyring  # noqa: F401

pytestmark = pytest.mark.usefixtures("memory_keyring")

NOWHERE = "http://127.0.0.1:9"


class FileServer:
    """Serves one file over HTTP with Range support, slowly if asked."""

    def __init__(self, data: bytes, *, piece: int = 65536, delay: float = 0.0) -> None:
        self.data, self.piece, self.delay = data, piece, delay
        self.ranges: list[int] = []  # the start offset of each request
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}/files/tiny-model.gguf"

    async def __aenter__(self) -> FileServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc) -> None:
        self._server.close()

    async def _handle(self, reader, writer) -> None:
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
            start = int(headers["range"].removeprefix("bytes=").split("-")[0]) if "range" in headers else 0
            self.ranges.append(start)
            size = len(self.data)
            status = "206 Partial Content" if start else "200 OK"
            extra = f"Content-Range: bytes {start}-{size - 1}/{size}\r\n" if start else ""
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Length: {size - start}\r\n{extra}Accept-Ranges: bytes\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            for offset in range(start, size, self.piece):
                writer.write(self.data[offset : offset + self.piece])
                await writer.drain()
                if self.delay:
                    await asyncio.sleep(self.delay)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


async def test_download_shows_progress_resumes_after_cancel_and_checks_the_sum(qtbot, home, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", NOWHERE)
    data = b"GGUF" + os.urandom(6 * 1024 * 1024)
    async with FileServer(data, delay=0.01) as server:
        wizard = make_wizard(qtbot, home, which=lambda _name: None)
        try:
            wizard.provider_page.choose("builtin")
            wizard.next()
            assert wizard.currentId() == P_BUILTIN
            page = wizard.builtin_page
            assert not page.isComplete()  # no model yet
            progress, finished = [], []
            wizard.work.transferProgress.connect(lambda done, total, _text: progress.append((done, total)))
            wizard.work.transferFinished.connect(lambda state, message: finished.append((state, message)))
            page.url.setText(server.url)
            page.sha.setText("0" * 64)  # wrong on purpose
            click(qtbot, page.download_button)
            await until(lambda: progress and progress[-1][0] >= 1024 * 1024, 20, "the first megabyte")
            click(qtbot, page.cancel_button)
            await until(lambda: finished, 10, "the cancel")
            assert finished[-1][0] == "cancelled" and "resume" in page.message.text()
            part = home / "models" / "tiny-model.gguf.part"
            kept = part.stat().st_size
            assert 0 < kept < len(data)
            click(qtbot, page.download_button)
            await until(lambda: len(finished) == 2, 30, "the resumed download")
            assert server.ranges == [0, kept]  # resumed with a Range request
            assert finished[-1][0] == "error" and "checksum mismatch" in page.message.text()
            assert not part.exists()  # a corrupt file is not kept
            page.sha.setText(hashlib.sha256(data).hexdigest())
            click(qtbot, page.download_button)
            await until(lambda: len(finished) == 3, 30, "the verified download")
            assert finished[-1] == ("done", "tiny-model.gguf")
            assert (home / "models" / "tiny-model.gguf").read_bytes() == data
            bars = [int(d * 1000 / t) for d, t in progress if t]
            assert bars[-1] == 1000 and page.progress.value() == 1000
            assert page.selected() == "tiny-model.gguf" and page.isComplete()
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
        assert "Verdict:" in test.result.toPlainText() and "it works" in test.status.text()
        assert [r.status for r in wizard.core.app.store.list_runs()] == ["done"]  # a real, finished run
        wizard.accept()
        saved = json.loads((home / "settings.json").read_text())
        assert saved["provider"] == "builtin" and saved["model"] == model_path.name
        assert saved["max_output_tokens"] == 64
    finally:
        await close_wizard(wizard)
