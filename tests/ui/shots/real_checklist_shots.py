"""The checklist's pictures on the REAL model (issue 31, Must show): the office-move
directive with the whole team on the small test model through llama.cpp (one slot, the
given threads), plan review on so the leads wait while the routing card and the
checklist under the transcript are shown (a check added by the Principal), then the
review card with the measured checklist, failed first, after at most one revision.
What the model writes is its own: the pictures show whatever it met or missed.

    flock /tmp/aipa-llm.lock python -m tests.ui.shots.real_checklist_shots [FOLDER] [THREADS]

(``QT_QPA_PLATFORM=offscreen`` or under Xvfb; ``AIPA_TEST_MODEL`` picks the family,
SmolLM2 by default.) Writes real-routing-checklist.png and real-review-checklist.png;
``make real-shots`` runs it after the other real-model pictures."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QAbstractItemView, QApplication

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.ui import theme as theming
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.event_loop import qasync_loop
from aipa.ui.window.main_window import MainWindow
from tests.support import model as test_model
from tests.support.llama_server import start_llama_server
from tests.ui.checklist_support import OFFICE_MOVE
from tests.ui.helpers import close_window, items, until, write_settings
from tests.ui.shots.screenshots import save_picture, scroll_to, use_this_checkout

ADDED = "must say when the movers come"
RUN_TIMEOUT = 900.0
SIZE = (1280, 860)


async def shoot(folder: Path, home: Path, threads: int = 2) -> list[Path]:
    saved: list[Path] = []
    with start_llama_server(test_model.model_path(), n_ctx=8192, n_parallel=1, threads=threads) as server:
        write_settings(
            home,
            provider="openai-compatible",
            base_url=server.base_url,
            plan_review=True,
            revise_rounds=1,
            route_max_tokens=192,  # (a 135M model's routing can run on to the cap: minutes on a CPU)
            lead_max_tokens=96,
            synthesis_max_tokens=160,
            audit_max_tokens=160,
            max_parallel_leads=1,
            theme="light",
        )
        w = MainWindow(build(Override(), Paths(home)).core)
        w.show()
        await w.start(restore=False)
        try:
            w.resize(*SIZE)
            w.controller.spawn(w.controller.submit(OFFICE_MOVE))
            await until(lambda: w.controller.busy, 60, "the run to start")
            saved += await _routing(w, folder)
            saved += await _review(w, folder)
        finally:
            await close_window(w)
    return saved


async def _routing(w, folder: Path) -> list[Path]:
    """The checklist the moment it is set (with plan review the leads wait for the briefs'
    card; a model that answers directly goes on, and the picture is taken at once)."""
    dock = w.checklist_dock
    await until(lambda: (dock.isVisible() and dock.editor.checks) or not w.controller.busy, RUN_TIMEOUT, "checks")
    if not dock.isVisible():
        print("the run ended before its checks were set:", [(i.kind, i.content[:200]) for i in items(w)], flush=True)
        return []
    dock.editor.new_check.setText(ADDED)
    dock.editor.add_button.click()
    routing = items(w, "routing")
    if routing:
        scroll_to(w, routing[-1])
    dock.editor.new_check.setFocus()
    print("checks:", [(c.id, str(c.kind)) for c in dock.editor.checks], flush=True)
    return [await save_picture(w, folder / "real-routing-checklist.png")]


async def _review(w, folder: Path) -> list[Path]:
    def card():
        active = w.reviewer.active
        if isinstance(active, ReviewDialog) and active.item.stage == "plan_review":
            active.accept_button.click()  # the briefs as the model wrote them
            return None
        return active if isinstance(active, ReviewDialog) else None

    review = await until(lambda: card() or not w.controller.busy, RUN_TIMEOUT, "the review card")
    if not isinstance(review, ReviewDialog):
        print("the run ended without a review card", flush=True)
        return []
    audits = items(w, "audit")
    if audits:
        scroll_to(w, audits[-1], QAbstractItemView.ScrollHint.PositionAtBottom)
    if review.checklist is not None:
        print("measured:", [(c.id, c.passed, c.detail) for c in review.checklist.checks], flush=True)
        print("history:", review.checklist.history.text(), flush=True)
    review.accept_button.setFocus()
    path = await save_picture(w, folder / "real-review-checklist.png")
    review.accept_button.click()
    await until(lambda: not w.controller.busy, 120, "the run to end")
    return [path]


def main() -> None:
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["aipa-real-checklist-shots"])
    use_this_checkout()
    theming.apply(app, "light")
    app.setQuitOnLastWindowClosed(False)
    loop = qasync_loop(app)
    asyncio.set_event_loop(loop)
    with loop, tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        for path in loop.run_until_complete(asyncio.wait_for(shoot(folder, home, threads), 2 * RUN_TIMEOUT)):
            print(path)


if __name__ == "__main__":
    main()
