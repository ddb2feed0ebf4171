"""Pictures in the transcript and the compose box: a thumbnail (``Thumb``) made once
from a picture's bytes, the row of them painted under a directive's text, and the larger
view a click (or Enter on the row) opens (``PictureView``: the picture at up to the
screen's size, its name and alt text as its accessible name, Esc closes it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QCoreApplication, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout

THUMB = 96  # a thumbnail's longest side in the transcript
SMALL_THUMB = 56  # in the compose box's input row
THUMB_GAP = 8


@dataclass(frozen=True)
class Thumb:
    """One picture as the window shows it."""

    name: str
    spoken: str  # the alt text (the Principal's caption), else the file name
    data: bytes = field(repr=False)  # the picture as sent (PNG or JPEG)
    width: int = 0
    height: int = 0
    image: QImage = field(default_factory=QImage, compare=False, repr=False)  # the thumbnail

    @classmethod
    def of(cls, name: str, spoken: str, data: bytes, side: int = THUMB) -> Thumb:
        full = QImage.fromData(QByteArray(data))
        small = (
            full.scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
            if not full.isNull()
            else QImage()
        )
        return cls(name, spoken or name, data, full.width(), full.height(), small)


def row_height(thumbs: tuple[Thumb, ...], side: int = THUMB) -> int:
    tallest = max((t.image.height() for t in thumbs if not t.image.isNull()), default=side)
    return max(24, tallest) + 4 if thumbs else 0


def spots(rect: QRect, thumbs: tuple[Thumb, ...], side: int = THUMB) -> list[QRect]:
    """Where each thumbnail lies in ``rect`` (left to right, mirrored right to left)."""
    out: list[QRect] = []
    x = rect.left()
    for thumb in thumbs:
        w = max(24, thumb.image.width() if not thumb.image.isNull() else side)
        h = max(24, thumb.image.height() if not thumb.image.isNull() else side)
        if x + w > rect.right() and out:
            break  # the rest would not fit the card: the larger view shows them all
        r = QRect(x, rect.top() + 2, w, h)
        if QGuiApplication.isRightToLeft():
            r.moveLeft(rect.left() + rect.right() - r.right())
        out.append(r)
        x += w + THUMB_GAP
    return out


def paint(painter: QPainter, rect: QRect, thumbs: tuple[Thumb, ...], border: str, placeholder: str) -> None:
    """The thumbnails, rounded, with a thin border (a picture that will not decode: a grey box)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for spot, thumb in zip(spots(rect, thumbs), thumbs, strict=False):
        path = QPainterPath()
        path.addRoundedRect(QRectF(spot), 6, 6)
        if thumb.image.isNull():
            painter.fillPath(path, QColor(placeholder))
        else:  # (a clip path here would replace the row's own clip: the image is drawn whole)
            painter.drawImage(spot, thumb.image)
        painter.setPen(QPen(QColor(border), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    painter.restore()


def at(rect: QRect, thumbs: tuple[Thumb, ...], pos) -> int:
    """The index of the thumbnail under ``pos``, else -1."""
    for i, spot in enumerate(spots(rect, thumbs)):
        if spot.contains(pos):
            return i
    return -1


def spoken(thumbs: tuple[Thumb, ...]) -> str:
    """What a screen reader adds to a row that has pictures."""
    if not thumbs:
        return ""
    names = ", ".join(t.spoken for t in thumbs)
    return QCoreApplication.translate("Pictures", "Pictures: {names}.").format(names=names)


def open_view(parent, thumbs: tuple[Thumb, ...], index: int) -> None:
    """Open the larger view of ``thumbs[index]`` over ``parent`` (closing deletes it)."""
    if 0 <= index < len(thumbs):
        view = PictureView(thumbs[index], parent)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.open()


class PictureView(QDialog):
    """One picture at up to the screen's size (scrolling beyond), named for screen readers."""

    def __init__(self, thumb: Thumb, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("pictureView")
        self.setWindowTitle(thumb.name)
        self.setAccessibleName(self.tr("Picture {name}").format(name=thumb.spoken))
        layout = QVBoxLayout(self)
        self.image = QLabel()
        self.image.setObjectName("pictureViewImage")
        self.image.setAccessibleName(thumb.spoken)
        self.image.setAccessibleDescription(
            self.tr("{name}, {width} × {height} pixels").format(name=thumb.name, width=thumb.width, height=thumb.height)
        )
        pixmap = QPixmap()
        pixmap.loadFromData(QByteArray(thumb.data))
        screen = QGuiApplication.primaryScreen()
        room = screen.availableSize() * 0.8 if screen is not None else QSize(1024, 768)
        if not pixmap.isNull() and (pixmap.width() > room.width() or pixmap.height() > room.height()):
            pixmap = pixmap.scaled(room, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
        self.image.setPixmap(pixmap)
        scroll = QScrollArea()
        scroll.setWidget(self.image)
        scroll.setWidgetResizable(True)
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(scroll, 1)
        caption = QLabel(thumb.spoken if thumb.spoken == thumb.name else f"{thumb.spoken} ({thumb.name})")
        caption.setObjectName("pictureViewCaption")
        caption.setWordWrap(True)
        layout.addWidget(caption)
        self.resize(min(room.width(), pixmap.width() + 40), min(room.height(), pixmap.height() + 80))
