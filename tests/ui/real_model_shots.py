"""Pictures of the window on the REAL model (issue 20, Must show), while a run is in
progress: a lead card reading its prompt (with llama.cpp's progress), four leads in
their states (queued, reading, writing, done), and the audit card with its verdict.

    flock /tmp/aipa-llm.lock python -m tests.ui.real_model_shots [FOLDER]

(``QT_QPA_PLATFORM=offscreen`` or under Xvfb; ``AIPA_TEST_MODEL`` picks the model family,
SmolLM2 by default.) A llama.cpp server with the small test model (2 threads, 2 slots, so
four leads queue for it) serves the leads and Vera; Miranda, the router, is the scripted
provider, so the leads always get a brief each (a 135M model often answers routing
itself). The window's state is polled while the run goes on, and each picture is taken
the moment the state it shows is on screen. The server runs only inside ``shoot``, so
the lock is held only while the model runs. ``test_real_model_screenshots`` runs it
under pytest (marked ``llm``)."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.event_loop import qasync_loop
from tests.support import model as test_model
from tests.support.llama_server import start_llama_server
from tests.ui.helpers import items, open_window, until
from tests.ui.screenshots import SIZE, four_leads, save_picture, scroll_to, use_this_checkout

# Long enough that the server reads each lead's prompt for a few seconds (its progress shows).
VENUES = " ".join(
    f"Venue {n}: a lodge {n % 5 + 1} hours away by train, {10 + n % 8} rooms, a meeting room, meals included."
    for n in range(45)
)
DIRECTIVE = "Compare these venues for a 12-person team offsite and pick one. " + VENUES
LEAD_TOKENS = 120  # each lead's output budget: the leads finish one after another, in minutes, not hours
RUN_TIMEOUT = 1500.0


def _states(window) -> dict[str, str]:
    """Each lead card's state now (queued, reading, thinking, streaming, done, …)."""
    return {t.agent: t.status for t in items(window, "task")}


async def shoot(folder: Path, home: Path) -> list[Path]:
    saved: list[Path] = []
    with start_llama_server(test_model.model_path(), n_ctx=16384, n_parallel=2, threads=2) as server:
        settings = dict(
            provider="openai-compatible",
            base_url=server.base_url,
            lead_max_tokens=LEAD_TOKENS,
            audit_max_tokens=160,
            max_parallel_leads=4,
            theme="light",
        )
        async with open_window(home, restore=False, **settings) as w:
            w.resize(*SIZE)
            core = w.core
            miranda = core.agent(core.settings.roles["orchestrator"])
            core.save_agent(replace(miranda, provider="scripted", model="demo"))  # the router: always briefs
            core.app.providers._cache["scripted"] = ScriptedProvider(script=four_leads, tokens_per_second=200)
            w.reviewer.auto = True
            w.controller.spawn(w.controller.submit(DIRECTIVE))

            def reading_card():
                return next(
                    (t for t in items(w, "task") if t.status == "reading" and 15 <= (t.live_percent or 0) <= 85), None
                )

            card = await until(reading_card, RUN_TIMEOUT, "a lead reading its prompt, with progress")
            scroll_to(w, card)
            saved.append(await save_picture(w, folder / "real-lead-reading.png"))

            best: list = [0]

            async def four_states():
                """The moment most states show at once (four at best: queued, reading, writing, done)."""
                while True:
                    states = _states(w)
                    kinds = {"writing" if s in ("streaming", "thinking") else s for s in states.values()}
                    if len(states) >= 4 and len(kinds) > best[0]:
                        best[0] = len(kinds)
                        scroll_to(w, items(w, "task")[0])
                        saved_path = await save_picture(w, folder / "real-four-leads.png")
                        if saved_path not in saved:
                            saved.append(saved_path)
                        print("four leads:", states, flush=True)
                    if best[0] >= 4 or (states and all(s in ("done", "error") for s in states.values())):
                        return
                    await asyncio.sleep(0.05)

            await asyncio.wait_for(four_states(), RUN_TIMEOUT)

            def audited():
                done = [a for a in items(w, "audit") if not a.streaming and a.verdict]
                return done[-1] if done else None

            audit = await until(audited, RUN_TIMEOUT, "the audit's verdict")
            await until(lambda: not w.controller.busy, RUN_TIMEOUT, "the run to end")
            for task in items(w, "task"):  # folded leads: the deliverable and the audit in view
                assert task.status in ("done", "error"), task.status
            scroll_to(w, audit)
            saved.append(await save_picture(w, folder / "real-audit-verdict.png"))
    return saved


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["aipa-real-model-shots"])
    use_this_checkout()
    theming.apply(app, "light")
    app.setQuitOnLastWindowClosed(False)
    loop = qasync_loop(app)
    asyncio.set_event_loop(loop)
    with loop, tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        for path in loop.run_until_complete(asyncio.wait_for(shoot(folder, home), RUN_TIMEOUT + 300)):
            print(path)


if __name__ == "__main__":
    main()
