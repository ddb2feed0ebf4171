"""Pictures the Principal attaches: told from documents by their bytes, checked before
anything is decoded, then made fit to send (ARCHITECTURE §2, core/material).

``prepare(path)`` (or ``prepare_bytes`` for a pasted picture) returns a ``Picture``: PNG
or JPEG bytes whose longest side is at most the ``picture_longest_side`` setting (1,568
px by default), turned upright by its EXIF orientation and re-encoded from its pixels
alone, so EXIF (GPS, camera, time), XMP and comments never leave the computer. Every
problem is an ``ImageError`` with one line and a hint, raised within a moment: the size
of the file and the dimensions in its header are checked before a pixel is decoded (a
20,000 × 20,000 "bomb" is refused by its header), an SVG is refused (a drawing whose
rendering would run its markup), an animation sends its first frame only.

Pillow decodes (it comes with python-pptx already, and handles every format here with
header-only opening, JPEG draft decoding and EXIF transposition); it is imported on
first use so listing attachments loads no decoder.
"""

from __future__ import annotations

import hashlib
import io
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path

from aipa.errors import ImageError

MAX_FILE_BYTES = 50 * 1024 * 1024  # a picture file bigger than this is refused before reading it
MAX_PIXELS = 100_000_000  # width × height in the header; more is refused before decoding
MAX_SIDE = 30_000  # a side longer than this is refused too (a 1 × 90,000,000 strip)
DEFAULT_LONGEST_SIDE = 1568  # what vision models read at full detail without tiling
MAX_SENT_BYTES = 3_750_000  # one picture as sent; base64 makes it ~5 MB, the strictest server cap
JPEG_QUALITY = 85
SUPPORTED = "PNG, JPEG, WebP and GIF"

MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}
# names that promise a picture: a file called so whose bytes are none is refused as mislabelled
PICTURE_SUFFIXES = frozenset(
    [
        ".png",
        ".jpg",
        ".jpeg",
        ".jpe",
        ".jfif",
        ".gif",
        ".webp",
        ".svg",
        ".svgz",
        ".bmp",
        ".tif",
        ".tiff",
        ".heic",
        ".heif",
        ".avif",
        ".ico",
    ]
)
_OTHER_FORMATS = (  # recognised, named in the refusal, not sent
    (b"BM", "BMP"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
    (b"\x00\x00\x01\x00", "ICO"),
)


@dataclass(frozen=True)
class Picture:
    """A picture ready to send: ``data`` is PNG or JPEG of ``width`` × ``height``."""

    name: str  # the file name it came from (or "pasted picture.png")
    media_type: str  # image/png or image/jpeg
    data: bytes
    width: int
    height: int
    source_width: int  # as the file had it (before downscaling)
    source_height: int
    animated: bool = False  # an animation of which only the first frame is sent

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def suffix(self) -> str:
        return ".png" if self.media_type == "image/png" else ".jpg"


def sniff(head: bytes) -> str | None:
    """The picture format of bytes starting with ``head`` ("png", "jpeg", "gif", "webp"), else None."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


def other_format(head: bytes) -> str | None:
    """The name of a picture format recognised but not sent (SVG, HEIC, BMP, TIFF, AVIF…)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith((b"<svg", b"<?xml")) and b"<svg" in head.lower():
        return "SVG"
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"heic", b"heix", b"hevc", b"heim", b"heis", b"mif1", b"msf1"):
            return "HEIC"
        if brand in (b"avif", b"avis"):
            return "AVIF"
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            return name
    return None


def is_picture(path: str | Path) -> bool:
    """Whether ``path`` should be handled as a picture: its bytes are one (any format we
    recognise, sent or not), or its name promises one. Reads at most 512 bytes."""
    path = Path(path)
    if path.suffix.lower() in PICTURE_SUFFIXES:
        return True
    try:
        with path.open("rb") as handle:
            head = handle.read(512)
    except OSError:
        return False
    return sniff(head) is not None or other_format(head) is not None


