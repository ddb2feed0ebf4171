"""Start-up survives a session that kills it: the window reopens the last session at
start, so a message that crashed the process while being shown (a renderer bug, a
text Qt cannot lay out) would crash every later start the same way, with no message.

Before the window restores the session it writes a marker file in the data folder
(``restoring.json``: the session and the process); once the restored session has been
painted the marker is removed. A marker left by a process that is gone means that
start died while restoring: the next start opens without restoring and says why.
Stdlib only (read before the core is loaded: ``aipa.store.liveness`` would load the store).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aipa.core.text.words import QT_TRANSLATE_NOOP

log = logging.getLogger("aipa.gui")

MARKER = "restoring.json"
STOPPED = QT_TRANSLATE_NOOP(
    "Core",
    "The last start of AIPA stopped while reopening {name}, so it was not reopened this time. "
    "Open it from the sessions list when you want it (details are in the log).",
)
LAST_SESSION = QT_TRANSLATE_NOOP("Core", "the last session")


@dataclass(frozen=True)
class Interrupted:
    """What the marker of a start that died while restoring says."""

    session_id: str
    title: str

    def message(self, translate: Callable[[str], str] = str) -> str:
        """The notice; ``translate`` gives a template in the window's language (the window's
        ``core_text``; by default English)."""
        name = f"“{self.title}”" if self.title else translate(LAST_SESSION)
        return translate(STOPPED).format(name=name)


class RestoreGuard:
    def __init__(self, root: Path) -> None:
        self.path = Path(root) / MARKER

    def interrupted(self) -> Interrupted | None:
        """The session a start died restoring (its marker is left, its process gone), or None."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            data = {}  # a marker cut short: that start died too
        if not isinstance(data, dict):
            data = {}
        pid = data.get("pid")
        if isinstance(pid, int) and pid != os.getpid() and _alive(pid):
            return None  # another window is restoring right now (it is not dead)
        return Interrupted(str(data.get("session_id") or ""), str(data.get("title") or ""))

    def begin(self, session_id: str, title: str) -> None:
        """Restoring starts: leave the marker (a folder that cannot be written: no guard)."""
        try:
            self.path.write_text(
                json.dumps({"session_id": session_id, "title": title, "pid": os.getpid()}), encoding="utf-8"
            )
        except OSError as exc:
            log.debug("no restore marker (%s)", exc)

    def end(self) -> None:
        """The restored session was painted (or nothing was restored): no marker."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.debug("restore marker left (%s)", exc)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill(pid, 0) would send CTRL_C_EVENT there; two starts at once are rare
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists (another user's process: not ours to judge)
    return True
