"""The model picker in the window's header (as in LM Studio or Jan): a button showing
the provider and model in use; it opens a list of the provider's installed models
(read through the facade, off the UI thread), the one in use marked ✓, switches with one
click, offers "Pull / import a model…" (the setup wizard's page for that provider) and
shows each agent's model, editable from the same list. Every other configured provider
profile's models follow, grouped under the profile's name (listed at once, each with a
short timeout; one that cannot be reached says so in its group); choosing one of them
makes that profile the default. For the built-in engine the list ends with "Download
more…", which opens the catalogue of recommended GGUF models."""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from aipa import errors
from aipa.core.config.model_names import shown
from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.i18n import core_text
from aipa.ui.platform import headless

if TYPE_CHECKING:
    from aipa.core.facade import Core
    from aipa.ui.chat.controller import Controller
    from aipa.ui.wizard.catalogue import CatalogueDialog

log = logging.getLogger("aipa.ui")

MODEL_ROLE = Qt.ItemDataRole.UserRole + 5
DOWNLOAD_ROLE = Qt.ItemDataRole.UserRole + 6  # the "Download more…" row
PROFILE_ROLE = Qt.ItemDataRole.UserRole + 7  # another profile's model row: that profile's name
OTHER_TIMEOUT = 4.0  # seconds another profile has to list its models (the default has its own)
DOWNLOAD_MORE = QT_TRANSLATE_NOOP("ModelPopup", "⤓  Download more…")
TEAM_DEFAULT = QT_TRANSLATE_NOOP("ModelPopup", "Team model")
translate = QCoreApplication.translate


def picker_label(provider: str, model: str, local: bool) -> str:
    model = core_text(shown(model)) or translate("ModelPicker", "default model")
    where = translate("ModelPicker", "● local") if local else translate("ModelPicker", "☁ cloud")
    return f"{provider} · {model}  {where}  ▾"


def _model_text(entry) -> str:
    where = translate("ModelPopup", "local") if entry.local else translate("ModelPopup", "cloud")
    return shown(entry.name) + (f"   {entry.size_label}" if entry.size_label else "") + f"   · {where}"


def _heading_item(text: str) -> QListWidgetItem:
    """A group's heading row: bold, in the text colour (enabled), never selected."""
    item = QListWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    return item


