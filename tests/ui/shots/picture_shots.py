"""Pictures of pictures in the window, for docs/screenshots/ (part of the screenshot
suite, tests/ui/shots/screenshots.py): a pasted screenshot waiting in the input row, the sent
directive with its thumbnail (light and dark), and the note beside a thumbnail when the
model cannot see (the Ollama double with a model without ``vision``).

    python -m tests.ui.shots.picture_shots [FOLDER]
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.window.main_window import MainWindow
from tests.doubles.ollama import OllamaDouble
from tests.support import picture_files
from tests.support.cli import write_settings
from tests.ui.chat.test_pictures_window import paste, ready, screenshot_image
from tests.ui.helpers import close_window, gate, idle, open_window, until


async def shoot_pictures(folder: Path) -> list[Path]:
    saved: list[Path] = []

    def save(widget, name: str) -> None:
        path = folder / name
        widget.grab().save(str(path))
        saved.append(path)

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        theming.apply(QApplication.instance(), "light")
        async with open_window(tmp_path / "home", restore=False) as w:
            w.resize(1280, 800)
            paste(w, screenshot_image((900, 560)))
            await ready(w, 1)
            w.compose.setPlainText("What does this error dialog say, and how do I fix it?")
            save(w, "pictures-input-row.png")
            w.send_button.click()
            review = await gate(w, ReviewDialog, timeout=120)
            review.accept_button.click()
            await idle(w)
            w.chat_view.scrollToTop()
            save(w, "pictures-directive.png")
            w.core.config.source.update(theme="dark")
            await until(lambda: w.theme.dark, 30, "the dark theme")
            save(w, "pictures-directive-dark.png")
        theming.apply(QApplication.instance(), "light")
        saved.append(await _refusal(folder, tmp_path))
    return saved


async def _refusal(folder: Path, tmp_path: Path) -> Path:
    home = tmp_path / "refusal-home"
    double = OllamaDouble(models=("qwen2.5:0.5b", "gemma3:4b", "llava:7b"), vision_models=("gemma3:4b", "llava:7b"))
    with double:
        write_settings(home, provider="ollama", model="qwen2.5:0.5b", providers={"ollama": {"base_url": double.url}})
        w = MainWindow(build(Override(), Paths(home)).core)
        w.resize(1280, 800)
        w.show()
        await w.start(restore=False)
        try:
            w.controller.material.add([picture_files.receipt_jpeg(tmp_path / "receipt.jpg")])
            await ready(w, 1)
            await until(lambda: w.attachment_bar.refusal.isVisible(), 60, "the refusal")
            w.compose.setPlainText("Add up the receipt")
            path = folder / "pictures-refusal.png"
            w.grab().save(str(path))
            return path
        finally:
            await close_window(w)


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_pictures(folder))


if __name__ == "__main__":
    main()
