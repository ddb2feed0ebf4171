"""Settings → Local API in the real window (offscreen, scripted provider): off by
default; turned on, the window listens on 127.0.0.1 at the chosen port and answers
/v1/models with the token (401 without); a regenerated token replaces the old one at
once; turned off, the listener is gone."""

from __future__ import annotations

import asyncio
import json

import keyring
import pytest

from aipa.core.config import secrets
from aipa.core.service import token
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.window.main_window import MainWindow
from tests.doubles.base import free_port
from tests.support.memory_keyring import MemoryKeyring
from tests.ui.helpers import close_window, make_app, until


@pytest.fixture
def memory(monkeypatch):
    monkeypatch.delenv(token.ENV, raising=False)
    secrets.reset_session()  # an earlier test of this process may have switched the keyring off
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


async def get(port: int, bearer: str | None, path: str = "/v1/models") -> tuple[int, dict]:
    """One HTTP/1.1 GET on the window's own loop (the server runs there too)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    auth = f"Authorization: Bearer {bearer}\r\n" if bearer else ""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{auth}Connection: close\r\n\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 60)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


async def refused(port: int) -> bool:
    try:
        _r, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return True
    writer.close()
    return False


async def test_enabling_the_local_api_serves_with_the_token_and_disabling_stops_it(qtbot, home, memory):
    window = MainWindow(make_app(home).core)
    window.show()
    await window.start(restore=False)
    core, port = window.core, free_port()
    try:
        api = window.local_api.api
        assert not core.config.settings.serve_enabled and not api.running  # nothing on by default
        dialog = SettingsDialog(window, core, window.controller)
        page = dialog.api
        assert not page.enabled.isChecked() and "127.0.0.1" in page.state.text()
        page.enabled.setChecked(True)
        page.port.setValue(port)
        page.accepting.setText("my-editor, ci")
        assert dialog.apply()
        await until(lambda: api.running, what="the endpoint listening")
        assert api.url == f"http://127.0.0.1:{port}/v1" and api.endpoint.host == "127.0.0.1"
        assert core.config.settings.serve_accept_review == ["my-editor", "ci"]

        page.copy_token.click()  # made at first use, kept in the keyring, on the clipboard
        value = memory.passwords[("aipa-desktop", "aipa-serve-token")]
        assert page.token.text() == value
        from PySide6.QtGui import QGuiApplication

        assert QGuiApplication.clipboard().text() == value
        status, body = await get(port, value)
        assert status == 200 and body["data"][0]["id"] == "aipa-team"
        status, body = await get(port, None)
        assert status == 401 and body["error"]["code"] == "bad_token"

        page.new_token.click()  # the old token is refused from now on, the new one works
        new = page.token.text()
        assert new != value and memory.passwords[("aipa-desktop", "aipa-serve-token")] == new
        assert (await get(port, value))[0] == 401 and (await get(port, new))[0] == 200
        page.show_state()
        assert f"Serving on http://127.0.0.1:{port}/v1" in page.state.text()
        dialog.reject()

        dialog = SettingsDialog(window, core, window.controller)
        assert dialog.api.enabled.isChecked() and dialog.api.port.value() == port
        dialog.api.enabled.setChecked(False)
        assert dialog.apply()
        await until(lambda: not api.running, what="the endpoint stopped")
        assert await refused(port)
        dialog.reject()
    finally:
        await close_window(window)
