"""A little disk space kept aside for the one write that matters when the disk fills up:
marking the run interrupted (and resumable) instead of leaving it ``running``. SQLite
needs room in its -wal file for any write, so on a full disk even that status would fail;
the data folder keeps a small file of zeros (``aipa.db.locks/space-reserve``) that is
deleted to make that room, and made again at a later start when the disk has space.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from aipa.errors import free_bytes

log = logging.getLogger("aipa.store")

RESERVE_BYTES = 256 * 1024  # a few WAL frames: the run's status, its tasks' statuses
MIN_FREE_TO_RESERVE = 4 * RESERVE_BYTES  # never the reserve that fills a nearly full disk


class SpaceReserve:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def ensure(self) -> None:
        """Make the reserve when it is missing and the disk has room (never raises)."""
        try:
            if self.path.exists():
                return
            free = free_bytes(self.path.parent)
            if free is None or free < MIN_FREE_TO_RESERVE:
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, b"\0" * RESERVE_BYTES)  # written, not sparse: the blocks are really taken
            finally:
                os.close(fd)
        except OSError as exc:
            log.info("no disk space reserve at %s: %s", self.path, exc)
            with contextlib.suppress(OSError):
                if self.path.exists() and self.path.stat().st_size < RESERVE_BYTES:
                    self.path.unlink()

    def release(self) -> bool:
        """Give the reserved space back to the disk; True when there was some."""
        try:
            self.path.unlink()
        except OSError:
            return False
        return True