class ModelPopup(QFrame):
    """The list that drops down from the header button."""

    chosen = Signal(str)  # a model for the team
    profileChosen = Signal(str, str)  # another profile, its model: that profile becomes the default
    agentChosen = Signal(str, str)  # agent, model ("" = the team's model)
    importRequested = Signal()
    retryRequested = Signal()
    catalogueRequested = Signal()  # "Download more…" (the built-in engine)

    def __init__(self, parent=None) -> None:
        # a real platform: a popup window (a click outside closes it); headless ones have
        # no window manager, so there it is a panel over the window
        flags = Qt.WindowType.Widget if headless() else Qt.WindowType.Popup | Qt.WindowType.FramelessWindowHint
        super().__init__(parent, flags)
        self.setObjectName("modelPopup")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("popupHeading")
        self.status = QLabel()
        self.status.setObjectName("popupStatus")
        self.status.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("modelList")
        self.list.setAccessibleName(self.tr("Installed models"))
        self.list.setAccessibleDescription(self.tr("Choose the model the team uses; Enter or a click switches"))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.itemActivated.connect(self._picked)
        self.list.itemClicked.connect(self._picked)
        self.import_button = QPushButton(self.tr("Pull / import a model…"))
        self.import_button.setObjectName("importModelButton")
        self.import_button.clicked.connect(self.importRequested)
        self.retry_button = QPushButton(self.tr("Retry"))
        self.retry_button.setObjectName("retryModelsButton")
        self.retry_button.clicked.connect(self.retryRequested)
        agents_label = QLabel(self.tr("Per-agent models"))
        agents_label.setObjectName("sectionLabel")
        self.agents_box = QWidget()
        self.agents_form = QFormLayout(self.agents_box)
        self.agents_form.setContentsMargins(0, 0, 0, 0)
        for w in (self.heading, self.status, self.list, self.import_button, self.retry_button, agents_label):
            layout.addWidget(w)
        layout.addWidget(self.agents_box)
        self.agent_boxes: dict[str, QComboBox] = {}

    def show_loading(self, provider: str) -> None:
        self.heading.setText("<b>" + self.tr("Models on {provider}").format(provider=html.escape(provider)) + "</b>")
        self.status.setText(self.tr("Looking for installed models…"))
        self.status.show()
        self.retry_button.hide()

    def show_models(self, entries, current: str, *, download_more: bool = False, provider: str = "", others=()) -> None:
        """``entries``: the default profile's (``provider``) models, ``current`` marked ✓;
        ``others``: (profile, its models or the reason it could not list them) each, under
        headings (none while there is only the default profile)."""
        self.list.clear()
        if others:
            self.heading.setText("<b>" + html.escape(self.tr("Models")) + "</b>")  # (no f-string: lupdate skips those)
            self.list.addItem(_heading_item(self.tr("{provider} (in use)").format(provider=provider)))
        for entry in entries:
            now = entry.name == current
            item = QListWidgetItem(("✓ " if now else "    ") + _model_text(entry))
            item.setData(MODEL_ROLE, entry.name)
            tip = self.tr("{model}: the team's model now") if now else self.tr("Use {model} for the team")
            item.setToolTip(tip.format(model=shown(entry.name)))
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, self.tr("in use") if now else "")
            self.list.addItem(item)
            if now:
                self.list.setCurrentItem(item)
        if download_more:
            more = QListWidgetItem(self.tr(DOWNLOAD_MORE))
            more.setData(DOWNLOAD_ROLE, True)
            more.setToolTip(
                self.tr("Recommended models for the built-in engine: size, memory, licence; one click to download")
            )
            self.list.addItem(more)
        for profile, listed in others:
            self.list.addItem(_heading_item(profile))
            if isinstance(listed, str):  # it could not list its models: why, in its group
                reason = QListWidgetItem("    " + listed)
                reason.setFlags(Qt.ItemFlag.ItemIsEnabled)  # (readable: a disabled row's grey is too faint)
                reason.setToolTip(listed)
                self.list.addItem(reason)
                continue
            if not listed:
                none = QListWidgetItem("    " + self.tr("No models installed"))
                none.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.list.addItem(none)
            for entry in listed:
                item = QListWidgetItem("    " + _model_text(entry))
                item.setData(MODEL_ROLE, entry.name)
                item.setData(PROFILE_ROLE, profile)
                item.setToolTip(
                    self.tr("Switch the team to {profile} · {model}").format(profile=profile, model=shown(entry.name))
                )
                self.list.addItem(item)
        self.status.setVisible(not entries)
        empty = (
            self.tr("No models downloaded yet: choose Download more…")
            if download_more
            else self.tr("No models installed yet: pull or import one.")
        )
        self.status.setText(empty if not entries else "")
        self.retry_button.hide()

    def show_error(self, text: str) -> None:
        self.list.clear()
        self.status.setText(text)
        self.status.show()
        self.retry_button.show()

    def show_agents(self, rows: list[tuple[str, str, str]], models: list[str]) -> None:
        """``rows``: (agent, its own model or "", the model it uses now)."""
        while self.agents_form.rowCount():
            self.agents_form.removeRow(0)
        self.agent_boxes = {}
        for agent, own, _used in rows:
            box = QComboBox()
            box.setObjectName(f"agentModel_{agent}")
            box.setAccessibleName(self.tr("Model of {agent}").format(agent=agent))
            box.addItem(self.tr(TEAM_DEFAULT), "")
            for name in dict.fromkeys([*models, *([own] if own else [])]):
                box.addItem(shown(name), name)
            box.setCurrentIndex(max(0, box.findData(own)))
            box.activated.connect(lambda _i, a=agent, b=box: self.agentChosen.emit(a, b.currentData()))
            self.agents_form.addRow(agent, box)
            self.agent_boxes[agent] = box

    def _picked(self, item: QListWidgetItem) -> None:
        if item.data(DOWNLOAD_ROLE):
            self.catalogueRequested.emit()
            return
        name = item.data(MODEL_ROLE)
        if name and item.data(PROFILE_ROLE):
            self.profileChosen.emit(item.data(PROFILE_ROLE), name)
        elif name:
            self.chosen.emit(name)

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(event)


