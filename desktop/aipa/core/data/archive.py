"""One archive of everything (issue 33): ``aipa export --all FILE`` writes one zip with the
database (a verified backup), the settings (which never hold a key), the Principal's
agent files, the text of the documents the sessions use, the attached pictures' files
(``archive_pictures.py``), and ``manifest.json`` (versions and counts). ``aipa import
FILE`` merges one into this data folder (``merge.py``) after a pre-import backup.

Reading an archive trusts nothing in it: a member named outside the archive's own layout
(``../../x``, an absolute path, a drive) refuses the whole file before anything is
written; a truncated or damaged zip (a bad CRC) is refused the same way (exit 2).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath

from aipa import __version__
from aipa.core.config.files import write_atomically
from aipa.core.config.paths import Paths
from aipa.core.data import archive_pictures
from aipa.core.data.backups import carried
from aipa.core.data.merge import MergeReport, merge
from aipa.errors import DiskFullError, StoreError, UsageError, disk_full
from aipa.store import backup as files
from aipa.store.migrations import SCHEMA_VERSION

FORMAT = "aipa-archive"
MANIFEST = "manifest.json"
DATABASE = "aipa.db"
TOP = (MANIFEST, DATABASE, "settings.json")
FOLDERS = ("agents", "documents", "pictures")

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Imported:
    report: MergeReport
    safety: Path | None
    files_added: tuple[str, ...]
    files_kept: tuple[str, ...]  # already here with other content: yours kept
    pictures_added: int = 0  # picture files this folder did not have

    def summary(self) -> str:
        line = self.report.summary()
        if self.pictures_added:
            line += f"; {self.pictures_added} picture files added"
        if self.files_kept:
            line += f"; {len(self.files_kept)} settings/agent files differ here (kept yours)"
        return line


def _noop(_done: int, _total: int, _what: str) -> None:
    pass


def _document_texts(db: Path) -> dict[str, str]:
    """Each document's text, as ``documents/SHA8-NAME.txt`` (a person can read them without AIPA)."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        docs = conn.execute("SELECT sha256, name FROM documents ORDER BY name").fetchall()
        out = {}
        for sha, name in docs:
            text = "\n\n".join(
                r[0] for r in conn.execute("SELECT text FROM chunks WHERE sha256 = ? ORDER BY seq", (sha,))
            )
            safe = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in name)[:80] or "document"
            out[f"documents/{sha[:8]}-{safe}.txt"] = text
        return out
    finally:
        conn.close()


def export_all(paths: Paths, dest: Path, progress: Progress | None = None) -> dict:
    """Write the archive at ``dest`` (temp file, fsync, rename); returns its manifest."""
    progress = progress or _noop
    dest = Path(dest).expanduser().resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(tmp_name)
    with tempfile.TemporaryDirectory(dir=paths.root, prefix=".export-") as work:
        try:
            progress(0, 4, "database")
            db = files.write_backup(paths.db, Path(work) / DATABASE, "manual")
            extra = carried(paths)
            docs = _document_texts(db.path)
            pictures, missing = archive_pictures.files_to_carry(db.path, paths.pictures)
            manifest = {
                "format": FORMAT,
                "format_version": 1,
                "app_version": __version__,
                "schema": db.schema,
                "created": datetime.now().astimezone().isoformat(),
                "counts": {"sessions": db.sessions, "runs": db.runs, "messages": db.messages, "documents": len(docs)},
                "pictures": {"files": len(pictures), "missing": missing},
                "files": sorted(extra),
            }
            progress(1, 4, "archive")
            with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr(MANIFEST, json.dumps(manifest, indent=2))
                z.write(db.path, DATABASE)
                progress(2, 4, "files")
                for rel, content in extra.items():
                    z.writestr(rel, content)
                for rel, text in docs.items():
                    z.writestr(rel, text)
                for rel, source in pictures.items():
                    z.write(source, rel, zipfile.ZIP_STORED)  # PNG and JPEG are compressed already
            progress(3, 4, "flush")
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
            os.replace(tmp, dest)
            progress(4, 4, "done")
        except BaseException as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            if isinstance(exc, OSError):
                if disk_full(exc, dest.parent):
                    raise DiskFullError.at("write the archive", dest) from None
                raise StoreError(
                    f"cannot write {dest}: {exc.strerror or exc}", "check the path and its permissions"
                ) from None
            raise
    return manifest


