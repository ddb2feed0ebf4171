"""Pictures made fit to send: told apart by their bytes, upright, metadata gone, scaled to
the longest-side setting; every bad input a one-line message within seconds."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from PIL import Image

from aipa.core.material import images
from aipa.core.material.images import is_picture, prepare, prepare_bytes, sniff
from aipa.errors import ImageError
from tests.support import picture_files as files


def _open(picture: images.Picture) -> Image.Image:
    return Image.open(io.BytesIO(picture.data))


def test_photo_is_turned_upright_and_loses_its_exif(tmp_path: Path) -> None:
    path = files.photo_jpeg(tmp_path / "whiteboard.jpg", (400, 200), orientation=6)
    assert b"GPS" in path.read_bytes() or b"TestCam" in path.read_bytes()  # the file does carry it
    picture = prepare(path)
    assert picture.media_type == "image/jpeg"
    assert (picture.width, picture.height) == (200, 400)  # orientation 6: a quarter turn
    assert (picture.source_width, picture.source_height) == (400, 200)
    opened = _open(picture)
    assert not opened.getexif()  # no orientation, no GPS, no camera
    assert b"TestCam" not in picture.data and b"Exif" not in picture.data


def test_a_large_screenshot_is_scaled_to_the_longest_side_and_stays_png(tmp_path: Path) -> None:
    path = files.png(tmp_path / "screen.png", (3000, 1500))
    picture = prepare(path, longest_side=1568)
    assert picture.media_type == "image/png"
    assert (picture.width, picture.height) == (1568, 784)
    assert _open(picture).size == (1568, 784)
    small = prepare(path, longest_side=500)
    assert max(small.width, small.height) == 500
    assert prepare(files.png(tmp_path / "tiny.png", (40, 30))).width == 40  # never scaled up


def test_webp_and_transparent_png(tmp_path: Path) -> None:
    Image.new("RGB", (50, 40), (1, 2, 3)).save(tmp_path / "a.webp", format="WEBP")
    webp = prepare(tmp_path / "a.webp")
    assert (webp.media_type, webp.width) == ("image/jpeg", 50)  # every server reads JPEG; not all read WebP
    clear = prepare(files.png(tmp_path / "logo.png", alpha=True))
    assert clear.media_type == "image/png" and _open(clear).mode == "RGBA"


def test_told_by_content_not_by_name(tmp_path: Path) -> None:
    renamed = tmp_path / "scan.dat"
    renamed.write_bytes(files.png_bytes())
    assert is_picture(renamed) and prepare(renamed).media_type == "image/png"
    (tmp_path / "notes.txt").write_text("plain text")
    assert not is_picture(tmp_path / "notes.txt")
    assert sniff(b"\xff\xd8\xff\xe0") == "jpeg" and sniff(b"RIFF\0\0\0\0WEBPVP8 ") == "webp"


def test_pasted_bytes() -> None:
    picture = prepare_bytes(files.png_bytes((64, 48)), "pasted picture.png")
    assert (picture.name, picture.width, picture.height) == ("pasted picture.png", 64, 48)
    assert len(picture.sha256) == 64


def _refused(path: Path, *words: str) -> str:
    started = time.monotonic()
    with pytest.raises(ImageError) as caught:
        prepare(path)
    assert time.monotonic() - started < 10  # within seconds, whatever the file says
    message = caught.value.message
    assert "\n" not in message and caught.value.hint
    for word in words:
        assert word in message, message
    return message


def test_bad_inputs_each_have_a_clear_message(tmp_path: Path) -> None:
    good = files.png(tmp_path / "good.png", (300, 300))
    _refused(files.truncated(tmp_path / "cut.png", good), "cut.png", "damaged or cut short")
    _refused(files.corrupt_png(tmp_path / "corrupt.png"), "damaged")
    _refused(files.mislabelled(tmp_path / "receipt.png"), "the name says PNG", "not a PNG picture")
    _refused(files.svg(tmp_path / "logo.svg"), "SVG")
    _refused(files.sparse(tmp_path / "huge.png"), "200 MB", "limit")
    (tmp_path / "empty.jpg").write_bytes(b"")
    _refused(tmp_path / "empty.jpg", "JPEG")
    _refused(tmp_path / "missing.png", "no such file")


def test_a_decompression_bomb_is_refused_by_its_header(tmp_path: Path) -> None:
    bomb = files.bomb_png(tmp_path / "bomb.png")
    assert bomb.stat().st_size < 5_000_000  # small on disk: only the header tells
    message = _refused(bomb, "20,000 × 20,000")
    assert "megapixels" in message


def test_a_gif_of_a_thousand_frames_sends_its_first(tmp_path: Path) -> None:
    gif = files.long_gif(tmp_path / "loop.gif", frames=1000)
    started = time.monotonic()
    picture = prepare(gif)
    assert time.monotonic() - started < 10
    assert picture.animated and picture.media_type == "image/png" and (picture.width, picture.height) == (64, 64)


def test_limits_are_what_the_module_says() -> None:
    assert images.DEFAULT_LONGEST_SIDE == 1568
    assert images.MAX_PIXELS < 20_000 * 20_000
