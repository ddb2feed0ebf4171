"""The translation files: every .ts up to date with its sources, every .qm what its .ts
compiles to, the window's and the core's areas translated completely in German and
Chinese; and the language chosen at start (ui/i18n.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtWidgets import QApplication

from aipa.core.config.settings import Settings
from aipa.core.config.settings_checks import CHOICES
from aipa.ui import i18n

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("translations_script", ROOT / "scripts" / "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_translation_file_is_stale():
    """lupdate into a copy of each .ts finds the same messages, and lrelease of each .ts
    gives the committed .qm (else: `make translations`)."""
    assert _script().stale() == []


@pytest.mark.parametrize("area", ["window", "dialogs", "core"])
def test_lupdate_found_every_marked_text(area):
    """lupdate's Python parser drops a call it cannot read (a keyword argument, a
    parenthesised count) and misses the plural of ``QCoreApplication.translate`` with a
    variable count: every text marked in the area's sources is in its catalogue."""
    script = _script()
    assert script.unseen(area, script.FOLDER / f"{area}_de.ts") == []


def test_the_marks_are_read_as_lupdate_reads_them(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "class Box(QObject):\n"
        "    def f(self, n):\n"
        "        self.tr('Open')\n"
        "        self.tr('{count} file(s)', '', n)\n"
        "CostText = Context('CostText')\n"
        "CostText.tr('{count} call(s)', '', 3)\n"
        "QCoreApplication.translate('Menus', 'Quit')\n"
        "X = QT_TRANSLATE_NOOP('Core', 'the last session')\n"
        "translate('Menus', text)\n",
        encoding="utf-8",
    )
    assert [m[:3] for m in _script().marked(source)] == [
        ("Box", "Open", False),
        ("Box", "{count} file(s)", True),
        ("CostText", "{count} call(s)", True),
        ("Menus", "Quit", False),
        ("Core", "the last session", False),
    ]


@pytest.mark.parametrize("area", ["window", "core"])
@pytest.mark.parametrize("language", ["de", "zh_CN"])
def test_the_window_and_core_areas_are_translated_completely(area, language):
    script = _script()
    ts = script.FOLDER / f"{area}_{language}.ts"
    assert script.unfinished(ts) == []


def test_every_shipped_language_is_a_setting_and_back():
    assert i18n.shipped_languages() == sorted(_script().LANGUAGES)
    assert set(CHOICES["language"]) == {"system", "en", *i18n.shipped_languages()}
    assert Settings().language == "system"


def test_the_system_locale_picks_the_language():
    assert i18n.resolve("system", QLocale("de_AT")) == "de"
    assert i18n.resolve("system", QLocale("zh_CN")) == "zh_CN"
    assert i18n.resolve("system", QLocale("he_IL")) == "he"
    assert i18n.resolve("system", QLocale("fr_FR")) == "en"
    assert i18n.resolve("en", QLocale("de_DE")) == "en"
    assert i18n.resolve("de", QLocale("en_US")) == "de"


def test_installing_a_language_translates_and_mirrors():
    app = QApplication.instance() or QApplication([])
    installed = i18n.install(app, "he")
    try:
        assert installed.language == "he"
        assert app.layoutDirection() == Qt.LayoutDirection.RightToLeft
        assert QLocale().language() == QLocale.Language.Hebrew
        # Qt's own translation is there too: a standard button's text
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") != "Cancel"
    finally:
        i18n.uninstall(app, installed)
    assert app.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
