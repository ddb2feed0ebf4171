"""Platform quirks in one place."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLayout, QWidget


def fit_platform(window: QWidget) -> None:
    """The headless ``offscreen`` platform cannot apply window size constraints (Qt warns
    "This plugin does not support propagateSizeHints()" each time a layout changes a
    top-level window's minimum size). There, let the layout leave the window's size
    limits alone; real platforms keep the default constraint."""
    layout = window.layout()
    if headless() and layout is not None:
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)


def headless() -> bool:
    """The ``offscreen`` platform (tests, CI) has no window manager: no popups that
    grab the keyboard, no raising windows."""
    return QGuiApplication.platformName() == "offscreen"
