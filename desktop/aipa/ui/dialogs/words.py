"""Words and numbers the dialogs, the wizard and the plan window share, in the chosen
language: the agents' role names, and counts, sizes and decimals written the way the
locale writes them (QLocale; the C locale of a bare test machine writes English)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtGui import QGuiApplication

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)

ROLE_NAMES = {  # a role as settings.json spells it -> its name on screen
    "orchestrator": QT_TRANSLATE_NOOP("Roles", "orchestrator"),
    "auditor": QT_TRANSLATE_NOOP("Roles", "auditor"),
    "recruiter": QT_TRANSLATE_NOOP("Roles", "recruiter"),
    "lead": QT_TRANSLATE_NOOP("Roles", "lead"),
}


def role_name(role: str) -> str:
    """``role`` in the window's language (a role the app does not know, as it is)."""
    text = ROLE_NAMES.get(role)
    return QCoreApplication.translate("Roles", text) if text else role


def locale() -> QLocale:
    """The locale numbers follow: the default one, English where it is the bare C locale
    (which would print 12345 where the English text says 12,345)."""
    here = QLocale()
    if here.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return here


def number(value: int) -> str:
    """A count with the locale's digit grouping: 12,345 · 12.345 · 12,345."""
    return locale().toString(int(value))


def decimal(value: float, places: int = 1) -> str:
    """A decimal with the locale's separator: 3.5 · 3,5."""
    return locale().toString(float(value), "f", places)


# The provider kinds' words as the window shows them (their records, aipa.providers.kinds,
# are Qt-free English): label (lists), title (the wizard's choice), description. A record
# whose English has changed since is shown as it is, untranslated, rather than wrongly.
KIND_WORDS = {
    "Ollama (local)": QT_TRANSLATE_NOOP("Kinds", "Ollama (local)"),
    "Built-in llama.cpp engine": QT_TRANSLATE_NOOP("Kinds", "Built-in llama.cpp engine"),
    "Built-in engine": QT_TRANSLATE_NOOP("Kinds", "Built-in engine"),
    "OpenAI-compatible server": QT_TRANSLATE_NOOP("Kinds", "OpenAI-compatible server"),
    "Scripted (dry run, no network)": QT_TRANSLATE_NOOP("Kinds", "Scripted (dry run, no network)"),
    "Scripted": QT_TRANSLATE_NOOP("Kinds", "Scripted"),
    "Open models on this computer: private, free, offline once pulled.": QT_TRANSLATE_NOOP(
        "Kinds", "Open models on this computer: private, free, offline once pulled."
    ),
    "AIPA runs a GGUF model file itself: nothing to install.": QT_TRANSLATE_NOOP(
        "Kinds", "AIPA runs a GGUF model file itself: nothing to install."
    ),
    "GPT models in the cloud; needs an API key.": QT_TRANSLATE_NOOP(
        "Kinds", "GPT models in the cloud; needs an API key."
    ),
    "Claude models in the cloud; needs an API key.": QT_TRANSLATE_NOOP(
        "Kinds", "Claude models in the cloud; needs an API key."
    ),
    "LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…": QT_TRANSLATE_NOOP(
        "Kinds", "LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…"
    ),
    "Canned answers, no model: a dry run.": QT_TRANSLATE_NOOP("Kinds", "Canned answers, no model: a dry run."),
    "llama.cpp server": QT_TRANSLATE_NOOP("Kinds", "llama.cpp server"),
}


def kind_text(text: str) -> str:
    """A provider kind's label, title or description (or a preset's label) in the
    window's language; brand names (Ollama, OpenAI, Anthropic) stay as they are."""
    return QCoreApplication.translate("Kinds", text) if text in KIND_WORDS else text


def size(nbytes: float) -> str:
    """A file's size in decimal units, as the catalogue writes it: 4.7 GB · 4,7 GB · 135 MB."""
    gb = nbytes / 1e9
    if gb >= 1:
        return QCoreApplication.translate("Units", "{number} GB").format(number=decimal(gb, 1))
    return QCoreApplication.translate("Units", "{number} MB").format(number=decimal(nbytes / 1e6, 0))


def gigabytes(value: float) -> str:
    """A memory size given in GB, with as many decimals as it has: 8 GB · 1,5 GB."""
    return QCoreApplication.translate("Units", "{number} GB").format(number=locale().toString(float(value), "g", 6))


def left_to_right(text: str) -> str:
    """``text`` (a path, a URL) kept in its own left-to-right run inside a right-to-left
    sentence (a Hebrew window would show "/tmp/home" as "tmp/home/"); as it is otherwise."""
    if QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft:
        return f"\u2066{text}\u2069"  # LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE
    return text
