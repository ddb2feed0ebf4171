"""Where attached pictures are kept: one file per content in the data folder's
``pictures/`` (``ab/abcdef….png``, so the same picture attached twice is stored once),
a row per attachment in the store (store/pictures.py).

A picture waits in its session until the next directive starts (``claim``), then belongs
to that run: the calls that see it read it from here (``parts``), the transcript and the
exports show it. Emptying the Trash deletes the rows with their session; ``sweep`` then
removes the files no session has any more. ``files_of_session`` lists a session's files
for the backups and the full export.
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from aipa.core.material import images
from aipa.core.material.images import Picture
from aipa.errors import ImageError
from aipa.providers.base import ImagePart
from aipa.store.pictures import PictureRow

log = logging.getLogger("aipa.pictures")


class PictureShelf:
    def __init__(self, store, folder: Path, longest_side: Callable[[], int] = lambda: images.DEFAULT_LONGEST_SIDE):
        self.store = store
        self.folder = folder
        self.longest_side = longest_side  # the setting, read at each picture

    # --- attaching --------------------------------------------------------------------

    async def attach(self, session_id: str, path: str | Path, alt: str = "") -> PictureRow:
        """Check, prepare and keep the picture in ``path`` for the session's next directive.
        Raises ImageError (nothing kept)."""
        picture = await asyncio.to_thread(images.prepare, path, longest_side=self.longest_side())
        return self.keep(session_id, picture, alt)

    async def attach_bytes(self, session_id: str, data: bytes, name: str, alt: str = "") -> PictureRow:
        """The same for a pasted or dropped picture's bytes."""
        picture = await asyncio.to_thread(images.prepare_bytes, data, name, longest_side=self.longest_side())
        return self.keep(session_id, picture, alt)

    def keep(self, session_id: str, picture: Picture, alt: str = "") -> PictureRow:
        target = self.path_of(picture.sha256, picture.media_type)
        if not target.exists():
            _write(target, picture.data)
        picture_id = self.store.add_picture(
            session_id,
            picture.sha256,
            picture.name,
            picture.media_type,
            picture.width,
            picture.height,
            len(picture.data),
            alt=alt,
        )
        return next(r for r in self.store.pictures(session_id, waiting=True) if r.picture_id == picture_id)

    def remove(self, picture_id: int) -> None:
        """Take back a waiting picture (its file goes at the next sweep if nobody else has it)."""
        self.store.remove_picture(picture_id)

    def waiting(self, session_id: str) -> list[PictureRow]:
        return self.store.pictures(session_id, waiting=True)

    def claim(self, session_id: str, run_id: str) -> int:
        """The waiting pictures go with run ``run_id`` (its directive)."""
        return self.store.claim_pictures(session_id, run_id) if not self.store.read_only else 0

    # --- reading ----------------------------------------------------------------------

    def of_run(self, run_id: str) -> list[PictureRow]:
        return self.store.run_pictures(run_id)

    def of_session(self, session_id: str) -> list[PictureRow]:
        return self.store.pictures(session_id)

    def path_of(self, sha256: str, media_type: str) -> Path:
        return self.folder / file_name(sha256, media_type)

    def file_of(self, row: PictureRow) -> Path:
        return self.path_of(row.sha256, row.media_type)

    def data(self, row: PictureRow) -> bytes:
        """The picture's bytes; ImageError when its file is gone (the data folder was edited)."""
        try:
            return self.file_of(row).read_bytes()
        except OSError:
            raise ImageError(
                f"{row.name}: its stored file is missing from the data folder",
                "attach the picture again",
            ) from None

    def parts(self, rows: list[PictureRow]) -> tuple[ImagePart, ...]:
        """The pictures as message parts (a missing file is left out, and logged)."""
        out = []
        for row in rows:
            try:
                out.append(ImagePart(row.media_type, self.data(row), row.name))
            except ImageError as exc:
                log.warning("%s", exc.message)
        return tuple(out)

    def files_of_session(self, session_id: str) -> list[Path]:
        """The picture files of a session, each once: what a backup or the full export of
        the session must carry besides the database."""
        seen: dict[Path, None] = {}
        for row in self.of_session(session_id):
            path = self.file_of(row)
            if path.is_file():
                seen.setdefault(path)
        return list(seen)

    def sweep(self) -> int:
        """Delete the files no session has any more (after the Trash was emptied); how many."""
        if not self.folder.is_dir() or self.store.read_only:
            return 0
        kept = self.store.picture_hashes()
        removed = 0
        for path in self.folder.glob("*/*"):
            if path.is_file() and path.stem not in kept:
                try:
                    path.unlink()
                    removed += 1
                except OSError as exc:
                    log.warning("could not delete %s (%s)", path, exc)
        return removed


def file_name(sha256: str, media_type: str) -> str:
    """A picture's file under the pictures folder: ``ab/abcdef….png`` (or ``.jpg``)."""
    suffix = ".png" if media_type == "image/png" else ".jpg"
    return f"{sha256[:2]}/{sha256}{suffix}"


def _write(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` whole or not at all (a crash leaves no half picture)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".part-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
