"""Who has the data open: every process that opens the database holds an OS lock on a file
of its own in ``aipa.db.locks/open/`` (its pid in it, what it is, e.g. "aipa run", in a
``.what`` file beside), for as long as it keeps the database open. A restore, which replaces the file
under everyone, asks first (``others``) and names who is in the way; the kernel drops a
killed process's lock, so a stale file never blocks anyone.

The gate (``aipa.db.locks/swap.lock``) closes the race between a restore looking and a
process opening: opening registers while holding the gate, a restore holds it from its
look until the new file is in place.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from aipa.store.filelock import FileLock, LockBusy

GATE_WAIT = 120.0  # seconds opening waits for a restore to put its file in place


@dataclass(frozen=True)
class Holder:
    pid: int
    what: str

    def __str__(self) -> str:
        return f"{self.what} (process {self.pid})"


def what_am_i() -> str:
    """How this process is named to others: "aipa run", "the AIPA window", …"""
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    known = ("run", "runs", "plan", "chat", "serve", "mcp-serve", "schedule", "export", "import", "search", "backup")
    if args and args[0] in known:
        return f"aipa {args[0]}"
    return "the AIPA window" if "pytest" not in sys.argv[0] else "an AIPA process"


def gate(lock_dir: Path) -> FileLock:
    return FileLock(lock_dir / "swap.lock")


class OpenMark:
    """This process's mark that it has the database open (``release`` at close)."""

    def __init__(self, lock_dir: Path) -> None:
        self.lock = FileLock(lock_dir / "open" / f"{os.getpid()}-{id(self)}.lock")

    def take(self) -> None:
        """Register, waiting while a restore is swapping the file (never raises: a folder
        where no lock can be made just goes unregistered)."""
        door = gate(self.lock.path.parent.parent)
        try:
            door.acquire(wait=GATE_WAIT)
        except (LockBusy, OSError):
            return
        try:
            self.lock.acquire()
            self.lock.path.with_suffix(".what").write_text(what_am_i(), encoding="utf-8")
        except (LockBusy, OSError):
            pass
        finally:
            door.release()

    def release(self) -> None:
        self.lock.release()
        for path in (self.lock.path, self.lock.path.with_suffix(".what")):
            with contextlib.suppress(OSError):
                path.unlink()


def others(lock_dir: Path) -> list[Holder]:
    """The other processes that have the database open now."""
    found: list[Holder] = []
    for path in sorted((lock_dir / "open").glob("*.lock")):
        probe = FileLock(path)
        try:
            probe.acquire()
        except LockBusy as exc:
            if exc.pid == os.getpid():
                continue
            try:
                what = path.with_suffix(".what").read_text(encoding="utf-8", errors="replace").strip()
            except OSError:
                what = ""
            found.append(Holder(exc.pid or 0, what or "an AIPA process"))
            continue
        except OSError:
            continue
        probe.release()  # nobody holds it: a killed process's file
        for stale in (path, path.with_suffix(".what")):
            with contextlib.suppress(OSError):
                stale.unlink()
    return found
