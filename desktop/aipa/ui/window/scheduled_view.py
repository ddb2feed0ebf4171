"""A scheduled run drawn live in the open window (issue 35): the schedule timer's runs
report their events here (``ScheduleTimer.on_event``), and while the run's session is
the one on screen (the Principal opened it from the Inbox while it runs) each event goes
through the window's run presenter, as the Principal's own runs do: the leads stream,
the cards fill in. Another session on screen: nothing is drawn (its transcript, read
from the store when opened, has it all)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from aipa.core import events as ev

if TYPE_CHECKING:
    from aipa.ui.chat.controller import Controller

log = logging.getLogger("aipa.ui.scheduled")


class ScheduledView:
    """The event sink of the window's scheduled runs."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.sessions: dict[str, str] = {}  # run id -> its session

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.RunStarted):
            self.sessions[event.run_id] = event.session_id
        session = self.sessions.get(getattr(event, "run_id", ""))
        c = self.controller
        if session is None or session != c.session_id:
            return
        try:
            c.presenter.apply(event)
        except Exception:  # a view bug must never break a run
            log.exception("could not draw the scheduled run's event %r", type(event).__name__)
        if isinstance(event, (ev.RunFinished, ev.RunSuspended, ev.RunFailed)):
            self.sessions.pop(event.run_id, None)
