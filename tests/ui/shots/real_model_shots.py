"""Pictures of the window on the REAL model (issue 20, Must show), while a run is in
progress: a lead card reading its prompt (with llama.cpp's progress), four leads in
their states (queued, reading, writing, done), and the audit card with its verdict.

    flock /tmp/aipa-llm.lock python -m tests.ui.shots.real_model_shots [FOLDER] [--no-wizard]

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
import os
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QApplication

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.providers.scripted import ScriptedProvider
from aipa.ui import theme as theming
from aipa.ui.event_loop import qasync_loop
from aipa.ui.window.main_window import MainWindow
from aipa.ui.wizard.controller import WizardController
from aipa.ui.wizard.window import P_TEST, SetupWizard
from tests.support import model as test_model
from tests.support.llama_server import start_llama_server
from tests.ui.helpers import close_window, items, until, write_settings
from tests.ui.shots.screenshots import four_leads, save_picture, scroll_to, use_this_checkout

# Long enough that the server reads each lead's prompt for a few seconds (its progress shows).
VENUES = " ".join(
    f"Venue {n}: a lodge {n % 5 + 1} hours away by train, {10 + n % 8} rooms, a meeting room, meals included."
    for n in range(60)
)
DIRECTIVE = "Compare these venues for a 12-person team offsite and pick one. " + VENUES
LEAD_TOKENS = 80  # each lead's output budget: the leads finish one after another, in minutes, not hours
WINDOW = (1280, 1300)  # tall enough for four lead cards at once
RUN_TIMEOUT = 1500.0
STILL_LIMIT = 120.0  # seconds without any change on screen: something is wrong, stop (and free the lock)


async def shoot(folder: Path, home: Path, *, wizard: bool = True) -> list[Path]:
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
        write_settings(home, **settings)
        w = MainWindow(build(Override(), Paths(home)).core)  # no command-line route: each agent its own
        w.show()
        await w.start(restore=False)
        try:
            w.resize(*WINDOW)
            core = w.core
            miranda = core.agents.get(core.config.settings.roles["orchestrator"])
            core.agents.save(replace(miranda, provider="scripted", model="demo"))  # the router: always briefs
            core.app.providers._cache["scripted"] = ScriptedProvider(script=four_leads, tokens_per_second=200)
            w.reviewer.auto = True
            w.controller.spawn(w.controller.submit(DIRECTIVE))
            await until(lambda: w.controller.busy, 60, "the run to start")
            saved += await _watch(w, folder)
        finally:
            await close_window(w)
        if wizard:
            wizard_home = home.parent / "wizard-home"
            wizard_home.mkdir(exist_ok=True)
            write_settings(wizard_home, **{k: v for k, v in settings.items() if k not in ("provider", "base_url")})
            saved += await shoot_wizard(folder, wizard_home, server.base_url)
    return saved


async def shoot_wizard(folder: Path, home: Path, base_url: str) -> list[Path]:
    """The setup wizard's test run on the same server, the whole team on the real model:
    while the model reads (its live state and the reading bar), and what it saw at the end
    (docs/wizard-test-run.png, which the README shows)."""
    saved: list[Path] = []
    app = build(Override(), Paths(home))
    work = WizardController(app.core.setup())
    wizard = SetupWizard(None, app.core, None, work=work)
    wizard.show()
    try:
        choice = work.choice
        choice.provider, choice.model, choice.base_url = "openai-compatible", "", base_url
        wizard.setStartId(P_TEST)
        wizard.restart()
        test = wizard.test_page
        test.run_button.click()
        reading = await until(
            lambda: (test.reading.isVisible() and 10 <= test.reading.value() <= 900) or test.ok is not None,
            RUN_TIMEOUT,
            "the test run reading its prompt",
        )
        if reading and test.ok is None:
            path = folder / "real-wizard-reading.png"
            wizard.grab().save(str(path))
            saved.append(path)
            print("wizard reading:", re.sub(r"<[^>]+>", "", test.status.text()), flush=True)
        await until(lambda: test.ok is not None, RUN_TIMEOUT, "the test run's end")
        print("wizard:", re.sub(r"<[^>]+>", "", test.status.text()), flush=True)
        path = folder.parent / "wizard-test-run.png" if folder.name == "screenshots" else folder / "wizard-test-run.png"
        wizard.grab().save(str(path))
        saved.append(path)
    finally:
        wizard.hide()
        await work.shutdown()
        await app.aclose()
    return saved


def _kind(status: str) -> str:
    return "writing" if status in ("streaming", "thinking", "working") else status


async def _watch(w, folder: Path) -> list[Path]:
    """Sample the window while the run goes on; take each picture when its state shows.
    Gives up (with what it saw) when nothing changes for ``STILL_LIMIT`` seconds."""
    saved: dict[str, Path] = {}
    best_kinds = 0
    last_change, last_seen, last_print = time.monotonic(), None, 0.0
    deadline = time.monotonic() + RUN_TIMEOUT
    while w.controller.busy and time.monotonic() < deadline:
        tasks = items(w, "task")
        seen = tuple((t.agent, t.status, t.live, t.live_percent, len(t.content)) for t in tasks)
        late = [i for i in items(w) if i.kind in ("deliverable", "audit")]
        seen += tuple((a.kind, a.status, a.live, a.verdict, len(a.content)) for a in late)
        now = time.monotonic()
        if seen != last_seen:
            last_seen, last_change = seen, now
        if now - last_print > 10:
            last_print = now
            print("states:", [(t.agent, t.status, t.live) for t in tasks], flush=True)
        if now - last_change > STILL_LIMIT:
            print("nothing changed for", STILL_LIMIT, "s:", seen, flush=True)
            break
        await _take(w, folder, saved, tasks, best_kinds)
        best_kinds = max(best_kinds, len({_kind(t.status) for t in tasks}) if len(tasks) >= 4 else 0)
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # the run's last rows land
    await _take(w, folder, saved, items(w, "task"), best_kinds)
    missing = {"reading", "four", "audit"} - set(saved)
    if missing:
        print("not seen:", sorted(missing), flush=True)
    return list(saved.values())


async def _take(w, folder: Path, saved: dict[str, Path], tasks: list, best_kinds: int) -> None:
    """Take the pictures whose state is on screen now (what they show is printed)."""
    shown = [(t.agent, str(t.status), t.live or t.content[:120]) for t in tasks]
    reading = [t for t in tasks if t.status == "reading" and 10 <= (t.live_percent or 0) <= 90]
    if reading and "reading" not in saved:
        scroll_to(w, reading[0])
        saved["reading"] = await save_picture(w, folder / "real-lead-reading.png")
        print("reading:", reading[0].agent, reading[0].live, flush=True)
    if len(tasks) >= 4 and len({_kind(t.status) for t in tasks}) > best_kinds and best_kinds < 4:
        scroll_to(w, tasks[0])
        saved["four"] = await save_picture(w, folder / "real-four-leads.png")
        print("four leads:", shown, flush=True)
    audits = [a for a in items(w, "audit") if not a.streaming and a.verdict]
    if audits and "audit" not in saved:
        scroll_to(w, audits[-1])
        saved["audit"] = await save_picture(w, folder / "real-audit-verdict.png")
        print("audit:", audits[-1].verdict, flush=True)


def main() -> None:
    # as the tests' own processes (tests/support/cli.py): no system keyring to ask for keys
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    args = [a for a in sys.argv[1:] if a != "--no-wizard"]
    folder = Path(args[0] if args else "docs/screenshots")
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
        work = shoot(folder, home, wizard="--no-wizard" not in sys.argv)
        for path in loop.run_until_complete(asyncio.wait_for(work, 2 * RUN_TIMEOUT)):
            print(path)


if __name__ == "__main__":
    main()
