"""Issue 35's pictures for docs/screenshots/ (tests/ui/shots/screenshots.py calls it):
auth-failure.png, a lead refused on authentication, its card with the server's own
message (the key redacted) and what to do; reading-estimate.png, the leads reading their
prompts with "N s of about M s" from the rate the routing call measured on this engine.
Alone: ``xvfb-run -a python -m tests.ui.shots.edges_shots DIR``.

The provider is the scripted one (no model here); for the estimate it waits before its
first token as a slow engine reading its prompt would (20 tokens a second), so the rate
the window shows is the one it measured, not a number put in."""

from __future__ import annotations

import asyncio
from pathlib import Path

from aipa import errors
from aipa.providers.context import request_tokens
from aipa.providers.scripted import ScriptedProvider
from tests.ui.helpers import DIRECTIVE, items, open_window, until

FAKE_KEY = "sk-ant-api03-" + "x" * 40  # shaped like a key: the redaction must hide it
READ_RATE = 20.0  # tokens a second, a small CPU reading a prompt


def refused(request):
    from tests.ui.shots.screenshots import four_leads

    if request.purpose == "lead":
        raise errors.AuthError(
            f"anthropic: 127.0.0.1:4000 refused the API key (HTTP 401): invalid x-api-key {FAKE_KEY}",
            "set the key for this profile in Settings → Providers, or `aipa keys set PROFILE`",
        )
    return four_leads(request)


class SlowReader(ScriptedProvider):
    """Reads each prompt at ``READ_RATE`` before its first token, as a CPU engine does."""

    async def stream(self, request):
        await asyncio.sleep(request_tokens(request) / READ_RATE)
        async for event in super().stream(request):
            yield event


async def shoot_edges(folder: Path, home: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, save_picture

    home.mkdir()
    saved = []
    async with open_window(home, restore=False) as w:
        w.resize(*SIZE)
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=refused, tokens_per_second=400)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await until(lambda: any("invalid x-api-key" in (i.content + i.live) for i in items(w)), what="the refusal")
        shown = "\n".join(i.content for i in items(w))
        assert FAKE_KEY not in shown, "the key is redacted"
        saved.append(await save_picture(w, folder / "auth-failure.png"))

    async with open_window(home.parent / "home-reading", restore=False) as w:
        w.resize(*SIZE)
        from tests.ui.shots.screenshots import four_leads

        w.core.app.providers._cache["scripted"] = SlowReader(script=four_leads, tokens_per_second=60)
        w.reviewer.auto = True
        run = asyncio.ensure_future(w.controller.submit(DIRECTIVE))
        await until(lambda: any(" of about " in i.live for i in items(w)), timeout=180, what="an estimate")
        await until(lambda: any(" 3 s of about " in i.live for i in items(w)), timeout=60, what="3 s in")
        saved.append(await save_picture(w, folder / "reading-estimate.png"))
        await w.controller.stop()
        await asyncio.gather(run, return_exceptions=True)
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(shoot_edges)


if __name__ == "__main__":
    main()
