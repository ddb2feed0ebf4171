"""GGUF files for the built-in engine: importing a local file and downloading one.

Both write beside the target first and rename at the end, so the models folder never
holds a half-written model. A download resumes from its ``.part`` file (an HTTP Range
request) and, given a SHA-256, is verified before it is kept.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from aipa.errors import BadResponseError, ConfigError, ModelMissingError, ServerDownError

if TYPE_CHECKING:
    import httpx

GGUF_MAGIC = b"GGUF"
CHUNK = 1 << 20
Progress = Callable[[int, int | None], None]  # (bytes done, total bytes or None)


def is_gguf(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == GGUF_MAGIC
    except OSError:
        return False


def import_model(src: Path | str, models_dir: Path | str) -> Path:
    """Copy a GGUF file into ``models_dir`` (atomically); returns the new path. A file of
    the same name and size already there is kept as is."""
    src, models_dir = Path(src).expanduser(), Path(models_dir)
    if not src.is_file():
        raise ConfigError(f"no file at {src}", hint="give the path of a .gguf model file")
    if not is_gguf(src):
        raise ConfigError(f"{src} is not a GGUF model file", hint="the built-in engine runs .gguf files")
    models_dir.mkdir(parents=True, exist_ok=True)
    name = src.name if src.suffix == ".gguf" else src.name + ".gguf"
    target = models_dir / name
    if target.is_file() and target.stat().st_size == src.stat().st_size:
        return target
    partial = target.with_name(f".{name}.{os.getpid()}.part")
    try:
        shutil.copyfile(src, partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target


async def download_model(
    url: str,
    models_dir: Path | str,
    *,
    sha256: str | None = None,
    progress: Progress | None = None,
    filename: str | None = None,
    timeout: float = 60.0,
) -> Path:
    """Download a GGUF file into ``models_dir``, resuming an earlier partial download;
    returns its path. Raises BadResponseError on a checksum mismatch (the partial file
    is removed), ModelMissingError when the URL has no file, ServerDownError when the
    server cannot be reached (the partial file is kept for the next try)."""
    import httpx

    models_dir = Path(models_dir)
    models_dir.mkdir(parents=True, exist_ok=True)
    name = filename or unquote(Path(urlsplit(url).path).name) or "model.gguf"
    target = models_dir / name
    partial = models_dir / f"{name}.part"
    digest = hashlib.sha256()
    done = partial.stat().st_size if partial.is_file() else 0
    if done:
        await asyncio.to_thread(_hash_file, partial, digest)
    try:
        async with httpx.AsyncClient(follow_redirects=True, timeout=httpx.Timeout(timeout, connect=15)) as http:
            headers = {"Range": f"bytes={done}-"} if done else {}
            async with http.stream("GET", url, headers=headers) as response:
                if response.status_code == 416 and done:  # nothing after what we have: it is complete
                    total: int | None = done
                else:
                    if response.status_code == 200 and done:  # the server ignores Range: start over
                        done, digest = 0, hashlib.sha256()
                    elif response.status_code == 206 and _range_start(response) != done:
                        raise BadResponseError(
                            f"{url} resumed at the wrong offset", hint=f"delete {partial.name} and download again"
                        )
                    elif response.status_code not in (200, 206):
                        raise _status_error(url, response.status_code)
                    total = _total(response, done)
                    mode = "ab" if done else "wb"
                    with open(partial, mode) as out:
                        async for chunk in response.aiter_bytes():  # as they arrive: a cut keeps them
                            out.write(chunk)
                            digest.update(chunk)
                            done += len(chunk)
                            if progress:
                                progress(done, total)
    except httpx.HTTPError as err:
        raise ServerDownError(
            f"download of {name} interrupted: {err or type(err).__name__}",
            hint="check the connection and try again: the download resumes where it stopped",
        ) from err
    if total is not None and done != total:
        raise ServerDownError(
            f"download of {name} stopped at {done} of {total} bytes",
            hint="try again: the download resumes where it stopped",
        )
    if sha256 and digest.hexdigest() != sha256.lower():
        partial.unlink(missing_ok=True)
        raise BadResponseError(
            f"{name}: checksum mismatch (expected {sha256}, got {digest.hexdigest()})",
            hint="the file is corrupt or not the one expected; download it again",
        )
    os.replace(partial, target)
    return target


def _hash_file(path: Path, digest: hashlib._Hash) -> None:
    with open(path, "rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)


def _range_start(response: httpx.Response) -> int | None:
    value = response.headers.get("content-range", "")
    try:
        return int(value.split()[1].split("-")[0])
    except (IndexError, ValueError):
        return None


def _total(response: httpx.Response, done: int) -> int | None:
    headers = response.headers
    content_range = headers.get("content-range", "")
    if "/" in content_range and not content_range.endswith("/*"):
        return int(content_range.rsplit("/", 1)[1])
    length = headers.get("content-length")
    return done + int(length) if length and length.isdigit() else None


def _status_error(url: str, status: int) -> Exception:
    if status in (404, 410):
        return ModelMissingError(f"no model file at {url} (HTTP {status})", hint="check the download link")
    if status in (401, 403):
        return ModelMissingError(
            f"{url} refused the download (HTTP {status})",
            hint="the file may need a login or a token: download it yourself, then import it",
        )
    err = BadResponseError(f"{url} answered HTTP {status}", hint="try again later")
    err.retryable = status >= 500
    return err
