"""Settings → Local API's picture for docs/screenshots/ (tests/ui/shots/screenshots.py calls
it): the endpoint on, serving on 127.0.0.1, the token hidden, one client whose reviews
are accepted. ``python -m tests.ui.shots.api_shots FOLDER`` shoots it alone."""

from __future__ import annotations

import tempfile
from pathlib import Path

import keyring

from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.window.main_window import MainWindow
from tests.doubles.base import free_port
from tests.support.memory_keyring import MemoryKeyring
from tests.ui.helpers import close_window, make_app, until


async def shoot_api(folder: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, settle

    port = free_port()
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())  # the token is made here, never in the real keyring
    try:
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp) / "home"
            home.mkdir()
            w = MainWindow(make_app(home, serve_enabled=True, serve_port=port, serve_accept_review=["my-editor"]).core)
            w.show()
            w.resize(*SIZE)
            await w.start(restore=False)
            try:
                await until(lambda: w.local_api.api.running, 60, "the Local API serving")
                dialog = SettingsDialog(w, w.core, w.controller)
                dialog.tabs.setCurrentWidget(dialog.api)
                dialog.api.copy_token.click()  # made and filled in (shown as dots)
                dialog.api.show_state()
                dialog.show()
                await settle()
                path = folder / "settings-local-api.png"
                dialog.grab().save(str(path))
                dialog.reject()
            finally:
                await close_window(w)
    finally:
        keyring.set_keyring(before)
    return [path]


if __name__ == "__main__":
    import asyncio
    import sys

    from PySide6.QtWidgets import QApplication

    from aipa.ui.event_loop import qasync_loop

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    app = QApplication.instance() or QApplication(["aipa-screenshots"])
    app.setQuitOnLastWindowClosed(False)
    loop = qasync_loop(app)
    asyncio.set_event_loop(loop)
    with loop:
        print(loop.run_until_complete(asyncio.wait_for(shoot_api(out), 300)))
