"""What a translated window shows, and what is wrong with it: English left untranslated
and text that does not fit its widget.

``shown(widget)`` walks a widget tree (and the menus of a main window) and collects every
visible text: labels, buttons, menu actions, tooltips, placeholders, tab titles, window
titles, group boxes, combo items. ``problems(widget, language)`` flags

- a text that is one of the catalogue's English sources (resources/translations/*.ts)
  shown as it is, though the language has a different translation for it, or that has
  no translation at all;
- for a language not written in Latin letters (zh_CN, he): a text of two or more English
  words, unless it is on the allow-list (brand, agent and model names, file names);
- a text wider than its widget (QFontMetrics), or a wrapped label taller than its room.

A dialog's test (tests/ui/test_translations_dialogs.py) uses the same helper:
``assert not problems(dialog, "de"), ...``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PySide6.QtGui import QFontMetrics, QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "resources" / "translations"

# Names and words that are the same in every language: the brand, the agents, providers,
# models, file types, keys.
ALLOWED = re.compile(
    r"^(AIPA( Desktop)?|Miranda|Vera|Evelyn|Atlas|Rafael|Nadia|Soren|Iris|Ollama|OpenAI|Anthropic|llama\.cpp|"
    r"scripted|GGUF|MCP|JSON|Markdown|PDF|HTML|URL|API|Ctrl\+.*|Shift\+.*|Esc|F\d+|[\w.-]+\.(md|json|png|gguf))$",
    re.I,
)
NON_LATIN = ("zh_CN", "he")
# Two English words in a row (for the languages not written in Latin letters).
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{2,}\b[ ,]+\b[A-Za-z]{2,}\b")


@dataclass(frozen=True)
class Shown:
    widget: QWidget | None
    where: str  # "label", "button", "tooltip", "placeholder", "tab", "title", "menu", "combo", "group"
    text: str

    def __str__(self) -> str:
        name = type(self.widget).__name__ if self.widget is not None else "-"
        obj = self.widget.objectName() if self.widget is not None else ""
        return f"{self.where} of {name}{'#' + obj if obj else ''}: {self.text!r}"


def plain(text: str) -> str:
    """``text`` as read: rich text as its words, a plain text's accelerator (&) removed."""
    if "<" in text and re.search(r"<(/?\w+)[^>]*>", text):
        return QTextDocumentFragment.fromHtml(text).toPlainText().strip()
    return re.sub(r"&(?!&)", "", text).replace("&&", "&").strip()


def _visible(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0


def _menu_texts(menu: QMenu, path: str) -> list[Shown]:
    found = []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        if action.text():
            found.append(Shown(menu, "menu", action.text()))
        if action.toolTip() and action.toolTip() != action.text().replace("&", ""):
            found.append(Shown(menu, "tooltip", action.toolTip()))
        if action.menu() is not None:
            found += _menu_texts(action.menu(), f"{path} › {action.text()}")
    return found


def shown(root: QWidget) -> list[Shown]:
    """Every text ``root`` and its visible children show."""
    found: list[Shown] = []
    if root.windowTitle():
        found.append(Shown(root, "title", root.windowTitle()))
    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            found.append(Shown(root.menuBar(), "menu", action.text()))
            if action.menu() is not None:
                found += _menu_texts(action.menu(), action.text())
    for widget in [root, *root.findChildren(QWidget)]:
        if not _visible(widget):
            continue
        if widget.toolTip():
            found.append(Shown(widget, "tooltip", widget.toolTip()))
        if isinstance(widget, QLabel) and widget.text():
            found.append(Shown(widget, "label", widget.text()))
        elif isinstance(widget, QAbstractButton) and widget.text():
            found.append(Shown(widget, "button", widget.text()))
        elif isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit)) and widget.placeholderText():
            found.append(Shown(widget, "placeholder", widget.placeholderText()))
        elif isinstance(widget, QTabBar):
            found += [Shown(widget, "tab", widget.tabText(i)) for i in range(widget.count()) if widget.tabText(i)]
        elif isinstance(widget, QComboBox):
            found += [Shown(widget, "combo", widget.itemText(i)) for i in range(widget.count()) if widget.itemText(i)]
        elif isinstance(widget, QGroupBox) and widget.title():
            found.append(Shown(widget, "group", widget.title()))
        if isinstance(widget, QMenu) and widget.isVisible():
            found += _menu_texts(widget, widget.title())
    return found


