"""A folder the Principal granted to a session: list, search and read inside it only.

The same confinement as the agents folder: a path is relative (no absolute paths, no
``..``), resolves inside the folder and never goes through a symbolic link; files over
the size cap and binary files are skipped; nothing here writes. A walk stops at
``max_files`` entries and says so.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from aipa.core.material.documents import DocumentError, Section, convert, kind_of
from aipa.errors import AipaError, ToolError

MAX_FILES = 20_000  # entries walked at most, per listing or search
MAX_READ_BYTES = 2 * 1024 * 1024  # a file bigger than this is not read
MAX_RESULT_CHARS = 12_000
MAX_SEARCH_BYTES = 200 * 1024 * 1024  # one search reads at most this much
SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache"})


class FolderError(AipaError):
    """The folder cannot be granted."""


@dataclass
class Walk:
    files: list[str]  # relative paths, sorted
    truncated: bool


class GrantedFolder:
    """Read-only access to one folder. Every method answers within its caps."""

    def __init__(self, root: str | Path, *, max_files: int = MAX_FILES, max_bytes: int = MAX_READ_BYTES) -> None:
        raw = Path(root).expanduser()
        if not raw.exists():
            raise FolderError(f"{raw}: no such folder", "check the path")
        if not raw.is_dir():
            raise FolderError(f"{raw}: not a folder", "grant a folder; attach single files with --attach")
        self.root = raw.resolve()
        self.max_files = max_files
        self.max_bytes = max_bytes
        self._walk: Walk | None = None
        self._converted: dict[Path, tuple[int, list[Section]]] = {}  # path: (mtime_ns, sections)

    def walk(self) -> Walk:
        """The folder's files (relative paths), at most ``max_files``; symlinks are not followed."""
        if self._walk is not None:
            return self._walk
        files: list[str] = []
        truncated = False
        for top, dirs, names in os.walk(self.root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not os.path.islink(os.path.join(top, d)))
            for name in sorted(names):
                if len(files) >= self.max_files:
                    truncated = True
                    break
                full = os.path.join(top, name)
                if not os.path.islink(full):
                    files.append(os.path.relpath(full, self.root).replace(os.sep, "/"))
            if truncated:
                break
        self._walk = Walk(files, truncated)
        return self._walk

    def notice(self) -> str:
        """A one-line warning when the folder is bigger than the cap ('' otherwise)."""
        if not self.walk().truncated:
            return ""
        return (
            f"the folder {self.root} has more than {self.max_files:,} files; only the first {self.max_files:,} are "
            "listed and searched (hint: grant a smaller subfolder)"
        )

    def resolve(self, rel: str) -> Path:
        """The file ``rel`` names inside the folder; ToolError for anything that leaves it."""
        rel = (rel or "").strip()
        if not rel or rel in (".", "/"):
            return self.root
        if os.path.isabs(rel) or rel.startswith(("~", "\\")) or re.match(r"^[A-Za-z]:", rel):
            raise ToolError(f"'{rel}' is an absolute path; give a path relative to the granted folder")
        parts = re.split(r"[\\/]+", rel)
        if ".." in parts or "\0" in rel:
            raise ToolError(f"'{rel}' leaves the granted folder ('..' is not allowed)")
        path = self.root
        for part in parts:
            if part in ("", "."):
                continue
            path = path / part
            if path.is_symlink():
                raise ToolError(f"'{rel}' goes through a symbolic link; refusing to follow it")
        if not path.resolve().is_relative_to(self.root):
            raise ToolError(f"'{rel}' is outside the granted folder")
        if not path.exists():
            raise ToolError(f"'{rel}' does not exist in the granted folder")
        return path

    def listing(self, path: str = "", limit: int = 200) -> str:
        """Entries under ``path`` (folders end with '/'), sizes in bytes."""
        base = self.resolve(path)
        if not base.is_dir():
            raise ToolError(f"'{path}' is a file; use read_folder_file to read it")
        lines = []
        for entry in sorted(base.iterdir(), key=lambda p: (not p.is_dir(), p.name.lower())):
            if entry.is_symlink() or entry.name in SKIP_DIRS:
                continue
            rel = entry.relative_to(self.root).as_posix()
            lines.append(f"{rel}/" if entry.is_dir() else f"{rel}  ({entry.stat().st_size:,} bytes)")
            if len(lines) >= limit:
                lines.append(f"(stopped at {limit} entries)")
                break
        return "\n".join(lines) or "(empty folder)"

    def read(self, path: str, max_chars: int = MAX_RESULT_CHARS) -> str:
        """A file's text (documents converted), capped; binary and oversized files are refused."""
        target = self.resolve(path)
        if target.is_dir():
            raise ToolError(f"'{path}' is a folder; use list_folder")
        try:
            sections = self._sections(target)
        except DocumentError as exc:
            raise ToolError(f"{exc.message} ({exc.hint})") from None
        rel = target.relative_to(self.root).as_posix()
        text = "\n\n".join(f"[{rel}, {s.place}]\n{s.text}" for s in sections)
        if len(text) > max_chars:
            text = text[:max_chars] + f"\n(truncated at {max_chars:,} characters)"
        return text

    def at(self, name: str, place: str) -> list[Section]:
        """The parts of a file that a citation ``[name, place]`` points at, as ``read`` cites
        them; empty when it points nowhere (never raises: a citation is checked, not obeyed)."""
        path = self.find(name)
        if path is None:
            return []
        try:
            stamp = path.stat().st_mtime_ns
            cached = self._converted.get(path)
            if cached is None or cached[0] != stamp:
                cached = (stamp, self._sections(path))
                self._converted[path] = cached  # a deliverable cites one file in several places
        except (DocumentError, OSError):
            return []
        return [s for s in cached[1] if s.place == place.strip()]

    def find(self, name: str) -> Path | None:
        """The file a citation names: its path in the folder, or its bare name when exactly one
        file in the folder has it (leads often drop the folders); None otherwise."""
        name = (name or "").strip()
        try:
            path = self.resolve(name)
        except ToolError:
            same = [rel for rel in self.walk().files if rel.rsplit("/", 1)[-1] == name]
            if len(same) != 1:
                return None
            try:
                path = self.resolve(same[0])
            except ToolError:
                return None
        return path if path.is_file() else None

    def _sections(self, target: Path) -> list[Section]:
        if kind_of(target) is None:
            raw = target.open("rb").read(8192)
            if b"\x00" in raw:
                raise DocumentError(f"{target.name}: a binary file", "skipped")
            raise DocumentError(f"{target.name}: unsupported type", "read text, code and documents only")
        return convert(target, max_bytes=self.max_bytes)

    def search(self, query: str, limit: int = 20) -> str:
        """Lines of text files that contain every word of ``query`` (case-insensitive), with their place."""
        words = [w.lower() for w in query.split() if w.strip()]
        if not words:
            raise ToolError("give some words to search for")
        hits: list[str] = []
        scanned = 0
        for rel in self.walk().files:
            if scanned > MAX_SEARCH_BYTES:
                hits.append(f"(stopped after reading {MAX_SEARCH_BYTES // 1_048_576} MB; use more precise words)")
                break
            full = self.root / rel
            if kind_of(full) not in ("text", "markdown", "csv", "html"):
                continue
            try:
                if full.stat().st_size > self.max_bytes:
                    continue
                raw = full.read_bytes()
            except OSError:
                continue
            scanned += len(raw)
            if b"\x00" in raw[:8192]:
                continue
            for n, line in enumerate(raw.decode("utf-8", "replace").splitlines(), 1):
                low = line.lower()
                if all(w in low for w in words):
                    hits.append(f"{rel}:{n}: {line.strip()[:200]}")
                    if len(hits) >= limit:
                        return "\n".join(hits) + f"\n(stopped at {limit} matches)"
        note = f"\n({self.notice()})" if self.walk().truncated else ""
        return ("\n".join(hits) or f"no lines with: {query}") + note


def _meta_key(session_id: str) -> str:
    return f"folder:{session_id}"


def grant(store, session_id: str, path: str | Path) -> GrantedFolder:
    """Grant ``path`` to the session (one folder per session: a new grant replaces the old)."""
    folder = GrantedFolder(path)
    store.set_meta(_meta_key(session_id), str(folder.root))
    return folder


def granted(store, session_id: str) -> GrantedFolder | None:
    """The session's granted folder, or None (also when it has gone away since)."""
    path = store.get_meta(_meta_key(session_id))
    if not path:
        return None
    try:
        return GrantedFolder(path)
    except FolderError:
        return None
