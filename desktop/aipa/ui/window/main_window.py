"""The main window: agents and sessions on the left, the transcript and the input on
the right, menus built from the slash-command table. Its widgets are the shell's
(``layout.WindowShell``) and the three ``attach`` adds; its dialogs open through
``opener.DialogOpener``, the session list's requests go to ``SessionActions``. Slots are
one line each: they await the controller. The window talks to the core facade only
(``core``)."""

from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

from aipa.core.config.settings import PROVIDER_FIELDS, Settings
from aipa.ui import theme as theming
from aipa.ui.chat.agent_model import AgentModel
from aipa.ui.platform import fit_platform
from aipa.ui.transcript.model import ChatModel
from aipa.ui.window.menus import build_menus
from aipa.ui.window.opener import DialogOpener
from aipa.ui.window.running import WindowRunning

# The controller, the gates, the dialogs and what they load (the core's pipeline, the
# markdown renderer) are imported by ``attach``, after the first paint (ARCHITECTURE §6).

if TYPE_CHECKING:
    import asyncio

    from aipa.core.facade import Core
    from aipa.ui.chat.attachments import AttachmentBar
    from aipa.ui.chat.controller import Controller
    from aipa.ui.chat.message_actions import MessageActions
    from aipa.ui.dialogs.gates import GuiReviewer
    from aipa.ui.plan.window import PlanWindows
    from aipa.ui.transcript.view import ChatView
    from aipa.ui.window.model_picker import ModelPicker
    from aipa.ui.window.session_actions import SessionActions

log = logging.getLogger("aipa.ui")

UNREACHABLE = ("unreachable", "error")


