"""Issue 35's pictures for docs/screenshots/ (tests/ui/shots/screenshots.py calls it): a
clarify card left with Later, its questions kept in the transcript and in the Inbox with
Answer now (later-card.png), and a re-run's revision with its summary at the top: the
leads run again, the report kept, the new feedback (rerun-revision.png). Alone:
``xvfb-run -a python -m tests.ui.shots.later_shots DIR``."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ClarifyDialog
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until


async def shoot_later(folder: Path, home: Path) -> list[Path]:
    from tests.ui.shots.screenshots import SIZE, four_leads, save_picture, scroll_to

    theming.apply(QApplication.instance(), "light")
    saved = []
    home.mkdir()
    async with open_window(home, restore=False) as w:
        w.resize(*SIZE)
        w.controller.spawn(w.controller.submit("Offsite"))
        dialog = await gate(w, ClarifyDialog)
        dialog.later_button.click()
        await idle(w)
        card = await until(lambda: (items(w, "questions") or [None])[-1], what="the Later card")
        await until(lambda: w.inbox_questions.entries, what="the Inbox's questions")
        scroll_to(w, card, QAbstractItemView.ScrollHint.PositionAtBottom)
        view = w.chat_view
        view.setFocus(Qt.FocusReason.OtherFocusReason)  # the keyboard's place: the card, Enter answers
        view.setCurrentIndex(view.chat_model.index(view.row_of(card), 0))
        saved.append(await save_picture(w, folder / "later-card.png"))
    rerun_home = home.parent / f"{home.name}-rerun"
    rerun_home.mkdir()
    async with open_window(rerun_home, restore=False) as w:
        w.resize(*SIZE)
        w.core.app.providers._cache["scripted"] = ScriptedProvider(script=four_leads, tokens_per_second=400)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        first = w.controller.run_id
        leads = [t.assigned_to for t in w.core.runs.tasks(first)]
        feedback = ("Price every option for March, with the train fares.",)
        await w.controller.rerun(first, leads=tuple(leads[:2]), feedback=feedback)
        await idle(w)
        line = await until(lambda: w.chat_model.find(f"rerun:{w.controller.run_id}"), what="the summary")
        await until(lambda: not w.chat_view.isRowHidden(w.chat_view.row_of(line)), what="the re-run shown")
        scroll_to(w, line, QAbstractItemView.ScrollHint.PositionAtTop)
        bar = w.chat_view.verticalScrollBar()
        bar.setValue(max(0, bar.value() - 120))  # its directive above it
        saved.append(await save_picture(w, folder / "rerun-revision.png"))
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, home: shoot_later(folder, home))


if __name__ == "__main__":
    main()
