"""The main window in German, Simplified Chinese and Hebrew (right to left), each with a
run's cards at the review gate, for docs/screenshots/ (window-de.png, window-zh_CN.png,
window-he.png): ``python -m tests.ui.shots.translation_shots [FOLDER]`` on a real X server
(``make screenshots`` runs all pictures under Xvfb) or offscreen."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.ui import i18n
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ReviewDialog
from tests.ui.helpers import gate, items, open_window, until

LANGUAGES = ("de", "zh_CN", "he")
SIZE = (1280, 860)


async def shoot_translations(folder: Path) -> list[Path]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        for language in LANGUAGES:
            installed = i18n.install(app, language)
            try:
                theming.apply(app, "light")
                home = Path(tmp) / language
                home.mkdir()
                async with open_window(home, restore=False) as w:
                    w.resize(*SIZE)
                    await until(lambda w=w: w.controller.connection.state[0] != "unknown")
                    # the first example, as the welcome panel shows it in this language
                    w.controller.spawn(w.controller.submit(w.welcome.examples[0].full_text))
                    await gate(w, ReviewDialog, timeout=180)
                    await until(lambda w=w: items(w, "deliverable") and items(w, "audit"), 60)
                    view = w.chat_view
                    view._follow = False
                    view.doItemsLayout()
                    first = view.chat_model.index(view.row_of(items(w, "directive")[0]), 0)
                    view.scrollTo(first, QAbstractItemView.ScrollHint.PositionAtTop)
                    QCursor.setPos(w.screen().geometry().bottomRight())  # no hover effects
                    for _ in range(5):
                        await asyncio.sleep(0.02)
                    path = folder / f"window-{language}.png"
                    w.grab().save(str(path))
                    saved.append(path)
            finally:
                i18n.uninstall(app, installed)
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_translations(folder))


if __name__ == "__main__":
    main()
