"""The checklist's pictures for docs/screenshots/ (issue 31; tests/ui/screenshots.py calls
it): the office-move directive on the scripted team of tests/ui/checklist_support.py.
routing-checklist.png: the routing card with its checklist and, under the transcript,
the checklist while it can change (plan review holds the leads), one check added by the
Principal; review-checklist.png: the review card of the revision, the measured checklist
failed first ("words" still over its limit) and "Sent back once". With ``--looks`` also
the same in the dark theme, at 720 px and right to left (for a look, not the suite).
Alone: ``xvfb-run -a python -m tests.ui.shots.checklist_shots DIR [--looks]``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ReviewDialog
from tests.ui.checklist_support import OFFICE_MOVE, office_move
from tests.ui.helpers import items, open_window, until

SIZE = (1280, 860)
ADDED = "must say when the movers come"


async def deliverable_card(window) -> ReviewDialog:
    def card():
        active = window.reviewer.active
        return active if isinstance(active, ReviewDialog) and active.item.stage == "review" else None

    found = await until(card, 180, "the review card")
    assert isinstance(found, ReviewDialog)
    return found


async def shoot_checklist(folder: Path, home: Path, *, looks: bool = False, look: str = "") -> list[Path]:
    """The two pictures; ``looks``: again in the dark theme, 720 px wide and right to left
    (``look``: which one this pass is; its pictures are named look-*.png)."""
    from tests.ui.shots.screenshots import save_picture, scroll_to

    home.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theming.apply(app, "dark" if look == "dark" else "light")
    if look == "rtl":
        app.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    prefix = f"look-{look}-" if look else ""
    async with open_window(
        home, restore=False, plan_review=True, revise_rounds=1, theme="dark" if look == "dark" else "light"
    ) as w:
        w.resize(*((720, 860) if look == "720" else SIZE))
        w.activateWindow()  # the focus ring where the keyboard is
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=office_move, tokens_per_second=800)
        w.controller.spawn(w.controller.submit(OFFICE_MOVE))
        dock = w.checklist_dock
        await until(lambda: dock.isVisible() and dock.editor.checks, 120, "the checklist")
        plan = await until(lambda: w.reviewer.active, 120, "the task briefs' card")
        dock.editor.new_check.setText(ADDED)
        dock.editor.add_button.click()
        await until(lambda: ADDED in items(w, "routing")[-1].checklist, 60, "the added check on the card")
        scroll_to(w, items(w, "routing")[-1])
        dock.editor.new_check.setFocus()
        saved.append(await save_picture(w, folder / f"{prefix}routing-checklist.png"))
        plan.accept_button.click()
        review = await deliverable_card(w)
        scroll_to(w, items(w, "audit")[-1], QAbstractItemView.ScrollHint.PositionAtBottom)
        assert review.checklist is not None
        review.accept_button.setFocus()
        saved.append(await save_picture(w, folder / f"{prefix}review-checklist.png"))
        review.accept_button.click()
        await until(lambda: not w.controller.busy, 120, "the run to end")
    app.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    if looks and not look:
        for other in ("dark", "720", "rtl"):
            saved += await shoot_checklist(folder, home.with_name(f"{home.name}-{other}"), look=other)
    return saved


def main() -> None:
    from tests.ui.shot_main import run_standalone

    looks = "--looks" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--looks"]
    run_standalone(lambda folder, home: shoot_checklist(folder, home, looks=looks))


if __name__ == "__main__":
    main()