class MainWindow(WindowRunning):
    # Given by ``attach``: the shell has none of these yet (``attached`` says whether it
    # has them; its menu actions are off until then, so nothing reaches them before).
    core: Core
    controller: Controller
    reviewer: GuiReviewer
    plans: PlanWindows
    message_actions: MessageActions
    session_actions: SessionActions
    chat_view: ChatView
    model_picker: ModelPicker
    attachment_bar: AttachmentBar
    opener: DialogOpener

    def __init__(self, core: Core | None = None, *, settings: Settings | None = None, auto_gates: bool = False) -> None:
        """``MainWindow(core)``: the whole window. ``MainWindow(settings=...)``: the window's
        shell (sidebar, header, welcome panel, input, menus), what start-up paints before
        the core is built (ARCHITECTURE §6); ``attach(core)`` then makes it whole (the same
        window: nothing is replaced)."""
        super().__init__()
        self.attached = False
        if settings is None:
            if core is None:
                raise TypeError("MainWindow needs a core or the shell's settings")
            settings = core.config.settings
        self._settings = settings
        self.auto_gates = auto_gates
        self.schedule_clock = None  # the schedule timer's clock (None: the real one; tests set it)
        self.theme = theming.current(self._settings.theme)
        self.setObjectName("mainWindow")
        self.setWindowTitle("AIPA")  # a name: not translated
        self.setWindowIcon(theming.app_icon())
        self.resize(1320, 860)
        self.chat_model = ChatModel(self)
        self.agent_model = AgentModel(self)
        self.dialogs: dict[str, QWidget] = {}
        self.opener = DialogOpener(self)
        self.startup_task: asyncio.Task | None = None
        self._closing = False
        self._closed = False
        self._expected_title: str | None = None  # the session start-up restores, shown until it is in
        self._build()
        fit_platform(self)
        self._build_menus()
        if core is not None:
            self.attach(core)

    @property
    def settings(self) -> Settings:
        """The settings in force (the core's once attached)."""
        return self.core.config.settings if self.attached else self._settings

    def attach(self, core: Core) -> None:
        """Give the window its core: the controller, the widgets and menu items that talk to
        the core, the signal connections; the welcome panel shows the team and model."""
        from aipa.ui.chat.attachments import AttachmentBar
        from aipa.ui.chat.controller import Controller
        from aipa.ui.chat.message_actions import MessageActions
        from aipa.ui.dialogs.gates import GuiReviewer
        from aipa.ui.transcript.view import ChatView
        from aipa.ui.window.model_picker import ModelPicker

        self.core = core
        self.reviewer = GuiReviewer(lambda: self, lambda: self.theme, auto=self.auto_gates, parent=self)
        self.controller = Controller(core, self.reviewer, self, chat=self.chat_model, agents=self.agent_model)
        self.attached = True
        self.chat_view = ChatView(self.chat_model, self.theme)
        self.chat_view.warm_on_show = False  # start() warms it up, once the session is in
        self.chat_view.setAccessibleName(self.tr("Conversation"))
        self.chat_view.setAccessibleDescription(
            self.tr("The directives, the team's work, deliverables and audits of this session")
        )
        self.model_picker = ModelPicker(core, self.controller, self.opener.model_import, self)
        self.attachment_bar = AttachmentBar(self.controller.material, self.theme)
        self.place_core_widgets(self.chat_view, self.model_picker, self.attachment_bar)
        self._session_menu()
        for action in self.menu_actions.values():
            action.setEnabled(True)
        self._connect()
        self.message_actions = MessageActions(self.chat_view, self.controller, self.compose, self.reviewer)
        from aipa.ui.chat.revisions import Revisions

        self.revisions = Revisions(self)  # one revision per run shown, its ‹ 2/3 › switchers (issue 23)
        from aipa.ui.window.checklist_dock import ChecklistDock

        self.checklist_dock = ChecklistDock(self)  # the run's checklist while it can change (issue 31)
        self.column_layout.insertWidget(self.column_layout.indexOf(self.chat_view.dock), self.checklist_dock)
        self._show_welcome()
        if self._expected_title is None:
            self.on_session("")
        else:  # the shell shows the session being restored: its title stays, not "New session"
            self._update_status()

    # --- layout --------------------------------------------------------------------------

    def _build(self) -> None:
        self.lay_out(self.agent_model, self.theme, self._search_sessions)
        self.compose.set_send_key(self.settings.send_key)
        self.status.set_theme(self.theme)
        self.send_button.setToolTip(self.tr("Send ({keys})").format(keys=self.compose.send_key_label()))
        self._reachable = True
        self.compose.setFocus()  # typing at launch goes into the input

    def _search_sessions(self, query: str) -> list[tuple]:
        return self.controller.sessions.search(query) if self.attached else []

    def _build_menus(self) -> None:
        """The menus; their actions are off until ``attach`` (they run the controller)."""
        self.menu_actions: dict[str, QAction] = {}  # by command name (QWidget.actions() is Qt's list)
        self.menus = build_menus(self)
        sidebar = QAction(self.tr("Show &sidebar"), self)
        sidebar.setObjectName("action_sidebar")
        sidebar.setCheckable(True)
        sidebar.setChecked(True)
        sidebar.setShortcut(QKeySequence("Ctrl+B"))
        sidebar.toggled.connect(self.sidebar.setVisible)
        self.menus["View"].addAction(sidebar)
        about = QAction(self.tr("&About AIPA"), self)
        about.triggered.connect(self.opener.about)
        self.menus["Help"].addAction(about)
        self.menu_actions["about_aipa"] = about
        for action in self.menu_actions.values():
            action.setEnabled(False)
        self.menu_actions["sidebar"] = sidebar

    def _session_menu(self) -> None:
        """Session → Plan a project…, Open plan run…, Attach files…, Grant a folder…"""
        from aipa.ui.plan.window import PlanWindows

        self.plans = PlanWindows(self, self.menus["Session"])
        for key, text, shortcut, slot in (
            ("attach", self.tr("&Attach files…"), "Ctrl+O", self.opener.attach_files),  # (Ctrl+Shift+A: Re-audit)
            ("grant_folder", self.tr("&Grant a folder (read-only)…"), "", self.opener.grant_folder),
        ):
            action = QAction(text, self)
            action.setObjectName(f"action_{key}")
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            self.menus["Session"].addAction(action)
            self.menu_actions[key] = action

    def _connect(self) -> None:
        from aipa.ui.window.session_actions import SessionActions

        c = self.controller
        self.compose.submitted.connect(self.on_submit)
        self.compose.stopRequested.connect(self.on_escape)
        self.send_button.clicked.connect(self.on_send_clicked)
        self.stop_button.clicked.connect(self.on_stop)
        self.agent_list.agentClicked.connect(self.on_agent_clicked)
        self.team_button.clicked.connect(self.on_team_clicked)
        self.session_actions = SessionActions(self, self.core, c)
        c.busyChanged.connect(self._on_busy)
        c.sessionChanged.connect(self.on_session)
        c.sessionsChanged.connect(self.sessions.refresh)
        c.usageChanged.connect(self._update_status)
        c.connectionChanged.connect(self._on_connection)
        c.chat.modelReset.connect(self._update_stack)
        c.chat.rowsInserted.connect(self._update_stack)
        c.chat.rowsRemoved.connect(self._update_stack)
        self.welcome.exampleChosen.connect(self.on_example)
        self.connection_notice.setupRequested.connect(self.opener.setup_wizard)
        self.connection_notice.retryRequested.connect(self.on_retry)
        c.briefUpdating.connect(self.status.set_brief_updating)
        c.statusMessage.connect(lambda text: self.status.showMessage(text, 6000))
        c.errorRaised.connect(self.opener.error)
        c.requestDialog.connect(self.opener.request)
        c.directChanged.connect(self._on_direct)
        c.settingsChanged.connect(self._sync_settings)
        self.chat_view.linkClicked.connect(self.opener.citation)
        self.compose.filesDropped.connect(c.material.add)
        self.attach_button.clicked.connect(self.opener.attach_files)
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_scheme)

    # --- reactions -----------------------------------------------------------------------

    def _on_busy(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.send_button.setEnabled(not busy and self._reachable)
        self.menu_actions["audit"].setEnabled(not busy)

    def _on_connection(self, state: str, detail: str) -> None:
        """No model reachable: Send is off and the notice says why, with Open setup and Retry."""
        self.status.set_connection(state, detail)
        self._reachable = state not in UNREACHABLE
        self.send_button.setEnabled(self._reachable and not self.controller.busy)
        self.compose.can_send = self._reachable
        if self._reachable:
            self.connection_notice.hide()
        else:
            self.connection_notice.show_problem(*self.core.providers.summary(), detail)

    def _update_stack(self, *_args) -> None:
        """An empty session shows the welcome panel; anything in it, the chat."""
        empty = self.controller.chat.rowCount() == 0
        self.stack.setCurrentWidget(self.welcome if empty else self.chat_view)
        if empty:
            self._show_welcome()

    def _show_welcome(self) -> None:
        roles = {v.casefold(): k for k, v in self.core.config.settings.roles.items()}
        self.welcome.show_team(self.core.agents.all(), roles)
        self.welcome.show_model(*self.core.providers.summary(), self.core.providers.is_local())

    def on_session(self, session_id: str) -> None:
        """The session on screen (or its title) changed."""
        record = self.core.sessions.get(session_id)
        self._show_title((record.title if record else "") or self.tr("New session"), session_id)
        self.sessions.set_current(session_id)
        self._update_status()

    def expect_session(self, title: str) -> None:
        """The shell shows the session start-up is about to restore: its title and the place
        of its transcript (empty for a moment), not the welcome panel (ARCHITECTURE §6)."""
        self.stack.setCurrentWidget(self.chat_view if self.attached else self.pending_transcript)
        self._expected_title = title
        self._show_title(title or self.tr("New session"), "")

    def _show_title(self, title: str, session_id: str) -> None:
        short = title if len(title) <= 72 else title[:71].rstrip() + "…"
        # The id is for Details and tooltips, not the header (human labels).
        self.session_label.setToolTip("\n".join(filter(None, [title if short != title else "", session_id])))
        self.session_label.set_title(short)
        # what a screen reader says: the whole title, not the tooltip's id (its default description)
        self.session_label.setAccessibleName(self.tr("Session: {title}").format(title=title))
        self.session_label.setAccessibleDescription(self.tr("The session shown below"))
        # Qt adds " — AIPA" itself (the application's display name): "AIPA — " here made it twice
        self.setWindowTitle(title)

    def _on_direct(self, agent: str) -> None:
        self.compose.set_target(agent)
        self.team_button.setChecked(not agent)
        self.agent_list.select_agent(agent)
        if agent:
            color, _title = self.core.agents.look(agent)
            self.direct_banner.setText(
                f"<span style='color:{color}'>●</span> "
                + self.tr("Talking to <b>{agent}</b> alone · Esc or <i>Team</i> to go back").format(
                    agent=html.escape(agent)
                )
            )
            self.direct_banner.show()
        else:
            self.direct_banner.hide()

    def _update_status(self) -> None:
        name, model = self.controller.connection.summary()
        self.status.set_provider(name, model)
        self.status.set_connection(*self.controller.connection.state)
        self.status.set_tokens(self.controller.session_tokens, self.controller.last_rate)
        # a call's usage event comes just before its row is stored: count it on the next turn
        QTimer.singleShot(0, self, self._update_cost)

    def _update_cost(self) -> None:
        if not self.attached:
            return
        session_id = self.controller.session_id
        self.status.set_cost(self.core.sessions.cost(session_id) if session_id else {})

    def _on_scheme(self, *_args) -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)  # a window exists: the QApplication was made first
        self.theme = theming.apply(app, self.core.config.settings.theme, self.core.config.settings.font_size)
        self.chat_view.set_theme(self.theme)
        self.agent_list.set_theme(self.theme)
        self.status.set_theme(self.theme)
        self.attachment_bar.set_theme(self.theme)
        self.status.set_connection(*self.controller.connection.state)

    def _sync_settings(self, changed: frozenset[str] = frozenset()) -> None:
        """The settings changed (the source tells the controller, whoever changed them)."""
        self.menu_actions["autoaudit"].setChecked(self.core.config.settings.auto_audit)
        self.menu_actions["plan_review"].setChecked(self.core.config.settings.plan_review)
        if changed & {"theme", "font_size"}:
            self._on_scheme()
        if "send_key" in changed:
            self.compose.set_send_key(self.core.config.settings.send_key)
            self.send_button.setToolTip(self.tr("Send ({keys})").format(keys=self.compose.send_key_label()))
        self.model_picker.refresh()

        if changed & PROVIDER_FIELDS:
            self.controller.spawn(self.controller.connection.check())
        self._update_stack()
        self._update_status()
