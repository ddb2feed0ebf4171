"""The revisions' pictures for docs/screenshots/ (issue 23; tests/ui/shots/screenshots.py calls
it): a four-lead scripted run whose synthesis is re-run with feedback, the window showing
the second revision with its ‹ 2/2 › switcher (revisions.png), and the compare view of the
two deliverables in the light and the dark theme (compare.png, compare-dark.png). Alone:
``xvfb-run -a python -m tests.ui.shots.revision_shots DIR``."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.dialogs.compare import CompareDialog
from tests.ui.helpers import DIRECTIVE, idle, items, open_window, until

# what the re-run synthesis changes (the demo's synthesis only adds a line for feedback)
REVISED = (
    (
        "The team converged on a phased plan: research first, logistics second,",
        "The team settled on a two-phase plan: venues first, travel and bookings second,",
    ),
    (
        "| 1. Options | Atlas | Short list with trade-offs |",
        "| 1. Venues | Atlas | Lake Reeve lodge, with two fallbacks |",
    ),
    ("1. Approve the short list.", "1. Approve the lodge at Lake Reeve (14–16 May)."),
)


def revising(request):
    from tests.ui.shots.screenshots import four_leads

    text = four_leads(request)
    if request.purpose == "synthesize" and request.tags.get("feedback"):
        for old, new in REVISED:
            text = text.replace(old, new)
    return text


async def shoot_revisions(folder: Path, home: Path) -> list[Path]:
    from tests.ui.shots.screenshots import scroll_to, settle

    home.mkdir()
    saved = []
    app = QApplication.instance()
    theming.apply(app, "light")
    async with open_window(home, restore=False) as w:
        w.resize(1280, 860)
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=revising, tokens_per_second=400)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        await w.controller.rerun(first, stage="synthesize", feedback=("Name the venue and the dates.",))
        await idle(w)
        second = w.controller.run_id
        deliverable = next(i for i in items(w, "deliverable") if i.run_id == second)
        bar = await until(lambda: w.revisions.bars.get(deliverable.uid), what="the switcher")
        QCursor.setPos(w.screen().geometry().bottomRight())  # no hover effects in the picture
        scroll_to(w, deliverable, QAbstractItemView.ScrollHint.PositionAtTop)
        w.chat_view.verticalScrollBar().setValue(max(0, w.chat_view.verticalScrollBar().value() - 180))
        bar.previous.setFocus()  # the keyboard's place: the focus ring on "Previous revision"
        await settle()
        path = folder / "revisions.png"
        w.grab().save(str(path))
        saved.append(path)
        for name, look in (("compare.png", "light"), ("compare-dark.png", "dark")):
            theme = theming.apply(app, look)
            w.theme = theme
            w.revisions.compare(second)
            dialog = w.dialogs["compare"]
            assert isinstance(dialog, CompareDialog)
            await until(lambda d=dialog: d.isVisible())
            await settle()
            path = folder / name
            dialog.grab().save(str(path))
            saved.append(path)
            dialog.close()
        theming.apply(app, "light")
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(shoot_revisions)


if __name__ == "__main__":
    main()
