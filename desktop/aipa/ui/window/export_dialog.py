"""Exporting the session on screen: the platform's save dialog, starting in the user's
Documents folder with a file name from the session's title."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog

from aipa.core.session.export import FORMATS
from aipa.ui.platform import fit_platform

if TYPE_CHECKING:
    from aipa.ui.window.host import WindowHost


def export_folder() -> Path:
    """Where an export starts: the user's Documents folder (home when there is none)."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs) if docs and Path(docs).is_dir() else Path.home()


def export_name(session) -> str:
    """A file name from the session's title (its id when it has none)."""
    title = (session.title if session else "") or (session.id if session else "") or "session"
    name = "-".join(re.sub(r"[^\w\- ]+", " ", title).split())[:60].strip("-")
    return name or "session"


def open_export_dialog(window: WindowHost, fmt: str) -> None:
    """The save dialog for the session on screen; ``fmt`` preselects a format (md, html, json...)."""
    filters = ";;".join(FORMATS.values())
    default = (
        export_folder() / f"{export_name(window.core.sessions.get(window.controller.session_id or ''))}.{fmt or 'md'}"
    )
    title = QCoreApplication.translate("ExportDialog", "Export session")
    dialog = QFileDialog(window, title, str(default), filters)

    dialog.setObjectName("exportDialog")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)  # the platform's own dialog where it has one
    if fmt in FORMATS:
        dialog.selectNameFilter(FORMATS[fmt])

    def chosen(path: str) -> None:
        suffix = Path(path).suffix.lstrip(".").lower()
        kind = (
            suffix
            if suffix in FORMATS
            else next((k for k, v in FORMATS.items() if v == dialog.selectedNameFilter()), "md")
        )
        window.controller.export_to(kind, Path(path))

    dialog.fileSelected.connect(chosen)
    fit_platform(dialog)
    window.dialogs["export"] = dialog
    dialog.finished.connect(lambda _c: window.dialogs.pop("export", None))
    dialog.open()
