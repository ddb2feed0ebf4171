"""The transcript's context menu (right click, the Menu key, Shift+F10) and the ids
behind a message, shown in tooltips and Details."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtGui import QAction, QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QMenu

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui import words
from aipa.ui.i18n import number
from aipa.ui.transcript.model import ITEM_ROLE, ChatItem

translate = QCoreApplication.translate

# the re-runs a card offers (issue 23): kind -> (action, label)
RERUN_LABELS = {
    "task": ("rerun", QT_TRANSLATE_NOOP("ContextMenu", "Re-run this lead…")),
    "deliverable": ("rerun_synthesis", QT_TRANSLATE_NOOP("ContextMenu", "Re-run synthesis…")),
    "audit": ("rerun_audit", QT_TRANSLATE_NOOP("ContextMenu", "Re-run audit")),
}


def show_context_menu(view, event) -> None:
    """The row's menu: copy the selection, select all, the message actions, the thinking, Details."""
    keyboard = event.reason() == QContextMenuEvent.Reason.Keyboard
    index = view.currentIndex() if keyboard else view.indexAt(event.pos())
    if not index.isValid():
        return
    # from the keyboard (Menu key, Shift+F10): the current row's actions, shown on it
    at = view.viewport().mapToGlobal(view.visualRect(index).topLeft() + QPoint(24, 24)) if keyboard else None
    item = index.data(ITEM_ROLE)
    menu = QMenu(view)

    def add(label: str, handler) -> None:
        action = QAction(label, menu)
        action.triggered.connect(handler)
        menu.addAction(action)

    if view.selection.item is item and view.selection.has_text():
        add(
            translate("ContextMenu", "Copy selection"),
            lambda: QGuiApplication.clipboard().setText(view.selection.text()),
        )
    if item.content:
        add(translate("ContextMenu", "Select all text"), lambda: view.selection.select_all(item))
        for key, label in view.chat_delegate.actions_for(item):
            name = {
                "copy": translate("ContextMenu", "Copy as Markdown"),
                "plain": translate("ContextMenu", "Copy as plain text"),
            }.get(key, label)
            add(name, lambda _checked=False, k=key: view.act(k, item))
        if view.chat_delegate.shown_in_part(item):  # (the link under the card, from the keyboard)
            add(translate("ContextMenu", "Show the full text…"), lambda: view.act("full_text", item))
    if item.thinking:
        add(translate("ContextMenu", "Copy thinking"), lambda: QGuiApplication.clipboard().setText(item.thinking))
        add(
            translate("ContextMenu", "Collapse thinking")
            if item.show_thinking_open()
            else translate("ContextMenu", "Expand thinking"),
            lambda: view.toggle_thinking(index.row()),
        )
    if tooltip(item):
        menu.addSeparator()
        if item.run_id:
            add(translate("ContextMenu", "Timeline…"), lambda: view.act("timeline", item))
            rerun = RERUN_LABELS.get(item.kind)
            if rerun and not item.streaming:
                add(translate("ContextMenu", rerun[1]), lambda: view.act(rerun[0], item))
            if item.kind in ("task", "deliverable") and not item.streaming:
                add(translate("ContextMenu", "Edit briefs and re-run…"), lambda: view.act("rerun_briefs", item))
            if item.revisions:  # a run with several revisions (issue 23)
                add(translate("ContextMenu", "Compare revisions…"), lambda: view.act("compare", item))
        add(translate("ContextMenu", "Details…"), lambda: view.act("details", item))
    menu.popup(at if at is not None else event.globalPos())


def tooltip(item: ChatItem) -> str:
    """The ids behind a message (shown in tooltips and Details, never on the card)."""
    lines = []
    if item.kind == "task" and item.label:
        lines.append(translate("ContextMenu", "Task {id}").format(id=item.label))
    elif item.kind == "deliverable" and item.label:
        lines.append(translate("ContextMenu", "Revision {n}").format(n=item.label))
    if item.run_id:
        lines.append(translate("ContextMenu", "Run {id}").format(id=item.run_id))
    return "\n".join(lines)


def details(item: ChatItem) -> str:
    status = words.state(item.status) if item.status else ""
    rows = [
        (translate("ContextMenu", "Kind"), item.kind),
        (translate("ContextMenu", "Agent"), item.agent),
        (translate("ContextMenu", "Title"), item.title),
        (translate("ContextMenu", "Status"), status),
    ]
    rows += [
        (translate("ContextMenu", "Task"), item.label if item.kind == "task" else ""),
        (translate("ContextMenu", "Run"), item.run_id),
    ]
    rows += [(translate("ContextMenu", "Words"), number(len(item.content.split())))]
    return "| | |\n|---|---|\n" + "\n".join(f"| {k} | `{v}` |" for k, v in rows if v)
