"""``aipa run --attach FILE… --folder DIR``: give the session its material before the run.

A file or folder that cannot be used is one ``warning:`` line with a hint on stderr; the
run goes on without it. Conversion progress of large files is shown on stderr.
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


async def provide(core: Core, session_id: str, files: list[str], folder: str | None) -> dict:
    """Attach ``files`` and grant ``folder`` to the session; returns what ``--json`` adds."""
    out: dict[str, Any] = {"attachments": [], "attach_errors": []}
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
