"""The German window words what the core says in notices (issue 29 item 5): a run whose
every reply is unusable (the scripted "garbage" model) re-asks and falls back, and the
transcript's notices, the routing card and the leads' cards say it in German, with the agents' names,
never in the core's English sentences (ui/notice_words.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from aipa.core.config.paths import Paths
from aipa.core.config.settings import SettingsSource
from aipa.core.kinds import Purpose
from aipa.core.run import told
from aipa.ui import i18n
from aipa.ui.dialogs.common import ReviewDialog
from aipa.ui.notice_words import worded
from tests.ui.helpers import DIRECTIVE, gate, idle, items, open_window, until, write_settings
from tests.ui.translation_check import catalogue, untranslated

# What the core says in English (core/run/told.py): none of it may reach the German window.
ENGLISH = (
    "could not be read",
    "was unusable",
    "asking Miranda once more",
    "every lead got the directive",
    ", so ",
    "Delegating to",
    "wrote nothing",
)


@pytest.fixture
def german(qtbot, home):
    """The language setting "de", installed as the app does at start (gui.py)."""
    write_settings(home, language="de")
    settings = SettingsSource.load(Paths(home).settings)[0].current
    app = QApplication.instance()
    installed = i18n.install(app, settings.language)
    assert installed.language == "de"
    try:
        yield home
    finally:
        i18n.uninstall(app, installed)
        catalogue.cache_clear()


def _said(window) -> list[str]:
    return [i.content for i in items(window, "notice")]


async def test_the_german_window_says_the_reask_and_the_fallback_in_german(german):
    reask = told.reasking_notice("", "Miranda", Purpose.ROUTE)
    fell_back = told.fell_back_notice("", "Miranda", Purpose.ROUTE)
    async with open_window(german, restore=False, scenario="garbage") as w:
        w.resize(1280, 860)
        w.controller.spawn(w.controller.submit(DIRECTIVE))
        german_reask = worded(reask)
        assert german_reask != reask.text and "Miranda" in german_reask and "nicht lesbar" in german_reask
        await until(lambda: any(german_reask in s for s in _said(w)), 120, "the re-ask's notice")
        routing = await until(lambda: [i for i in items(w, "routing") if worded(fell_back) in i.content], 120)
        assert "Miranda" in routing[0].content and "jeder Lead" in routing[0].content
        dialog = await gate(w, ReviewDialog, timeout=120)
        dialog.accept_button.click()
        await idle(w)
        said = _said(w)
        assert said, "the run's notices are shown"
        cards = [i.content for i in items(w, "task")]  # each lead's fallback, on its card
        assert cards and all("zweimal nichts geschrieben" in c for c in cards), cards
        for text in [*said, routing[0].content, *cards]:
            for english in ENGLISH:
                assert english not in text, f"English in the German window: {text!r}"
            assert not untranslated(text.removeprefix("⚠ "), "de"), text
