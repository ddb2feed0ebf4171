"""The plan's stages and a plan run's states as the plan window names them, in the
window's language (the core keeps them as English identifiers: "stories", "suspended")."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)

STAGE_NAMES = {
    "intake": QT_TRANSLATE_NOOP("PlanStages", "intake"),
    "clarify": QT_TRANSLATE_NOOP("PlanStages", "clarify"),
    "analysis": QT_TRANSLATE_NOOP("PlanStages", "analysis"),
    "features": QT_TRANSLATE_NOOP("PlanStages", "features"),
    "stories": QT_TRANSLATE_NOOP("PlanStages", "stories"),
    "tasks": QT_TRANSLATE_NOOP("PlanStages", "tasks"),
    "sprints": QT_TRANSLATE_NOOP("PlanStages", "sprints"),
}
STATUS_NAMES = {
    "running": QT_TRANSLATE_NOOP("PlanStages", "running"),
    "suspended": QT_TRANSLATE_NOOP("PlanStages", "suspended"),
    "interrupted": QT_TRANSLATE_NOOP("PlanStages", "interrupted"),
    "failed": QT_TRANSLATE_NOOP("PlanStages", "failed"),
    "done": QT_TRANSLATE_NOOP("PlanStages", "done"),
}


def stage_name(stage: str) -> str:
    """A stage ("stories") in the window's language; one it does not know, as it is."""
    text = STAGE_NAMES.get(stage)
    return QCoreApplication.translate("PlanStages", text) if text else stage


def status_name(status: str) -> str:
    """A plan run's status ("suspended") in the window's language."""
    text = STATUS_NAMES.get(status)
    return QCoreApplication.translate("PlanStages", text) if text else status
