"""Settings: the default provider profile and model (a combo of its installed models),
the provider profiles (settings_profiles.py) and API keys (settings_keys.py: the keyring
in use; replace or delete a key), each agent's provider and model, run options, the data
folder and the theme. Settings are saved in the data folder (``settings.json``); keys
only ever go to the keyring.
Network and keyring work runs as asyncio tasks; slots are one line."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from aipa.core.config import catalogue
from aipa.core.config.keyring_check import KeyringStatus
from aipa.core.config.settings import Settings
from aipa.errors import AipaError
from aipa.ui.dialogs.model_field import ModelCombo, ModelLister
from aipa.ui.dialogs.settings_api import ApiPage
from aipa.ui.dialogs.settings_data import DataPage
from aipa.ui.dialogs.settings_keys import KeyRows
from aipa.ui.dialogs.settings_mcp import McpPage
from aipa.ui.dialogs.settings_profiles import ProfilesBox
from aipa.ui.dialogs.settings_tabs import data_tab, runs_tab
from aipa.ui.dialogs.words import kind_text, role_name
from aipa.ui.i18n import core_text
from aipa.ui.platform import fit_platform
from aipa.ui.settings_apply import apply_settings, refresh_providers
from aipa.ui.widgets import BAD, DIM, WARN, colored, label

log = logging.getLogger("aipa.ui.settings")

PROVIDER_NAMES = tuple(p.name for p in catalogue.choosable())


class SettingsDialog(QDialog, KeyRows):
    # the fields of the Runs and Appearance tabs (settings_tabs.py builds them)
    auto_audit: QCheckBox
    plan_review: QCheckBox
    lead_timeout: QSpinBox
    brief_retention: QSpinBox
    max_output: QSpinBox
    theme: QComboBox
    language: QComboBox
    language_note: QLabel
    font_size: QSpinBox
    send_key: QComboBox
    data_folder: QLineEdit
    change_folder: QPushButton
    data_help: QLabel

    def __init__(self, parent, core, controller=None, *, open_wizard=None) -> None:
        super().__init__(parent)
        self.core = core
        self.controller = controller
        self.open_wizard = open_wizard
        self.keyring: KeyringStatus | None = None
        self._tasks: set[asyncio.Task] = set()
        self.setObjectName("settingsDialog")
        self.setWindowTitle(self.tr("Settings"))
        self.resize(860, 600)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._providers_tab(), self.tr("Providers && keys"))
        self.tabs.addTab(self._agents_tab(), self.tr("Agents"))
        self.tabs.addTab(runs_tab(self), self.tr("Runs"))
        self.tabs.addTab(data_tab(self), self.tr("Appearance && data"))
        self.mcp = McpPage(core, self._spawn, core.config.settings.mcp_servers)
        self.tabs.addTab(self.mcp, self.tr("MCP servers"))
        runner = getattr(parent, "local_api", None)  # the window's (ui/window/local_api.py)
        self.api = ApiPage(core, runner.api if runner is not None else None)
        self.tabs.addTab(self.api, self.tr("Local API"))
        self.data = DataPage(core, self._spawn, parent)  # backups, restore, the archive (issue 33)
        self.tabs.addTab(self.data, self.tr("Data"))
        layout.addWidget(self.tabs, 1)
        self.error = label("settingsError")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Apply
            | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.apply_button = buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.ok_button.clicked.connect(self._ok)
        self.apply_button.clicked.connect(self.apply)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).clicked.connect(self.reject)
        layout.addWidget(buttons)
        fit_platform(self)
        self.models = ModelLister(core)
        self.load()
        self._spawn(self.refresh_keys())
        self._spawn(self.fill_models())

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def done(self, code: int) -> None:
        self.models.close()
        for task in list(self._tasks):
            task.cancel()
        super().done(code)

    # --- tabs --------------------------------------------------------------------------------

    def _providers_tab(self) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        form = QFormLayout()
        self.provider = QComboBox()
        self.provider.setObjectName("defaultProvider")
        self.provider.setAccessibleName(self.tr("Default provider"))
        self._fill_providers(self.provider)
        self.model = ModelCombo("defaultModel", self.tr("the provider's default"))
        self.model_hint = label("modelHint")
        self.model_hint.hide()
        self.base_url = QLineEdit()
        self.base_url.setObjectName("baseUrl")
        form.addRow(self.tr("Default provider"), self.provider)
        form.addRow(self.tr("Default model"), self.model)
        form.addRow("", self.model_hint)
        form.addRow(self.tr("Base URL"), self.base_url)
        v.addLayout(form)
        if self.open_wizard is not None:
            wizard = QPushButton(self.tr("Run the setup wizard…"))
            wizard.setObjectName("openWizard")
            wizard.clicked.connect(self._wizard)
            v.addWidget(wizard)
        self.provider.activated.connect(self._on_provider)
        self.profiles = ProfilesBox(self)
        self.profiles.changed.connect(self._profiles_changed)
        v.addWidget(self.profiles)
        box = QGroupBox(self.tr("API keys (stored in the OS keyring only)"))
        self.key_grid = QGridLayout(box)
        self.keyring_label = label("keyringStatus", colored(self.tr("Checking the keyring…"), DIM, bold=False))
        self.key_grid.addWidget(self.keyring_label, 0, 0, 1, 5)
        self.key_state: dict[str, QLabel] = {}
        self.key_edit: dict[str, QLineEdit] = {}
        self.key_buttons: dict[str, tuple[QPushButton, QPushButton]] = {}
        self._key_rows()
        self.key_grid.setColumnStretch(2, 1)
        v.addWidget(box)
        v.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(page)
        return scroll

    def _fill_providers(self, combo: QComboBox, *, default_item: bool = False) -> None:
        """The profiles (configured ones first, then the bare kinds) in ``combo``, keeping its choice."""
        chosen = combo.currentData()
        combo.clear()
        if default_item:
            combo.addItem(self.tr("(default)"), "")
        named = [p for p in self.core.config.profiles.all() if p.configured]
        for p in named:
            combo.addItem(p.name if p.name == p.kind else f"{p.name} ({kind_text(p.label)})", p.name)
        for name in PROVIDER_NAMES:
            if name not in {p.name for p in named}:
                combo.addItem(kind_text(catalogue.BY_NAME[name].label), name)
        if chosen is not None:
            combo.setCurrentIndex(max(0, combo.findData(chosen)))

    def _profiles_changed(self) -> None:
        self.models.forget()  # a server or key may have changed: list again
        self._fill_providers(self.provider)
        for _name, combo, _model in self.agent_rows:
            self._fill_providers(combo, default_item=True)
        self._on_provider(fill=False)  # the default profile's URL as saved
        self._key_rows()
        self._spawn(self.refresh_keys())
        self._spawn(self._after_profiles())

    async def _after_profiles(self) -> None:
        """Providers built again (a new key or server is used), then the model lists."""
        if self.controller is not None:
            self.controller.spawn(refresh_providers(self.core, self.controller))
        else:
            await self.core.providers.refresh()
        await self.fill_models()

    def _agents_tab(self) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        v.addWidget(
            label(
                "agentsHelp",
                self.tr(
                    "An agent with no provider or model uses the defaults. A change here "
                    "saves your own copy of the agent (in the data folder's agents/)."
                ),
            )
        )
        self.agent_table = QTableWidget(0, 4)
        self.agent_table.setObjectName("agentTable")
        self.agent_table.setHorizontalHeaderLabels(
            [self.tr("Agent"), self.tr("Role"), self.tr("Provider"), self.tr("Model")]
        )
        self.agent_table.verticalHeader().setVisible(False)
        self.agent_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        v.addWidget(self.agent_table, 1)
        return page

    # --- values --------------------------------------------------------------------------------

    def load(self) -> None:
        s = self.core.config.settings
        self.provider.setCurrentIndex(max(0, self.provider.findData(s.provider)))
        self.model.setText(s.model)
        self._on_provider(fill=False)  # its URL: the settings' base_url, else the profile's own
        self.auto_audit.setChecked(s.auto_audit)
        self.plan_review.setChecked(s.plan_review)
        self.lead_timeout.setValue(int(s.lead_timeout))
        self.brief_retention.setValue(s.brief_retention)
        self.max_output.setValue(s.max_output_tokens)
        self.theme.setCurrentIndex(max(0, self.theme.findData(s.theme)))
        self.language.setCurrentIndex(max(0, self.language.findData(s.language)))
        self.font_size.setValue(s.font_size)
        self.send_key.setCurrentIndex(max(0, self.send_key.findData(s.send_key)))
        self._load_agents()

    def _load_agents(self) -> None:
        roles = {v: k for k, v in self.core.config.settings.roles.items()}
        agents = self.core.agents.all()
        self.agent_table.setRowCount(len(agents))
        self.agent_rows: list[tuple[str, QComboBox, ModelCombo]] = []
        for row, agent in enumerate(agents):
            name = QTableWidgetItem(agent.name)
            role = QTableWidgetItem(role_name(roles.get(agent.name, "lead")))
            self.agent_table.setItem(row, 0, name)
            self.agent_table.setItem(row, 1, role)
            combo = QComboBox()
            combo.setObjectName(f"agentProvider_{agent.name}")
            self._fill_providers(combo, default_item=True)
            if combo.findData(agent.provider) < 0:  # a profile that is gone: shown, so it is not lost
                combo.addItem(agent.provider, agent.provider)
            combo.setCurrentIndex(max(0, combo.findData(agent.provider)))
            combo.activated.connect(lambda *_a: self._spawn(self.fill_models()))
            model = ModelCombo(f"agentModel_{agent.name}", self.tr("default"))
            model.setText(agent.model)
            self.agent_table.setCellWidget(row, 2, combo)
            self.agent_table.setCellWidget(row, 3, model)
            self.agent_rows.append((agent.name, combo, model))
        self.agent_table.resizeColumnsToContents()

    def _on_provider(self, *_args, fill: bool = True) -> None:
        name, s = self.provider.currentData(), self.core.config.settings
        url = s.base_url if name == s.provider else ""
        entry = s.providers.get(name, {})
        self.base_url.setText(url or (entry.get("base_url", "") if isinstance(entry, dict) else ""))
        self._placeholder()
        if fill:
            self._spawn(self.fill_models())

    def _placeholder(self, *_args) -> None:
        info = catalogue.provider(self.core.config.profiles.kind(self.provider.currentData()))
        self.base_url.setPlaceholderText((info.default_url if info else "") or self.tr("not used"))

    # --- model fields: the installed models of the chosen profile --------------------------------

    async def fill_models(self) -> None:
        """Fill the default model field and each agent's with the installed models of the
        profile each one uses (free text stays possible; a hint says when a server is down)."""
        default = self.provider.currentData() or ""
        names, why = await self.models.names(default)
        self.model.fill(default, names)
        self.model_hint.setVisible(bool(why))
        if why:
            why = why.removeprefix(f"{default}: ").rstrip(".")
            hint = self.tr("Could not list the models of {profile} ({why}). Type a model name.")
            self.model_hint.setText(colored(hint.format(profile=default, why=why), WARN, bold=False))

        for _agent, combo, field in self.agent_rows:
            profile = combo.currentData() or default
            listed, _why = await self.models.names(profile)
            field.fill(profile, listed)

    def values(self) -> Settings:
        s = self.core.config.settings
        name = self.provider.currentData()
        base_url = self.base_url.text().strip()
        providers = {k: dict(v) for k, v in s.providers.items()}
        if base_url:  # also kept per provider, so agents pinned to it use it too
            providers.setdefault(name, {})["base_url"] = base_url
        elif name in providers:
            providers[name].pop("base_url", None)
        return s.with_changes(
            provider=name,
            model=self.model.text().strip(),
            base_url=base_url,
            auto_audit=self.auto_audit.isChecked(),
            plan_review=self.plan_review.isChecked(),
            lead_timeout=float(self.lead_timeout.value()),
            brief_retention=self.brief_retention.value(),
            max_output_tokens=self.max_output.value(),
            theme=self.theme.currentData(),
            language=self.language.currentData(),
            font_size=self.font_size.value(),
            send_key=self.send_key.currentData(),
            providers=providers,
            mcp_servers=self.mcp.entries(),
            **self.api.values(),
        )

    def apply(self) -> bool:
        self.error.clear()
        if problem := self.mcp.problem():
            self.error.setText(colored(problem, BAD))
            self.tabs.setCurrentWidget(self.mcp)
            return False
        try:
            changed = self._save_agents()
        except AipaError as exc:
            self.error.setText(colored(core_text(exc.message), BAD))
            return False
        if changed and self.controller is not None:
            self.controller.agents_changed()
        elif changed:
            self.core.agents.reload()
        apply_settings(self.core, self.controller, self.values())  # the window re-styles on a theme change
        return True

    def _save_agents(self) -> bool:
        changed = False
        for name, combo, model in self.agent_rows:
            agent = self.core.agents.get(name)
            if agent is None:
                continue
            provider, model_name = combo.currentData(), model.text().strip()
            if (provider, model_name) != (agent.provider, agent.model):
                self.core.agents.save(replace(agent, provider=provider, model=model_name))
                changed = True
        return changed

    def _ok(self) -> None:
        if self.apply():
            self.accept()

    def _wizard(self) -> None:
        self.reject()
        self.open_wizard()
