"""What the window's parts (its menus, the dialog opener, the session actions, the views
a slash command opens, the export dialog) see of the main window: the shell's widgets
plus what ``MainWindow`` adds. Declared here, below those parts, so that none of them
imports ``main_window`` (which imports them): the window's room has no circle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from aipa.ui.window.layout import WindowShell

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDialog, QWidget

    from aipa.core.config.settings import Settings
    from aipa.core.facade import Core
    from aipa.ui.chat.controller import Controller
    from aipa.ui.theme import Theme
    from aipa.ui.transcript.view import ChatView

D = TypeVar("D", bound="QDialog")


class Opens(Protocol):
    """The dialog opener (``ui/window/opener.DialogOpener``) as the parts use it."""

    def open(self, key: str, factory: Callable[[], D]) -> D: ...

    def settings(self) -> QDialog: ...

    def setup_wizard(self) -> QDialog: ...


class WindowHost(WindowShell):
    """The main window as its parts know it; ``MainWindow`` is the one subclass."""

    theme: Theme
    dialogs: dict[str, QWidget]
    opener: Opens
    menu_actions: dict[str, QAction]
    # Given by ``MainWindow.attach`` (``attached`` says whether they are there yet).
    attached: bool
    core: Core
    controller: Controller
    chat_view: ChatView

    @property
    def settings(self) -> Settings:
        """The settings in force (``MainWindow`` says which)."""
        raise NotImplementedError

    # MainWindow's own, named here so the parts can call them.
    on_command: Callable[[str], object]
    on_stop: Callable[[], object]
    on_session: Callable[[str], None]
