"""The model picker in the window's header (as in LM Studio or Jan): a button showing
the provider and model in use; it opens a list of the provider's installed models
(read through the facade, off the UI thread), switches with one click, offers "Pull /
import a model…" (the setup wizard's page for that provider) and shows each agent's
model, editable from the same list. For the built-in engine the list ends with
"Download more…", which opens the catalogue of recommended GGUF models."""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from dataclasses import replace
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
DOWNLOAD_MORE = QT_TRANSLATE_NOOP("ModelPopup", "⤓  Download more…")
TEAM_DEFAULT = QT_TRANSLATE_NOOP("ModelPopup", "Team model")
translate = QCoreApplication.translate


def picker_label(provider: str, model: str, local: bool) -> str:
    model = core_text(model) or translate("ModelPicker", "default model")
    where = translate("ModelPicker", "● local") if local else translate("ModelPicker", "☁ cloud")
    return f"{provider} · {model}  {where}  ▾"


class ModelPopup(QFrame):
    """The list that drops down from the header button."""

    chosen = Signal(str)  # a model for the team
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

    def show_models(self, entries, current: str, *, download_more: bool = False) -> None:
        self.list.clear()
        for entry in entries:
            where = self.tr("local") if entry.local else self.tr("cloud")
            text = entry.name + (f"   {entry.size_label}" if entry.size_label else "") + f"   · {where}"
            item = QListWidgetItem(("✓ " if entry.name == current else "    ") + text)
            item.setData(MODEL_ROLE, entry.name)
            item.setToolTip(self.tr("Use {model} for the team").format(model=entry.name))
            self.list.addItem(item)
            if entry.name == current:
                self.list.setCurrentItem(item)
        if download_more:
            more = QListWidgetItem(self.tr(DOWNLOAD_MORE))
            more.setData(DOWNLOAD_ROLE, True)
            more.setToolTip(
                self.tr("Recommended models for the built-in engine: size, memory, licence; one click to download")
            )
            self.list.addItem(more)
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
                box.addItem(name, name)
            box.setCurrentIndex(max(0, box.findData(own)))
            box.activated.connect(lambda _i, a=agent, b=box: self.agentChosen.emit(a, b.currentData()))
            self.agents_form.addRow(agent, box)
            self.agent_boxes[agent] = box

    def _picked(self, item: QListWidgetItem) -> None:
        if item.data(DOWNLOAD_ROLE):
            self.catalogueRequested.emit()
            return
        name = item.data(MODEL_ROLE)
        if name:
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
        name, model = self.core.provider_summary()
        self.setText(picker_label(name, model, self.core.provider_is_local()))
        self.setToolTip(
            self.tr("{provider} · {model}: click to choose another model").format(provider=name, model=model)
        )

    def open(self) -> asyncio.Task:
        self.popup.show_loading(self.core.provider_summary()[0])
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
            self.entries = await self.core.models()
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
        builtin = self.core.provider_kind() == "builtin"  # the built-in engine's catalogue
        self.popup.show_models(self.entries, self.core.settings.model, download_more=builtin)
        rows = [(a.name, a.model, self.core.agent_route(a)[1]) for a in self.core.agents()]
        self.popup.show_agents(rows, names)
        lines = max(1, min(len(self.entries) + builtin, 8))
        self.popup.list.setFixedHeight(lines * (self.popup.list.fontMetrics().height() + 12) + 6)
        if self.popup.isVisible():
            self._place()
            await asyncio.sleep(0)  # the new rows' layouts settle in this turn of the loop
            self._place()

    def choose(self, model: str) -> None:
        self.controller.set_settings(model=model)
        self.popup.hide()
        self.refresh()

    def choose_for_agent(self, agent_name: str, model: str) -> None:
        agent = self.core.agent(agent_name)
        if agent is None or agent.model == model:
            return
        self.core.save_agent(replace(agent, model=model))
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
        if not self.core.settings.model:
            self.choose(file)
        self.controller.statusMessage.emit(
            self.tr("{file} is downloaded: choose it from the model list.").format(file=file)
        )

        self.controller.spawn(self.load())

    def _import(self) -> None:
        self.popup.hide()
        self.open_import()