@lru_cache(maxsize=8)
def catalogue(language: str) -> dict[str, str]:
    """English source -> its translation (the first form of a plural) in ``language``,
    over every area's .ts; '' where none is written yet."""
    found: dict[str, str] = {}
    for ts in sorted(TRANSLATIONS.glob(f"*_{language}.ts")):
        for message in ET.parse(ts).getroot().iter("message"):
            source = message.findtext("source", "")
            translation = message.find("translation")
            text = ""
            if translation is not None and translation.get("type") != "unfinished":
                forms = [f.text or "" for f in translation.findall("numerusform")]
                text = (forms[0] if forms else translation.text) or ""
            found.setdefault(plain(source), plain(text))
    return found


def untranslated(text: str, language: str, data: tuple[str, ...] = ()) -> bool:
    """True when ``text`` is English the catalogue has (or should have) another text for.
    ``data``: texts that are the user's or the agents' own (a directive, an agent's
    description), never translated: taken out before the words are looked at."""
    words = plain(text)
    if not words or ALLOWED.match(words):
        return False
    known = catalogue(language)
    if words in known:
        return known[words] != words
    if language in NON_LATIN:
        # code is not English: URLs, file names, /commands and their arguments (md|html, [PATH])
        latin = re.sub(r"https?://\S+|[\w.-]+\.(md|json|png|gguf|txt|pdf)\b|/[\w-]+|\S*\|\S*|\[[A-Z_]+\]", " ", words)
        for given in sorted(data, key=len, reverse=True):
            latin = latin.replace(given, " ")
        return bool(ENGLISH_WORDS.search(latin))
    return False


def _fits(item: Shown) -> bool:
    """Whether the text has room in its widget (a label that elides or scrolls fits)."""
    widget = item.widget
    if widget is None or item.where not in ("label", "button", "tab"):
        return True
    metrics = QFontMetrics(widget.font())
    text = plain(item.text)
    if isinstance(widget, QTabBar):
        return True  # a tab bar elides or scrolls its tabs
    if isinstance(widget, QLabel):
        if widget.wordWrap():  # (heightForWidth takes the widget's whole width: its margins, a style's padding)
            return widget.heightForWidth(widget.width()) <= widget.height() + 2
        room = widget.contentsRect().width() - 2 * widget.margin() - 2 * max(0, widget.indent())
        widest = max((metrics.horizontalAdvance(line) for line in text.splitlines()), default=0)
        return widest <= room + 1
    if isinstance(widget, QAbstractButton):
        icon = widget.iconSize().width() + 4 if not widget.icon().isNull() else 0
        return metrics.horizontalAdvance(text) + icon <= widget.width()
    return True


def problems(
    root: QWidget,
    language: str,
    data: tuple[str, ...] = (),
    skip: tuple[QWidget, ...] = (),
    skip_texts: frozenset[str] = frozenset(),
) -> list[str]:
    """What is wrong with the texts ``root`` shows in ``language`` (empty: nothing).
    ``data``: the user's and the agents' own texts (see ``untranslated``); ``skip``:
    widgets whose texts another test checks (they and their children); ``skip_texts``:
    texts (as ``plain`` gives them) another test checks, such as a dialog module's menu
    items in the main window's menus."""
    found = []
    for item in shown(root):
        if item.widget is not None and any(w is item.widget or w.isAncestorOf(item.widget) for w in skip):
            continue
        if untranslated(item.text, language, data) and plain(item.text) not in skip_texts:
            found.append(f"untranslated {item}")
        elif not _fits(item):
            found.append(f"does not fit {item} (widget {item.widget.width()}×{item.widget.height()})")
    return found
