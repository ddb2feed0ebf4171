"""The run timeline's pictures for docs/screenshots/ (tests/ui/shots/screenshots.py calls it):
a four-lead scripted run, then ``/trace`` in the light and the dark theme, a lead's
model call selected. Alone: ``xvfb-run -a python -m tests.ui.shots.timeline_shots DIR``."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.dialogs.timeline import TimelineDialog
from tests.ui.helpers import DIRECTIVE, open_window, until

TOKENS_PER_SECOND = 400  # the bars get lengths, the run stays short


async def shoot_timeline(folder: Path, home: Path) -> list[Path]:
    from tests.ui.shots.screenshots import four_leads, settle

    home.mkdir()
    saved = []
    app = QApplication.instance()
    async with open_window(home, restore=False) as w:
        w.resize(1280, 800)
        w.core.app.providers._cache["scripted"] = ScriptedProvider(
            script=four_leads, tokens_per_second=TOKENS_PER_SECOND
        )
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        for name, look in (("timeline.png", "light"), ("timeline-dark.png", "dark")):
            theme = theming.apply(app, look)
            w.theme = theme
            await w.controller.command("/trace")
            dialog = w.dialogs["trace"]
            assert isinstance(dialog, TimelineDialog)
            dialog.resize(1180, 700)
            chart = dialog.chart
            row = next(i for i, s in enumerate(chart.spans) if s.kind == "call" and "lead" in s.name)
            chart.select(row)
            await until(lambda d=dialog: d.isVisible())
            await settle()
            path = folder / name
            dialog.grab().save(str(path))
            saved.append(path)
        theming.apply(app, "light")
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(shoot_timeline)


if __name__ == "__main__":
    main()
