"""Restores at start-up (issue 33): the live database cannot be read, so the window says
so plainly, names the newest verified backup and offers the button that restores it
(nothing is overwritten without the Principal's word); or Settings → Data → Restore…
closed the window to restore a file. Either way the swap happens here, with the database
closed, through the data door (``core.data``, offline), and AIPA starts again on it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from aipa.core.config.paths import Paths
from aipa.core.data.door import DataDoor
from aipa.errors import AipaError


def _tr(text: str) -> str:
    return QCoreApplication.translate("DataStart", text)


def offer_restore(window: QWidget, paths: Paths, message: str) -> Path | None:
    """When the live file is damaged and a backup exists: ask; the backup chosen, or None."""
    door = DataDoor.offline(paths)
    newest = door.last_backup()
    if newest is None:
        return None
    box = QMessageBox(window)
    box.setObjectName("damagedDatabase")
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(_tr("Your data cannot be read"))
    box.setText(
        QCoreApplication.translate(
            "DataStart",
            "{problem}\n\nThe newest verified backup is from {when} ({sessions} sessions, {runs} runs):\n{path}\n\n"
            "Restore it? Nothing is changed until you say so (in a terminal: aipa restore {path}).",
        ).format(
            problem=message,
            when=newest.created.strftime("%Y-%m-%d %H:%M"),
            sessions=newest.sessions,
            runs=newest.runs,
            path=newest.path,
        )
    )
    restore = box.addButton(_tr("Restore this backup"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(_tr("Quit"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return newest.path if box.clickedButton() is restore else None


def restore_and_restart(paths: Paths, source: Path) -> int:
    """Restore ``source`` (the database is closed by now), then start AIPA again; the exit
    code when the restore was refused (printed, as the CLI does)."""
    try:
        done = DataDoor.offline(paths).restore(source)
    except AipaError as exc:
        print(f"error: {exc.message}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
        return exc.exit_code
    print(f"Restored {done.sessions} sessions and {done.runs} runs from {done.path}; starting again.")
    sys.stdout.flush()
    argv = [sys.executable, *sys.argv[1:]] if getattr(sys, "frozen", False) else [sys.executable, "-m", "aipa"]
    if not getattr(sys, "frozen", False):
        argv += sys.argv[1:]
    os.execv(sys.executable, argv)
    return 0  # not reached
