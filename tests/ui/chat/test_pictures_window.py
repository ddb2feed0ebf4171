"""Pictures in the window: pasted (Ctrl+V of a screenshot) or dropped onto the compose
box, they wait as thumbnails in the input row (× or Delete removes one, Enter opens the
larger view), go with the directive, show under its text in the transcript (named for a
screen reader), and again when the session is reopened; a model that cannot see is said
beside the thumbnail before sending, naming the one that can.

The scripted provider "sees"; the refusal runs on the Ollama double (Ollama and a tiny
vision model cannot be had here), which reports ``vision`` as Ollama does."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QImage

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.ui.chat.attachments import READY
from aipa.ui.chat.picture_tray import PictureTile
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.transcript.pictures import PictureView
from aipa.ui.transcript.spoken import spoken
from aipa.ui.window.main_window import MainWindow
from tests.doubles.ollama import OllamaDouble
from tests.support import picture_files
from tests.support.cli import write_settings
from tests.ui.chat.test_attachments import drop
from tests.ui.helpers import close_window, gate, idle, items, open_window, until


def screenshot_image(size=(480, 300)) -> QImage:
    """A screenshot of an error dialog, as a clipboard holds one."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QColor, QFont, QPainter

    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(QColor("#dfe3ea"))
    w, h = size
    painter = QPainter(image)
    painter.fillRect(QRect(w // 8, h // 6, w * 3 // 4, h * 2 // 3), QColor("#ffffff"))
    painter.fillRect(QRect(w // 8, h // 6, w * 3 // 4, h // 10), QColor("#3b4a63"))
    painter.setBrush(QColor("#d23c3c"))
    painter.drawEllipse(QRect(w // 8 + 24, h // 6 + h // 10 + 24, h // 8, h // 8))
    font = QFont()
    font.setPixelSize(max(10, h // 18))
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(QRect(w // 8 + 12, h // 6, w, h // 10), int(Qt.AlignmentFlag.AlignVCenter), "Backup failed")
    painter.setPen(QColor("#202020"))
    painter.drawText(w // 8 + 40 + h // 8, h // 6 + h // 10 + 24 + h // 16, "Error 0x80070070: not enough space on D:")
    painter.fillRect(QRect(w * 7 // 8 - 110, h * 5 // 6 - 50, 90, 32), QColor("#3d5afe"))
    painter.end()
    return image


def paste(window, image: QImage) -> None:
    """What Ctrl+V does with a screenshot on the clipboard: the box's insertFromMimeData
    gets the clipboard's data (handed over directly: the offscreen platform's clipboard
    crashes when a test sets a picture on it)."""
    mime = QMimeData()
    mime.setImageData(image)
    window.compose.setFocus()
    window.compose.insertFromMimeData(mime)


def tiles(window) -> list[PictureTile]:
    return [c for c in window.attachment_bar.chips if isinstance(c, PictureTile)]


async def ready(window, n: int) -> list[PictureTile]:
    material = window.controller.material
    await until(lambda: len([a for a in material.items if a.picture and a.state == READY]) == n, 60, "the pictures")
    return await until(lambda: len(tiles(window)) == n and tiles(window), 60, "the thumbnails")


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing the larger view
async def test_paste_drop_remove_send_and_reopen(qtbot, home, tmp_path: Path) -> None:
    chart = picture_files.png(tmp_path / "chart.png", (800, 400))
    async with open_window(home) as w:
        paste(w, screenshot_image())
        assert w.compose.toPlainText() == ""  # a pasted picture is attached, not inserted
        (tile,) = await ready(w, 1)
        assert tile.thumb_button.accessibleName() == "Picture pasted picture.png"
        assert "480×300" in tile.thumb_button.accessibleDescription()
        assert drop(w.compose, [chart])
        first, second = await ready(w, 2)
        second.remove_button.click()  # the ×
        await until(lambda: len(tiles(w)) == 1)
        assert drop(w.compose, [chart])
        _, again = await ready(w, 2)
        again.thumb_button.setFocus()
        qtbot.keyClick(again.thumb_button, Qt.Key.Key_Delete)  # keyboard alone
        await until(lambda: len(tiles(w)) == 1)
        tiles(w)[0].ask_caption().textValueSelected.emit("a backup error dialog")  # F2: the caption
        caption = await until(
            lambda: tiles(w) and tiles(w)[0].thumb_button.accessibleName().endswith("dialog") and tiles(w)
        )
        assert caption[0].thumb_button.accessibleName() == "Picture a backup error dialog"
        tiles(w)[0].thumb_button.click()  # the larger view
        view = await until(lambda: w.findChild(PictureView), 30, "the larger view")
        assert view.image.accessibleName() == "a backup error dialog"
        view.close()
        assert not w.attachment_bar.refusal.isVisible()  # the scripted model sees
        w.compose.setPlainText("What does the screenshot show?")
        w.send_button.click()
        review = await gate(w, ReviewDialog, timeout=120)
        review.accept_button.click()
        await idle(w)
        (directive,) = items(w, "directive")
        assert [t.name for t in directive.pictures] == ["pasted picture.png"]
        assert "Pictures: a backup error dialog." in spoken(directive)
        assert not tiles(w)
        session = w.controller.session_id
        row = w.chat_view.row_of(directive)
        assert w.chat_view.activate(row)  # Enter on the row: the larger view
        view = await until(lambda: w.findChild(PictureView), 30, "the larger view")
        view.close()
        await w.controller.sessions.new()
        w.controller.sessions.open(session)  # reopened: the thumbnail again
        (directive,) = items(w, "directive")
        assert [t.name for t in directive.pictures] == ["pasted picture.png"]
        assert not directive.pictures[0].image.isNull()


async def test_the_refusal_beside_the_thumbnail_names_the_model_that_can_see(qtbot, tmp_path: Path) -> None:
    home = tmp_path / "home"
    double = OllamaDouble(models=("smollm2:135m", "llava:7b"), vision_models=("llava:7b",))
    with double:
        write_settings(home, provider="ollama", model="smollm2:135m", providers={"ollama": {"base_url": double.url}})
        app = build(Override(), Paths(home))
        w = MainWindow(app.core)
        w.show()
        await w.start(restore=False)
        try:
            w.controller.material.add([picture_files.png(tmp_path / "receipt.png")])
            await ready(w, 1)
            label = w.attachment_bar.refusal
            await until(lambda: label.isVisible(), 60, "the refusal")
            assert "smollm2:135m" in label.text() and "cannot see" in label.text() and "llava:7b" in label.text()
            assert label.accessibleName() == label.text()
            w.compose.setPlainText("Add up the receipt")
            w.send_button.click()  # sent anyway: refused before any call, said in the transcript
            await until(lambda: "cannot see" in " ".join(i.content for i in items(w, "notice")), 60, "the refusal")
            await idle(w)
            assert not double.chat_requests
        finally:
            await close_window(w)


async def test_a_picture_goes_with_a_message_to_one_agent(qtbot, home, tmp_path: Path) -> None:
    async with open_window(home) as w:
        w.controller.talk_to("Atlas")
        w.controller.material.add([picture_files.png(tmp_path / "chart.png")])
        await ready(w, 1)
        w.compose.setPlainText("What does the chart show?")
        w.send_button.click()
        await until(lambda: items(w, "chat_agent") and not w.controller.busy, 120, "Atlas's answer")
        pictures = w.core.material.pictures
        session = w.controller.session_id
        assert session and not pictures.waiting(session) and not tiles(w)
        (row,) = pictures.shelf.of_session(session)
        assert row.name == "chart.png" and (row.run_id or "").startswith("chat-")
