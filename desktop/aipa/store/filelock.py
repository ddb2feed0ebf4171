"""OS file locks: who drives a run, and who creates or migrates the schema.

The kernel releases these locks when their process ends, however it ends (SIGKILL,
a crash, power loss of a terminal): a stale owner never blocks anyone, and there is
no lease to renew. POSIX uses ``flock`` on the whole file; Windows ``msvcrt.locking``
on its first byte. The owner's pid is written after byte 0 (outside the locked byte,
so Windows readers can read it) to name it in messages.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

_PID_OFFSET = 1


class LockBusy(Exception):
    """Another process holds the lock; ``pid`` is its process id when known."""

    def __init__(self, path: Path, pid: int | None) -> None:
        super().__init__(f"{path} is locked by {f'process {pid}' if pid else 'another process'}")
        self.path = path
        self.pid = pid


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def read_owner(path: Path) -> int | None:
    """The pid written by the lock's holder, if any."""
    try:
        with open(path, "rb") as f:
            f.seek(_PID_OFFSET)
            text = f.read(32).strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


class FileLock:
    """An exclusive lock on ``path`` (created if needed), held until ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, *, wait: float = 0.0) -> None:
        """Take the lock, waiting up to ``wait`` seconds; raises ``LockBusy`` (naming the
        holder) when another process keeps it, ``OSError`` when the file cannot be made."""
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                os.close(fd)
                raise LockBusy(self.path, self._holder())
            time.sleep(0.05)
        self._fd = fd
        record = b" " + str(os.getpid()).encode()
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, record)
        os.ftruncate(fd, len(record))

    def _holder(self) -> int | None:
        """The holder writes its pid right after locking; give it a moment to do so."""
        for _ in range(20):
            pid = read_owner(self.path)
            if pid:
                return pid
            time.sleep(0.02)
        return None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)
            _unlock(fd)
        finally:
            os.close(fd)
