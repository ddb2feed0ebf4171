"""An empty session shows the team, three examples and the model."""

from __future__ import annotations

from PySide6.QtCore import Qt

from aipa.ui.dialogs.gates import ReviewDialog
from tests.ui.chat.test_run_gates import send
from tests.ui.helpers import DIRECTIVE, gate, idle, open_window, until


async def test_an_empty_session_shows_the_team_the_examples_and_the_model(qtbot, home):
    async with open_window(home) as w:
        assert w.stack.currentWidget() is w.welcome
        cards = w.welcome._cards
        assert [c.accessibleName().split(",")[0] for c in cards] == w.core.agents.names()
        miranda = w.core.agents.get("Miranda")
        said = miranda.description.split(": ", 1)[-1][:30]
        assert said and said.casefold() in cards[0].text().casefold()
        assert len(w.welcome.examples) == 3
        assert "scripted" in w.welcome.model_line.text() and "on this computer" in w.welcome.model_line.text()


async def test_clicking_an_example_sends_it(qtbot, home):
    async with open_window(home) as w:
        example = w.welcome.examples[0]
        qtbot.mouseClick(example, Qt.MouseButton.LeftButton)
        await until(lambda: w.controller.busy or w.controller.session_id, what="the run to start")
        await until(lambda: w.stack.currentWidget() is w.chat_view, what="the chat to show")
        directives = [i.content for i in w.controller.chat.items() if i.kind == "directive"]
        assert directives == [example.full_text]  # the whole directive, even when its button shows less


async def test_a_new_session_never_shows_the_last_sessions_numbers(qtbot, home):
    async with open_window(home) as w:
        send(qtbot, w, DIRECTIVE)
        dialog = await gate(w, ReviewDialog)
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.controller.session_tokens > 0 and "tokens this session" in w.status.tokens.text()
        await w.controller.command("/new")
        assert w.stack.currentWidget() is w.welcome
        assert w.status.tokens.text() == "No tokens yet"
