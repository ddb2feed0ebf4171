"""The team roster the recruiter keeps (``_roster.md`` in the agents folder), as a table:
name, role, provider, model, tools, and when each agent was recruited and last changed
(relative, the exact time in the tooltip), with the latest changes below. Read-only:
agents are changed through the recruiter or the agent editor."""

from __future__ import annotations

import html
import time
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.dialogs.words import left_to_right, role_name
from aipa.ui.platform import fit_platform
from aipa.ui.transcript.model import relative_time

COLUMNS = (  # translated when shown
    QT_TRANSLATE_NOOP("RosterDialog", "Name"),
    QT_TRANSLATE_NOOP("RosterDialog", "Role"),
    QT_TRANSLATE_NOOP("RosterDialog", "Provider"),
    QT_TRANSLATE_NOOP("RosterDialog", "Model"),
    QT_TRANSLATE_NOOP("RosterDialog", "Tools"),
    QT_TRANSLATE_NOOP("RosterDialog", "Recruited"),
    QT_TRANSLATE_NOOP("RosterDialog", "Changed"),
)
STAMP = "%Y-%m-%d %H:%M"  # how the roster writes its dates (local time)
RECENT_CHANGES = 12


def when(stamp: str, now: float | None = None) -> str:
    """ "3 days ago" for a roster date (the text as it is when it does not parse)."""
    try:
        at = datetime.strptime(stamp, STAMP).timestamp()
    except ValueError:
        return stamp
    return relative_time(at, time.time() if now is None else now)


class RosterDialog(QDialog):
    def __init__(self, parent, core) -> None:
        super().__init__(parent)
        self.setObjectName("rosterDialog")
        self.setWindowTitle(self.tr("Team roster"))
        self.setAccessibleName(self.tr("Team roster"))
        self.resize(900, 520)
        roster = core.agents.roster()
        layout = QVBoxLayout(self)
        path = core.agents.roster_file()
        count = len(roster.entries)
        where = f"<code>{left_to_right(html.escape(str(path)))}</code>"
        intro = QLabel(
            self.tr("1 agent, kept by the recruiter and the agent editor in {path}").format(path=where)
            if count == 1
            else self.tr("%n agents, kept by the recruiter and the agent editor in {path}", "", count).format(
                path=where
            )
        )
        intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(len(roster.entries), len(COLUMNS), self)
        self.table.setObjectName("rosterTable")
        self.table.setAccessibleName(self.tr("Roster"))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        for row, e in enumerate(roster.entries):
            cells = (
                e.name,
                role_name(e.role) if e.role else "—",
                e.provider or self.tr("(default)"),
                e.model or self.tr("(provider default)"),
                ", ".join(e.tools) or "—",
                when(e.recruited),
                when(e.changed),
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 5:
                    item.setToolTip((e.recruited, e.changed)[col - 5])
                elif col == 4 and e.tools:
                    item.setToolTip("\n".join(e.tools))
                self.table.setItem(row, col, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel("<b>" + self.tr("Latest changes") + "</b>"))
        self.changes = QPlainTextEdit(self)
        self.changes.setObjectName("rosterChanges")
        self.changes.setReadOnly(True)
        self.changes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.changes.setMaximumHeight(130)
        self.changes.setPlainText("\n".join(reversed(roster.changes[-RECENT_CHANGES:])) or self.tr("(none yet)"))
        layout.addWidget(self.changes)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_platform(self)
