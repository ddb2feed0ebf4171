"""Pictures of the window's states for docs/screenshots/, taken from the real window on
the scripted provider: ``python -m tests.ui.shots.screenshots [FOLDER]``, on a real X server
(``make screenshots`` runs it under Xvfb) or offscreen. The states worth
seeing: the welcome state, the model picker open, four leads streaming (and their
rolling thinking windows), a lead card with its workers, the inline review card, a
clarify card (and one left with Later), a finished run, a long code block at 720 px, the dark theme."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor, QPainter
from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.providers import scripted
from aipa.providers.scripted import ScriptedProvider, demo_script
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until

ROOT = Path(__file__).resolve().parents[3]
SIZE = (1280, 860)
TOKENS_PER_SECOND = 30  # slow enough to catch the leads at work

# What a lead that thinks aloud writes before its report (the demo's leads do not
# think): long enough for the rolling window to roll.
LEAD_THOUGHT = (
    "The brief is {title}. {agent} starts from what the Principal asked for: {topic}. "
    "First list what is fixed: twelve people, three days, a budget nobody has stated yet. "
    "Then what varies: distance from the office, the kind of place, the season, how much "
    "of the time is work and how much is rest. Venues within two hours by train keep the "
    "travel day short. A lodge sleeps everyone under one roof, which matters for the "
    "evenings; a city hotel is easier to reach but scatters the team. Prices swing with "
    "the season, so the comparison has to name the month. Two parts of this can run on "
    "their own: the survey of options and the check of prices and availability. Each "
    "gets a worker, and the recommendation weighs what both bring back."
)


def use_this_checkout() -> None:
    """Style from this checkout's resources/ (an editable install may point at another)."""
    if (ROOT / "resources" / "style.qss").is_file():
        theming.resource_path = lambda name: ROOT / "resources" / name


def grab_with_popup(window, popup):
    """The window's picture with ``popup`` (a separate top-level) painted where it shows."""
    image = window.grab().toImage()
    painter = QPainter(image)
    painter.drawPixmap(window.mapFromGlobal(popup.mapToGlobal(QPoint(0, 0))), popup.grab())
    painter.end()
    return image


def four_leads(request):
    """The demo, with every lead briefed (the demo itself briefs three)."""
    if request.purpose == "route" and request.json_schema is not None:
        routed = json.loads(demo_script(request))
        if routed.get("mode") == "delegate":
            leads = scripted._leads(request)[:4]
            topic = scripted._topic(request)
            routed["briefs"] = [
                {"agent": name, "title": scripted._ANGLES[i][0], "instructions": f"{scripted._ANGLES[i][1]} {topic}"}
                for i, name in enumerate(leads)
            ]
            routed["message"] = f"Delegating to {', '.join(leads)}."
            return json.dumps(routed, indent=2)
    return demo_script(request)


def thinking_leads(original):
    def thinking(request):
        if request.purpose == "lead":
            tags = request.tags
            return LEAD_THOUGHT.format(
                title=tags.get("title", "the brief").lower(), agent=tags.get("agent", "The lead"), topic=DIRECTIVE
            )
        return original(request)

    return thinking


def scroll_to(window, item, hint=QAbstractItemView.ScrollHint.PositionAtTop) -> None:
    view = window.chat_view
    view._follow = False
    view.doItemsLayout()
    view.scrollTo(view.chat_model.index(view.row_of(item), 0), hint)
    view.viewport().repaint()


async def settle() -> None:
    """Let pending layouts and paints run."""
    for _ in range(5):
        await asyncio.sleep(0.02)


async def save_picture(window, path: Path, image=None) -> Path:
    """The window's picture (or ``image``) as ``path``, without hover effects."""
    QCursor.setPos(window.screen().geometry().bottomRight())
    await settle()
    (image if image is not None else window.grab()).save(str(path))
    return path


