"""The header's model picker with the built-in engine: it lists the downloaded GGUF
files and ends with "Download more…", which opens the catalogue of recommended models;
a download from there (a local HTTP server stands in for the hub) shows up in the list."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.setup.recommend import GIB
from aipa.ui.window.main_window import MainWindow
from aipa.ui.window.model_picker import DOWNLOAD_MORE, DOWNLOAD_ROLE, MODEL_ROLE
from tests.doubles.files import FileServer, catalogue_entry
from tests.ui.helpers import close_window, until, write_settings

DATA = b"GGUF" + os.urandom(2 * 1024 * 1024)


def click_item(qtbot, widget, item) -> None:
    qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=widget.visualItemRect(item).center())


async def test_download_more_opens_the_catalogue_and_a_download_joins_the_list(qtbot, home):
    (home / "models").mkdir(parents=True)
    (home / "models" / "have.gguf").write_bytes(b"GGUF" + bytes(4096))
    write_settings(home, provider="builtin", model="have.gguf")
    app = build(Override(), Paths(home))
    w = MainWindow(app.core)
    w.show()
    async with FileServer({"/models/tiny.gguf": DATA}) as server:
        try:
            await w.start(restore=False)
            picker = w.model_picker
            picker.setup_options = {"catalogue": (catalogue_entry(server, "tiny", DATA),), "memory": 8 * GIB}
            await picker.open()
            popup = picker.popup
            items = [popup.list.item(i) for i in range(popup.list.count())]
            assert [i.data(MODEL_ROLE) for i in items[:-1]] == ["have.gguf"]
            more = items[-1]
            assert more.text() == DOWNLOAD_MORE and more.data(DOWNLOAD_ROLE)
            click_item(qtbot, popup.list, more)
            dialog = picker.catalogue_dialog
            assert dialog is not None and dialog.isVisible() and not popup.isVisible()
            assert w.core.config.settings.model == "have.gguf"  # choosing "Download more…" switches nothing
            view = dialog.view
            await until(lambda: view.tree.topLevelItemCount() == 1, what="the catalogue")
            assert view.status("tiny") == "not downloaded" and view.tree.topLevelItem(0).text(4) == "fits"
            downloaded = []
            dialog.downloaded.connect(downloaded.append)
            view.select("tiny")
            qtbot.mouseClick(view.download_button, Qt.MouseButton.LeftButton)
            await until(lambda: downloaded, 120, "the download")
            assert downloaded == ["tiny.gguf"] and (home / "models" / "tiny.gguf").read_bytes() == DATA
            assert "✓ tiny.gguf is ready" in view.message.text()
            await until(lambda: "tiny.gguf" in [e.name for e in picker.entries], what="the picker's list")
            await until(lambda: view.status("tiny") == "downloaded", what="the status")
            dialog.close()
            await picker.open()
            names = [popup.list.item(i).data(MODEL_ROLE) for i in range(popup.list.count())]
            assert names == ["have.gguf", "tiny.gguf", None]  # the new file, then "Download more…"
        finally:
            await close_window(w)


async def test_other_providers_have_no_download_more_row(qtbot, home):
    app = build(Override("scripted", "", ""), Paths(home))
    w = MainWindow(app.core)
    w.show()
    try:
        await w.start(restore=False)
        await w.model_picker.open()
        popup = w.model_picker.popup
        assert all(not popup.list.item(i).data(DOWNLOAD_ROLE) for i in range(popup.list.count()))
    finally:
        await close_window(w)
