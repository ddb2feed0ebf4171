"""Pictures of the Principal's material in the window, for docs/screenshots/ (part of the
screenshot suite, tests/ui/shots/screenshots.py): attachment chips, the MCP permission card,
a lead's card with the call and its result, a citation's excerpt. The real window,
offscreen, scripted ``docs`` scenario, the real MCP test server.

    python -m tests.ui.shots.material_shots [FOLDER]
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.dialogs.tool_call import ToolCallCard
from tests.support.doc_files import make_encrypted_pdf, make_pdf
from tests.ui.helpers import gate, idle, items, until
from tests.ui.material_support import material_window


async def _tool_card(w, besides=None):
    return await until(
        lambda: (
            w.reviewer.active
            if isinstance(w.reviewer.active, ToolCallCard) and w.reviewer.active is not besides
            else None
        ),
        60,
        "a tool card",
    )


async def shoot_material(folder: Path) -> list[Path]:
    saved: list[Path] = []

    def save(image, name: str) -> None:
        path = folder / name
        image.save(str(path))
        saved.append(path)

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        home = tmp_path / "home"
        home.mkdir()
        pdf = make_pdf(
            tmp_path / "offsite-brief.pdf",
            ["Offsite brief", "The venue budget is 4,000 euros for three nights.", "Day two is for workshops."],
        )
        md = tmp_path / "notes.md"
        md.write_text("# Venues\nLakeside Lodge sleeps 14 and has a sauna.\n", encoding="utf-8")
        locked = make_encrypted_pdf(tmp_path / "contract.pdf", pdf)
        theming.apply(QApplication.instance(), "light")
        async with material_window(home, tmp_path / "notes.txt", restore=False) as w:
            w.resize(1280, 800)
            material = w.controller.material
            material.add([pdf, md, locked])
            await until(lambda: not material.pending(), 120, "the conversions")
            w.compose.setPlainText("Check the venue against the budget in the brief")
            await until(lambda: w.attachment_bar.isVisible())
            save(w.grab(), "attachments.png")
            w.send_button.click()
            first = await _tool_card(w)
            save(w.grab(), "mcp-permission.png")
            first.session_button.click()
            second = await _tool_card(w, first)
            second.once_button.click()
            review = await gate(w, ReviewDialog, timeout=60)
            atlas = next(i for i in items(w, "task") if i.agent == "Atlas")
            view = w.chat_view
            row = view.row_of(atlas)
            if atlas.collapsed:
                view.toggle_fold(row)
            view.scrollTo(view.chat_model.index(row, 0), view.ScrollHint.PositionAtTop)
            await asyncio.sleep(0)
            save(w.grab(), "mcp-call-in-lead-card.png")
            review.accept_button.click()
            await idle(w)
            w.opener.citation("aipa-cite:offsite-brief.pdf#p.%202")
            dialog = w.dialogs["excerpt"]
            dialog.resize(620, 300)
            await until(lambda: dialog.isVisible())
            save(dialog.grab(), "citation-excerpt.png")
    return saved


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot_material(folder))


if __name__ == "__main__":
    main()
