"""The Principal's material in the compose box: files attached with the paperclip or
dropped onto the box, and a folder granted to the session. Each shows as a chip above
the input (name, size, conversion progress, or the one-line error), removable with its ✕.

Files are converted as soon as they are added (``Core.material.prepare``: a worker
thread; its progress reaches the window through the event loop), so a bad file says so
at once; on send, the ready ones are attached to the directive's session (``Core.material.attach``,
the path ``aipa run --attach`` takes) and the folder is granted (``Core.material.grant``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from aipa import errors
from aipa.ui import theme as theming
from aipa.ui.chat.chip_flow import ElidedLabel, FlowLayout
from aipa.ui.i18n import Context, core_text, counted, number, plural

if TYPE_CHECKING:
    import asyncio

log = logging.getLogger("aipa.ui")

CONVERTING, READY, FAILED = "converting", "ready", "error"
BIG_UNITS = 5  # pages, slides or sheets from which a chip shows "12/40"
translate = QCoreApplication.translate
Attachments = Context("Attachments")


def documents_folder() -> Path:
    """Where the file dialog starts: the user's Documents folder (home when there is none)."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs) if docs and Path(docs).is_dir() else Path.home()


def size_text(size: int) -> str:
    for unit, step in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= step:
            value = round(size / step, 1)
            return f"{number(value, 0 if value == int(value) else 1)} {unit}"

    return counted(Attachments.tr("{count} byte(s)", "", size), size)


def excerpts(n: int) -> str:
    return counted(Attachments.tr("{count} excerpt(s)", "", n), n)


@dataclass
class Attachment:
    path: Path
    folder: bool = False
    state: str = CONVERTING
    done: int = 0
    total: int = 0
    detail: str = ""  # excerpts or files when ready; the one-line error when failed
    size: int = 0
    task: asyncio.Task | None = field(default=None, compare=False, repr=False)  # its conversion or walk

    @property
    def name(self) -> str:
        return self.path.name or str(self.path)

    def line(self) -> str:
        """What the chip says."""
        name = translate("Attachments", "Folder {name}").format(name=self.name) if self.folder else self.name
        if self.state == FAILED:
            return f"⚠ {name}: {self.detail}"
        size = f" · {size_text(self.size)}" if self.size else ""
        if self.state == CONVERTING:
            verb = translate("Attachments", "reading") if self.folder else translate("Attachments", "converting")
            step = f" {self.done}/{self.total}" if self.total >= BIG_UNITS else "…"
            return f"{name}{size} · {verb}{step}"
        return f"{name}{size} · {self.detail}"


