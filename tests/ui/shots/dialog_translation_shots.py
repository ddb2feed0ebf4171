"""Pictures of the dialogs in other languages for docs/screenshots/: the Settings dialog in
German (its Appearance & data tab, with the Language choice), the setup wizard's first
page in Simplified Chinese and in Hebrew (right to left). Taken with the language's
translators installed as at start (ui/i18n.py), on a real X server or offscreen:

    xvfb-run -a -s "-screen 0 1600x1200x24" env QT_QPA_PLATFORM=xcb \\
        python -m tests.ui.shots.dialog_translation_shots docs/screenshots
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import keyring
from PySide6.QtWidgets import QApplication

from aipa.app import Override, build
from aipa.core.config import secrets
from aipa.core.config.paths import Paths
from aipa.core.setup.recommend import GIB
from aipa.ui import i18n
from aipa.ui import theme as theming
from aipa.ui.dialogs.settings import SettingsDialog
from aipa.ui.wizard.controller import WizardController
from aipa.ui.wizard.window import SetupWizard
from tests.support.memory_keyring import MemoryKeyring
from tests.ui.helpers import open_window, until
from tests.ui.shots.screenshots import settle


async def settings_in(language: str, folder: Path, home: Path) -> Path:
    app = QApplication.instance()
    installed = i18n.install(app, language)
    try:
        async with open_window(home, restore=False) as w:
            dialog = SettingsDialog(w, w.core, w.controller, open_wizard=lambda: None)
            dialog.show()
            dialog.tabs.setCurrentIndex(3)  # Appearance & data: the Language choice
            await until(lambda: "…" not in dialog.keyring_label.text(), what="the keyring's state")
            await settle()
            path = folder / f"settings-{language}.png"
            dialog.grab().save(str(path))
            dialog.reject()
            return path
    finally:
        i18n.uninstall(app, installed)


async def wizard_in(language: str, folder: Path, home: Path) -> Path:
    app = QApplication.instance()
    installed = i18n.install(app, language)
    try:
        core = build(Override(), Paths(home)).core
        work = WizardController(core.setup(which=lambda _name: None, memory=16 * GIB))
        wizard = SetupWizard(None, core, work=work)
        wizard.show()
        await until(lambda: work.ollama is not None, what="the Ollama check")  # no Ollama here
        await settle()
        path = folder / f"wizard-{language}.png"
        wizard.grab().save(str(path))
        wizard.reject()
        await work.shutdown()
        await core.app.aclose()
        return path
    finally:
        i18n.uninstall(app, installed)


async def shoot(folder: Path) -> list[Path]:
    theming.apply(QApplication.instance(), "light")
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())  # a keyring that works, without the machine's
    secrets.reset_session()
    saved = []
    try:
        for make, language in ((settings_in, "de"), (wizard_in, "zh_CN"), (wizard_in, "he")):
            home = Path(tempfile.mkdtemp()) / "home"
            home.mkdir()
            try:
                saved.append(await make(language, folder, home))
            finally:
                shutil.rmtree(home.parent, ignore_errors=True)
    finally:
        keyring.set_keyring(before)
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot(folder), 300)


if __name__ == "__main__":
    main()
