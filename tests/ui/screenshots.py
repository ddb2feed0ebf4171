"""Pictures of the window's states for docs/screenshots/, taken from the real window
(offscreen, scripted provider): ``python -m tests.ui.screenshots [FOLDER]``."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from aipa.ui import theme as theming
from aipa.ui.event_loop import qasync_loop
from tests.ui.helpers import DIRECTIVE, open_window, until

ROOT = Path(__file__).resolve().parents[2]


def use_this_checkout() -> None:
    """Style from this checkout's resources/ (an editable install may point at another)."""
    if (ROOT / "resources" / "style.qss").is_file():
        theming.resource_path = lambda name: ROOT / "resources" / name


def grab_with_popup(window, popup):
    """The window's picture with ``popup`` (a separate top-level) painted where it shows."""
    image = window.grab().toImage()
    painter = QPainter(image)
    painter.drawPixmap(window.mapFromGlobal(popup.mapToGlobal(QPoint(0, 0))), popup.grab())
    painter.end()
    return image


async def shoot(folder: Path) -> list[Path]:
    app = QApplication.instance()
    saved: list[Path] = []

    def save(image, name: str) -> None:
        path = folder / name
        image.save(str(path))
        saved.append(path)

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        theming.apply(app, "light")
        async with open_window(home, restore=False) as w:
            w.resize(1280, 800)
            await until(lambda: w.controller.connection.state[0] != "unknown")
            save(w.grab(), "welcome.png")
            await w.model_picker.open()
            popup = w.model_picker.popup
            save(grab_with_popup(w, popup) if popup.isWindow() else w.grab(), "model-picker.png")
            w.model_picker.popup.hide()
            w.core.settings_source.update(theme="dark")
            save(w.grab(), "dark.png")
            w.core.settings_source.update(theme="light")
            w.resize(720, 500)
            await until(lambda: w.split.width() == 720)
            save(w.grab(), "narrow-720.png")
        saved += await shoot_debug(folder, Path(tmp) / "debug-home")
    return saved


async def shoot_debug(folder: Path, home: Path) -> list[Path]:
    """``/debug`` after a finished run: the raw routing reply, as the model sent it."""
    home.mkdir()
    async with open_window(home, restore=False) as w:
        w.resize(1280, 800)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await w.controller.command("/debug")
        dialog = w.dialogs["debug"]
        dialog.resize(1100, 640)
        dialog.list.setCurrentRow(0)
        await until(lambda: dialog.text.toPlainText())
        path = folder / "debug.png"
        dialog.grab().save(str(path))
    return [path]


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["aipa-screenshots"])
    use_this_checkout()
    app.setQuitOnLastWindowClosed(False)
    loop = qasync_loop(app)
    asyncio.set_event_loop(loop)
    with loop:
        for path in loop.run_until_complete(shoot(folder)):
            print(path)


if __name__ == "__main__":
    main()