class Material(QObject):
    """The attachments waiting for the next directive. ``changed`` after every change."""

    changed = Signal()

    def __init__(self, core, parent=None) -> None:
        super().__init__(parent)
        self.core = core
        self.items: list[Attachment] = []

    # --- adding and removing -------------------------------------------------------------

    def add(self, paths) -> None:
        """Attach files (a folder among them is granted instead): each is converted now."""
        for raw in paths:
            path = Path(raw)
            if path.is_dir():
                self.grant(path)
                continue
            if any(a.path == path and not a.folder for a in self.items):
                continue
            item = Attachment(path)
            try:
                item.size = path.stat().st_size
            except OSError:
                item.size = 0
            self.items.append(item)
            self._start(item, self._convert(item))
        self.changed.emit()

    def grant(self, path) -> None:
        """The folder to grant with the next directive (one per session: it replaces another)."""
        for old in [a for a in self.items if a.folder]:
            self.remove(old)
        item = Attachment(Path(path), folder=True)
        self.items.append(item)
        self._start(item, self._check_folder(item))
        self.changed.emit()

    def remove(self, item: Attachment) -> None:
        if item.task is not None and not item.task.done():
            item.task.cancel()
        if item in self.items:
            self.items.remove(item)
            self.changed.emit()

    def clear(self) -> None:
        for item in list(self.items):
            self.remove(item)

    def _start(self, item: Attachment, coro) -> None:
        import asyncio  # loaded with the core, after the first paint (ARCHITECTURE §6)

        item.task = asyncio.ensure_future(coro)

    # --- the work, off the event loop ----------------------------------------------------

    async def _convert(self, item: Attachment) -> None:
        import asyncio  # loaded with the core, after the first paint (ARCHITECTURE §6)

        loop = asyncio.get_running_loop()

        def progress(_name: str, done: int, total: int) -> None:  # called from the worker thread
            loop.call_soon_threadsafe(self._progress, item, done, total)

        try:
            doc = await self.core.material.prepare(item.path, progress)
        except errors.AipaError as exc:
            self._fail(item, exc)
            return
        except Exception as exc:  # a converter bug: the chip says so, the window goes on
            log.exception("could not convert %s", item.path)
            self._fail(item, exc)
            return
        item.state, item.size = READY, doc.size
        item.detail = excerpts(doc.chunks)
        self.changed.emit()

    async def _check_folder(self, item: Attachment) -> None:
        try:
            files, notice = await self.core.material.check_folder(item.path)
        except errors.AipaError as exc:
            self._fail(item, exc)
            return
        item.state = READY
        item.detail = plural(Attachments.tr("{count} file(s), read-only", "", files), files).format(
            count=number(files) + ("+" if notice else "")
        )
        self.changed.emit()

    def _progress(self, item: Attachment, done: int, total: int) -> None:
        if item.state == CONVERTING and item in self.items:
            item.done, item.total = done, total
            self.changed.emit()

    def _fail(self, item: Attachment, exc: BaseException) -> None:
        message = core_text(getattr(exc, "message", "") or str(exc))
        hint = core_text(getattr(exc, "hint", ""))
        message = message.removeprefix(f"{item.path}: ").removeprefix(f"{item.name}: ")
        item.state = FAILED
        item.detail = message + (translate("Attachments", " (hint: {hint})").format(hint=hint) if hint else "")
        self.changed.emit()

    # --- sending -------------------------------------------------------------------------

    def pending(self) -> bool:
        return any(a.state == CONVERTING for a in self.items)

    def take(self) -> list[Attachment]:
        """What goes with the directive now: everything but the failed ones (the chips of
        those stay, with their error, until removed)."""
        taken = [a for a in self.items if a.state != FAILED]
        self.items = [a for a in self.items if a.state == FAILED]
        self.changed.emit()
        return taken

    async def give(self, session_id: str, taken: list[Attachment]) -> list[str]:
        """Attach the files and grant the folder to the session; returns notice lines."""
        tasks = [a.task for a in taken if a.task is not None and not a.task.done()]
        if tasks:
            import asyncio  # loaded with the core, after the first paint (ARCHITECTURE §6)

            await asyncio.gather(*tasks, return_exceptions=True)  # conversions still under way
        lines: list[str] = []
        files = [a.path for a in taken if not a.folder and a.state == READY]
        if files:
            report = await self.core.material.attach(session_id, files)
            if report.attached:
                names = ", ".join(f"{d.name} ({excerpts(d.chunks)})" for d in report.attached)
                lines.append(self.tr("Attached {names}").format(names=names))
            lines += ["⚠ " + self.tr("Not attached: {what}").format(what=core_text(e.line())) for e in report.errors]
        for a in taken:
            if a.folder and a.state == READY:
                try:
                    notice = await self.core.material.grant(session_id, a.path)
                except errors.AipaError as exc:
                    lines.append(
                        "⚠ "
                        + self.tr("Folder not granted: {message} (hint: {hint})").format(
                            message=core_text(exc.message), hint=core_text(exc.hint)
                        )
                    )
                    continue
                lines.append(
                    self.tr("Granted the folder {folder} (read-only)").format(folder=a.path)
                    + (f" ⚠ {core_text(notice)}" if notice else "")
                )
            elif a.state == FAILED:
                lines.append("⚠ " + self.tr("Not attached: {what}").format(what=f"{a.name}: {a.detail}"))
        return lines


