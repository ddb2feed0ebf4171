"""Create, edit and delete the Principal's agents and their prompts; assign roles.

Agent files are written through the core facade (validated, confined to the user
agents folder, atomic); roles go to the settings through the controller."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from aipa.core.config import catalogue
from aipa.core.team.agents import THINKING, make_agent
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.errors import AipaError
from aipa.ui.dialogs.common import confirm
from aipa.ui.dialogs.words import role_name
from aipa.ui.i18n import core_text
from aipa.ui.platform import fit_platform

PROVIDER_CHOICES = ("", *(k.name for k in catalogue.CATALOGUE))  # "" = the default provider; then every kind
THINKING_LABELS = (  # in the order of THINKING (translated when shown)
    QT_TRANSLATE_NOOP("AgentEditor", "model default"),
    QT_TRANSLATE_NOOP("AgentEditor", "on"),
    QT_TRANSLATE_NOOP("AgentEditor", "off"),
)
ROLES = ("orchestrator", "auditor", "recruiter")
NAME = Qt.ItemDataRole.UserRole  # a list row's agent name


def capitalized(text: str) -> str:
    """The first letter upper-case (a role's name as a form label)."""
    return text[:1].upper() + text[1:]


class AgentEditor(QDialog):
    changed = Signal()  # an agent file or the roles changed

    def __init__(self, parent, core, save_roles) -> None:
        """``save_roles(dict)`` stores roles in the settings (the controller does it)."""
        super().__init__(parent)
        self.setObjectName("agentEditor")
        self.setWindowTitle(self.tr("Agents"))
        self.resize(980, 680)
        self.core = core
        self._save_roles = save_roles
        self._editing: str | None = None
        outer = QVBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setObjectName("agentEditorList")
        self.list.currentItemChanged.connect(lambda cur, _prev: self._show(cur.data(NAME) if cur else None))
        lv.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.new_button = QPushButton(self.tr("New agent"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.new_button.clicked.connect(self.new_agent)
        self.delete_button.clicked.connect(self._confirm_delete)
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        lv.addLayout(row)
        roles_box = QGroupBox(self.tr("Roles"))
        rf = QFormLayout(roles_box)
        self.role_boxes: dict[str, QComboBox] = {}
        for role in ROLES:
            box = QComboBox()
            box.setObjectName(f"role_{role}")
            self.role_boxes[role] = box
            rf.addRow(capitalized(role_name(role)), box)
        self.save_roles_button = QPushButton(self.tr("Save roles"))
        self.save_roles_button.clicked.connect(self.save_roles)
        rf.addRow(self.save_roles_button)
        lv.addWidget(roles_box)
        split.addWidget(left)

        right = QWidget()
        form = QFormLayout(right)
        self.name = QLineEdit()
        self.name.setObjectName("agentName")
        self.title = QLineEdit()
        self.title.setObjectName("agentTitle")
        self.description = QLineEdit()
        self.color = QPushButton()
        self.color.setObjectName("agentColor")
        self.color.clicked.connect(self._pick_color)
        self._color = "#8a94a6"
        self.provider = QComboBox()
        self.provider.addItems([p or self.tr("(default)") for p in PROVIDER_CHOICES])
        self.model = QLineEdit()
        self.model.setPlaceholderText(self.tr("provider default"))
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0, 2)
        self.temperature.setSingleStep(0.1)
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(1, 1_000_000)
        self.stateful = QCheckBox(self.tr("remembers the session's conversation with it"))
        self.thinking = QComboBox()
        self.thinking.addItems([self.tr(text) for text in THINKING_LABELS])
        self.thinking.setToolTip(self.tr("For thinking models (Ollama, Anthropic): off answers faster"))
        self.tools = QLineEdit()
        self.tools.setPlaceholderText(self.tr("none: it only writes text"))
        self.tools.setToolTip(self.tr("The tools this agent may use, separated by commas (e.g. web_search, read_file)"))
        self.prompt = QPlainTextEdit()
        self.prompt.setObjectName("agentPrompt")
        self.source = QLabel()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Description"), self.description)
        form.addRow(self.tr("Colour"), self.color)
        form.addRow(self.tr("Provider"), self.provider)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("Temperature"), self.temperature)
        form.addRow(self.tr("Max tokens"), self.max_tokens)
        form.addRow("", self.stateful)
        form.addRow(self.tr("Thinking"), self.thinking)
        form.addRow(self.tr("Tools"), self.tools)
        form.addRow(self.tr("System prompt"), self.prompt)
        form.addRow("", self.source)
        self.error = QLabel()
        self.error.setObjectName("agentError")
        self.error.setStyleSheet("color: #d64545")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        bottom = QHBoxLayout()
        self.save_button = QPushButton(self.tr("Save agent"))
        self.save_button.setObjectName("saveAgent")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.accept)
        bottom.addStretch(1)
        bottom.addWidget(self.save_button)
        bottom.addWidget(close)
        form.addRow(bottom)
        split.addWidget(right)
        split.setSizes([300, 680])
        outer.addWidget(split)
        fit_platform(self)
        self.refresh()

    # list -----------------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> None:
        self.core.agents.reload(only_if_changed=True)
        names = self.core.agents.names()
        self.list.blockSignals(True)
        self.list.clear()
        for agent in self.core.agents.all():
            tag = (
                self.tr("shipped")
                if agent.builtin
                else (self.tr("override") if self.core.agents.shipped(agent.name) else self.tr("yours"))
            )
            item = QListWidgetItem(f"{agent.name}  · {agent.title} ({tag})")
            item.setData(NAME, agent.name)
            item.setForeground(QColor(agent.color))
            self.list.addItem(item)
        self.list.blockSignals(False)
        for role, box in self.role_boxes.items():
            box.clear()
            box.addItems(names)
            box.setCurrentText(self.core.config.settings.roles.get(role, ""))
        target = select or self._editing or (names[0] if names else None)
        for i in range(self.list.count()):
            if self.list.item(i).data(NAME) == target:
                self.list.setCurrentRow(i)
                break

    def _show(self, name: str | None) -> None:
        self.error.clear()
        agent = self.core.agents.get(name)
        if agent is None:
            return
        self._editing = agent.name
        self.name.setText(agent.name)
        self.name.setReadOnly(agent.builtin or self.core.agents.shipped(agent.name) is not None)
        self.title.setText(agent.title)
        self.description.setText(agent.description)
        self._set_color(agent.color)
        self.provider.setCurrentIndex(
            max(0, PROVIDER_CHOICES.index(agent.provider) if agent.provider in PROVIDER_CHOICES else 0)
        )
        self.model.setText(agent.model)
        self.temperature.setValue(agent.temperature)
        self.max_tokens.setValue(agent.max_tokens)
        self.stateful.setChecked(agent.stateful)
        self.thinking.setCurrentIndex(THINKING.index(agent.thinking))
        self.tools.setText(", ".join(agent.tools))
        self.prompt.setPlainText(agent.prompt)
        shipped = self.core.agents.shipped(agent.name)
        self.source.setText(
            self.tr("Shipped agent: saving writes your own override (delete it to go back).")
            if agent.builtin
            else self.tr("Your override of a shipped agent.")
            if shipped
            else self.tr("Your agent.")
        )
        self.delete_button.setEnabled(not agent.builtin)
        self.delete_button.setText(self.tr("Remove override") if shipped and not agent.builtin else self.tr("Delete"))

    def _set_color(self, color: str) -> None:
        self._color = color
        self.color.setText(color)
        self.color.setStyleSheet(f"QPushButton#agentColor {{ background: {color}; color: white; }}")

    def _pick_color(self) -> None:
        dialog = QColorDialog(QColor(self._color), self)
        dialog.colorSelected.connect(lambda c: self._set_color(c.name()))
        dialog.open()

    # edits ----------------------------------------------------------------------------

    def new_agent(self) -> None:
        self._editing = None
        self.list.clearSelection()
        self.name.setReadOnly(False)
        for w in (self.name, self.title, self.description, self.model, self.tools):
            w.clear()
        self._set_color("#6f8fce")
        self.provider.setCurrentIndex(0)
        self.temperature.setValue(0.7)
        self.max_tokens.setValue(4096)
        self.stateful.setChecked(False)
        self.thinking.setCurrentIndex(0)
        self.prompt.setPlainText("")
        self.source.setText(self.tr("A new agent of yours: it becomes a lead the Chief of Staff can brief."))
        self.delete_button.setEnabled(False)
        self.name.setFocus()

    def form_data(self) -> dict:
        return {
            "name": self.name.text().strip(),
            "title": self.title.text().strip(),
            "description": self.description.text().strip(),
            "color": self._color,
            "provider": PROVIDER_CHOICES[self.provider.currentIndex()],
            "model": self.model.text().strip(),
            "temperature": round(self.temperature.value(), 2),
            "max_tokens": self.max_tokens.value(),
            "stateful": self.stateful.isChecked(),
            "thinking": THINKING[self.thinking.currentIndex()],
            "tools": [t.strip() for t in self.tools.text().split(",") if t.strip()],
        }

    def save(self) -> bool:
        self.error.clear()
        data = self.form_data()
        try:
            if self._editing is None and self.core.agents.get(data["name"]) is not None:
                raise AipaError(self.tr("an agent named {name} already exists").format(name=data["name"]))
            agent = self.core.agents.save(make_agent(data, prompt=self.prompt.toPlainText(), label="agent"))
        except AipaError as exc:
            self.error.setText(html.escape(core_text(exc.message)))
            return False
        self._editing = agent.name
        self.refresh(select=agent.name)
        self.changed.emit()
        return True

    def _confirm_delete(self) -> None:
        name = self._editing
        if not name:
            return
        self.confirm_box = confirm(
            self,
            self.tr("Delete agent?"),
            self.tr("Delete your file for {name}?").format(name=name),
            self.tr("Delete"),
            lambda: self.delete(name),
            name="deleteAgentConfirm",
        )

    def delete(self, name: str) -> bool:
        try:
            self.core.agents.delete(name)
        except AipaError as exc:
            self.error.setText(html.escape(core_text(exc.message)))
            return False
        self._editing = None
        self.refresh()
        self.changed.emit()
        return True

    def save_roles(self) -> bool:
        roles = {role: box.currentText() for role, box in self.role_boxes.items()}
        if len({v.casefold() for v in roles.values()}) < len(roles):
            self.error.setText(self.tr("Each role needs a different agent."))
            return False
        self._save_roles(roles)
        self.changed.emit()
        return True
