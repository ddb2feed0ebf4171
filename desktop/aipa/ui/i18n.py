"""The window's language: chosen once at start, before any window is built.

The ``language`` setting says which: "system" (the system locale, QLocale.system()),
"en" (the source strings, no translator) or a shipped language ("de", "zh_CN", "he").
Every ``resources/translations/<area>_<lang>.qm`` is installed (one file per area:
``window``, ``dialogs``, ``core``, so that each area's .ts is edited apart), then Qt's
own ``qtbase_<lang>.qm`` (standard buttons, the file dialog, the context menus of text
fields). The locale becomes the default QLocale (numbers, dates and sizes follow it) and
a right-to-left language mirrors the layout. A language nothing is shipped for is
English, with the system's number formats.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from aipa.core.config.paths import shipped_dir
from aipa.core.text.words import CORE

log = logging.getLogger("aipa.i18n")

# The areas, each a .ts/.qm pair per language (scripts/translations.py lists their sources).
AREAS = ("window", "dialogs", "core")


def translations_dir() -> Path:
    return shipped_dir("resources") / "translations"


def shipped_languages(folder: Path | None = None) -> list[str]:
    """The languages a translation is shipped for ("de", "zh_CN", ...), sorted."""
    folder = translations_dir() if folder is None else folder
    found = {p.stem.split("_", 1)[1] for p in folder.glob("*_*.qm") if p.stem.split("_", 1)[0] in AREAS}
    return sorted(found)


def resolve(setting: str, system: QLocale | None = None, folder: Path | None = None) -> str:
    """The shipped language the ``language`` setting means: "en" when none fits.
    ``system`` stands in for QLocale.system() (tests); "de_AT" finds "de"."""
    shipped = shipped_languages(folder)
    if setting and setting != "system":
        return setting if setting in shipped else "en"
    locale = system if system is not None else QLocale.system()
    for name in [*(n.replace("-", "_") for n in locale.uiLanguages()), locale.name()]:
        for candidate in (name, name.split("_")[0]):
            if candidate in shipped:
                return candidate
    return "en"


@dataclass
class Installed:
    """What ``install`` put on the application, for ``uninstall``."""

    language: str
    translators: list[QTranslator] = field(default_factory=list)


def install(app: QCoreApplication, setting: str = "system", folder: Path | None = None) -> Installed:
    """Install the translators for the ``language`` setting on ``app``; set the default
    locale and the layout direction. Returns what was installed."""
    language = resolve(setting, folder=folder)
    installed = Installed(language)
    if language == "en":
        if setting not in ("", "system"):  # English asked for: English number formats too
            QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        _direction(app, Qt.LayoutDirection.LeftToRight)
        return installed
    locale = QLocale(language)
    QLocale.setDefault(locale)
    folder = translations_dir() if folder is None else folder
    paths = [folder / f"{area}_{language}.qm" for area in AREAS]
    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    paths.append(qt_dir / f"qtbase_{language}.qm")
    for path in paths:
        if not path.is_file():
            continue
        translator = QTranslator(app)
        if translator.load(str(path)) and app.installTranslator(translator):
            installed.translators.append(translator)
        else:
            log.warning("translation %s could not be loaded", path)
    _direction(app, locale.textDirection())
    log.info("language %s (setting %r): %d translation files", language, setting, len(installed.translators))
    return installed


def uninstall(app: QCoreApplication, installed: Installed) -> None:
    """Back to the source strings (tests render one language after another)."""
    for translator in installed.translators:
        app.removeTranslator(translator)
    installed.translators.clear()
    QLocale.setDefault(QLocale.system())
    _direction(app, Qt.LayoutDirection.LeftToRight)


def _direction(app: QCoreApplication, direction: Qt.LayoutDirection) -> None:
    if isinstance(app, QApplication):
        app.setLayoutDirection(direction)


def core_text(text: str) -> str:
    """A core text (``QT_TRANSLATE_NOOP("Core", …)``, aipa/core/text/words.py) in the
    window's language; a text that is not in the catalogue (a message formatted in the
    core) comes back as it is."""
    return QCoreApplication.translate(CORE, text) if text else text