class Chip(QWidget):
    """One attachment: its line and a ✕. A failed one takes a row of its own, wrapped,
    so its whole one-line error shows; the others show their whole line, shortened with
    "…" only when one chip is wider than the row (full text in the tooltip)."""

    def __init__(self, item: Attachment, material: Material, theme, parent=None) -> None:
        super().__init__(parent)
        self.item = item
        failed = item.state == FAILED
        self.setObjectName("attachmentChip")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#attachmentChip {{ background: {theme.card}; border: 1px solid "
            f"{theme.bad if failed else theme.border}; border-radius: 10px; }}"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 2, 2)
        row.setSpacing(2)
        text = item.line()
        self.label = QLabel() if failed else ElidedLabel(text)
        self.label.setObjectName("chipText")
        self.label.setAccessibleName(text)
        self.label.setStyleSheet(f"color: {theme.bad if failed else theme.text};")
        self.label.setToolTip(f"{item.path}\n{text}")
        if failed:
            self.label.setText(text)
            self.label.setWordWrap(True)
            self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.remove_button = QToolButton()
        self.remove_button.setObjectName("chipRemove")
        self.remove_button.setText("✕")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setAccessibleName(self.tr("Remove {name}").format(name=item.name))
        self.remove_button.setToolTip(self.tr("Remove {name}").format(name=item.name))
        self.remove_button.clicked.connect(lambda: material.remove(item))
        row.addWidget(self.label, 1)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
        horizontal = QSizePolicy.Policy.Preferred if failed else QSizePolicy.Policy.Maximum
        self.setSizePolicy(horizontal, QSizePolicy.Policy.Minimum)

    @property
    def text(self) -> str:
        """The chip's whole line (the label may show it elided)."""
        return self.item.line()


class AttachmentBar(QWidget):
    """The chips above the input: the usable ones in a row, each failed one on a row of
    its own with its whole error; hidden when nothing is attached."""

    def __init__(self, material: Material, theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("attachmentBar")
        self.setAccessibleName(self.tr("Attachments"))
        self.material = material
        self.theme = theme
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(4)
        self.line = QWidget(self)  # the usable chips, side by side, wrapping onto more lines
        self.line_row = FlowLayout(self.line, spacing=6)
        self.rows.addWidget(self.line)
        self.chips: list[Chip] = []
        material.changed.connect(self.refresh)
        self.refresh()

    def set_theme(self, theme) -> None:
        self.theme = theme
        self.refresh()

    def refresh(self) -> None:
        for chip in self.chips:
            self.rows.removeWidget(chip)
            self.line_row.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self.chips = []
        for item in self.material.items:
            if item.state == FAILED:
                chip = Chip(item, self.material, self.theme, self)
                self.rows.addWidget(chip)
            else:
                chip = Chip(item, self.material, self.theme, self.line)
                self.line_row.addWidget(chip)
            self.chips.append(chip)
        self.line.setVisible(any(c.item.state != FAILED for c in self.chips))
        self.setVisible(bool(self.chips))


def paperclip(parent=None) -> QToolButton:
    button = QToolButton(parent)
    button.setObjectName("attachButton")
    icon = theming.resource_path("paperclip.svg")
    if icon.is_file():
        button.setIcon(QIcon(str(icon)))
    else:
        button.setText(translate("Attachments", "Attach…"))
    button.setToolTip(translate("Attachments", "Attach files to the next directive (or drop them on the input)"))
    button.setAccessibleName(translate("Attachments", "Attach files"))
    return button


def choose_files(window, material: Material) -> QFileDialog:
    """The file dialog (the platform's own where it has one), starting in Documents."""
    dialog = QFileDialog(window, translate("Attachments", "Attach files"), str(documents_folder()))
    dialog.setObjectName("attachDialog")
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.setNameFilters(
        [
            translate("Attachments", "Documents")
            + " (*.pdf *.docx *.pptx *.xlsx *.xlsm *.csv *.tsv *.html *.htm *.md *.markdown *.txt)",
            translate("Attachments", "All files") + " (*)",
        ]
    )
    dialog.filesSelected.connect(material.add)
    return dialog


def choose_folder(window, material: Material) -> QFileDialog:
    """The folder dialog for a grant (read-only for the team), starting in Documents."""
    dialog = QFileDialog(
        window, translate("Attachments", "Grant a folder to this session (read-only)"), str(documents_folder())
    )

    dialog.setObjectName("grantDialog")
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    dialog.fileSelected.connect(material.grant)
    return dialog
