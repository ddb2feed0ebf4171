"""The recruiter's proposal as an inline card (ui/dialogs/recruiter_card.py): the real
window talking to the recruiter (Evelyn) on the scripted provider, whose ``/tool`` line
calls the agent tools for real. The card is docked under the transcript like the other
gates (no modal window), shows the diff in plain words and coloured lines, is reached
and decided with the keyboard alone, names its controls for a screen reader (Qt's
accessibility interfaces, what the AT-SPI bridge reads), and Edit… hands the
Principal's feedback to the recruiter instead of writing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication

from aipa.ui.dialogs.recruiter_card import RecruiterCard, diff_counts, readable_diff
from tests.ui.helpers import gate, idle, items, open_window, until

NOVA = '/tool upsert_agent_definition {"name": "Nova", "title": "Forecasting", "description": "Forecasts demand"}'


def send(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return)


def accessible(widget) -> tuple[str, object, str]:
    """(name, role, description) as the accessibility bridge hands them to a screen reader."""
    face = QAccessible.queryAccessibleInterface(widget)
    assert face is not None and face.isValid()
    return (
        face.text(QAccessible.Text.Name),
        face.role(),
        face.text(QAccessible.Text.Description),
    )


def test_the_diff_is_counted_and_shown_without_file_headers() -> None:
    preview = "--- a\n+++ b\n@@ -1,2 +1,2 @@\n name\n-old\n+new\n+more\n@@ -9 +9 @@\n-x\n"
    assert diff_counts(preview) == (2, 2)
    assert readable_diff(preview) == " name\n-old\n+new\n+more\n …\n-x"
    created = "--- /dev/null\n+++ agents/nova.md\n@@ -0,0 +1,3 @@\n++++\n+name = 'Nova'\n++++\n"
    assert diff_counts(created) == (3, 0)  # the agent file's own +++ lines are part of it
    assert readable_diff(created) == "++++\n+name = 'Nova'\n++++"


async def test_the_recruiters_proposal_is_an_inline_card_decided_by_keyboard(qtbot, home):
    async with open_window(home) as w:
        w.controller.talk_to("Evelyn")
        agents_dir = w.core.app.paths.agents
        send(qtbot, w, NOVA)
        card = await gate(w, RecruiterCard)
        view, dock = w.chat_view, w.chat_view.dock
        # docked under the transcript, its sibling (a screen reader reaches it), not a window
        assert card.inline and not card.isWindow() and not card.isModal() and card.isVisible()
        assert view.gate is card and dock.widget() is card and not view.isAncestorOf(card)
        assert not [t for t in QApplication.topLevelWidgets() if t.isVisible() and t.isModal()]
        assert "Create agent Nova (Forecasting)" in card.heading.text()
        assert "lines added, 0 removed" in card.heading.text()
        diff = card.diff.toPlainText()
        assert diff.startswith('++++\n+name = "Nova"') and "agents/nova.md" not in diff and "/dev/null" not in diff
        assert card.diff.isReadOnly() and card.diff.lineWrapMode() == card.diff.LineWrapMode.WidgetWidth
        assert not (agents_dir / "nova.md").exists()  # nothing written while asking
        # the screen reader's view: a named dialog with a description, named push buttons
        name, role, description = accessible(card)
        assert name == "Change the team?" and role == QAccessible.Role.Dialog and "Create agent Nova" in description
        for button, label in (
            (card.accept_button, "Accept"),
            (card.edit_button, "Edit…"),
            (card.reject_button, "Reject"),
        ):
            name, role, description = accessible(button)
            assert (name, role) == (label, QAccessible.Role.Button) and description
            assert button.focusPolicy() & Qt.FocusPolicy.TabFocus
        assert accessible(card.diff)[0].startswith("The proposed agent file")
        # the keyboard: the focus starts on the diff, Tab reaches Accept, Edit…, Reject in order
        await until(lambda: QApplication.focusWidget() is card.diff, what="the focus on the diff")
        stops = []
        for _ in range(3):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            stops.append(QApplication.focusWidget())
        assert stops == [card.accept_button, card.edit_button, card.reject_button]
        qtbot.keyClick(card.reject_button, Qt.Key.Key_Backtab)
        qtbot.keyClick(card.edit_button, Qt.Key.Key_Backtab)
        assert QApplication.focusWidget() is card.accept_button
        qtbot.keyClick(card.accept_button, Qt.Key.Key_Space)
        await idle(w)
        assert (agents_dir / "nova.md").exists() and view.gate is None and not dock.isVisible()
        assert QApplication.focusWidget() is w.compose  # back where it was


async def test_edit_sends_the_feedback_to_the_recruiter_and_writes_nothing(qtbot, home):
    async with open_window(home) as w:
        w.controller.talk_to("Evelyn")
        agents_dir = w.core.app.paths.agents
        send(qtbot, w, NOVA)
        card = await gate(w, RecruiterCard)
        assert not card.feedback.isVisible()
        qtbot.mouseClick(card.edit_button, Qt.MouseButton.LeftButton)
        assert card.feedback.isVisible() and card.edit_button.text() == "Send feedback"
        assert QApplication.focusWidget() is card.feedback
        qtbot.keyClicks(card.feedback, "Call it Demand instead")
        qtbot.keyClick(card.feedback, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # sends
        await idle(w)
        assert not (agents_dir / "nova.md").exists()
        said = "\n".join(i.content for i in items(w))
        assert "declined" in said and "Call it Demand instead" in said


async def test_escape_rejects_the_proposal(qtbot, home):
    async with open_window(home) as w:
        w.controller.talk_to("Evelyn")
        send(qtbot, w, NOVA)
        card = await gate(w, RecruiterCard)
        await until(lambda: QApplication.focusWidget() is card.diff, what="the focus on the diff")
        qtbot.keyClick(card.diff, Qt.Key.Key_Escape)
        await idle(w)
        assert not (w.core.app.paths.agents / "nova.md").exists()
        assert any("declined" in n.content for n in items(w, "notice"))
