"""The endpoint's token without a keyring (issue 30): ``aipa serve`` writes the token it
made for this start to a file only the user can read (0600), in the runtime folder
(``XDG_RUNTIME_DIR``: memory, per login) or else the data folder, and removes it at exit;
``aipa serve --print-token`` reads it from there. A keyring, or ``AIPA_SERVE_TOKEN``,
comes first (core/service/token.py)."""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

NAME = "serve-token"


def path(root: Path) -> Path:
    """Where the token of a server on data folder ``root`` is kept while it runs."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and Path(runtime).is_dir():
        digest = hashlib.sha256(os.fsencode(Path(root).resolve())).hexdigest()[:16]
        return Path(runtime) / f"aipa-{digest}-{NAME}"
    return Path(root) / NAME


def write(root: Path, token: str) -> Path:
    """Write ``token`` for this start, readable by this user only; returns the file."""
    target = path(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        target.unlink()  # a file left by a server that was killed: made anew with our mode
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(token + "\n")
    return target


def read(root: Path) -> str:
    """The token of the server running on ``root`` ("" when none wrote one)."""
    try:
        return path(root).read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def remove(root: Path, token: str) -> None:
    """Remove the file at exit, if it still holds ``token`` (not a later server's)."""
    if read(root) == token:
        with contextlib.suppress(OSError):
            path(root).unlink()
