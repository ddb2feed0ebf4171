"""``aipa run --attach FILE… --folder DIR``: give the session its material before the run.

Pictures and documents are told apart by their bytes (core/material/images.is_picture).
A document or folder that cannot be used is one ``warning:`` line with a hint on stderr;
the run goes on without it. A picture that cannot be sent stops the command before any
call (ImageError, exit 2): a directive about a picture means nothing without it.
Conversion progress of large files is shown on stderr.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from aipa.core.material.folder import FolderError

if TYPE_CHECKING:
    from aipa.core.facade import Core


def _progress(name: str, done: int, total: int) -> None:
    if total >= 10 and (done == total or done % max(1, total // 10) == 0):
        print(f"  converting {name}: {done}/{total}", file=sys.stderr)


async def _picture(core: Core, session_id: str, path: str) -> dict[str, Any]:
    row = await core.material.pictures.attach(session_id, path)  # ImageError: the command stops here
    print(f"attached the picture {row.name} ({row.width}×{row.height}, {row.size:,} bytes)", file=sys.stderr)
    return {"name": row.name, "width": row.width, "height": row.height, "media_type": row.media_type,
            "size": row.size, "sha256": row.sha256}  # fmt: skip


async def provide(core: Core, session_id: str, files: list[str], folder: str | None) -> dict:
    """Attach ``files`` and grant ``folder`` to the session; returns what ``--json`` adds."""
    out: dict[str, Any] = {"attachments": [], "attach_errors": []}
    pictures = [f for f in files if core.material.pictures.is_picture(f)]
    files = [f for f in files if f not in pictures]
    if pictures:
        out["pictures"] = [await _picture(core, session_id, path) for path in pictures]
    if files:
        report = await core.material.attach(session_id, files, _progress)
        for doc in report.attached:
            print(f"attached {doc.name} ({doc.kind}, {doc.chunks} excerpts)", file=sys.stderr)
            out["attachments"].append({"name": doc.name, "kind": doc.kind, "size": doc.size, "sha256": doc.sha256})
        for err in report.errors:
            print(f"warning: not attached: {err.message}\n    hint: {err.hint}", file=sys.stderr)
            out["attach_errors"].append({"path": err.path, "error": err.message, "hint": err.hint})
    if folder:
        try:
            notice = core.material.grant_folder(session_id, folder)
            out["folder"] = folder
            if notice:
                print(f"warning: {notice}", file=sys.stderr)
                out["folder_notice"] = notice
            print(f"granted the folder {folder} (read-only)", file=sys.stderr)
        except FolderError as exc:
            print(f"warning: folder not granted: {exc.message}\n    hint: {exc.hint}", file=sys.stderr)
            out["attach_errors"].append({"path": folder, "error": exc.message, "hint": exc.hint})
    return out
