"""Pictures in the compose box: attached with the paperclip, dropped, or pasted (Ctrl+V
of a screenshot). Each waits in the input row as a thumbnail with its ✕ (``PictureTile``);
a click on it (or Enter/Space on it) opens the larger view, Delete removes it. Beside the
thumbnails, the window says so before sending when a model that would get them cannot
see (``Core.pictures.refusal``), naming the installed models that can.

Pictures are items of the compose box's ``Material`` (ui/chat/attachments.py), told from
documents by their bytes; they are checked and made fit to send as soon as they are added
(``Core.pictures.prepare``: a worker thread), so a damaged or huge one says so at once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QSize, Qt
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QLabel, QToolButton, QWidget

from aipa import errors
from aipa.ui.i18n import core_text
from aipa.ui.transcript.pictures import SMALL_THUMB, Thumb, open_view

if TYPE_CHECKING:  # (the compose box's Material and its Attachment: attachments.py, which imports this)
    Material = Any
    Attachment = Any

log = logging.getLogger("aipa.ui")

PASTED_NAME = "pasted picture.png"


@dataclass(frozen=True)
class PastedPicture:
    """A picture that came as data (a paste, or a drop from a browser), not as a file."""

    data: bytes = field(repr=False)
    name: str = PASTED_NAME


def from_image(image: QImage, name: str = PASTED_NAME) -> PastedPicture | None:
    """A pasted ``QImage`` as PNG bytes (None for an empty one)."""
    if image.isNull():
        return None
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # (the stubs say bytes; PySide6 takes str)
    buffer.close()
    return PastedPicture(bytes(data.data()), name)


def is_picture(core, raw) -> bool:
    return isinstance(raw, PastedPicture) or (not Path(raw).is_dir() and core.material.pictures.is_picture(raw))


def item_for(material: Material, raw, make) -> Attachment | None:
    """The compose box's item for a picture file or pasted picture (None: that file waits already)."""
    pasted = raw if isinstance(raw, PastedPicture) else None
    path = Path(raw) if pasted is None else Path(pasted.name)
    if pasted is None and any(a.path == path and a.picture for a in material.items):
        return None
    item = make(path, picture=True, data=pasted.data if pasted else None)
    item.name_given = pasted.name if pasted else ""
    return item


async def prepare(material: Material, item: Attachment) -> None:
    """Check and prepare one picture, then ask whether its seers can see."""
    core = material.core
    try:
        if item.data is not None:
            picture = await core.material.pictures.prepare_bytes(item.data, item.name)
        else:
            picture = await core.material.pictures.prepare(item.path)
    except errors.AipaError as exc:
        material.fail(item, exc)
        return
    except Exception as exc:  # a decoder bug: the tile says so, the window goes on
        log.exception("could not prepare the picture %s", item.name)
        material.fail(item, exc)
        return
    item.prepared = picture
    item.thumb = Thumb.of(item.name, item.alt or item.name, picture.data, SMALL_THUMB)
    material.ready(item, len(picture.data), f"{picture.width}×{picture.height}")
    await check_sight(material)


async def check_sight(material: Material) -> None:
    """Whether the models that would get the pictures can see; the line beside them says it."""
    try:
        material.refusal = core_text(await material.core.material.pictures.refusal())
    except Exception:
        log.warning("could not ask whether the models can see", exc_info=True)
        material.refusal = ""
    material.changed.emit()


def keep(material: Material, session_id: str, item: Attachment) -> str:
    """Keep a ready picture for the session's next directive; the notice line."""
    row = material.core.material.pictures.keep(session_id, item.prepared, item.alt)
    return QCoreApplication.translate("Material", "Attached the picture {name} ({width}×{height})").format(
        name=row.name, width=row.width, height=row.height
    )


class PictureTile(QWidget):
    """One waiting picture: its thumbnail (a button: click, Enter or Space opens the
    larger view; Delete removes it) and its ✕."""

    def __init__(self, item: Attachment, material: Material, theme, parent=None) -> None:
        super().__init__(parent)
        self.item = item
        self.setObjectName("pictureTile")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        self.thumb_button = QToolButton()
        self.thumb_button.setObjectName("pictureThumb")
        self.thumb_button.setAutoRaise(True)
        spoken = item.alt or item.name
        self.thumb_button.setAccessibleName(self.tr("Picture {name}").format(name=spoken))
        if item.thumb is not None and not item.thumb.image.isNull():
            self.thumb_button.setIcon(QIcon(QPixmap.fromImage(item.thumb.image)))
            self.thumb_button.setIconSize(QSize(SMALL_THUMB, SMALL_THUMB))
            self.thumb_button.setAccessibleDescription(
                self.tr("{size} pixels; press Enter for a larger view, Delete to remove it").format(size=item.detail)
            )
        else:  # still being prepared
            self.thumb_button.setText("…")
            self.thumb_button.setFixedSize(SMALL_THUMB, SMALL_THUMB)
            self.thumb_button.setAccessibleDescription(self.tr("preparing the picture"))
        self.thumb_button.setToolTip(f"{spoken}\n{item.detail}\n" + self.tr("F2: a caption for screen readers"))
        self.thumb_button.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.thumb_button.customContextMenuRequested.connect(lambda _pos: self.ask_caption())
        self.thumb_button.setStyleSheet(f"QToolButton {{ border: 1px solid {theme.border}; border-radius: 6px; }}")
        self.thumb_button.clicked.connect(self.open_view)
        self.remove_button = QToolButton()
        self.remove_button.setObjectName("pictureRemove")
        self.remove_button.setText("✕")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setAccessibleName(self.tr("Remove picture {name}").format(name=spoken))
        self.remove_button.setToolTip(self.tr("Remove picture {name}").format(name=spoken))
        self.remove_button.clicked.connect(lambda: material.remove(item))
        self.material = material
        row.addWidget(self.thumb_button)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
        self.thumb_button.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        from PySide6.QtCore import QEvent

        is_key = watched is self.thumb_button and event.type() == QEvent.Type.KeyPress
        if is_key and event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.material.remove(self.item)
            return True
        if is_key and event.key() == Qt.Key.Key_F2:
            self.ask_caption()
            return True
        return super().eventFilter(watched, event)

    def ask_caption(self) -> QInputDialog:
        """The Principal's caption: what screen readers say for the picture (its alt text)."""
        dialog = QInputDialog(self.window())
        dialog.setObjectName("pictureCaption")
        dialog.setWindowTitle(self.tr("Caption"))
        dialog.setLabelText(self.tr("What the picture shows, for screen readers:"))
        dialog.setTextValue(self.item.alt)
        dialog.textValueSelected.connect(self.set_caption)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def set_caption(self, text: str) -> None:
        self.item.alt = " ".join(text.split())[:300]
        if self.item.prepared is not None:
            self.item.thumb = Thumb.of(
                self.item.name, self.item.alt or self.item.name, self.item.prepared.data, SMALL_THUMB
            )
        self.material.changed.emit()

    def open_view(self) -> None:
        if self.item.thumb is not None:
            open_view(self.window(), (self.item.thumb,), 0)


def refusal_label(theme, parent=None) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("pictureRefusal")
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setStyleSheet(f"color: {theme.bad};")
    return label