def check(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The format of a picture file that may be decoded; ImageError otherwise. Reads its first bytes only."""
    path = Path(path)
    if not path.exists():
        raise ImageError(f"{path}: no such file", "check the path")
    if not path.is_file():
        raise ImageError(f"{path}: not a file", "attach pictures one by one")
    size = path.stat().st_size  # a sparse 200 MB file is refused here: nothing of it is read
    if size > max_bytes:
        raise ImageError(
            f"{path.name}: {size / 1_048_576:,.0f} MB is over the {max_bytes / 1_048_576:,.0f} MB limit for a picture",
            "open it in an image editor and export a smaller copy (a few megabytes is plenty)",
        )
    try:
        with path.open("rb") as handle:
            head = handle.read(512)
    except OSError as exc:
        raise ImageError(
            f"{path.name}: cannot be read ({exc.strerror or exc})", "check the file's permissions"
        ) from None
    return _format_of(head, path.name)


def _format_of(head: bytes, name: str) -> str:
    fmt = sniff(head)
    if fmt is not None:
        return fmt
    other = other_format(head) or ("SVG" if name.lower().endswith((".svg", ".svgz")) else None)
    if other == "SVG":
        raise ImageError(
            f"{name}: an SVG is a drawing in markup, not a picture the models can be sent",
            "export it as PNG (any browser or image editor can) and attach that",
        )
    if other is not None:
        raise ImageError(f"{name}: {other} pictures are not sent", f"convert it to {SUPPORTED} first")
    claimed = Path(name).suffix.lower().lstrip(".").upper() or "a picture"
    claimed = "JPEG" if claimed in ("JPG", "JPE", "JFIF") else claimed
    raise ImageError(
        f"{name}: the name says {claimed}, but the file is not a {claimed} picture"
        if claimed != "a picture"
        else f"{name}: not a picture",
        f"the file may be damaged or renamed; attach a {SUPPORTED} file",
    )


def prepare(path: str | Path, *, longest_side: int = DEFAULT_LONGEST_SIDE, max_bytes: int = MAX_FILE_BYTES) -> Picture:
    """The picture in ``path``, checked and made fit to send. Blocking: run it in a worker thread."""
    path = Path(path)
    check(path, max_bytes=max_bytes)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImageError(
            f"{path.name}: cannot be read ({exc.strerror or exc})", "check the file's permissions"
        ) from None
    return prepare_bytes(data, path.name, longest_side=longest_side, max_bytes=max_bytes)


def prepare_bytes(
    data: bytes, name: str, *, longest_side: int = DEFAULT_LONGEST_SIDE, max_bytes: int = MAX_FILE_BYTES
) -> Picture:
    """``data`` (a file's bytes, a pasted picture) checked and made fit to send."""
    if len(data) > max_bytes:
        raise ImageError(
            f"{name}: {len(data) / 1_048_576:,.0f} MB is over the {max_bytes / 1_048_576:,.0f} MB limit for a picture",
            "export a smaller copy and attach that",
        )
    fmt = _format_of(data[:512], name)
    width, height = header_size(data, fmt)
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise _too_big(name, width, height)  # by its header: not one pixel decoded
    from PIL import Image

    damaged = ImageError(
        f"{name}: the {fmt.upper()} picture is damaged or cut short",
        "open it in an image viewer and save it again, or take the picture again",
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow's bomb warning: our own limit below says it better
        try:
            image = Image.open(io.BytesIO(data), formats=[fmt.upper()])  # reads the header only
        except Image.DecompressionBombError:
            raise _too_big(name, 0, 0) from None
        except Exception:  # noqa: BLE001 - Pillow's parse errors on a broken header
            raise damaged from None
        width, height = image.size
        if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE or not width or not height:
            raise _too_big(name, width, height)
        try:
            return _fit(image, name, longest_side, lossless=fmt in ("png", "gif"))
        except ImageError:
            raise
        except Image.DecompressionBombError:
            raise _too_big(name, width, height) from None
        except MemoryError:
            raise _too_big(name, width, height) from None
        except Exception:  # noqa: BLE001 - truncated data, bad chunks, CRC errors
            raise damaged from None


def header_size(data: bytes, fmt: str) -> tuple[int, int]:
    """Width and height as the file's header states them, read by hand (no decoder);
    (0, 0) when the header is too short to say (the decoder then calls it damaged)."""
    try:
        if fmt == "png" and data[12:16] == b"IHDR":
            return struct.unpack(">II", data[16:24])
        if fmt == "gif":
            return struct.unpack("<HH", data[6:10])
        if fmt == "webp":
            return _webp_size(data)
        if fmt == "jpeg":
            return _jpeg_size(data)
    except struct.error:
        pass
    return 0, 0


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8X":
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
        return w, h
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    return 0, 0


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """The frame header (SOFn) after the segments before it (EXIF can be 64 kB)."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return 0, 0
        marker = data[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            at += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return 0, 0


def _too_big(name: str, width: int, height: int) -> ImageError:
    said = f"{width:,} × {height:,} pixels" if width and height else "too many pixels"
    return ImageError(
        f"{name}: {said} is more than a picture may have ({MAX_PIXELS / 1_000_000:,.0f} megapixels)",
        "scale it down in an image editor, or crop the part that matters, and attach that",
    )


def _fit(image, name: str, longest_side: int, *, lossless: bool) -> Picture:
    """Decode the first frame (scaled while decoding where the format can), turn it upright,
    downscale and re-encode: nothing of the file but its pixels survives. PNG and GIF
    sources (screenshots, charts, line art) stay PNG (``lossless``); photos become JPEG."""
    from PIL import Image, ImageOps

    source_width, source_height = image.size
    animated = bool(getattr(image, "is_animated", False))  # looks at frame 2 only, never counts them all
    side = max(64, int(longest_side or DEFAULT_LONGEST_SIDE))
    if image.format == "JPEG":
        image.draft("RGB", (side, side))  # decode at 1/2, 1/4 or 1/8 where that still covers `side`
    image.load()
    image = ImageOps.exif_transpose(image) or image
    alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    image = image.convert("RGBA" if alpha else "RGB")
    if max(image.size) > side:
        image.thumbnail((side, side), Image.Resampling.LANCZOS)
    data, media_type = _encode(image, png=lossless or alpha)
    if media_type == "image/png" and len(data) > MAX_SENT_BYTES:
        data, media_type = _encode(_flatten(image), png=False)  # a huge screenshot: JPEG keeps it under the cap
    quality = JPEG_QUALITY
    while len(data) > MAX_SENT_BYTES and quality > 40:
        quality -= 15
        data, media_type = _encode(_flatten(image), png=False, quality=quality)
    return Picture(name, media_type, data, image.width, image.height, source_width, source_height, animated)


def _flatten(image):
    from PIL import Image

    if image.mode != "RGBA":
        return image.convert("RGB")
    back = Image.new("RGB", image.size, (255, 255, 255))
    back.paste(image, mask=image.getchannel("A"))
    return back


def _encode(image, *, png: bool, quality: int = JPEG_QUALITY) -> tuple[bytes, str]:
    out = io.BytesIO()
    if png:
        image.save(out, format="PNG", compress_level=6)  # no info, no exif, no text chunks passed
        return out.getvalue(), "image/png"
    _flatten(image).save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue(), "image/jpeg"
