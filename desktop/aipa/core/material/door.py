"""The material's door (``core.material``): the Principal's documents attached to a
session (checked and converted in a worker thread), the folder granted to it, the
excerpt a citation points at, and the Test of one MCP server entry."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.core.material.mcp_probe import Probe
    from aipa.core.parts import Parts


class MaterialDoor:
    """The documents library and granted folders of ``parts`` (``core.material.attach(...)``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    async def attach(self, session_id: str, paths, progress=None):
        """Attach files to a session (converted in a worker thread; ``progress(name, done, total)``).
        Returns an ``AttachReport``: what was attached, and a one-line error per file that was not."""
        return await self._parts.library().attach(session_id, paths, progress)

    async def prepare(self, path, progress=None):
        """Check and convert one file now (in a worker thread; ``progress(name, done, total)``
        is called from that thread) and keep its text, attached to no session yet: the
        window does this when a file is dropped, and ``attach`` at send finds it converted.
        Raises DocumentError (a one-line message and a hint)."""
        return await self._parts.library().prepare(path, progress)

    def documents(self, session_id: str) -> list:
        return self._parts.library().documents(session_id)

    def excerpt(self, session_id: str, name: str, place: str) -> str:
        """The text a citation ``[name, place]`` in a deliverable points at: an attached document's
        excerpt or a granted folder's file part ('' when it points nowhere)."""
        return "\n\n".join(e.text for e in self._parts.material().at(session_id, name, place))

    async def check_folder(self, path) -> tuple[int, str]:
        """(files, warning line or '') of a folder that may be granted, walked in a worker
        thread (a folder of 100,000 files takes a while). Raises FolderError."""
        from aipa.core.material.folder import GrantedFolder

        folder = await asyncio.to_thread(GrantedFolder, path)
        walk = await asyncio.to_thread(folder.walk)
        return len(walk.files), folder.notice()

    async def grant(self, session_id: str, path) -> str:
        """``grant_folder`` without blocking: the folder is walked in a worker thread.
        Returns a warning line or ''; raises FolderError."""
        from aipa.core.material.folder import grant

        _files, notice = await self.check_folder(path)
        grant(self._parts.store, session_id, path)
        return notice

    def grant_folder(self, session_id: str, path) -> str:
        """Grant one folder to the session (read-only for the team); returns a warning line or ''.
        Raises FolderError (a one-line message and a hint) when it is not a folder."""
        from aipa.core.material.folder import grant

        return grant(self._parts.store, session_id, path).notice()

    async def probe_mcp_server(self, entry: dict, timeout: float | None = None) -> Probe:
        """Start one MCP server entry and list its tools (Settings' Test): a ``Probe``."""
        from aipa.core.material.mcp_probe import PROBE_TIMEOUT, probe

        return await probe(entry, timeout or PROBE_TIMEOUT)
