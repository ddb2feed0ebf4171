"""Writing a file so that it is never left half-written: the text goes to a temp file in
the same folder, is flushed to the disk, and then replaces the target in one rename.
On a full disk or any other failure the target is untouched (no 0-byte file) and the
temp file is removed."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str, *, mode: int | None = None) -> Path:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` via a temp file and
    ``os.replace``. ``mode``: the new file's permissions (else the target's, else 0o644
    less the umask). Raises OSError; the target is then as it was."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


def _mode_for(path: Path) -> int:
    """The target's mode, or what a plain ``open(path, "w")`` would have given it."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    # os.umask() can only be read by setting it, which races with other threads' files
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022
