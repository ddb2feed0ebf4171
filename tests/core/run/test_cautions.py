"""A provider's caution (the context size is a guess) becomes one warning Notice per run,
however many calls the run makes: the pipeline end to end on the scripted provider (whose
every stream says the caution first, as a provider that guessed its size does) and a real
SQLite file."""

from __future__ import annotations

from aipa.app import Override, build
from aipa.core import events as ev
from aipa.core.config.paths import Paths
from aipa.core.kinds import Level, NoticeKind
from aipa.core.run.reviewer import AutoReviewer
from aipa.providers.scripted import ScriptedProvider, demo_script
from aipa.providers.window_probe import guess_caution

DIRECTIVE = "Plan a three-day offsite for a 12-person team"
GUESS = "context size of demo at http://127.0.0.1:4000 is unknown; assuming 8,192 tokens — set `context` in the profile"
CAUTION = guess_caution("demo", "http://127.0.0.1:4000")


class Guessing(ScriptedProvider):
    async def stream(self, request):
        yield CAUTION
        async for event in super().stream(request):
            yield event


async def test_the_caution_is_told_once_per_run(tmp_path):
    app = build(Override("scripted"), Paths(tmp_path / "home"))
    try:
        provider = Guessing(script=demo_script, think=False)
        app.providers._cache["scripted"] = provider
        for _ in range(2):
            seen: list = []
            result = await app.pipeline(AutoReviewer(), seen.append).run(DIRECTIVE)
            notices = [e for e in seen if isinstance(e, ev.Notice) and e.text == GUESS]
            assert len(provider.calls) > 3 and result.verdict
            assert [(n.run_id, n.level) for n in notices] == [(result.run_id, Level.WARNING)]
            assert (notices[0].kind, notices[0].fields) == (NoticeKind.CONTEXT_GUESSED, CAUTION.fields)
    finally:
        app.store.close()
