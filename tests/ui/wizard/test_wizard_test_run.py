"""The setup wizard's test run (issue 20 item 5) on the scripted provider, in the real
wizard: it shows what the team does while it works (the lead cards' live words), it
reports what it saw (who answered, seconds, words, tokens/s, the verdict) instead of
"it works", Stop says "Stopped.", and the test never enters the session history."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt

from aipa.core.config.model_names import shown
from aipa.ui.wizard.window import P_TEST
from tests.ui.helpers import until
from tests.ui.wizard_support import close_wizard, make_wizard

SAW = re.compile(r"^Miranda answered in \d+\.\d s: \d+ words, \d+\.\d tokens/s\.$")


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def open_test_page(qtbot, home, tokens_per_second: float):
    wizard = make_wizard(qtbot, home, providers={"scripted": {"tokens_per_second": tokens_per_second}})
    choice = wizard.work.choice
    choice.provider, choice.model, choice.base_url = "scripted", "demo", ""
    wizard.setStartId(P_TEST)
    wizard.restart()
    assert wizard.currentId() == P_TEST
    return wizard, wizard.test_page


async def test_the_test_run_shows_the_live_state_and_reports_what_it_saw(qtbot, home):
    wizard, test = open_test_page(qtbot, home, 400)
    said: list[str] = []
    wizard.work.testProgress.connect(lambda text, _done, _total: said.append(text))
    try:
        click(qtbot, test.run_button)
        await until(lambda: test.ok is not None, 120, "the test run")
        assert test.ok, test.result.toPlainText() + test.hint.text()
        status = test.status.text()
        plain = re.sub(r"<[^>]+>", "", status)
        assert SAW.match(plain), plain
        assert "it works" not in status and "✓" not in status
        # the directive asks for two short sentences; the scripted deliverable is a long
        # document, so its measured check fails and the rule caps the verdict (issue 31)
        assert "Vera's verdict: FLAG" in test.result.toPlainText()
        # while it ran: what each agent was doing, in the cards' words; no stage ids
        assert "Miranda reads the directive…" in said and "Vera checks the answer…" in said, said
        assert any(t.startswith("Miranda: reading the prompt") for t in said)
        assert any(re.match(r"\w+: writing · \d+ tokens?", t) for t in said), said
        assert not any(t.startswith("Stage: ") for t in said)
        assert not test.reading.isVisible()
        # kept out of the session history
        store = wizard.core.app.store
        assert store.list_runs() == [] and store.list_sessions() == []
    finally:
        await close_wizard(wizard)


async def test_stop_says_stopped_not_failed(qtbot, home):
    wizard, test = open_test_page(qtbot, home, 15)
    try:
        click(qtbot, test.run_button)
        await until(lambda: "writing" in test.status.text(), 60, "a model writing")
        click(qtbot, test.stop_button)
        await until(lambda: test.ok is not None, 60, "the stop")
        text = test.status.text()
        assert test.ok is False and "Stopped." in text and "failed" not in text, text
        assert test.run_button.isEnabled() and not test.stop_button.isEnabled()
        assert wizard.core.app.store.list_runs() == []
    finally:
        await close_wizard(wizard)


def test_a_gguf_model_is_shown_by_its_name():
    assert shown("/home/me/models/SmolLM2-135M-Instruct-Q8_0.gguf") == "SmolLM2-135M-Instruct-Q8_0"
    assert shown("SmolLM2-135M-Instruct-Q8_0.gguf") == "SmolLM2-135M-Instruct-Q8_0"
    assert shown(r"C:\models\qwen.gguf") == "qwen"
    assert shown("Qwen/Qwen2.5-0.5B-Instruct") == "Qwen/Qwen2.5-0.5B-Instruct" and shown("llama3.2") == "llama3.2"
