"""Start-up paints the window's shell first, then loads the core into the same window
(ARCHITECTURE §6): before the first paint nothing but Qt and the window's own modules is
loaded (no asyncio, no store, no pipeline, no SDK, no markdown); the shell is the
window the user keeps (the core adds the chat view in the transcript's empty place, the
model picker and the attachment chips), and it shows the session it is about to restore."""

from __future__ import annotations

import subprocess
import sys

from aipa.core.config.paths import Paths
from aipa.core.config.settings import Settings
from aipa.core.session import last_session
from aipa.ui.window.main_window import MainWindow
from tests.support.cli import ROOT, aipa, cli_env
from tests.ui.helpers import DIRECTIVE, close_window, make_app, until

NOT_BEFORE_PAINT = {
    "asyncio",
    "qasync",
    "peewee",
    "aipa.store",
    "aipa.app",
    "aipa.core.facade",
    "aipa.core.run.pipeline",
    "aipa.core.text.render",
    "aipa.ui.chat.controller",
    "aipa.ui.transcript.presenter",
    "pydantic",
    "markdown",
    "pygments",
    "httpx",
    "openai",
    "anthropic",
    "ollama",
    "keyring",
    "mcp",
}


def _stored_session(home) -> str:
    proc = aipa(home, "run", "--dry-run", "--yes", "--json", DIRECTIVE)
    assert proc.returncode == 0, proc.stderr
    app = make_app(home)
    try:
        (session,) = app.core.sessions.list()
        app.core.sessions.remember(session.id)
        return session.id
    finally:
        app.store.close()


def test_nothing_heavy_is_loaded_before_the_first_paint(tmp_path):
    home = tmp_path / "home"
    _stored_session(home)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "aipa", "--dry-run"],
        cwd=ROOT,
        env=cli_env(home, AIPA_EXIT_AFTER_PAINT="1", QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # one stream: the import lines in order with the marks
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
    lines = proc.stdout.splitlines()
    assert "first paint" in lines and "session painted" in lines
    cut = lines.index("first paint")

    def names(part: list[str]) -> set[str]:
        return {line.rsplit("|", 1)[1].strip() for line in part if line.startswith("import time:")}

    before, after = names(lines[:cut]), names(lines[cut:])
    assert "aipa.ui.window.main_window" in before and "PySide6.QtWidgets" in before
    loaded = {n for n in before if n in NOT_BEFORE_PAINT or n.split(".")[0] in NOT_BEFORE_PAINT}
    assert not loaded, sorted(loaded)
    assert {"aipa.app", "aipa.ui.chat.controller", "qasync"} <= after  # then the whole window


def test_last_session_is_peeked_without_the_store(tmp_path):
    home = tmp_path / "home"
    assert last_session.peek(Paths(home).db) is None  # no database yet
    session_id = _stored_session(home)
    app = make_app(home)
    title = app.core.sessions.get(session_id).title
    app.store.close()
    assert last_session.peek(Paths(home).db) == (session_id, title)
    (Paths(home).db).write_bytes(b"not a database")
    assert last_session.peek(Paths(home).db) is None


async def test_the_shell_is_the_window_the_core_completes(qtbot, home):
    session_id = _stored_session(home)
    shell = MainWindow(settings=Settings())
    compose, sidebar, welcome = shell.compose, shell.sidebar, shell.welcome
    assert not shell.attached and not hasattr(shell, "core") and not hasattr(shell, "controller")
    assert not shell.menu_actions["new"].isEnabled() and not shell.menu_actions["settings"].isEnabled()
    title = last_session.peek(Paths(home).db)[1]
    shell.expect_session(title)
    assert shell.stack.currentWidget() is shell.pending_transcript and title in shell.session_label.text()
    shell.show()
    app = make_app(home)
    shell.attach(app.core)
    try:
        assert (shell.compose, shell.sidebar, shell.welcome) == (compose, sidebar, welcome)  # nothing replaced
        chat_view = shell.chat_view  # in the transcript's place, which was empty
        assert shell.stack.currentWidget() is chat_view and not hasattr(shell, "pending_transcript")
        assert shell.controller.chat is chat_view.model()
        assert shell.menu_actions["new"].isEnabled() and shell.menu_actions["attach"].isEnabled()
        assert shell.agent_list.model().rowCount() > 0
        await until(shell.model_picker.isVisible, what="the model picker (Qt shows a widget added to a shown window)")
        await shell.start(restore=True)
        assert shell.controller.session_id == session_id
        await until(lambda: shell.controller.chat.rowCount() > 0, what="the restored transcript")
        assert shell.stack.currentWidget() is chat_view
    finally:
        await close_window(shell)
