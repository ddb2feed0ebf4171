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
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDateTime, QLibraryInfo, QLocale, Qt, QTranslator
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
    paths.append(_qt_translations() / f"qtbase_{language}.qm")
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


def _qt_translations() -> Path:
    """Qt's own translations: where QLibraryInfo says, else beside the PySide6 package (a
    frozen bundle keeps them at PySide6/Qt/translations, packaging/aipa.spec)."""
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    if folder.is_dir():
        return folder
    import PySide6

    return Path(PySide6.__file__).parent / "Qt" / "translations"


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


def plural(text: str, n: int) -> str:
    """A ``%n`` message as returned by ``tr(source, "", n)``, with its English source's
    "(s)" made right for ``n`` when no translation replaced it (English is the source
    language, so no catalogue carries its plural forms): "1 file(s)" -> "1 file"."""
    return re.sub(r"\((s|es)\)", "" if n == 1 else r"\1", text)


def number(value: float, decimals: int = 0) -> str:
    """``value`` in the window's locale, with its group separators ("5,099", "5.099",
    "5 099"); the C locale (no language set) writes it the English way."""
    locale = QLocale()
    if locale.language() == QLocale.Language.C:
        return f"{value:,.{decimals}f}"
    locale.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return locale.toString(float(value), "f", decimals)


def date_time(value: datetime, pattern: str) -> str:
    """``value`` in local time, in the window's locale: a Qt date pattern ("ddd HH:mm":
    "Tue 09:00", "Di. 09:00", "周二 09:00")."""
    moment = QDateTime.fromSecsSinceEpoch(int(value.timestamp()))
    return QLocale().toString(moment, pattern)


class Context:
    """``tr`` in a named context, for code outside a QObject: ``CostText =
    Context("CostText")``, then ``CostText.tr("{count} call(s)", "", n)``. lupdate reads
    ``NAME.tr(...)`` with the context NAME (and its third argument as the count of a
    plural, which it does not for ``QCoreApplication.translate`` with a variable), so
    the variable is named like its context."""

    def __init__(self, name: str) -> None:
        self.name = name

    def tr(self, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        return QCoreApplication.translate(self.name, text, disambiguation, n)


def counted(text: str, n: int) -> str:
    """A plural message's translation (``tr("{count} file(s)", "", n)``) with its count in
    the locale's digits: "1 file", "1,204 files", "1.204 Dateien"."""
    return plural(text, n).format(count=number(n))
