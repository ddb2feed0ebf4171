"""A marker for the core's texts that the window shows translated, without Qt.

``QT_TRANSLATE_NOOP(context, text)`` returns ``text`` unchanged; pyside6-lupdate finds
the calls by name (scripts/translations.py: the ``core`` area) and the window translates
the text where it shows it (``QCoreApplication.translate(context, text)``; a text with
placeholders is translated as a template, then formatted). The core and the CLI keep
printing the English text.
"""

from __future__ import annotations

# The context of every core text (resources/translations/core_<lang>.ts). lupdate reads
# only a literal: write QT_TRANSLATE_NOOP("Core", "…"), never with this name.
CORE = "Core"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """``text``, marked for translation in ``context``."""
    return text
