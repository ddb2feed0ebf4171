"""The window's words for the core's states: a run's status, a verdict, a card's state,
translated (context "Words"). The core's values stay the English keys; only what is
shown goes through here."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from aipa.core.text.words import QT_TRANSLATE_NOOP

RUN_STATUS = {
    "running": QT_TRANSLATE_NOOP("Words", "running"),
    "suspended": QT_TRANSLATE_NOOP("Words", "suspended"),
    "interrupted": QT_TRANSLATE_NOOP("Words", "interrupted"),
    "failed": QT_TRANSLATE_NOOP("Words", "failed"),
    "done": QT_TRANSLATE_NOOP("Words", "done"),
    "rejected": QT_TRANSLATE_NOOP("Words", "rejected"),
}
VERDICT = {
    "PASS": QT_TRANSLATE_NOOP("Words", "PASS"),
    "PASS WITH NOTES": QT_TRANSLATE_NOOP("Words", "PASS WITH NOTES"),
    "FLAG": QT_TRANSLATE_NOOP("Words", "FLAG"),
    "REJECT": QT_TRANSLATE_NOOP("Words", "REJECT"),
    "NONE": QT_TRANSLATE_NOOP("Words", "NONE"),
}


def word(text: str) -> str:
    """``text`` (one of this module's words) in the window's language."""
    return QCoreApplication.translate("Words", text)


def run_status(status: str) -> str:
    return word(RUN_STATUS.get(status, status))


def verdict(value: str) -> str:
    """A verdict as shown: "PASS WITH NOTES" in capitals in English, translated elsewhere."""
    return word(VERDICT.get(value, value))


# An agent's live state (core.kinds.Activity) and a card's (transcript/card_header.py).
STATE = {
    "idle": QT_TRANSLATE_NOOP("Words", "idle"),
    "queued": QT_TRANSLATE_NOOP("Words", "queued"),
    "reading": QT_TRANSLATE_NOOP("Words", "reading"),
    "thinking": QT_TRANSLATE_NOOP("Words", "thinking"),
    "streaming": QT_TRANSLATE_NOOP("Words", "streaming"),
    "writing": QT_TRANSLATE_NOOP("Words", "writing"),
    "waiting": QT_TRANSLATE_NOOP("Words", "waiting"),
    "asking": QT_TRANSLATE_NOOP("Words", "waiting for your permission"),
    "working": QT_TRANSLATE_NOOP("Words", "working"),
    "done": QT_TRANSLATE_NOOP("Words", "done"),
    "error": QT_TRANSLATE_NOOP("Words", "error"),
    "pending": QT_TRANSLATE_NOOP("Words", "pending"),
    "in_progress": QT_TRANSLATE_NOOP("Words", "in progress"),
    "complete": QT_TRANSLATE_NOOP("Words", "complete"),
    "stopped": QT_TRANSLATE_NOOP("Words", "stopped"),
    "interrupted": QT_TRANSLATE_NOOP("Words", "interrupted"),
}
# The connection check's states (Core.providers.check_connection).
CONNECTION = {
    "connected": QT_TRANSLATE_NOOP("Words", "connected"),
    "unreachable": QT_TRANSLATE_NOOP("Words", "unreachable"),
    "error": QT_TRANSLATE_NOOP("Words", "error"),
    "unknown": QT_TRANSLATE_NOOP("Words", "unknown"),
    "dry run": QT_TRANSLATE_NOOP("Words", "dry run"),
}
# The three roles' names (settings.roles).
ROLE = {
    "orchestrator": QT_TRANSLATE_NOOP("Words", "Chief of Staff"),
    "auditor": QT_TRANSLATE_NOOP("Words", "Auditor"),
    "recruiter": QT_TRANSLATE_NOOP("Words", "Recruiter"),
}


def state(value: str) -> str:
    return word(STATE.get(value, value))


def connection(value: str) -> str:
    return word(CONNECTION.get(value, value))


def title(text: str) -> str:
    """An agent's title as a card shows it: a role's name ("Chief of Staff") translated,
    any other title (the agent's own, from its file) as it is."""
    return word(text) if text in ROLE.values() else text


def role(value: str) -> str:
    """A role's name ("Chief of Staff"); '' for a lead."""
    return word(ROLE[value]) if value in ROLE else ""


# A run's stages (core.kinds.Stage), as the status bar names them.
STAGE = {
    "route": QT_TRANSLATE_NOOP("Words", "route"),
    "clarify": QT_TRANSLATE_NOOP("Words", "clarify"),
    "plan_review": QT_TRANSLATE_NOOP("Words", "plan review"),
    "dispatch": QT_TRANSLATE_NOOP("Words", "dispatch"),
    "synthesize": QT_TRANSLATE_NOOP("Words", "synthesize"),
    "audit": QT_TRANSLATE_NOOP("Words", "audit"),
    "review": QT_TRANSLATE_NOOP("Words", "review"),
    "budget": QT_TRANSLATE_NOOP("Words", "budget"),
}


def stage(value: str) -> str:
    return word(STAGE.get(value, value.replace("_", " ")))
