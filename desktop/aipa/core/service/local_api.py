"""The local OpenAI-compatible endpoint run by the window while it is open (Settings →
Local API; off by default, ``serve_enabled``): the same endpoint as ``aipa serve``
(core/service/endpoint.py) on the window's event loop. ``sync`` starts, restarts or
stops it to match the settings; it binds 127.0.0.1 unless ``serve_allow_remote``. Its
token is the facade's (``Core.service.token``), asked at each request, so a token made
anew in Settings is the one in force at once. Built by the window, not the facade: the
desk it serves through stands on the facade."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from aipa import errors

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.core.service.endpoint import Endpoint

log = logging.getLogger("aipa.serve")


class LocalApi:
    """One per window. ``problem``: why it is not serving though
    enabled (a port in use, no keyring), '' otherwise; ``warning``: a remote bind's."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.endpoint: Endpoint | None = None
        self.bound: tuple[str, int] | None = None  # (host, port) it serves on
        self.problem = ""
        self.warning = ""

    @property
    def running(self) -> bool:
        return self.endpoint is not None

    @property
    def url(self) -> str:
        if self.endpoint is None:
            return ""
        host = self.endpoint.host if ":" not in self.endpoint.host else f"[{self.endpoint.host}]"
        return f"http://{host}:{self.endpoint.port}/v1"

    async def sync(self) -> None:
        """Serve when ``serve_enabled``, on the host and port the settings name; a change
        of either restarts it; disabled, it stops. A failure is kept in ``problem``."""
        s = self.core.config.settings
        wanted = (s.serve_host, s.serve_port) if s.serve_enabled else None
        if wanted == self.bound and (wanted is None or self.running):
            return
        await self.stop()
        if wanted is None:
            return
        from aipa.core.service.desk import Desk
        from aipa.core.service.endpoint import Endpoint, check_bind

        try:
            self.warning = check_bind(s.serve_host, s.serve_allow_remote)
            self.core.service.token()  # made (and kept) now: a keyring problem is said here
            endpoint = Endpoint(
                Desk(self.core, transport="api"),
                lambda: self.core.service.token()[0],
                host=s.serve_host,
                port=s.serve_port,
                max_runs=lambda: self.core.config.settings.serve_max_runs,
                accepting=lambda: list(self.core.config.settings.serve_accept_review),
            )
            await endpoint.start()
        except errors.AipaError as exc:
            self.problem = exc.message
            return
        except OSError as exc:
            self.problem = f"cannot listen on {s.serve_host}:{s.serve_port}: {exc.strerror or exc}"
            return
        self.endpoint, self.bound = endpoint, wanted
        log.info("the local API serves on %s", self.url)

    async def stop(self) -> None:
        self.problem = ""
        self.bound = None
        endpoint, self.endpoint = self.endpoint, None
        if endpoint is not None and endpoint.server is not None:
            # The listening socket closes now; a request in flight finishes on its own
            # connection (waiting for it here would hold up Settings for a whole run).
            endpoint.server.close()
