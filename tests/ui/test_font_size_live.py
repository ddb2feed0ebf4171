"""The text size applies at once to every open view (issue 35): a size chosen in Settings
reached the transcript, the cards and the code blocks only after a restart, since an
application style sheet keeps each widget's font from when it was polished."""

from __future__ import annotations

from tests.ui.helpers import DIRECTIVE, idle, open_window, until


async def test_a_new_text_size_reaches_the_transcript_cards_code_and_input_at_once(qtbot, home):
    async with open_window(home, restore=False) as w:
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await idle(w)
        delegate = w.chat_view.chat_delegate
        before = delegate.fonts()[0].pointSizeF()
        wanted = before + 8
        w.controller.set_settings(font_size=int(wanted))

        def sizes():
            base, _bold, small, mono = delegate.fonts()
            return w.chat_view.font().pointSizeF(), base.pointSizeF(), w.compose.font().pointSizeF(), small, mono

        await until(lambda: sizes()[:3] == (wanted, wanted, wanted), what=f"the transcript and input at {wanted} pt")
        _view, _base, _compose, small, mono = sizes()
        assert small.pointSizeF() > before and mono.pointSizeF() > before * 0.88  # the cards' small text, code
        row = w.chat_view.chat_model.index(w.chat_view.chat_model.rowCount() - 1, 0)
        await until(lambda: w.chat_view.visualRect(row).height() > 0, what="the rows laid out again")
        # the application font is the process's: back to the system size for the tests after this one
        w.controller.set_settings(font_size=0)
        await until(lambda: w.chat_view.font().pointSizeF() == before, what="the system size again")
