"""The main window's menus: one action per slash command (label, shortcut, help from
``commands.COMMANDS``; triggering it runs the command), plus plan review, Settings, the
setup wizard and Stop."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from aipa.ui.chat import commands

if TYPE_CHECKING:
    from aipa.ui.window.host import WindowHost


def build_menus(window: WindowHost) -> dict[str, QMenu]:
    """Fill ``window.menu_actions`` (command name → action) and return the menus by name."""
    menus = {name: window.menuBar().addMenu(commands.menu_title(name)) for name in commands.MENUS}
    for cmd in commands.COMMANDS:
        action = QAction(commands.label_text(cmd), window)
        action.setObjectName("action_" + cmd.name)
        if cmd.shortcut:
            action.setShortcut(QKeySequence(cmd.shortcut))
        action.setToolTip(f"/{cmd.name} — {commands.help_text(cmd)}")
        action.setStatusTip(f"/{cmd.name} — {commands.help_text(cmd)}")
        if cmd.checkable:
            action.setCheckable(True)
        action.triggered.connect(partial(window.on_command, "/" + cmd.name))
        menus[cmd.menu].addAction(action)
        window.menu_actions[cmd.name] = action
        if cmd.name in ("export", "clear", "reload"):
            menus[cmd.menu].addSeparator()
    window.menu_actions["panels"].setChecked(True)
    window.menu_actions["autoaudit"].setChecked(window.settings.auto_audit)
    plan = QAction(QCoreApplication.translate("Menus", "&Plan review before dispatch"), window)
    plan.setCheckable(True)
    plan.setChecked(window.settings.plan_review)
    plan.toggled.connect(lambda on: window.controller.set_settings(plan_review=on))
    menus["Settings"].addAction(plan)
    window.menu_actions["plan_review"] = plan
    menus["Settings"].addSeparator()
    for key, text, shortcut, slot in (
        ("settings", QCoreApplication.translate("Menus", "&Settings…"), "Ctrl+,", window.opener.settings),
        ("wizard", QCoreApplication.translate("Menus", "Setup &wizard…"), "", window.opener.setup_wizard),
    ):
        action = QAction(text, window)
        action.setObjectName(f"action_{key}")
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menus["Settings"].addAction(action)
        window.menu_actions[key] = action
    stop = QAction(QCoreApplication.translate("Menus", "&Stop run"), window)

    stop.setShortcut(QKeySequence("Ctrl+."))
    stop.triggered.connect(window.on_stop)
    menus["Session"].insertAction(menus["Session"].actions()[0], stop)
    return menus