class ModelPicker(QToolButton):
    """The header button; ``open_import()`` opens the setup wizard's model page."""

    def __init__(
        self, core: Core, controller: Controller, open_import: Callable[[], object], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.core = core
        self.controller = controller
        self.open_import = open_import
        self.setObjectName("modelPicker")
        self.setAccessibleName(self.tr("Model"))
        self.setAccessibleDescription(
            self.tr("The provider and model the team uses; opens the list of installed models")
        )
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.popup = ModelPopup(parent.window() if parent is not None else None)
        self.popup.hide()
        self.popup.chosen.connect(self.choose)
        self.popup.profileChosen.connect(self.choose_profile)
        self.popup.agentChosen.connect(self.choose_for_agent)
        self.popup.importRequested.connect(self._import)
        self.popup.retryRequested.connect(lambda: self.controller.spawn(self.load()))
        self.popup.catalogueRequested.connect(self.open_catalogue)
        self.clicked.connect(self.open)
        self.entries: list = []
        self.catalogue_dialog: CatalogueDialog | None = None
        self.setup_options: dict = {}  # the catalogue's setup service options (tests: a local catalogue)
        self.refresh()

    def refresh(self) -> None:
        name, model = self.core.providers.summary()
        self.setText(picker_label(name, model, self.core.providers.is_local()))
        self.setToolTip(
            self.tr("{provider} · {model}: click to choose another model").format(provider=name, model=model)
        )

    def open(self) -> asyncio.Task:
        self.popup.show_loading(self.core.providers.summary()[0])
        self._place()
        self.popup.show()
        self.popup.list.setFocus()
        return self.controller.spawn(self.load())

    def _place(self) -> None:
        layouts = self.popup.findChildren(QLayout)
        own = self.popup.layout()
        for layout in [*layouts, own] if own is not None else layouts:
            layout.invalidate()
            layout.activate()
        hint = self.popup.sizeHint().expandedTo(self.popup.minimumSizeHint())
        width = max(hint.width(), 360)
        top = self.window()
        room = top.height() - self.mapTo(top, QPoint(0, self.height())).y() - 8
        self.popup.resize(width, max(min(hint.height(), room), 200))
        below = QPoint(self.width() - width, self.height())
        host = self.popup.parentWidget()
        if self.popup.isWindow() or host is None:
            self.popup.move(self.mapToGlobal(below))
        else:
            spot = self.mapTo(host, below)
            self.popup.move(max(0, spot.x()), spot.y())
            self.popup.raise_()

    async def load(self) -> None:
        """Ask the provider for its models (a timeout and its errors become one line)."""
        try:
            self.entries = await self.core.providers.models()
        except TimeoutError:
            self.popup.show_error(self.tr("The server did not answer in time. Is it running?"))
            return
        except errors.AipaError as exc:
            self.popup.show_error(core_text(exc.message) + (f" — {core_text(exc.hint)}" if exc.hint else ""))
            return
        except Exception as exc:  # noqa: BLE001 - a provider bug must not break the window
            log.warning("listing models failed: %r", exc)
            self.popup.show_error(self.tr("Could not list the models: {error}").format(error=exc))
            return
        names = [e.name for e in self.entries]
        builtin = self.core.providers.kind() == "builtin"  # the built-in engine's catalogue
        provider = self.core.providers.summary()[0]
        current = self.core.providers.current_model()
        self.setText(picker_label(provider, current, self.core.providers.is_local()))  # the model, named
        show = partial(self.popup.show_models, self.entries, current, download_more=builtin, provider=provider)
        show()
        rows = [(a.name, a.model, self.core.agents.route(a)[1]) for a in self.core.agents.all()]
        self.popup.show_agents(rows, names)
        await self._fit()
        others = self.core.config.other_profiles()
        if others:  # every other configured profile, grouped below the one in use
            listed = await asyncio.gather(*(self._other_models(name) for name in others))
            show(others=list(zip(others, listed)))
            await self._fit()

    async def _other_models(self, profile: str):
        """Profile ``profile``'s models, or one line saying why it has none to show."""
        try:
            return await self.core.providers.models(profile, timeout=OTHER_TIMEOUT)
        except TimeoutError:
            return self.tr("Not reachable (no answer in time)")
        except errors.AipaError as exc:
            return core_text(exc.message)
        except Exception as exc:  # noqa: BLE001 - one profile's bug must not break the list
            log.warning("listing the models of %s failed: %r", profile, exc)
            return self.tr("Could not list its models")

    async def _fit(self) -> None:
        lines = max(1, min(self.popup.list.count(), 12))
        self.popup.list.setFixedHeight(lines * (self.popup.list.fontMetrics().height() + 12) + 6)
        if self.popup.isVisible():
            self._place()
            await asyncio.sleep(0)  # the new rows' layouts settle in this turn of the loop
            self._place()

    def choose(self, model: str) -> None:
        self.controller.set_settings(model=model)
        self.popup.hide()
        self.refresh()

    def choose_profile(self, profile: str, model: str) -> None:
        """Another profile's model: that profile becomes the default, with that model."""
        for text in self.core.config.use_model(profile, model):
            self.controller.notice(f"⚠ {text}", "warning")
        self.popup.hide()
        self.refresh()
        self.controller.statusMessage.emit(
            self.tr("The team now uses {profile} · {model}.").format(profile=profile, model=model)
        )

    def choose_for_agent(self, agent_name: str, model: str) -> None:
        agent = self.core.agents.get(agent_name)
        if agent is None or agent.model == model:
            return
        self.core.agents.save(replace(agent, model=model))
        self.controller.agents_changed()
        self.controller.statusMessage.emit(
            self.tr("{agent} now uses {model}.").format(agent=agent_name, model=model or self.tr("the team model"))
        )

    def open_catalogue(self) -> CatalogueDialog:
        """The catalogue of recommended GGUF models, in a dialog of its own."""
        from aipa.ui.wizard.catalogue import CatalogueDialog  # only when asked: keeps start-up light

        def make() -> CatalogueDialog:
            dialog = CatalogueDialog(self.window(), self.core, **self.setup_options)
            dialog.downloaded.connect(self._on_downloaded)
            return dialog

        self.popup.hide()
        window = self.window()
        opener = getattr(window, "opener", None)  # the main window's: one dialog of a kind, closed with it
        if opener is not None:
            dialog: CatalogueDialog = opener.open("catalogue", make)
        else:
            dialog = make()
            dialog.show()
        self.catalogue_dialog = dialog
        return dialog

    def _on_downloaded(self, file: str) -> None:
        if not self.core.config.settings.model:
            self.choose(file)
        self.controller.statusMessage.emit(
            self.tr("{file} is downloaded: choose it from the model list.").format(file=file)
        )

        self.controller.spawn(self.load())

    def _import(self) -> None:
        self.popup.hide()
        self.open_import()
