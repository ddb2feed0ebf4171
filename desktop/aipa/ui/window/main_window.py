"""The main window: agents and sessions on the left, the transcript and the input on
the right, menus built from the slash-command table. Slots are one line each: they
await the controller. The window talks to the core facade only (``core``)."""

from __future__ import annotations

import asyncio
import html
import logging
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)
from qasync import asyncSlot

from aipa.core.export import FORMATS
from aipa.ui import theme as theming
from aipa.ui.chat.compose import ComposeBox
from aipa.ui.chat.controller import Controller
from aipa.ui.chat.view import ChatView
from aipa.ui.dialogs.agent_editor import AgentEditor
from aipa.ui.dialogs.brief_editor import BriefEditor
from aipa.ui.dialogs.common import MessageDialog, confirm
from aipa.ui.dialogs.gates import GuiReviewer
from aipa.ui.platform import fit_platform, headless
from aipa.ui.window.menus import build_menus
from aipa.ui.window.session_list import SessionList
from aipa.ui.window.sidebar import AgentList
from aipa.ui.window.status_bar import StatusBar

log = logging.getLogger("aipa.ui")


class MainWindow(QMainWindow):
    closed = Signal()

    def __init__(self, core, *, auto_gates: bool = False) -> None:
        super().__init__()
        self.core = core
        self.theme = theming.current(core.settings.theme)
        self.setObjectName("mainWindow")
        self.setWindowTitle("AIPA")
        self.setWindowIcon(theming.app_icon())
        self.resize(1320, 860)
        self.reviewer = GuiReviewer(lambda: self, lambda: self.theme, auto=auto_gates, parent=self)
        self.controller = Controller(core, self.reviewer, self)
        self.dialogs: dict[str, QWidget] = {}
        self.startup_task: asyncio.Task | None = None
        self._closing = False
        self._closed = False
        self._build()
        fit_platform(self)
        self._build_menus()
        self._connect()
        self._update_status()

    @property
    def app(self):
        """The composition root's App, only for the setup wizard and the plan windows
        (ui/wizard, ui/plan), which take it until they move to the core facade."""
        return self.core.app

    # --- layout --------------------------------------------------------------------------

    def _build(self) -> None:
        c = self.controller
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setObjectName("mainSplit")
        split.setHandleWidth(1)
        side = QWidget()
        side.setObjectName("sidebar")
        sv = QVBoxLayout(side)
        sv.setContentsMargins(10, 10, 6, 10)
        sv.setSpacing(6)
        head = QHBoxLayout()
        agents_label = QLabel("AGENTS")
        agents_label.setObjectName("sectionLabel")
        self.team_button = QPushButton("Team")
        self.team_button.setObjectName("teamButton")
        self.team_button.setToolTip("Send directives to the whole team (the pipeline)")
        self.team_button.setCheckable(True)
        self.team_button.setChecked(True)
        head.addWidget(agents_label)
        head.addStretch(1)
        head.addWidget(self.team_button)
        sv.addLayout(head)
        self.agent_list = AgentList(c.agents, self.theme)
        sv.addWidget(self.agent_list, 4)
        sessions_label = QLabel("SESSIONS")
        sessions_label.setObjectName("sectionLabel")
        sv.addWidget(sessions_label)
        self.sessions = SessionList(c.sessions.search)
        sv.addWidget(self.sessions, 2)
        split.addWidget(side)

        main = QWidget()
        main.setObjectName("mainPane")
        mv = QVBoxLayout(main)
        mv.setContentsMargins(6, 10, 10, 8)
        mv.setSpacing(6)
        top = QHBoxLayout()
        self.session_label = QLabel()
        self.session_label.setObjectName("sessionLabel")
        self.direct_banner = QLabel()
        self.direct_banner.setObjectName("directBanner")
        self.direct_banner.hide()
        top.addWidget(self.session_label, 1)
        top.addWidget(self.direct_banner)
        mv.addLayout(top)
        self.chat_view = ChatView(c.chat, self.theme)
        mv.addWidget(self.chat_view, 1)
        row = QHBoxLayout()
        self.compose = ComposeBox()
        row.addWidget(self.compose, 1)
        buttons = QVBoxLayout()
        self.send_button = QPushButton("Send ▶")
        self.send_button.setObjectName("sendButton")
        self.send_button.setToolTip("Send (Ctrl+Enter)")
        self.stop_button = QPushButton("■ Stop")
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip("Stop the run (Esc)")
        self.stop_button.setEnabled(False)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        mv.addLayout(row)
        split.addWidget(main)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([300, 1020])
        self.setCentralWidget(split)
        self.status = StatusBar(self)
        self.setStatusBar(self.status)

    def _build_menus(self) -> None:
        self.actions: dict[str, QAction] = {}
        menus = build_menus(self)
        from aipa.ui.plan.window import PlanWindows  # Session → Plan a project… / Open plan run…

        self.plans = PlanWindows(self, menus["Session"])
        about = QAction("&About AIPA", self)
        about.triggered.connect(self._about)
        menus["Help"].addAction(about)

    def _connect(self) -> None:
        c = self.controller
        self.compose.submitted.connect(self.on_submit)
        self.compose.stopRequested.connect(self.on_escape)
        self.send_button.clicked.connect(self.on_send_clicked)
        self.stop_button.clicked.connect(self.on_stop)
        self.agent_list.agentClicked.connect(self.on_agent_clicked)
        self.team_button.clicked.connect(self.on_team_clicked)
        self.sessions.sessionActivated.connect(self.on_session_activated)
        c.busyChanged.connect(self._on_busy)
        c.sessionChanged.connect(self._on_session)
        c.sessionsChanged.connect(self.sessions.refresh)
        c.usageChanged.connect(self._update_status)
        c.connectionChanged.connect(self.status.set_connection)
        c.briefUpdating.connect(self.status.set_brief_updating)
        c.statusMessage.connect(lambda text: self.status.showMessage(text, 6000))
        c.errorRaised.connect(self.show_error)
        c.requestDialog.connect(self._on_request)
        c.directChanged.connect(self._on_direct)
        c.settingsChanged.connect(self._sync_settings)
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_scheme)

    # --- slots (one line: await the controller) -----------------------------------------

    @asyncSlot(str)
    async def on_submit(self, text: str) -> None:
        await self.controller.submit(text)

    @asyncSlot()
    async def on_send_clicked(self) -> None:
        await self.controller.submit(self.compose.take_text())

    @asyncSlot()
    async def on_stop(self) -> None:
        await self.controller.stop()

    @asyncSlot()
    async def on_escape(self) -> None:
        await (self.controller.stop() if self.controller.busy else self.controller.leave_direct())

    @asyncSlot(str)
    async def on_command(self, text: str) -> None:
        await self.controller.command(text)

    def on_agent_clicked(self, name: str) -> None:
        self.controller.talk_to(name)

    def on_team_clicked(self) -> None:
        self.controller.talk_to_team()

    @asyncSlot(str)
    async def on_session_activated(self, session_id: str) -> None:
        await self.controller.sessions.switch(session_id)

    # --- startup and shutdown ------------------------------------------------------------

    async def start(self, *, restore: bool = True) -> None:
        """Restore the last session, check the provider, offer open questions again."""
        self.controller.spawn(self.controller.connection.check())
        for text in self.core.warnings:
            self.controller.notice(f"⚠ {text}", "warning")
        if restore:
            self.controller.sessions.restore_last()
        self.controller.sessions.resume_brief_updates()
        self.sessions.set_current(self.controller.session_id or "")
        if self.controller.pending_question_run():
            self.startup_task = asyncio.ensure_future(self.controller.answer_pending())

    def closeEvent(self, event) -> None:
        if self._closed:
            event.accept()
            return
        event.ignore()
        if not self._closing:
            self._closing = True
            self._shutdown_task = asyncio.ensure_future(self._shutdown())

    async def _shutdown(self) -> None:
        self.status.showMessage("Closing…")
        try:
            await self.controller.shutdown()
        finally:
            self._closed = True
            for dialog in list(self.dialogs.values()):
                dialog.close()
            self.close()
            self.closed.emit()

    # --- reactions -----------------------------------------------------------------------

    def _on_busy(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.send_button.setEnabled(not busy)
        self.actions["audit"].setEnabled(not busy)

    def _on_session(self, session_id: str) -> None:
        record = self.core.session(session_id)
        title = (record.title if record else "") or "New session"
        short = title if len(title) <= 72 else title[:71].rstrip() + "…"
        self.session_label.setToolTip(title if short != title else "")
        self.session_label.setText(
            f"<b>Session</b> &nbsp;{html.escape(short)}"
            + (f" &nbsp;<span style='color:{self.theme.dim}'>{session_id}</span>" if session_id else "")
        )
        self.setWindowTitle(f"AIPA — {title}")
        self.sessions.set_current(session_id)
        self._update_status()

    def _on_direct(self, agent: str) -> None:
        self.compose.set_target(agent)
        self.team_button.setChecked(not agent)
        self.agent_list.select_agent(agent)
        if agent:
            color, _title = self.core.agent_look(agent)
            self.direct_banner.setText(
                f"<span style='color:{color}'>●</span> Talking to <b>{html.escape(agent)}"
                "</b> alone · Esc or <i>Team</i> to go back"
            )
            self.direct_banner.show()
        else:
            self.direct_banner.hide()

    def _update_status(self) -> None:
        name, model = self.controller.connection.summary()
        self.status.set_provider(name, model)
        self.status.set_connection(*self.controller.connection.state)
        self.status.set_tokens(self.controller.session_tokens, self.controller.last_rate)

    def _on_scheme(self, *_args) -> None:
        app = QApplication.instance()
        self.theme = theming.apply(app, self.core.settings.theme)
        self.chat_view.set_theme(self.theme)
        self.agent_list.set_theme(self.theme)

    def _on_request(self, what: str, arg: str) -> None:
        if what == "thinking":
            on = arg == "on"
            self.actions["thinking"].setChecked(on)
            self.chat_view.chat_delegate.set_show_thinking(on)
            self.chat_view.scheduleDelayedItemsLayout()
        elif what == "quit":
            self.close()
        elif what == "brief":
            self._open_dialog("brief", lambda: BriefEditor(self, self.core.brief(), self.theme))
        elif what == "agents":
            editor = self._open_dialog(
                "agents", lambda: AgentEditor(self, self.core, lambda roles: self.controller.set_settings(roles=roles))
            )
            editor.changed.connect(self.controller.agents_changed, Qt.ConnectionType.UniqueConnection)
        elif what == "reset-brief":
            self.dialogs["reset-brief"] = confirm(
                self,
                "Reset the standing brief?",
                "Replace the standing brief with the empty template? Earlier versions stay in the database.",
                "Reset",
                lambda: self.on_command("/reset-brief yes"),
                name="resetBriefConfirm",
            )
        elif what == "export":
            self._export_dialog(arg)

    def _sync_settings(self, changed: frozenset[str] = frozenset()) -> None:
        """The settings changed (the source tells the controller, whoever changed them)."""
        self.actions["autoaudit"].setChecked(self.core.settings.auto_audit)
        self.actions["plan_review"].setChecked(self.core.settings.plan_review)
        if "theme" in changed:
            self._on_scheme()
        self._update_status()

    def _open_dialog(self, key: str, factory):
        dialog = self.dialogs.get(key)
        if dialog is None:
            dialog = factory()
            self.dialogs[key] = dialog
            dialog.finished.connect(lambda _code: self.dialogs.pop(key, None))
        dialog.show()
        if not headless():
            dialog.raise_()
        return dialog

    def open_setup_wizard(self) -> QWidget:
        from aipa.ui.wizard.window import SetupWizard

        return self._open_dialog("wizard", lambda: SetupWizard(self, self.app, self.controller))

    def open_settings(self) -> QWidget:
        from aipa.ui.dialogs.settings import SettingsDialog

        return self._open_dialog(
            "settings", lambda: SettingsDialog(self, self.core, self.controller, open_wizard=self.open_setup_wizard)
        )

    def _export_dialog(self, fmt: str) -> None:
        filters = ";;".join(FORMATS.values())
        default = self.core.paths.exports / f"{self.controller.session_id}.{fmt or 'md'}"
        dialog = QFileDialog(self, "Export session", str(default), filters)
        dialog.setObjectName("exportDialog")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        if fmt in FORMATS:
            dialog.selectNameFilter(FORMATS[fmt])

        def chosen(path: str) -> None:
            suffix = Path(path).suffix.lstrip(".").lower()
            kind = (
                suffix
                if suffix in FORMATS
                else next((k for k, v in FORMATS.items() if v == dialog.selectedNameFilter()), "md")
            )
            self.controller.export_to(kind, Path(path))

        dialog.fileSelected.connect(chosen)
        fit_platform(dialog)
        self.dialogs["export"] = dialog
        dialog.finished.connect(lambda _c: self.dialogs.pop("export", None))
        dialog.open()

    def show_error(self, message: str, details: str = "") -> None:
        box = MessageDialog(
            self,
            "AIPA: unexpected error",
            f"{message}\n\nDetails are in the log: {self.core.paths.log_file}",
            details=details,
            name="errorDialog",
        )
        self.dialogs["error"] = box
        box.finished.connect(lambda _c: self.dialogs.pop("error", None))
        box.open()

    def _about(self) -> None:
        from aipa import __version__

        box = MessageDialog(
            self,
            "About AIPA",
            f"AIPA Desktop {__version__}\nYour local agency of LLM agents.\nData folder: {self.core.paths.root}",
            name="aboutDialog",
        )
        box.setWindowIcon(theming.app_icon())
        box.open()
