"""The window's clarify card and a terminal answering the same question set: the first
answer wins (core/run/clarify.py). While the team waits for answers no process holds the
run, so the terminal can `aipa run --resume` it; the window's later Send is told where
and when the questions were answered, shows the recorded answers, and fails nothing.
A real SQLite file shared with a second App (the terminal's connection) or with a real
`aipa` process."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys

from PySide6.QtCore import Qt

from aipa.app import Override, build
from aipa.core.config.paths import Paths
from aipa.core.run.reviewer import SuspendingReviewer
from aipa.ui.dialogs.common import ClarifyDialog, ReviewDialog
from tests.support.cli import ROOT, cli_env
from tests.ui.helpers import gate, idle, items, open_window, until


def _ask(qtbot, window, text: str) -> None:
    qtbot.keyClicks(window.compose, text)
    qtbot.keyClick(window.compose, Qt.Key.Key_Return)


def _answer_in_card(qtbot, card, text: str) -> None:
    for box in card.answers.values():
        qtbot.keyClicks(box, text)
    qtbot.mouseClick(card.send_button, Qt.MouseButton.LeftButton)


async def test_the_terminal_answered_first_the_window_is_told_and_shows_those_answers(qtbot, home):
    async with open_window(home) as w:
        _ask(qtbot, w, "Offsite")
        card = await gate(w, ClarifyDialog)
        run_id = w.controller.run_id
        # The terminal's process (its own connection to the same file) answers first.
        terminal = build(Override("scripted"), Paths(home))
        try:
            qids = [q.qid for q in terminal.store.questions(run_id)]
            terminal.pipeline(SuspendingReviewer()).answer(
                run_id, dict.fromkeys(qids, "from the terminal"), transport="terminal"
            )
        finally:
            await terminal.aclose()
        _answer_in_card(qtbot, card, "from the window")
        await idle(w)
        told = items(w)[-1]
        assert told.kind == "notice" and told.level == "warning"
        assert told.content.startswith("These questions were already answered (in the terminal at ")
        assert "your answers were not recorded" in told.content and "/resume" in told.content
        assert not any(i.level == "error" for i in items(w, "notice"))  # nothing failed
        # the state as stored: the terminal's answers, not the window's
        assert [i.content.splitlines()[-1] for i in items(w, "answer")] == ["from the terminal"] * len(qids)
        assert [q.answer for q in w.core.app.store.questions(run_id)] == ["from the terminal"] * len(qids)
        assert w.core.runs.get(run_id).status == "suspended"
        # and the run continues with them
        resuming = asyncio.ensure_future(w.controller.command("/resume"))
        review = await gate(w, ReviewDialog)
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await resuming
        assert w.core.runs.get(run_id).status == "done"
        assert all(q.answer == "from the terminal" for q in w.core.app.store.questions(run_id))


def _read_until(stream, text: str) -> str:
    seen = ""
    while text not in seen:
        line = stream.readline()
        assert line, f"the process ended before printing {text!r}: {seen}"
        seen += line
    return seen


async def test_a_terminal_resumes_while_the_card_is_open_and_wins(qtbot, home):
    async with open_window(home) as w:
        _ask(qtbot, w, "Offsite")
        card = await gate(w, ClarifyDialog)
        run_id = w.controller.run_id
        master, slave = pty.openpty()  # the terminal: stdin is a tty, so `aipa` asks there
        terminal = subprocess.Popen(
            [sys.executable, "-m", "aipa", "run", "--resume", run_id, "--dry-run"],
            cwd=ROOT,
            env=cli_env(home),
            stdin=slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        os.close(slave)
        try:
            # the window waits for a person: the run is free for the terminal to take
            _read_until(terminal.stderr, "The team needs answers")
            os.write(master, b"a hotel\na bus\n")
            _read_until(terminal.stderr, "=== Review")  # it won and drives the run: now at its review gate
            _answer_in_card(qtbot, card, "from the window")
            await idle(w)
            told = items(w)[-1].content
            assert told.startswith("These questions were already answered (in the terminal at ")
            assert told.endswith("The run continues there.")
            os.write(master, b"a\n")
            out, err = terminal.communicate(timeout=120)
        finally:
            os.close(master)
            if terminal.poll() is None:
                terminal.kill()
        assert terminal.returncode == 0, err
        assert [q.answer for q in w.core.app.store.questions(run_id)] == ["a hotel", "a bus"]
        await until(lambda: w.core.runs.get(run_id).status == "done", what="the terminal's run to be done")
        assert w.controller.task is None and not w.controller.busy


async def test_the_window_answers_first_and_the_terminal_is_told(qtbot, home):
    async with open_window(home) as w:
        _ask(qtbot, w, "Offsite")
        card = await gate(w, ClarifyDialog)
        run_id = w.controller.run_id
        master, slave = pty.openpty()
        terminal = subprocess.Popen(
            [sys.executable, "-m", "aipa", "run", "--resume", run_id, "--dry-run"],
            cwd=ROOT,
            env=cli_env(home),
            stdin=slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        os.close(slave)
        try:
            _read_until(terminal.stderr, "The team needs answers")  # both ask now
            _answer_in_card(qtbot, card, "from the window")
            review = await gate(w, ReviewDialog)  # the window won and drives the run on
            os.write(master, b"from the terminal\nand again\n")
            out, err = terminal.communicate(timeout=120)
        finally:
            os.close(master)
            if terminal.poll() is None:
                terminal.kill()
        assert terminal.returncode == 2, err
        assert f"the questions of run {run_id} were already answered (in the window at " in err
        assert w.core.runs.get(run_id).status == "running"  # the loser left the winner's run alone
        qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
        await idle(w)
        assert w.core.runs.get(run_id).status == "done"
        assert {q.answer for q in w.core.app.store.questions(run_id)} == {"from the window"}
