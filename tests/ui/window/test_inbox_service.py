"""A run a real `aipa mcp-serve --dry-run` process starts (driven by the SDK's stdio
client, on a thread of its own) that waits for review appears in the open window's
Inbox without a click (the window watches the data folder); opening it shows the review
card, accepting there finishes it, and the caller's `get_result` then says done."""

from __future__ import annotations

import json
import sys
import threading

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.window.main_window import MainWindow
from tests.support.cli import ROOT, cli_env
from tests.ui.helpers import close_window, gate, make_app, until

DIRECTIVE = "Plan a two-day team offsite for twelve people in the mountains, with a budget"


def _data(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


def call_in_thread(home, tool: str, arguments: dict) -> dict:
    """Start a thread that runs one MCP session (a fresh `aipa mcp-serve` process) and
    calls ``tool``; the returned dict gets "result" (or "error") when it is over."""
    out: dict = {}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "aipa", "mcp-serve", "--dry-run"], env=cli_env(home), cwd=str(ROOT)
    )

    async def session() -> None:
        with anyio.fail_after(300):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
                await client.initialize()
                out["result"] = _data(await client.call_tool(tool, arguments))

    def work() -> None:
        try:
            anyio.run(session)
        except BaseException as exc:  # reported to the test
            out["error"] = repr(exc)

    threading.Thread(target=work, daemon=True).start()
    return out


async def test_a_service_run_waiting_for_review_is_decided_in_the_open_window(qtbot, home):
    window = MainWindow(make_app(home).core)
    window.show()
    await window.start(restore=False)
    try:
        assert window.inbox.count() == 0 and not window.inbox.isVisible()
        started = call_in_thread(home, "run_directive", {"directive": DIRECTIVE})
        await until(lambda: started, timeout=300, what="run_directive to return")
        assert "error" not in started, started
        run = started["result"]
        assert run["status"] == "suspended" and run["waiting"] == "waiting for the Principal"

        # No click, no restart: the window sees the data folder change.
        await until(lambda: window.inbox.count() == 1, timeout=60, what="the service's run in the Inbox")
        (entry,) = window.inbox.entries
        assert entry.run_id == run["run_id"] and entry.waiting == "review"
        assert "waiting for review" in window.inbox.item(0).text()
        assert "MCP" in window.inbox.item(0).toolTip()
        assert window.inbox.heading.text() == "INBOX · 1 WAITING"

        window.inbox.itemClicked.emit(window.inbox.item(0))  # its session, its review card
        dialog = await gate(window, ReviewDialog)
        assert dialog.item.run_id == run["run_id"]
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await until(lambda: window.core.runs.get(run["run_id"]).status == "done", what="the run done")
        await until(lambda: window.inbox.count() == 0, what="the decided run gone from the Inbox")

        asked = call_in_thread(home, "get_result", {"run_id": run["run_id"]})
        await until(lambda: asked, timeout=300, what="get_result to return")
        assert "error" not in asked, asked
        result = asked["result"]
        assert result["status"] == "done" and result["decision"] == "accept" and result["deliverable"]
    finally:
        await close_window(window)
