"""The service's door (``core.service``): the scheduled directives and the Inbox, the
runs that wait for their local model (the queue), and the local endpoint's bearer token
(kept in the keyring)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aipa.core.parts import Parts
    from aipa.core.service.queue import Waiting
    from aipa.core.service.schedule import Scheduler


class ServiceDoor:
    """What the service runs on ``parts`` (``core.service.schedules().due()``)."""

    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self._token: tuple[str, str] | None = None

    def schedules(self, now: Callable[[], datetime] | None = None) -> Scheduler:
        """Scheduled directives and the Inbox (core/service/schedule.py); ``now``: the clock."""
        from aipa.core.service.schedule import Scheduler

        return Scheduler(self._parts, now)

    def waiting(self) -> list[Waiting]:
        """The runs of this process that wait for their local model (core/service/queue.py)."""
        return self._parts.queue.waiting()

    def on_queue(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` when a run starts or stops waiting for its model; returns
        what unsubscribes it."""
        return self._parts.queue.subscribe(listener)

    def token(self) -> tuple[str, str]:
        """The endpoint's bearer token and where it is kept (made at first use, kept in
        the keyring; "this start only" without one). Read from the keyring once, then
        from memory: the window's endpoint asks at every request."""
        from aipa.core.service import token

        if self._token is None:
            self._token = token.ensure()
        return self._token

    def new_token(self) -> str:
        """A new endpoint token in the keyring; the old one is refused from now on."""
        from aipa.core.service import token

        value = token.regenerate()
        self._token = (value, "keyring")
        return value
