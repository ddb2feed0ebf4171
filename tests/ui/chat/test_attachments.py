"""Attaching the Principal's material from the window: files
dropped on the compose box or chosen with the paperclip become chips above the input
(name, size, conversion progress) converted off the event loop; a bad file says why on
its chip in one line; on send the ready files go with the directive (cited in the
deliverable) and a granted folder is given to the session, read-only."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from aipa.core.material.folder import granted
from aipa.ui.chat.attachments import FAILED, READY, documents_folder
from aipa.ui.dialogs.common import ReviewDialog
from tests.support.doc_files import make_encrypted_pdf, make_pdf
from tests.ui.helpers import gate, idle, items, open_window, until


def drop(widget, paths: list[Path]) -> bool:
    """Drag ``paths`` from a file manager onto ``widget`` (its viewport gets the events, as
    from a real drag) and drop them; whether it accepted."""
    widget = widget.viewport()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    at = QPoint(widget.width() // 2, widget.height() // 2)
    enter = QDragEnterEvent(
        at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    event = QDropEvent(at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def chip_text(window, name: str) -> str:
    return next(c.text for c in window.attachment_bar.chips if c.item.name == name)


async def test_dropped_files_become_chips_and_go_with_the_directive(qtbot, home, tmp_path):
    pages = [f"Page {i}: the offsite agenda, part {i}." for i in range(1, 41)]
    pages[1] = "The venue budget is 4,000 euros for three nights."
    pdf = make_pdf(tmp_path / "brief.pdf", pages)
    md = tmp_path / "notes.md"
    md.write_text("# Venue\nLakeside Lodge sleeps 14 and has a sauna.\n", encoding="utf-8")
    locked = make_encrypted_pdf(tmp_path / "locked.pdf", make_pdf(tmp_path / "plain.pdf", ["secret"]))
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\ngarbage, no xref\n")
    program = tmp_path / "setup.exe"
    program.write_bytes(b"MZ\x90\x00")
    huge = tmp_path / "scan.pdf"
    with huge.open("wb") as fh:  # 500 MB, sparse: nothing is read
        fh.truncate(500 * 1024 * 1024)
    async with open_window(home, scenario="docs") as w:
        material = w.controller.material
        seen: list[str] = []
        material.changed.connect(lambda: seen.extend(a.line() for a in material.items))
        assert not w.attachment_bar.isVisible()
        assert drop(w.compose, [pdf, md, locked, broken, program, huge])
        assert w.compose.toPlainText() == ""  # a file drop attaches, it does not paste the paths
        await until(lambda: material.items and not material.pending(), 120, "the conversions")
        assert w.attachment_bar.isVisible() and len(w.attachment_bar.chips) == 6
        assert "converting 40/40" in " ".join(seen)  # a large file shows its progress
        assert chip_text(w, "brief.pdf").startswith("brief.pdf · ") and "40 excerpts" in chip_text(w, "brief.pdf")
        assert chip_text(w, "notes.md").endswith("· 1 excerpt")
        errors = {
            "locked.pdf": "the PDF is encrypted with a password (hint: open it with the password",
            "broken.pdf": "not a readable PDF",
            "setup.exe": "unsupported type '.exe' (hint: attach PDF, DOCX",
            "scan.pdf": "500 MB is over the 50 MB limit for a document (hint: split it",
        }
        for name, message in errors.items():
            text = chip_text(w, name)
            assert text.startswith(f"⚠ {name}: ") and message in text and "\n" not in text, text
            chip = next(c for c in w.attachment_bar.chips if c.item.name == name)
            assert chip.label.text() == text and chip.label.wordWrap()  # the whole error, on its own row
        assert {c.item.state for c in w.attachment_bar.chips} == {READY, FAILED}

        removed = next(c for c in w.attachment_bar.chips if c.item.name == "setup.exe")
        qtbot.mouseClick(removed.remove_button, Qt.MouseButton.LeftButton)
        assert [c.item.name for c in w.attachment_bar.chips] == [
            "brief.pdf",
            "notes.md",
            "locked.pdf",
            "broken.pdf",
            "scan.pdf",
        ]

        qtbot.keyClicks(w.compose, "What budget and venue does the material give?")
        qtbot.keyClick(w.compose, Qt.Key.Key_Return)
        review = await gate(w, ReviewDialog, timeout=60)
        assert sorted(c.item.name for c in w.attachment_bar.chips) == ["broken.pdf", "locked.pdf", "scan.pdf"]
        session = w.controller.session_id
        assert [d.name for d in w.core.material.documents(session)] == ["brief.pdf", "notes.md"]
        notices = [i.content for i in items(w, "notice")]
        assert any(n.startswith("Attached brief.pdf (40 excerpts), notes.md (1 excerpt)") for n in notices)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        deliverable = items(w, "deliverable")[-1].content
        assert "[brief.pdf, p. 2]" in deliverable and "[notes.md, § Venue]" in deliverable


async def test_paperclip_starts_in_documents_and_a_folder_is_granted_read_only(qtbot, home, tmp_path):
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "plan.md").write_text("# Plan\nShip in March.\n", encoding="utf-8")
    async with open_window(home, scenario="docs") as w:
        dialog = w.opener.attach_files()
        assert isinstance(dialog, QFileDialog) and w.dialogs["attach"] is dialog
        assert Path(dialog.directory().absolutePath()) == documents_folder().resolve()
        assert dialog.fileMode() == QFileDialog.FileMode.ExistingFiles
        dialog.filesSelected.emit([str(folder / "plan.md")])
        dialog.close()
        picker = w.opener.grant_folder()
        assert picker.fileMode() == QFileDialog.FileMode.Directory
        picker.fileSelected.emit(str(folder))
        picker.close()
        material = w.controller.material
        await until(lambda: len(material.items) == 2 and not material.pending(), 120, "the chips")
        assert chip_text(w, "project") == "Folder project · 1 file, read-only"
        gone = tmp_path / "gone"
        material.grant(gone)  # one folder per session: the new choice replaces the chip
        await until(lambda: not material.pending())
        assert [c.item.name for c in w.attachment_bar.chips] == ["plan.md", "gone"]
        assert chip_text(w, "gone") == "⚠ Folder gone: no such folder (hint: check the path)"
        material.grant(folder)
        await until(lambda: not material.pending())
        qtbot.keyClicks(w.compose, "What does the project plan say?")
        qtbot.keyClick(w.compose, Qt.Key.Key_Return)
        review = await gate(w, ReviewDialog, timeout=60)
        session = w.controller.session_id
        assert granted(w.core.app.store, session).root == folder.resolve()
        assert any(i.content.startswith(f"Granted the folder {folder} (read-only)") for i in items(w, "notice"))
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert "[plan.md, § Plan]" in items(w, "deliverable")[-1].content
        assert sorted(os.listdir(folder)) == ["plan.md"]  # nothing written there


async def test_text_drops_still_insert_text(qtbot, home):
    async with open_window(home) as w:
        mime = QMimeData()
        mime.setText("plain words")
        at = QPoint(5, 5)
        enter = QDragEnterEvent(
            at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        )
        QApplication.sendEvent(w.compose.viewport(), enter)
        event = QDropEvent(
            at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        )
        QApplication.sendEvent(w.compose.viewport(), event)
        assert "plain words" in w.compose.toPlainText() and not w.controller.material.items
