"""Citation click-through: ``[file, p. N]`` in a deliverable is a link
in the window; a click opens the cited excerpt, selectable, in a window of its own.
Exports keep the citation as text."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from aipa.core.text.render import citation_of, render, to_html
from aipa.ui.chat.citations import NOWHERE
from aipa.ui.dialogs.common import ReviewDialog
from tests.support.doc_files import make_pdf
from tests.ui.helpers import gate, idle, items, open_window, until


def test_citations_are_links_in_the_window_only() -> None:
    text = "- 4,000 euros [brief.pdf, p. 2] and [notes.md, § Venue]; not [1, 2] nor [site](https://x.org)"
    window = render(text, actions=True)[0]
    assert '<a class="citation" href="aipa-cite:brief.pdf#p.%202">[brief.pdf, p. 2]</a>' in window
    assert citation_of("aipa-cite:notes.md#%C2%A7%20Venue") == ("notes.md", "§ Venue")
    assert "[1, 2]" in window and citation_of("https://x.org") is None
    assert "aipa-cite" not in to_html(text) and "[brief.pdf, p. 2]" in to_html(text)  # exports: text


def link_point(window, item, href_start: str) -> QPoint:
    """Where in the viewport the first link starting with ``href_start`` is painted."""
    view = window.chat_view
    rect = view.visualRect(view.chat_model.index(view.row_of(item), 0))
    for y in range(0, rect.height(), 3):
        for x in range(0, rect.width(), 4):
            what, arg = view.chat_delegate.hit(item, QPoint(x, y))
            if what == "link" and arg.startswith(href_start):
                return rect.topLeft() + QPoint(x + 1, y + 1)
    raise AssertionError(f"no link {href_start}… in the card")


async def test_clicking_a_citation_opens_its_excerpt(qtbot, home, tmp_path):
    pdf = make_pdf(tmp_path / "brief.pdf", ["Offsite brief", "The venue budget is 4,000 euros for three nights."])
    md = tmp_path / "notes.md"
    md.write_text("# Venue\nLakeside Lodge sleeps 14 and has a sauna.\n", encoding="utf-8")
    async with open_window(home, scenario="docs") as w:
        session = w.core.sessions.create("Offsite material")
        report = await w.core.material.attach(session, [pdf, md])
        assert not report.errors
        await w.controller.sessions.switch(session)
        qtbot.keyClicks(w.compose, "What budget and venue does the material give?")
        qtbot.keyClick(w.compose, Qt.Key.Key_Return)
        review = await gate(w, ReviewDialog, timeout=60)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        deliverable = items(w, "deliverable")[-1]
        assert "[brief.pdf, p. 2]" in deliverable.content and "[notes.md, § Venue]" in deliverable.content
        index = w.chat_view.chat_model.index(w.chat_view.row_of(deliverable), 0)
        w.chat_view.scrollTo(index)
        await until(lambda: w.chat_view.visualRect(index).y() >= 0, what="the deliverable in view")
        at = link_point(w, deliverable, "aipa-cite:brief.pdf#p.%202")
        qtbot.mouseClick(w.chat_view.viewport(), Qt.MouseButton.LeftButton, pos=at)
        dialog = await until(lambda: w.dialogs.get("excerpt"), what="the excerpt window")
        assert dialog.isVisible() and dialog.windowTitle() == "Excerpt · brief.pdf, p. 2"
        assert "4,000 euros for three nights" in dialog.text.toPlainText()
        flags = dialog.text.textInteractionFlags()
        assert dialog.text.isReadOnly() and flags & Qt.TextInteractionFlag.TextSelectableByMouse
        dialog.text.selectAll()
        assert "4,000 euros" in dialog.text.textCursor().selectedText()

        at = link_point(w, deliverable, "aipa-cite:notes.md#")
        qtbot.mouseClick(w.chat_view.viewport(), Qt.MouseButton.LeftButton, pos=at)
        second = await until(lambda: w.dialogs.get("excerpt") if w.dialogs.get("excerpt") is not dialog else None)
        assert "Lakeside Lodge sleeps 14" in second.text.toPlainText()
        assert not dialog.isVisible()  # one excerpt window at a time

        w.opener.citation("aipa-cite:brief.pdf#p.%209")  # a citation that points nowhere says so
        nowhere = w.dialogs["excerpt"]
        assert not nowhere.text.isVisible() and NOWHERE in nowhere.head.text()
