"""Small widget helpers the windows and dialogs share: the status colours of rich text,
a wrapped rich-text label, a coloured span, a thin progress bar, a decision's primary
button, a form's answer box (Tab moves on) and Ctrl+Enter to submit, and the items of a tree."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QProgressBar, QPushButton, QTreeWidget, QTreeWidgetItem, QWidget

from aipa.ui.theme import Theme

OK, WARN, BAD, DIM = "#2e9d5b", "#c98a12", "#d64545", "#6b7386"  # status text (readable on light and dark)


def label(name: str, text: str = "", *, links: bool = False) -> QLabel:
    """A wrapped rich-text label named ``name``; its text selectable, or with ``links``
    its links opened in the system browser (on a click only)."""
    widget = QLabel(text)
    widget.setObjectName(name)
    widget.setWordWrap(True)
    widget.setTextFormat(Qt.TextFormat.RichText)
    widget.setOpenExternalLinks(links)
    widget.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextBrowserInteraction if links else Qt.TextInteractionFlag.TextSelectableByMouse
    )
    return widget


def colored(text: str, color: str, bold: bool = True) -> str:
    """``text`` escaped, as rich text in ``color``."""
    weight = "font-weight:600;" if bold else ""
    return f"<span style='color:{color};{weight}'>{html.escape(text)}</span>"


def progress_bar(name: str) -> QProgressBar:
    """A thin bar without text, from 0 to 1000 (a transfer's progress)."""
    bar = QProgressBar()
    bar.setObjectName(name)
    bar.setRange(0, 1000)
    bar.setValue(0)
    bar.setTextVisible(False)
    bar.setMaximumHeight(12)
    return bar


def primary_button(text: str, theme: Theme) -> QPushButton:
    """A decision card's primary action: filled with the theme's accent, set apart from the rest."""
    button = QPushButton(text)
    button.setObjectName("primaryButton")
    button.setStyleSheet(
        f"QPushButton#primaryButton {{ background: {theme.accent}; color: white; font-weight: 600;"
        " padding: 5px 18px; border-radius: 5px; }"
        # the focus ring: the accent ring of other buttons would vanish on the accent fill
        f"QPushButton#primaryButton:focus {{ border: 2px solid {theme.text}; }}"
    )
    return button


def answer_box(name: str, accessible: str) -> QPlainTextEdit:
    """A multi-line answer field in a form: Tab and Shift+Tab move to the next or previous
    control instead of typing a tab (Enter still starts a new line)."""
    box = QPlainTextEdit()
    box.setObjectName(name)
    box.setAccessibleName(accessible)
    box.setTabChangesFocus(True)
    return box


def submit_keys(owner: QWidget, slot) -> list[QShortcut]:
    """Ctrl+Enter (either Enter key) anywhere inside ``owner`` calls ``slot``: a form's
    "send" from the keyboard while Enter types new lines in its answer boxes."""
    keys = []
    for key in ("Ctrl+Return", "Ctrl+Enter"):
        shortcut = QShortcut(QKeySequence(key), owner)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)
        keys.append(shortcut)
    return keys


def top_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    """The tree's top-level items, in order."""
    # (an index in range always has an item: the stubs' None is for one out of range)
    return [item for i in range(tree.topLevelItemCount()) if (item := tree.topLevelItem(i)) is not None]


def child_items(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """An item's children, in order."""
    return [child for i in range(item.childCount()) if (child := item.child(i)) is not None]
