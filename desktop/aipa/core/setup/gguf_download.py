"""Downloading a GGUF file for the built-in engine as a setup ``Job``: a disk-space
check before the first byte, progress with bytes, rate and time left, resume from the
``.part`` file (an HTTP Range request), the SHA-256 checked before the file is kept,
cancel, and one clear line for each way it can fail (network down, no file at the
address, a checksum mismatch, a full disk). Shared by the setup wizard, the model
picker's catalogue and ``aipa models pull`` for the built-in engine."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from aipa import errors
from aipa.core.setup.gguf_catalogue import GgufModel, is_downloaded
from aipa.core.setup.job import Job, Outcome, Progress
from aipa.core.setup.pull_progress import PullTracker, describe, human_bytes
from aipa.providers.gguf_files import download_model

DISK_MARGIN = 200 * 1024 * 1024  # room left over after the download


def disk_free(folder: Path) -> int:
    """Free bytes on the disk that holds ``folder`` (or its nearest existing parent)."""
    path = folder
    while not path.exists() and path != path.parent:
        path = path.parent
    return shutil.disk_usage(path).free


async def download_catalogue_model(
    job: Job, model: GgufModel, models_dir: Path, *, free: Callable[[Path], int] = disk_free
) -> None:
    """The work of a ``Job`` that downloads ``model`` into ``models_dir``."""
    if await asyncio.to_thread(is_downloaded, models_dir, model):
        job.report(Progress(f"{model.title} is already downloaded", model.size, model.size))
        job.outcome = Outcome("done", model.file)
        return
    await fetch(job, model.url, models_dir, file=model.file, sha256=model.sha256, size=model.size, free=free)


async def fetch(
    job: Job,
    url: str,
    models_dir: Path,
    *,
    file: str = "",
    sha256: str = "",
    size: int | None = None,
    free: Callable[[Path], int] = disk_free,
) -> None:
    """Download ``url`` into ``models_dir`` as ``file`` (default: the address's file
    name), resuming a partial download; sets ``job.outcome`` (done with the file name,
    cancelled, or error) however it ends."""
    name = file or unquote(Path(urlsplit(url).path).name) or "model.gguf"
    part = models_dir / f"{name}.part"
    have = part.stat().st_size if part.is_file() else 0
    if size:
        need = size - have + DISK_MARGIN
        room = await asyncio.to_thread(free, models_dir)
        if room < need:
            job.outcome = Outcome(
                "error",
                f"Not enough disk space for {name}: it needs {human_bytes(need)} and "
                f"{human_bytes(room)} is free in {models_dir} — free some space or choose a smaller model.",
            )
            return
    tracker = PullTracker()

    def progress(done: int, total: int | None) -> None:
        state = tracker.feed({"status": "downloading", "digest": "file", "completed": done, "total": total or 0})
        text = describe(state) if total else f"downloading · {human_bytes(done)}"
        job.report(Progress(text, done, total))

    job.report(Progress(f"Resuming at {human_bytes(have)}…" if have else "Connecting…", have, size))
    try:
        target = await download_model(url, models_dir, sha256=sha256 or None, progress=progress, filename=name)
    except asyncio.CancelledError:
        kept = part.stat().st_size if part.is_file() else 0
        job.outcome = Outcome(
            "cancelled",
            f"Download of {name} paused at {human_bytes(kept)}. Press Download again to resume where it stopped.",
        )
        raise
    except errors.AipaError as exc:
        job.outcome = Outcome("error", _failure(exc, name, url, part))
        return
    except OSError as exc:  # the partial file stays for a retry
        if errors.disk_full(exc, models_dir):
            message = (
                f"The disk is full: the download of {name} stopped — free some space, "
                "then press Download again to resume."
            )
        else:
            message = f"Could not write {name} into {models_dir}: {exc.strerror or exc}"
        job.outcome = Outcome("error", message)
        return
    job.outcome = Outcome("done", target.name)


def _failure(exc: errors.AipaError, name: str, url: str, part: Path) -> str:
    """One line for a failed download."""
    if isinstance(exc, errors.BadResponseError) and "checksum mismatch" in exc.message and not part.exists():
        return (
            f"{name} failed its checksum check, so the downloaded data was deleted — "
            "press Download to fetch it again (if it fails again, the file at the address has changed)."
        )
    if isinstance(exc, errors.ServerDownError):
        cause = exc.__cause__
        if cause is not None and type(cause).__name__ in ("ConnectError", "ConnectTimeout"):
            host = urlsplit(url).hostname or url
            return f"Could not reach {host}: is the network down? Press Download again once it is back (it resumes)."
        return f"{exc.message} — press Download again: it resumes where it stopped."
    if isinstance(exc, errors.ModelMissingError):
        return f"{exc.message} — the file has moved: update AIPA, or download it yourself and import it."
    return exc.message + (f" — {exc.hint}" if exc.hint else "")