async def shoot(folder: Path) -> list[Path]:
    app = QApplication.instance()
    saved: list[Path] = []

    async def save(window, name: str, image=None) -> None:
        QCursor.setPos(window.screen().geometry().bottomRight())  # no hover effects in the picture
        await settle()
        path = folder / name
        (image if image is not None else window.grab()).save(str(path))
        saved.append(path)

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        theming.apply(app, "light")
        async with open_window(home, restore=False) as w:
            w.resize(*SIZE)
            await until(lambda: w.controller.connection.state[0] != "unknown")
            await save(w, "welcome.png")
            await w.model_picker.open()
            popup = w.model_picker.popup
            await save(w, "model-picker.png", grab_with_popup(w, popup) if popup.isWindow() else w.grab())
            w.model_picker.popup.hide()
            w.resize(720, 500)
            await until(lambda: w.split.width() == 720)
            await save(w, "narrow-720.png")
            w.resize(*SIZE)

            # a run: four leads at work, then the review card, then the finished run
            original = scripted._thinking_for
            scripted._thinking_for = thinking_leads(original)
            try:
                w.core.app.providers._cache["scripted"] = ScriptedProvider(
                    script=four_leads, tokens_per_second=TOKENS_PER_SECOND
                )
                w.controller.spawn(w.controller.submit(DIRECTIVE))

                def leads(state: str) -> list:
                    return [t for t in items(w, "task") if t.status == state]

                await until(lambda: len(leads("thinking")) >= 4 and len(leads("thinking")[0].thinking) > 400, 120)
                scroll_to(w, items(w, "task")[0])
                await save(w, "thinking-rolling.png")
                await until(
                    lambda: len(leads("streaming")) >= 4 and min(len(t.content) for t in leads("streaming")) > 190, 120
                )
                scroll_to(w, items(w, "task")[0])
                await save(w, "leads-streaming.png")
                atlas = next(t for t in items(w, "task") if t.agent == "Atlas")
                await until(
                    lambda: any(x.state == "working" for x in atlas.workers) and atlas.workers[0].state == "done", 120
                )
                scroll_to(w, atlas)
                await save(w, "lead-workers.png")
                review = await gate(w, ReviewDialog, timeout=180)
                await save(w, "inline-review.png")
                review.accept_button.click()
                await idle(w, timeout=120)
            finally:
                scripted._thinking_for = original
            scroll_to(w, items(w, "directive")[0])  # the run from its start: leads folded, the deliverable
            await save(w, "finished-run.png")
            w.core.config.source.update(theme="dark")
            scroll_to(w, items(w, "directive")[0])
            await save(w, "dark.png")
            w.core.config.source.update(theme="light")
            w.resize(720, 860)
            await until(lambda: w.split.width() == 720)
            deliverable = items(w, "deliverable")[-1]
            scroll_to(w, deliverable, QAbstractItemView.ScrollHint.PositionAtBottom)
            await save(w, "code-block-720.png")

        clarify_home = Path(tmp) / "clarify"
        clarify_home.mkdir()
        async with open_window(clarify_home, restore=False) as w:
            w.resize(*SIZE)
            w.controller.spawn(w.controller.submit("Offsite"))
            await gate(w, ClarifyDialog)
            await save(w, "clarify-card.png")
        saved += await shoot_debug(folder, Path(tmp) / "debug-home")
        from tests.ui.shots.timeline_shots import shoot_timeline  # a run as a timeline, both themes

        saved += await shoot_timeline(folder, Path(tmp) / "timeline-home")
        from tests.ui.shots.revision_shots import shoot_revisions  # the ‹ 2/2 › switcher, the compare view

        saved += await shoot_revisions(folder, Path(tmp) / "revisions-home")
        from tests.ui.shots.checklist_shots import shoot_checklist  # the routing and review cards' checklists

        saved += await shoot_checklist(folder, Path(tmp) / "checklist-home")
        from tests.ui.shots.later_shots import shoot_later  # a card left with Later, a re-run's summary

        saved += await shoot_later(folder, Path(tmp) / "later-home")
    from tests.ui.shots.material_shots import shoot_material  # attachments, MCP permission, citations

    saved += await shoot_material(folder)
    from tests.ui.shots.picture_shots import shoot_pictures  # a pasted picture, the sent directive, a refusal

    saved += await shoot_pictures(folder)
    from tests.ui.shots.session_shots import shoot_sessions  # the Trash, search snippets, the MCP page

    saved += await shoot_sessions(folder)
    from tests.ui.shots.inbox_shots import shoot_inbox, shoot_queued  # a scheduled run waiting for review, in line

    saved += await shoot_inbox(folder)
    saved += await shoot_queued(folder)
    from tests.ui.shots.api_shots import shoot_api  # Settings → Local API, serving

    saved += await shoot_api(folder)
    from tests.ui.shots.data_shots import shoot_data  # Settings → Data: the backups, restore, the archive

    saved += await shoot_data(folder)
    from tests.ui.shots.recruiter_shots import shoot_recruiter  # the recruiter's proposal, inline

    saved += await shoot_recruiter(folder)

    from tests.ui.shots.edges_shots import shoot_edges  # an auth failure's message, the reading estimate

    with tempfile.TemporaryDirectory() as tmp:
        saved += await shoot_edges(folder, Path(tmp) / "edges-home")

    from tests.ui.shots.translation_shots import shoot_translations  # German, Chinese, Hebrew (right to left)

    saved += await shoot_translations(folder)
    return saved


async def shoot_debug(folder: Path, home: Path) -> list[Path]:
    """``/debug`` after a finished run: the raw routing reply, as the model sent it."""
    home.mkdir()
    async with open_window(home, restore=False) as w:
        w.resize(1280, 800)
        w.reviewer.auto = True
        await w.controller.submit(DIRECTIVE)
        await w.controller.command("/debug")
        dialog = w.dialogs["debug"]
        dialog.resize(1100, 640)
        dialog.list.setCurrentRow(0)
        await until(lambda: dialog.text.toPlainText())
        path = folder / "debug.png"
        dialog.grab().save(str(path))
    return [path]


def main() -> None:
    from tests.ui.shots.shot_main import run_standalone

    run_standalone(lambda folder, _home: shoot(folder))


if __name__ == "__main__":
    main()
