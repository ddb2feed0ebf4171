"""A headless ``aipa run`` leaves its standing-brief update pending; the
window's next start performs it in the background."""

from aipa.core.run.reviewer import AutoReviewer
from aipa.core.session import closing
from tests.ui.helpers import DIRECTIVE, make_app, open_window, until


async def test_window_start_performs_the_update_a_headless_run_left(qtbot, home):
    app = make_app(home)
    result = await app.pipeline(AutoReviewer()).run(DIRECTIVE)
    closing.mark_pending(app.store, result.session_id, True)  # what `aipa run` does at its end
    await app.aclose()
    async with open_window(home, restore=False) as w:
        await until(lambda: w.core.app.store.get_session(result.session_id).closed_at is not None, what="the update")
        await until(lambda: not w.controller._background, what="the update to settle")
        assert closing.pending(w.core.app.store) == []
        purposes = [c.purpose for c in w.core.app.providers.get("scripted").calls]
        assert purposes == ["memory"]
