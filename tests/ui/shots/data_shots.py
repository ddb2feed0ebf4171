"""Settings → Data's picture for docs/screenshots/ (tests/ui/shots/screenshots.py calls it):
three finished runs, the automatic backup and one made with Back up now, listed.
``python -m tests.ui.shots.data_shots FOLDER`` shoots it alone (under Xvfb for the real look)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.window.main_window import MainWindow
from tests.ui.helpers import DIRECTIVE, close_window, make_app, until


async def shoot_data(folder: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, settle

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        w = MainWindow(make_app(home).core)
        w.show()
        w.resize(*SIZE)
        await w.start(restore=False)
        try:
            w.reviewer.auto = True
            for n in range(3):
                await w.controller.submit(f"{DIRECTIVE} ({n + 1})")
            w.core.data.backup(kind="auto")
            dialog = SettingsDialog(w, w.core, w.controller)
            dialog.tabs.setCurrentWidget(dialog.data)
            dialog.show()
            dialog.data.backup_now.click()
            await until(lambda: len(w.core.data.listed()) == 2 and dialog.data.progress is None, 60, "the backup")
            await settle()
            path = folder / "settings-data.png"
            dialog.grab().save(str(path))
            dialog.reject()
        finally:
            await close_window(w)
    return [path]


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_data(folder))


if __name__ == "__main__":
    main()
