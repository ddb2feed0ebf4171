"""The main window rendered in each shipped language: the welcome panel, a run with its
cards at the review gate, the menus. Nothing shows an English text the catalogue has a
translation for (in Chinese and Hebrew: no English words at all, but names and the
user's own text), nothing is cut off, and Hebrew mirrors the layout (tests/ui/
translation_check.py; the dialogs have their own test with the same helper)."""

from __future__ import annotations

import ast
import re

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication, QWidget

from aipa.ui import i18n
from aipa.ui.dialogs.common import ReviewDialog
from tests.ui.helpers import gate, idle, items, open_window, until
from tests.ui.translation_check import ROOT, catalogue, plain, problems, shown

LANGUAGES = ("de", "zh_CN", "he")
# The areas another engineer translates: their widgets are checked here once their
# catalogue has texts (before that, by their own test only).
DIALOG_MODULES = ("aipa.ui.dialogs", "aipa.ui.wizard", "aipa.ui.plan")


@pytest.fixture
def language(request):
    app = QApplication.instance()
    installed = i18n.install(app, request.param)
    assert installed.language == request.param
    try:
        yield request.param
    finally:
        i18n.uninstall(app, installed)
        catalogue.cache_clear()


def _dialogs_translated(language: str) -> bool:
    """Whether the dialogs' catalogue has a translation yet (lupdate lists their texts,
    unfinished, before anyone translates them: those do not count)."""
    text = (i18n.translations_dir() / f"dialogs_{language}.ts").read_text(encoding="utf-8")
    return re.search(r"<translation>[^<]|<numerusform>[^<]", text) is not None


def _dialog_widgets(window, language: str) -> tuple[QWidget, ...]:
    if _dialogs_translated(language):
        return ()
    return tuple(w for w in window.findChildren(QWidget) if type(w).__module__.startswith(DIALOG_MODULES))


def _dialog_texts(language: str) -> frozenset[str]:
    """The string constants of the dialogs' modules (their menu items in the window's
    menus), while their catalogue is empty."""
    if _dialogs_translated(language):
        return frozenset()
    found = set()
    for area in ("dialogs", "wizard", "plan"):
        for path in (ROOT / "desktop" / "aipa" / "ui" / area).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(plain(node.value))
    return frozenset(found)


def _data(window) -> tuple[str, ...]:
    """The texts that are the agents' and the user's own (not translated)."""
    found: list[str] = []
    for agent in window.core.agents.all():
        rest = agent.description.split(": ", 1)[-1]  # the welcome card drops a role's name before it
        found += [agent.name, agent.title, agent.description, rest[:1].upper() + rest[1:]]
    found += [i.content for i in items(window, "directive")]
    found += [window.core.providers.summary()[0], window.core.providers.summary()[1]]
    return tuple(t for t in found if t)


def _assert_fine(window, language: str) -> None:
    found = problems(window, language, _data(window), _dialog_widgets(window, language), _dialog_texts(language))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
async def test_the_window_speaks_the_language(qtbot, home, language):
    async with open_window(home, restore=False) as w:
        w.resize(1280, 860)
        await until(lambda: w.controller.connection.state[0] != "unknown")
        await until(lambda: w.welcome.isVisible())
        # the welcome panel, the header, the sidebar, the status bar, the menus
        assert w.welcome.heading.text() != "Start a session"
        _assert_fine(w, language)
        texts = {s.text for s in shown(w)}
        assert QCoreApplication.translate("Commands", "&Session") in texts
        # a run at its review gate: the cards, the gate, the status bar
        w.controller.spawn(w.controller.submit(w.welcome.examples[0].full_text))
        await gate(w, ReviewDialog, timeout=120)
        await until(lambda: items(w, "task") and items(w, "deliverable"))
        _assert_fine(w, language)
        header = w.chat_view.chat_delegate.header.right(items(w, "task")[0])[0]
        assert header == QCoreApplication.translate("CardHeader", "✓ done") != "✓ done"
        w.reviewer.active.accept_button.click()
        await idle(w)
        _assert_fine(w, language)
        assert "Run finished" not in w.status.currentMessage()


@pytest.mark.parametrize("language", ["he"], indirect=True)
async def test_hebrew_mirrors_the_window(qtbot, home, language):
    async with open_window(home, restore=False) as w:
        w.resize(1280, 860)
        await until(lambda: w.split.width() > 0 and w.sidebar.isVisible())
        assert w.layoutDirection() == Qt.LayoutDirection.RightToLeft
        # the sidebar sits on the right, the send button left of the input
        assert w.sidebar.mapTo(w, w.sidebar.rect().topLeft()).x() > w.width() // 2
        send, compose = (x.mapTo(w, x.rect().topLeft()).x() for x in (w.send_button, w.compose))
        assert send < compose
        assert QLocale().textDirection() == Qt.LayoutDirection.RightToLeft


async def test_english_is_the_source_text(qtbot, home):
    """No translator: the source strings, as before."""
    async with open_window(home, restore=False) as w:
        assert w.welcome.heading.text() == "Start a session"
        assert w.send_button.text() == "Send ▶"
        assert w.layoutDirection() == Qt.LayoutDirection.LeftToRight


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, showing a top-level widget
@pytest.mark.parametrize("language", ["de"], indirect=True)
def test_the_check_catches_english_and_cut_text(qtbot, language):
    from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout

    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    english = QLabel("Start a session")  # a source text German translates: left in English
    cut = QPushButton(QCoreApplication.translate("WelcomePanel", "Start a session"))
    cut.setFixedWidth(30)  # far too narrow for "Eine Sitzung beginnen"
    name = QLabel("Miranda")  # a name: the same in every language
    wrapped = QLabel(QCoreApplication.translate("Views", "Thinking") + " " + "Gedanken " * 12)
    wrapped.setWordWrap(True)
    wrapped.setFixedSize(80, 14)  # one line's room for several lines
    for widget in (english, cut, name, wrapped):
        layout.addWidget(widget)
    box.show()
    found = problems(box, "de")
    assert len(found) == 3, found
    assert found[0].startswith("untranslated label") and found[1].startswith("does not fit button")
    assert found[2].startswith("does not fit label")
