"""Keyboard-only use: the focus starts in the input, every Tab stop shows a focus ring, a
run goes from the directive through the clarify answers and the review to an export with
key presses only (QTest.keyClick, no mouse event), and no two actions share a shortcut."""

from __future__ import annotations

from collections import defaultdict

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QWidget

from aipa.ui import theme
from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.ui.helpers import idle, items, open_window, until

CTRL = Qt.KeyboardModifier.ControlModifier
# popups (a menu, the file name's completer) on the headless platform
POPUP_WARNINGS = pytest.mark.qt_log_ignore("This plugin does not support")


def key(k: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press where the focus is, as a person would type it."""
    target = QApplication.focusWidget()
    assert target is not None, "no widget has the focus"
    QTest.keyClick(target, k, modifiers)


def typed(text: str) -> None:
    target = QApplication.focusWidget()
    assert target is not None, "no widget has the focus"
    QTest.keyClicks(target, text)


async def focus_on(widget: QWidget, what: str) -> QWidget:
    return await until(lambda: QApplication.focusWidget() is widget or None, what=what)


async def test_the_input_has_the_focus_at_launch(qtbot, home):
    async with open_window(home) as w:
        await focus_on(w.compose, "the focus in the input at launch")
        typed("hello")
        assert w.compose.toPlainText() == "hello"


def _stops(window) -> list[QWidget]:
    """The Tab stops from the input round to it again (at most 60)."""
    stops: list[QWidget] = []
    for _ in range(60):
        key(Qt.Key.Key_Tab)
        current = QApplication.focusWidget()
        if current is window.compose or current in stops:
            break
        stops.append(current)
    return stops


async def test_every_tab_stop_shows_a_focus_ring(qtbot, home):
    """Each stop looks different focused than unfocused (its ring), the first four
    (the team switch, the agents, the session search and list) included, with the
    application's own stylesheet (gui.py applies it; the other tests run without)."""
    app = QApplication.instance()
    theme.apply(app)
    try:
        await _rings(home)
    finally:
        app.setStyleSheet("")


async def _rings(home) -> None:
    async with open_window(home) as w:
        await focus_on(w.compose, "the input")
        stops = _stops(w)
        names = [s.objectName() or type(s).__name__ for s in stops]
        assert {"teamButton", "agentList", "sessionSearch", "sessionList", "sendButton"} <= set(names), names
        plain = []
        for widget in stops:  # unfocused: the focus in the input
            w.compose.setFocus()
            await until(lambda: QApplication.focusWidget() is w.compose)
            if isinstance(widget, QLineEdit):
                widget.setCursorPosition(0)
            plain.append(widget.grab().toImage())
        w.compose.setFocus()
        await until(lambda: QApplication.focusWidget() is w.compose)
        for widget, before in zip(stops, plain, strict=True):
            key(Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is widget
            await until(lambda widget=widget: widget.hasFocus())
            focused = widget.grab().toImage()
            assert focused != before, f"no focus ring on {widget.objectName() or type(widget).__name__}"


def _shortcuts(window) -> dict[str, list[str]]:
    """Every key sequence the window, its menus and its shortcuts answer to, with who."""
    seen: dict[str, list[str]] = defaultdict(list)
    for action in window.findChildren(QAction):
        if action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut:
            continue  # (only while its own widget has the focus)
        for sequence in action.shortcuts():
            seen[sequence.toString()].append(f"action {action.text() or action.objectName()!r}")
    for shortcut in window.findChildren(QShortcut):
        if shortcut.context() in (Qt.ShortcutContext.WidgetShortcut, Qt.ShortcutContext.WidgetWithChildrenShortcut):
            continue
        for sequence in shortcut.keys():  # noqa: SIM118 (QShortcut.keys, not a dict)
            seen[sequence.toString()].append(f"shortcut {shortcut.objectName() or shortcut.parent().objectName()!r}")
    return seen


async def test_no_two_actions_share_a_shortcut(qtbot, home):
    async with open_window(home) as w:
        seen = _shortcuts(w)
        assert len(seen) > 15  # (the menus' shortcuts are there)
        clashes = {keys: who for keys, who in seen.items() if len(set(who)) > 1 or len(who) > 1}
        assert not clashes, f"ambiguous shortcuts: {clashes}"
        assert QKeySequence("Ctrl+Shift+A").toString() in seen and QKeySequence("Ctrl+O").toString() in seen


@POPUP_WARNINGS
async def test_every_menu_is_reachable_by_its_mnemonic(qtbot, home):
    """Alt+letter opens each menu (one letter each); every action in them is then reached
    with the arrow keys, or has a shortcut of its own."""
    async with open_window(home) as w:
        await focus_on(w.compose, "the input")
        letters = []
        for action in w.menuBar().actions():
            text = action.text()
            assert "&" in text, f"menu {text!r} has no mnemonic"
            letters.append(text[text.index("&") + 1].lower())
        assert len(letters) == len(set(letters)), letters
        key(Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)  # Alt+S: the Session menu
        menu = await until(lambda: QApplication.activePopupWidget(), what="the Session menu to open")
        assert menu is w.menus["Session"]
        QTest.keyClick(menu, Qt.Key.Key_Escape)
        await until(lambda: QApplication.activePopupWidget() is None, what="the menu to close")


@POPUP_WARNINGS
async def test_a_run_from_directive_to_export_by_keyboard_only(qtbot, home, tmp_path):
    async with open_window(home) as w:
        await focus_on(w.compose, "the input")
        typed("Offsite")  # short: the scripted team asks first
        key(Qt.Key.Key_Return)
        card = await until(
            lambda: w.reviewer.active if isinstance(w.reviewer.active, ClarifyDialog) else None, what="the questions"
        )
        boxes = list(card.answers.values())
        assert len(boxes) >= 2
        await focus_on(boxes[0], "the first answer box")
        typed("A relaxed team retreat")
        key(Qt.Key.Key_Tab)  # to the next box, not a tab typed
        assert QApplication.focusWidget() is boxes[1] and "\t" not in boxes[0].toPlainText()
        typed("Mid March")
        key(Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)  # and back
        assert QApplication.focusWidget() is boxes[0]
        key(Qt.Key.Key_Return, CTRL)  # Ctrl+Enter sends
        review = await until(
            lambda: w.reviewer.active if isinstance(w.reviewer.active, ReviewDialog) else None, what="the review"
        )
        await focus_on(review.accept_button, "Accept, first on the review card")
        key(Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is review.edit_button
        key(Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
        key(Qt.Key.Key_Space)  # presses Accept
        await idle(w)
        run = w.core.app.store.get_run(w.controller.run_id)
        assert run.status == "done"
        answers = [q.answer for q in w.core.app.store.questions(w.controller.run_id)]
        assert answers[:2] == ["A relaxed team retreat", "Mid March"]
        assert items(w, "decision")[-1].content.startswith("✓")
        await focus_on(w.compose, "the focus back in the input")
        # the export: Ctrl+E opens the save dialog; a path typed and Enter writes it
        key(Qt.Key.Key_E, CTRL)
        dialog = await until(lambda: w.dialogs.get("export"), what="the export dialog")
        assert isinstance(dialog, QFileDialog)
        target = tmp_path / "offsite.md"
        name = await until(
            lambda: QApplication.focusWidget() if isinstance(QApplication.focusWidget(), QLineEdit) else None
        )
        name.selectAll()
        typed(str(target))
        key(Qt.Key.Key_Return)
        await until(lambda: target.exists() and target.stat().st_size > 0, what="the export file")
        assert "Offsite" in target.read_text()
