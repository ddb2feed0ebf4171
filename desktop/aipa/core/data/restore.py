"""Restoring a backup (issue 33): the file is checked first (a readable SQLite file, sound,
AIPA's own tables, a schema no newer than this app) and a bad one refused with the live
data untouched; nobody else may have the data open (``store/holders.py`` names who); the
live data gets a pre-restore backup when it is readable; then a checked copy of the
backup replaces the live file in one rename, and the settings and agent files it carries
are written back (each atomically). Works without opening the live database, which may
be the damaged thing being replaced.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from aipa.core.config.files import write_atomically
from aipa.core.config.paths import Paths
from aipa.errors import RunBusyError, StoreError, UsageError
from aipa.store import backup as files
from aipa.store import holders
from aipa.store.filelock import LockBusy

log = logging.getLogger("aipa.core.data")


@dataclass(frozen=True)
class Restored:
    path: Path  # the file restored from
    sessions: int
    runs: int
    safety: Path | None  # the pre-restore backup of what was live (None: the live file was unreadable)
    files: tuple[str, ...]  # settings and agent files written back


def check(path: Path) -> None:
    """Raise UsageError (exit 2) when ``path`` cannot be restored; nothing is changed."""
    problem = files.check_file(Path(path))
    if problem:
        raise UsageError(f"cannot restore: {problem}", "nothing was changed; pick a backup from `aipa backup --list`")


def lock_dir(paths: Paths) -> Path:
    return paths.db.with_name(paths.db.name + ".locks")


def in_the_way(paths: Paths) -> list[holders.Holder]:
    return holders.others(lock_dir(paths))


def restore(paths: Paths, source: Path, make_safety) -> Restored:
    """Put ``source`` in place of the live data. ``make_safety(kind)`` makes the
    pre-restore backup (a ``Backups.make``); refused (RunBusyError) while another AIPA
    process has the data open. Raises UsageError for a bad file, StoreError otherwise."""
    source = Path(source).expanduser().resolve()
    check(source)
    gate = holders.gate(lock_dir(paths))
    try:
        gate.acquire(wait=5.0)
    except LockBusy as exc:
        raise RunBusyError(
            f"another restore (process {exc.pid or '?'}) is under way", "wait for it to finish"
        ) from None
    try:
        others = in_the_way(paths)
        if others:
            names = ", ".join(str(h) for h in others)
            raise RunBusyError(
                f"cannot restore while {names} has the data open",
                "close it (or wait for it to finish), then run the restore again; nothing was changed",
            )
        safety = None
        if not files.check_file(paths.db):  # a readable live file: keep it as it is now
            safety = make_safety("pre-restore").path
        tmp = paths.db.with_name(f".{paths.db.name}.restoring")
        files.copy_for_restore(source, tmp)
        carried = files.stored_files(source)
        files.swap_in(tmp, paths.db)
    finally:
        gate.release()
    written = _write_back(paths, carried)
    info = files.read_info(source)
    sessions, runs = (info.sessions, info.runs) if info else _counts(paths.db)
    log.info("restored %s (%d sessions, %d runs); pre-restore backup %s", source, sessions, runs, safety)
    return Restored(source, sessions, runs, safety, written)


def _counts(db: Path) -> tuple[int, int]:
    import sqlite3

    conn = sqlite3.connect(str(db))
    try:
        s, r, _m = files.counts(conn)
    finally:
        conn.close()
    return s, r


def _write_back(paths: Paths, carried: dict[str, bytes]) -> tuple[str, ...]:
    """The settings and agent files a backup carries, back in the data folder (only paths
    inside it: a hand-made file naming ``../x`` writes nothing)."""
    root = paths.root.resolve()
    done = []
    for rel, content in sorted(carried.items()):
        target = (root / rel).resolve()
        if root not in target.parents:
            log.warning("a backup's file %r points outside the data folder: skipped", rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_atomically(target, content.decode("utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise StoreError(f"restored the database, but cannot write {target}: {exc}", "check the folder") from None
        done.append(rel)
    return tuple(done)


def damaged_hint(paths: Paths) -> str:
    """What to say when the live file cannot be read: the newest backup and the command."""
    newest = next(iter(files.list_backups(files.folder_of(paths.db))), None)
    if newest is None:
        return ""
    when = newest.created.strftime("%Y-%m-%d %H:%M")
    return (
        f"the newest verified backup is {newest.path} ({when}, {newest.sessions} sessions, {newest.runs} runs): "
        f"restore it with `aipa restore {newest.path}` (or Settings → Data → Restore… in the window); "
        "nothing is overwritten until you do"
    )
