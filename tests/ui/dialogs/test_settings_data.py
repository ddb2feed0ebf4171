"""Settings → Data in the real window (offscreen, scripted provider, real files): Back up
now makes a verified backup and the page shows it as the last one; Export all… and
Import… go through the progress dialog (importing the window's own archive changes
nothing); Restore… refuses a random file on the page, and a good one closes the window
with the file for start-up to restore (gui.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.dialogs.settings_data import RESTORE_PROPERTY
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import DIRECTIVE, close_window, make_app, until


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing the progress dialog
async def test_the_data_page_backs_up_exports_imports_and_hands_a_restore_to_start_up(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    w = MainWindow(make_app(home).core)
    w.show()
    await w.start(restore=False)
    try:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        dialog = SettingsDialog(w, w.core, w.controller)
        page = dialog.data
        dialog.tabs.setCurrentWidget(page)
        dialog.show()
        assert "none yet" in page.last.text()
        page.backup_now.click()
        await until(lambda: w.core.data.listed() and page.progress is None, 60, "the backup")
        (made,) = w.core.data.listed()
        assert "1 runs" in page.last.text() and "verified" in page.last.text()
        assert page.list.topLevelItemCount() == 1

        archive = tmp_path / "all.zip"
        page.on_export(archive)
        await until(lambda: archive.is_file() and page.progress is None, 60, "the archive")
        page.on_import(archive)
        await until(lambda: "already here" in page.status.text(), 60, "the import")
        assert "imported 0 sessions, 0 runs, 0 messages" in page.status.text()
        assert len(w.core.runs.list(w.controller.session_id)) == 1

        random_file = tmp_path / "random.db"
        random_file.write_bytes(b"\x00garbage" * 500)
        page.on_restore(random_file)
        assert "cannot restore" in page.status.text() and w.isVisible()
        page.on_restore(made.path)
        assert page.confirm.isVisible()
        page._restore_answered(True, made.path)
        await until(lambda: not w.isVisible(), 30, "the window closing for the restore")
        assert Path(str(w.property(RESTORE_PROPERTY))) == made.path
    finally:
        await close_window(w)
