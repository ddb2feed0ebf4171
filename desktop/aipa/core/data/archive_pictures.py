"""The attached pictures in the archive of everything (issue 33): their rows travel in the
database, their files (kept outside it, in the data folder's ``pictures/``, one per
content: core/material/picture_shelf.py) as ``pictures/ab/abcdef….png`` members.

Reading them trusts nothing: a member is named by its content's sha256, so each one is
hashed before anything is written and an archive whose picture does not match its name
is refused whole. Writing them adds only the files this folder lacks (the same name is
the same content), each atomically, before the rows are merged: a kill in between leaves
at most a file no row names yet, never a row without its file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from aipa.core.material.picture_shelf import file_name
from aipa.errors import UsageError

FOLDER = "pictures"
MEMBER = re.compile(r"pictures/([0-9a-f]{2})/([0-9a-f]{64})\.(png|jpg)")
CHUNK = 1 << 20


def files_to_carry(db: Path, folder: Path) -> tuple[dict[str, Path], int]:
    """The picture files the database ``db`` names, by their member name, and how many
    it names that are missing from ``folder`` (those cannot travel)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT DISTINCT sha256, media_type FROM pictures").fetchall()
    except sqlite3.OperationalError:  # a database from before pictures (schema < 11)
        rows = []
    finally:
        conn.close()
    out: dict[str, Path] = {}
    missing = 0
    for sha, media_type in rows:
        name = file_name(sha, media_type)
        path = folder / name
        if path.is_file():
            out[f"{FOLDER}/{name}"] = path
        else:
            missing += 1
    return out, missing


def is_member(name: str) -> bool:
    """Whether ``name`` is a picture member's proper name."""
    match = MEMBER.fullmatch(name)
    return match is not None and match.group(2).startswith(match.group(1))


def _members(z: zipfile.ZipFile) -> list[str]:
    return [n for n in z.namelist() if n.startswith(FOLDER + "/") and not n.endswith("/")]


def _digest(z: zipfile.ZipFile, name: str) -> str:
    sha = hashlib.sha256()
    with z.open(name) as src:
        while block := src.read(CHUNK):
            sha.update(block)
    return sha.hexdigest()


def check(z: zipfile.ZipFile, path: Path) -> None:
    """Refuse the archive (UsageError, exit 2) when a picture's content is not what its name says."""
    for name in _members(z):
        if not is_member(name) or _digest(z, name) != PurePosixPath(name).stem:
            raise UsageError(
                f"{path} is damaged (the picture {name!r} does not match its name)",
                "nothing was imported; make the archive again with `aipa export --all FILE`",
            )


def write_missing(z: zipfile.ZipFile, folder: Path) -> int:
    """Write the archive's pictures this folder lacks (atomically, flushed); how many."""
    added = 0
    root = folder.resolve()
    for name in _members(z):
        target = (root / name.removeprefix(FOLDER + "/")).resolve()
        if root not in target.parents or target.exists():  # check() refused bad names; a second fence
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".part-")
        try:
            with os.fdopen(fd, "wb") as out, z.open(name) as src:
                while block := src.read(CHUNK):
                    out.write(block)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        added += 1
    return added
