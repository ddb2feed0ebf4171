"""Settings' MCP servers page against a real MCP server (tests/support/mcp_server.py):
add one, Test lists its tools (the window stays live), check the tools allowed without
asking, save; edit and remove; a bad entry is refused with a reason."""

from __future__ import annotations

import json
import shlex
import sys

from aipa.ui.dialogs.settings import SettingsDialog
from tests.ui.helpers import open_window, until
from tests.ui.wizard_support import memory_keyring  # noqa: F401

COMMAND = shlex.join([sys.executable, "-m", "tests.support.mcp_server", "stdio"])


async def test_add_test_allow_and_save_a_server(qtbot, home, memory_keyring):
    async with open_window(home) as window:
        window.menu_actions["settings"].trigger()
        dialog = window.dialogs["settings"]
        assert isinstance(dialog, SettingsDialog)
        page = dialog.mcp
        dialog.tabs.setCurrentWidget(page)
        page.add_button.click()
        page.name.setText("notes")
        page.command.setText(COMMAND)
        page.test_button.click()
        await until(lambda: "Started" in page.status.text() or "(" in page.status.text(), what="the test", timeout=120)
        count = page.tools.count()
        assert count >= 3 and f"{count} tools" in page.status.text(), page.status.text()
        texts = [page.tools.item(i).text() for i in range(count)]
        assert any(t.startswith("lookup — read-only") for t in texts)
        assert any(t.startswith("save_note — may change things") for t in texts)
        lookup = next(page.tools.item(i) for i in range(count) if texts[i].startswith("lookup"))
        lookup.setCheckState(lookup.checkState().Checked)
        assert dialog.apply()
        saved = json.loads((home / "settings.json").read_text())["mcp_servers"]
        assert saved == [
            {"name": "notes", "command": sys.executable, "args": ["-m", "tests.support.mcp_server", "stdio"],
             "allow_read_only": ["lookup"]}
        ]  # fmt: skip
        assert window.core.config.settings.mcp_servers == saved

        page.timeout.setValue(30)  # edit
        assert dialog.apply()
        assert window.core.config.settings.mcp_servers[0]["timeout"] == 30

        page.add_button.click()
        page.name.setText("bad name!")
        assert not dialog.apply() and "name" in dialog.error.text()
        page.remove_button.click()
        page.list.setCurrentRow(0)
        page.remove_button.click()
        assert dialog.apply()
        assert window.core.config.settings.mcp_servers == []


async def test_a_server_that_does_not_start_says_why(qtbot, home, memory_keyring):
    async with open_window(home) as window:
        window.menu_actions["settings"].trigger()
        page = window.dialogs["settings"].mcp
        page.add_button.click()
        page.command.setText("/nonexistent/mcp-server")
        page.test_button.click()
        await until(lambda: "cannot run" in page.status.text(), what="the failure", timeout=120)
        assert page.tools.count() == 0 and page.test_button.isEnabled()
