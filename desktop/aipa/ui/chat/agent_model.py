"""The agent roster for the sidebar: colour, title, role, provider/model and the live
state of every agent (idle, queued, waiting, thinking, streaming, done, error)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt

from aipa.core.config.model_names import shown
from aipa.ui import words

AGENT_ROLE = Qt.ItemDataRole.UserRole + 2


@dataclass
class AgentRow:
    name: str
    title: str
    color: str
    provider: str
    model: str
    role: str = ""  # orchestrator | auditor | recruiter | "" (lead)
    state: str = "idle"
    chars: int = 0  # characters streamed in the current call

    def model_label(self) -> str:
        return f"{self.provider} · {shown(self.model)}" if self.model else self.provider


class AgentModel(QAbstractListModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[AgentRow] = []

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == AGENT_ROLE:
            return row
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{row.name} ({row.title}) — {words.state(row.state)}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                f"{row.name} · {row.title}\n{row.model_label()}\n"
                + (self.tr("role: {role}").format(role=words.role(row.role)) if row.role else self.tr("lead"))
                + "\n"
                + self.tr("Click to talk to this agent alone.")
            )

        return None

    def load(self, core) -> None:
        roles = {v.casefold(): k for k, v in core.config.settings.roles.items()}
        old = {r.name: r.state for r in self._rows}
        self.beginResetModel()
        self._rows = []
        for agent in core.agents.all():
            provider, model = core.agents.route(agent)
            self._rows.append(
                AgentRow(
                    agent.name,
                    agent.title,
                    agent.color,
                    provider,
                    model,
                    roles.get(agent.key, ""),
                    old.get(agent.name, "idle"),
                )
            )
        self.endResetModel()

    def rows(self) -> list[AgentRow]:
        return list(self._rows)

    def row(self, name: str) -> AgentRow | None:
        return next((r for r in self._rows if r.name.casefold() == name.casefold()), None)

    def set_state(self, name: str, state: str, chars: int | None = None) -> None:
        """A new state repaints the row; ``chars`` alone (updated with every streamed
        flush, and not shown) does not."""
        for i, row in enumerate(self._rows):
            if row.name.casefold() == name.casefold():
                if chars is not None:
                    row.chars = chars
                if row.state == state:
                    return
                row.state = state
                idx = self.index(i)
                self.dataChanged.emit(idx, idx)
                return

    def reset_states(self, state: str = "idle") -> None:
        for row in self._rows:
            row.state, row.chars = state, 0
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))
