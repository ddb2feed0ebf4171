"""Picture files for tests, good and bad, made with Pillow (and by hand where a bad one
must be exact): a photo with EXIF orientation and GPS, a screenshot-like PNG, a
truncated file, a renamed text file, an SVG, a decompression bomb whose header says
20,000 × 20,000, a 1,000-frame GIF and a sparse 200 MB file."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path


def photo_jpeg(path: Path, size=(400, 200), *, orientation: int = 6, gps: bool = True) -> Path:
    """A JPEG wider than tall whose EXIF says "rotate 90°" (6) and that carries GPS."""
    from PIL import Image

    image = Image.new("RGB", size, (200, 30, 30))
    for x in range(size[0] // 2):  # a left half of another colour: orientation is visible
        for y in range(0, size[1], 4):
            image.putpixel((x, y), (30, 30, 200))
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "TestCam"  # Make
    if gps:
        exif[0x8825] = {1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)}
    image.save(path, format="JPEG", exif=exif, quality=90)
    return path


def png(path: Path, size=(320, 240), colour=(20, 120, 220), *, alpha: bool = False) -> Path:
    from PIL import Image, ImageDraw

    image = Image.new("RGBA" if alpha else "RGB", size, (*colour, 128) if alpha else colour)
    ImageDraw.Draw(image).rectangle((10, 10, size[0] // 2, size[1] // 2), fill=(250, 250, 250))
    image.save(path, format="PNG")
    return path


def receipt_jpeg(path: Path) -> Path:
    """A photographed receipt: a few lines of text on white, slightly grey."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (480, 640), (236, 234, 228))
    draw = ImageDraw.Draw(image)
    draw.rectangle((40, 30, 440, 610), fill=(252, 252, 250))
    lines = ["CAFE LUNA", "", "2 x Espresso      5.00", "1 x Croissant     3.20", "1 x Orange juice  4.50",
             "", "TOTAL            12.70", "", "Thank you!"]  # fmt: skip
    for i, line in enumerate(lines):
        draw.text((80, 70 + i * 40), line, fill=(30, 30, 30), font_size=22)
    image.save(path, format="JPEG", quality=88)
    return path


def png_bytes(size=(64, 48), colour=(20, 120, 220)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def truncated(path: Path, source: Path) -> Path:
    """The first half of ``source``: cut short like an interrupted download."""
    data = source.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def corrupt_png(path: Path) -> Path:
    """A PNG whose header is right and whose image data is garbage."""
    good = png_bytes((200, 200))
    start = good.index(b"IDAT") + 8
    path.write_bytes(good[:start] + bytes(range(256)) * 8 + good[start + 2048 :])
    return path


def mislabelled(path: Path) -> Path:
    """A text file named like a PNG."""
    path.write_text("This is a shopping list, not a picture.\n- milk\n- bread\n")
    return path


def svg(path: Path) -> Path:
    path.write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>\n')
    return path


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def bomb_png(path: Path, side: int = 20_000) -> Path:
    """A valid greyscale PNG of ``side`` × ``side`` pixels, all black: 400 megapixels
    from a few hundred kilobytes that a decoder would inflate to 400 MB. One deflate
    block of 500 rows is made once and repeated (a full flush makes each independent)."""
    rows = 500
    block = (b"\x00" * (side + 1)) * rows  # filter byte + one byte per pixel, per row
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    adler = 1
    for _ in range(side // rows):
        adler = zlib.adler32(block, adler)
    stream = b"\x78\xda" + piece * (side // rows) + b"\x03\x00" + struct.pack(">I", adler)
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
    path.write_bytes(data)
    return path


def long_gif(path: Path, frames: int = 1000, size=(64, 64)) -> Path:
    """An animated GIF of ``frames`` frames."""
    from PIL import Image

    images = [Image.new("RGB", size, (i % 256, (i * 7) % 256, (i // 256) * 60)) for i in range(frames)]
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:], duration=20, loop=0)
    return path


def sparse(path: Path, size: int = 200 * 1024 * 1024) -> Path:
    """A ``size``-byte file that starts like a PNG and takes no room on disk."""
    with path.open("wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n")
        handle.truncate(size)
    return path
