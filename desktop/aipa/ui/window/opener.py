"""The main window's dialogs, one of a kind each: the setup wizard (and its model import
page), Settings, the file and folder choosers, a citation's excerpt, the editors and
views a slash command asks for, the error and About boxes. ``window.dialogs`` holds the
open ones by key; the window closes them when it closes. Each dialog's module loads when
it first opens (ARCHITECTURE §6: none of them is needed for the first paint)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog

from aipa.ui import theme as theming
from aipa.ui.platform import fit_platform, headless
from aipa.ui.window import views

if TYPE_CHECKING:
    from aipa.ui.chat.attachments import Material
    from aipa.ui.dialogs.settings import SettingsDialog
    from aipa.ui.window.host import WindowHost
    from aipa.ui.wizard.window import SetupWizard

D = TypeVar("D", bound=QDialog)
translate = QCoreApplication.translate


class DialogOpener:
    """Opens the main window's dialogs; one ``open`` of a kind shows the one already open."""

    def __init__(self, window: WindowHost) -> None:
        self.window = window

    def open(self, key: str, factory: Callable[[], D]) -> D:
        """The dialog ``key``, made by ``factory`` unless one is open, shown and raised."""
        dialogs = self.window.dialogs
        kept = dialogs.get(key)
        if kept is not None:
            dialog = cast(D, kept)  # kept under ``key`` by an earlier call: what ``factory`` makes
        else:
            dialog = factory()
            dialogs[key] = dialog
            dialog.finished.connect(lambda _code: dialogs.pop(key, None))
        dialog.show()
        if not headless():
            dialog.raise_()
        return dialog

    def setup_wizard(self) -> SetupWizard:
        from aipa.ui.wizard.window import SetupWizard

        w = self.window
        return self.open("wizard", lambda: SetupWizard(w, w.core, w.controller))

    def model_import(self) -> SetupWizard:
        """The setup wizard at the page where the current provider's kind pulls or imports
        models (the provider choice when the wizard has no page for it)."""
        wizard = self.setup_wizard()
        wizard.switch_provider(self.window.core.providers.kind())
        return wizard

    def settings(self) -> SettingsDialog:
        from aipa.ui.dialogs.settings import SettingsDialog

        w = self.window
        return self.open("settings", lambda: SettingsDialog(w, w.core, w.controller, open_wizard=self.setup_wizard))

    def attach_files(self) -> QDialog:
        """The file dialog for attachments (they go with the next directive)."""
        from aipa.ui.chat.attachments import choose_files

        return self._material("attach", choose_files)

    def grant_folder(self) -> QDialog:
        """The folder dialog: the folder is granted to the session with the next directive."""
        from aipa.ui.chat.attachments import choose_folder

        return self._material("grant", choose_folder)

    def _material(self, key: str, make: Callable[[WindowHost, Material], QDialog]) -> QDialog:
        dialogs = self.window.dialogs
        dialog = make(self.window, self.window.controller.material)
        fit_platform(dialog)
        dialogs[key] = dialog
        dialog.finished.connect(lambda _c: dialogs.pop(key, None))
        dialog.open()
        return dialog

    def citation(self, href: str) -> None:
        """A citation opens its excerpt (other links open in the browser: the view does that)."""
        from aipa.ui.chat.citations import open_citation

        w = self.window
        dialog = open_citation(w.core, w.controller.session_id, href, w)
        if dialog is not None:
            old = w.dialogs.pop("excerpt", None)
            if old is not None:
                old.close()
            w.dialogs["excerpt"] = dialog

    def request(self, what: str, arg: str) -> None:
        """What a slash command asks the window for: a view, an editor, a confirmation, the
        export dialog, the thinking panels on or off, quitting."""
        w = self.window
        if what in views.VIEWS:
            views.open_view(w, what, arg)
        elif what == "panels":
            on = arg == "on"
            w.menu_actions["panels"].setChecked(on)
            w.chat_view.chat_delegate.set_show_thinking(on)
            w.chat_view.scheduleDelayedItemsLayout()
        elif what == "quit":
            w.close()
        elif what == "brief":
            from aipa.ui.dialogs.brief_editor import BriefEditor

            self.open("brief", lambda: BriefEditor(w, w.core.sessions.brief(), w.theme))
        elif what == "agents":
            from aipa.ui.dialogs.agent_editor import AgentEditor

            editor = self.open(
                "agents", lambda: AgentEditor(w, w.core, lambda roles: w.controller.set_settings(roles=roles))
            )
            editor.changed.connect(w.controller.agents_changed, Qt.ConnectionType.UniqueConnection)
        elif what == "reset-brief":
            from aipa.ui.dialogs.common import confirm

            w.dialogs["reset-brief"] = confirm(
                w,
                translate("DialogOpener", "Reset the standing brief?"),
                translate(
                    "DialogOpener",
                    "Replace the standing brief with the empty template? Earlier versions stay in the database.",
                ),
                translate("DialogOpener", "Reset"),
                lambda: w.on_command("/reset-brief yes"),
                name="resetBriefConfirm",
            )
        elif what == "export":
            from aipa.ui.window.export_dialog import open_export_dialog

            open_export_dialog(w, arg)

    def error(self, message: str, details: str = "") -> None:
        """The unexpected-error box (the log has the details; so does the box, folded)."""
        from aipa.ui.dialogs.common import MessageDialog

        w = self.window
        log_file = w.core.paths.log_file if w.attached else translate("DialogOpener", "the logs folder")
        box = MessageDialog(
            w,
            translate("DialogOpener", "AIPA: unexpected error"),
            message + "\n\n" + translate("DialogOpener", "Details are in the log: {file}").format(file=log_file),
            details=details,
            name="errorDialog",
        )
        w.dialogs["error"] = box
        box.finished.connect(lambda _c: w.dialogs.pop("error", None))
        box.open()

    def about(self) -> None:
        from aipa import __version__
        from aipa.ui.dialogs.common import MessageDialog

        box = MessageDialog(
            self.window,
            translate("DialogOpener", "About AIPA"),
            translate(
                "DialogOpener", "AIPA Desktop {version}\nYour local agency of LLM agents.\nData folder: {folder}"
            ).format(version=__version__, folder=self.window.core.paths.root),
            name="aboutDialog",
        )
        box.setWindowIcon(theming.app_icon())
        box.open()
