"""A lead calling MCP tools from the window: each call that is not
allowed yet asks in an inline card in the chat (tool, server, arguments; Allow once /
Allow for this session / Deny), and every call and its result appear in the lead's
card. A real MCP server (the mcp SDK, stdio) and the scripted provider's tool calls."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.dialogs.tool_call import ToolCallCard, parse_title
from tests.ui.helpers import gate, idle, items, until
from tests.ui.material_support import material_window


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return)


def tool_card(window, besides=None):
    active = window.reviewer.active
    return active if isinstance(active, ToolCallCard) and active is not besides else None


def test_the_hub_question_names_server_tool_and_kind() -> None:
    assert parse_title("Allow the MCP tool notes.save_note (a tool that may change things)?") == (
        "notes",
        "save_note",
        "a tool that may change things",
    )
    assert parse_title("Allow this change?") == ("", "", "")


async def test_permission_card_in_the_chat_and_the_calls_in_the_lead_card(qtbot, home, tmp_path):
    notes = tmp_path / "notes.txt"
    async with material_window(home, notes) as w:
        send(qtbot, w, "Check the venue against the budget")
        first = await gate(w, ToolCallCard, timeout=60)
        view = w.chat_view
        assert first.inline and not first.isWindow() and view.gate is first and first.isVisible()
        assert "<code>lookup</code>" in first.heading.text() and "<code>notes</code>" in first.heading.text()
        assert "the server says it only reads" in first.heading.text()  # its claim, not a fact
        assert json.loads(first.arguments.toPlainText()) == {"term": "venue"}
        assert first.arguments.isReadOnly()
        qtbot.mouseClick(first.session_button, Qt.MouseButton.LeftButton)

        second = await until(lambda: tool_card(w, besides=first), 60, "the card for save_note")
        assert "<code>save_note</code>" in second.heading.text() and "may change things" in second.heading.text()
        assert json.loads(second.arguments.toPlainText()) == {"text": "venue"}
        atlas = next(i for i in items(w, "task") if i.agent == "Atlas")
        assert len(atlas.tool_calls) == 1  # the allowed call and its result are in the card already
        assert "**notes.lookup**" in atlas.tool_calls[0] and "Lakeside Lodge: 14 beds" in atlas.tool_calls[0]
        qtbot.mouseClick(second.deny_button, Qt.MouseButton.LeftButton)

        review = await gate(w, ReviewDialog, timeout=60)
        atlas = next(i for i in items(w, "task") if i.agent == "Atlas")
        assert len(atlas.tool_calls) == 2
        assert "**notes.save_note**" in atlas.tool_calls[1]
        assert "✗ `Error: the Principal declined" in atlas.tool_calls[1]
        assert atlas.body().startswith("> ⚙ **notes.lookup**") and atlas.content in atlas.body()
        assert not notes.exists()  # denied: nothing written
        assert "`notes__lookup` answered:" in items(w, "deliverable")[-1].content
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.chat_view.gate is None
        assert w.core.app.store.get_run(w.controller.run_id).status == "done"

        live = atlas.tool_calls
        w.controller.sessions.open(w.controller.session_id)  # the session opened again: the calls are still there
        reopened = next(i for i in items(w, "task") if i.agent == "Atlas")
        assert reopened is not atlas and reopened.tool_calls == live


async def test_allowed_for_the_session_is_not_asked_again(qtbot, home, tmp_path):
    notes = tmp_path / "notes.txt"
    async with material_window(home, notes) as w:
        asked: list[str] = []
        w.reviewer.dialogOpened.connect(lambda d: asked.append(type(d).__name__))
        send(qtbot, w, "Check the venue")
        for _ in range(2):  # lookup, then save_note: both allowed for the session
            card = await until(lambda: tool_card(w), 60, "a tool card")
            qtbot.mouseClick(card.session_button, Qt.MouseButton.LeftButton)
            await until(lambda c=card: w.reviewer.active is not c)
        review = await gate(w, ReviewDialog, timeout=60)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert notes.read_text() == "venue\n"
        asked.clear()
        send(qtbot, w, "Check the venue again")
        review = await gate(w, ReviewDialog, timeout=60)
        assert asked == ["ReviewDialog"]  # no tool card this time
        atlas = [i for i in items(w, "task") if i.agent == "Atlas"][-1]
        assert len(atlas.tool_calls) == 2 and "saved: venue" in atlas.tool_calls[1]
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert notes.read_text() == "venue\nvenue\n"
