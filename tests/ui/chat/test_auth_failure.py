"""A run refused on authentication (issue 35): each lead's card, the run's notice and the
connection banner say the server's own message and what to do, never the key."""

from __future__ import annotations

from aipa.providers.scripted import ScriptedProvider
from tests.ui.helpers import DIRECTIVE, items, open_window, until
from tests.ui.shots.edges_shots import FAKE_KEY, refused


async def test_an_auth_failure_shows_the_servers_message_and_what_to_do_without_the_key(qtbot, home):
    async with open_window(home, restore=False) as w:
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=refused, tokens_per_second=400)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await until(lambda: w.controller.connection.state[0] == "error", what="the banner")
        leads = [i for i in items(w) if "authentication failed" in i.content]
        assert leads, [i.content for i in items(w)]
        for item in leads:
            assert "(HTTP 401): invalid x-api-key [redacted]" in item.content
            assert "Settings → Providers" in item.content
        banner = w.controller.connection.state[1]
        assert "invalid x-api-key [redacted]" in banner and "Settings → Providers" in banner
        shown = "\n".join(i.content for i in items(w)) + banner
        assert FAKE_KEY not in shown
