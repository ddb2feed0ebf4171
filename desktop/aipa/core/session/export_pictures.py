"""The pictures of an exported session: inline in the HTML export (``data:`` images; the
page's Content-Security-Policy allows those and still nothing remote), as files beside
the Markdown export (``<name>-pictures/01-chart.png``, linked from the text), named in
the JSON export. Each run's pictures follow its directive (core/session/shareable.py)."""

from __future__ import annotations

import base64
import html
import re
import shutil
from pathlib import Path

TOKEN = "AIPA-PICTURE-"  # a paragraph of its own in the Markdown the HTML is rendered from
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _file(folder: Path | None, picture: dict) -> Path | None:
    if folder is None:
        return None
    suffix = ".png" if picture["media_type"] == "image/png" else ".jpg"
    path = folder / picture["sha256"][:2] / f"{picture['sha256']}{suffix}"
    return path if path.is_file() else None


def _pictures(data: dict) -> list[dict]:
    return [p for run in data.get("runs", ()) for p in run.get("pictures", ())]


def mark(data: dict, folder: Path | None) -> dict[str, str]:
    """Give each picture a placeholder ``ref``; returns placeholder → its ``<figure>``."""
    figures: dict[str, str] = {}
    for n, picture in enumerate(_pictures(data), 1):
        path = _file(folder, picture)
        if path is None:
            continue
        token = f"{TOKEN}{n}"
        picture["ref"] = token
        uri = f"data:{picture['media_type']};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"
        alt = html.escape(picture.get("alt") or picture["name"], quote=True)
        caption = html.escape(picture["name"])
        figures[token] = (
            f'<figure><img src="{uri}" alt="{alt}" style="max-width:100%;height:auto" '
            f'width="{picture["width"]}" height="{picture["height"]}">'
            f"<figcaption>{caption} ({picture['width']}×{picture['height']})</figcaption></figure>"
        )
    return figures


def inline(page: str, figures: dict[str, str]) -> str:
    """The HTML page with each placeholder paragraph replaced by its figure."""
    if not figures:
        return page
    page = page.replace("default-src 'none';", "default-src 'none'; img-src data:;", 1)
    return re.sub(rf"<p>({TOKEN}\d+)</p>", lambda m: figures.get(m.group(1), ""), page)


def beside(data: dict, folder: Path | None, export: Path) -> Path | None:
    """Copy the pictures into ``<export stem>-pictures/`` beside ``export``; each ``ref``
    becomes its relative path. Returns that folder (None when there are no pictures)."""
    pictures = [(p, _file(folder, p)) for p in _pictures(data)]
    pictures = [(p, f) for p, f in pictures if f is not None]
    if not pictures:
        return None
    target = export.with_name(f"{export.stem}-pictures")
    target.mkdir(parents=True, exist_ok=True)
    for n, (picture, path) in enumerate(pictures, 1):
        assert path is not None
        stem = _SAFE.sub("-", Path(picture["name"]).stem).strip("-") or "picture"
        name = f"{n:02d}-{stem[:60]}{path.suffix}"
        shutil.copyfile(path, target / name)
        picture["ref"] = f"{target.name}/{name}"
    return target


def markdown_line(picture: dict) -> str:
    """A picture in the shareable Markdown: an image link, the HTML placeholder, or its name."""
    ref = picture.get("ref", "")
    if ref.startswith(TOKEN):
        return ref
    alt = re.sub(r"[\[\]\n\r]", " ", picture.get("alt") or picture["name"])
    if ref:
        return f"![{alt}](<{ref}>)"
    return f"*Picture: {alt} ({picture['width']}×{picture['height']})*"