def _member_problem(name: str) -> str:
    """Why a member's name is refused ('' when it belongs to an archive's layout)."""
    pure = PurePosixPath(name)
    if name.startswith(("/", "\\")) or "\\" in name or ":" in name or ".." in pure.parts:
        return f"the member {name!r} points outside the archive"
    if pure.parts and pure.parts[0] == archive_pictures.FOLDER and not name.endswith("/"):
        return "" if archive_pictures.is_member(name) else f"the member {name!r} is not a picture AIPA stores"
    if name in TOP or (pure.parts and pure.parts[0] in FOLDERS and len(pure.parts) > 1):
        return ""
    return f"the member {name!r} is not part of an AIPA archive"


def open_archive(path: Path) -> tuple[zipfile.ZipFile, dict]:
    """The checked archive and its manifest; UsageError (exit 2) for anything wrong with it."""
    refuse = "nothing was imported; make the archive again with `aipa export --all FILE`"
    try:
        z = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}", "check the path") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise UsageError(f"{path} is not a readable archive ({exc})", refuse) from None
    try:
        for info in z.infolist():
            problem = _member_problem(info.filename)
            if problem:
                raise UsageError(f"refused {path}: {problem}", "nothing was imported")
        bad = z.testzip()  # every member read and its CRC checked: a truncated file fails here
        if bad is not None:
            raise UsageError(f"{path} is damaged (member {bad!r} fails its check)", refuse)
        manifest = json.loads(z.read(MANIFEST))
        if manifest.get("format") != FORMAT or DATABASE not in z.namelist():
            raise UsageError(f"{path} is not an AIPA archive", refuse)
    except UsageError:
        z.close()
        raise
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, EOFError) as exc:
        z.close()
        raise UsageError(f"{path} is damaged or not an AIPA archive ({exc})", refuse) from None
    return z, manifest


def _prepare_database(z: zipfile.ZipFile, work: Path) -> Path:
    """The archive's database in ``work``, checked and upgraded to this app's schema."""
    db = work / DATABASE
    with z.open(DATABASE) as src, open(db, "wb") as out:
        shutil.copyfileobj(src, out)
    problem = files.check_file(db)
    if problem:
        raise UsageError(f"cannot import: {problem}", "nothing was imported")
    conn = sqlite3.connect(str(db))
    try:
        version = int(conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()[0])
    finally:
        conn.close()
    if version < SCHEMA_VERSION:
        from aipa.store import Store

        Store(db).close()  # upgrades the copy (its own backup goes into work/, removed after)
    return db


def _merge_files(paths: Paths, z: zipfile.ZipFile) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Settings and agent files: written where this folder has none; kept where it has its own."""
    added, kept = [], []
    root = paths.root.resolve()
    for name in z.namelist():
        if name != "settings.json" and not name.startswith("agents/"):
            continue
        if name.endswith("/"):
            continue
        target = (root / name).resolve()
        if root not in target.parents:  # _member_problem refused these already; a second fence
            continue
        content = z.read(name)
        if target.exists():
            if target.read_bytes() != content:
                kept.append(name)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, content.decode("utf-8"))
        added.append(name)
    return tuple(added), tuple(kept)


def import_archive(paths: Paths, path: Path, make_safety, progress: Progress | None = None) -> Imported:
    """Merge the archive at ``path`` into this data folder. ``make_safety(kind)`` makes the
    pre-import backup (when there is data). UsageError for a bad archive, nothing written."""
    progress = progress or _noop
    path = Path(path).expanduser().resolve()
    z, _manifest = open_archive(path)
    with z, tempfile.TemporaryDirectory(dir=paths.root, prefix=".import-") as work:
        progress(0, 3, "check")
        db = _prepare_database(z, Path(work))
        archive_pictures.check(z, path)
        from aipa.core.data.backups import has_data

        safety = make_safety("pre-import").path if has_data(paths.db) else None
        progress(1, 3, "pictures")
        pictures = archive_pictures.write_missing(z, paths.pictures)  # before the rows that name them
        progress(1, 3, "merge")
        report = merge(paths.db, db, lambda d, t, what: progress(1, 3, what))
        progress(2, 3, "files")
        added, kept = _merge_files(paths, z)
        progress(3, 3, "done")
    return Imported(report, safety, added, kept, pictures)
