"""``core.material.pictures``: what the window and the command line do with pictures, through the
facade (they never touch the store or the providers).

Attach one (a file or pasted bytes) to a session's next directive, list and take back
the waiting ones, read a run's pictures for the transcript and the exports, ask whether
the models that would get them can see (the window's note beside a thumbnail, the
command line's refusal before any call), the files of a session for backups and the full
export, and the sweep after the Trash is emptied.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from aipa.core.material import images, seeing
from aipa.errors import CannotSeeError
from aipa.store.pictures import PictureRow

if TYPE_CHECKING:
    from aipa.core.parts import Parts


class PicturesDoor:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self.shelf = parts.pictures()

    @staticmethod
    def is_picture(path: str | Path) -> bool:
        """Whether a file is to be attached as a picture (told by its bytes, or a picture's name)."""
        return images.is_picture(path)

    async def attach(self, session_id: str, path: str | Path, alt: str = "") -> PictureRow:
        """Raises ImageError (one line and a hint) for a file that cannot be sent."""
        return await self.shelf.attach(session_id, path, alt)

    async def attach_bytes(self, session_id: str, data: bytes, name: str, alt: str = "") -> PictureRow:
        return await self.shelf.attach_bytes(session_id, data, name, alt)

    async def prepare(self, path: str | Path) -> images.Picture:
        """Check and prepare a picture now, kept nowhere (the window, before a session exists)."""
        import asyncio

        longest = self.shelf.longest_side()
        return await asyncio.to_thread(images.prepare, path, longest_side=longest)

    async def prepare_bytes(self, data: bytes, name: str) -> images.Picture:
        import asyncio

        longest = self.shelf.longest_side()
        return await asyncio.to_thread(images.prepare_bytes, data, name, longest_side=longest)

    def keep(self, session_id: str, picture: images.Picture, alt: str = "") -> PictureRow:
        """A prepared picture kept for the session's next directive."""
        return self.shelf.keep(session_id, picture, alt)

    def waiting(self, session_id: str) -> list[PictureRow]:
        return self.shelf.waiting(session_id)

    def remove(self, picture_id: int) -> None:
        self.shelf.remove(picture_id)

    def of_run(self, run_id: str) -> list[PictureRow]:
        return self.shelf.of_run(run_id)

    def shown_with(self, run_id: str) -> list[PictureRow]:
        """The pictures a run's directive shows: its own, or while it starts (before its
        first stage takes them) those waiting in its session."""
        rows = self.shelf.of_run(run_id)
        if rows:
            return rows
        run = self._parts.store.get_run(run_id)
        return self.shelf.waiting(run.session_id) if run is not None and run.status == "running" else []

    def data(self, row: PictureRow) -> bytes:
        return self.shelf.data(row)

    def files_of_session(self, session_id: str) -> list[Path]:
        """The picture files a backup or the full export of the session carries."""
        return self.shelf.files_of_session(session_id)

    def sweep(self) -> int:
        return self.shelf.sweep()

    def sent_bytes(self, run_id: str) -> int:
        """The pictures' bytes sent to models in the run (base64, as on the wire): the usage figure."""
        return sum(r.sent_bytes for r in self.shelf.of_run(run_id))

    async def refusal(self) -> str:
        """Why pictures cannot go with a directive now ('' when every agent who would get
        them can see, or nobody can tell): the window shows it beside the thumbnail."""
        try:
            await self.check()
        except CannotSeeError as exc:
            return f"{exc.message}. {exc.hint}"
        return ""

    async def check(self) -> None:
        """CannotSeeError when an agent who would get a picture runs on a model that cannot see."""
        parts = self._parts
        roles = parts.settings.roles
        seers = [parts.agents.get(roles["orchestrator"]), parts.agents.get(roles["auditor"])]
        seers += parts.agents.leads(roles)
        await seeing.check(parts.providers, list({a.name: a for a in seers}.values()))
