"""The main window's widgets, laid out: a collapsible sidebar (agents compact, sessions
getting the height) and a chat column centred at a reading width, with the header
(session title, model picker), the connection notice, the welcome panel or the chat,
and the input row. ``WindowShell.lay_out`` makes the window's shell, what its first paint
shows (ARCHITECTURE §6: it needs no core); ``place_core_widgets`` puts in the parts that talk to
the core (the chat view, the model picker, the attachment chips) once the core is built."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from aipa.ui.chat.agent_model import AgentModel
from aipa.ui.chat.attachments import paperclip
from aipa.ui.chat.compose import ComposeBox
from aipa.ui.theme import Theme
from aipa.ui.window.inbox import InboxList
from aipa.ui.window.inbox_questions import InboxQuestions
from aipa.ui.window.session_list import SessionList
from aipa.ui.window.sidebar import AgentList
from aipa.ui.window.status_bar import StatusBar
from aipa.ui.window.welcome import ConnectionNotice, WelcomePanel

READING_CHARS = 90  # the chat column's widest line, in average characters of the body font
SIDEBAR_WIDTH_CHARS = 34
MIN_SIZE = (720, 500)


class TitleLabel(QLabel):
    """ "Session" and the session's title, the title shortened with "…" to the room
    there is (never cut off by what sits beside it)."""

    def __init__(self) -> None:
        super().__init__()
        self._title = ""
        self.PREFIX = self.tr("Session")

    def set_title(self, title: str) -> None:
        self._title = title
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        bold = QFont(self.font())
        bold.setBold(True)
        room = self.contentsRect().width() - QFontMetrics(bold).horizontalAdvance(self.PREFIX + "  ") - 4
        title = QFontMetrics(self.font()).elidedText(self._title, Qt.TextElideMode.ElideRight, max(room, 0))
        self.setText(f"<b>{self.PREFIX}</b> &nbsp;{html.escape(title)}")


def reading_width(font: QFont) -> int:
    """The chat column's maximum width for ``font`` (text plus the cards' padding)."""
    sample = "the quick brown fox jumps over a lazy dog, "  # a line of text's average character
    per_char = QFontMetrics(font).horizontalAdvance(sample) / len(sample)
    return int(per_char * READING_CHARS) + 96  # the cards' margins and padding, the scroll bar


class ReadingColumn(QWidget):
    """Holds one widget centred, never wider than the reading width of the font."""

    def __init__(self, inner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inner = inner
        inner.setParent(self)
        self.max_width = reading_width(self.font())

    def fit_font(self) -> None:
        self.max_width = reading_width(self.font())
        self._place()

    def minimumSizeHint(self) -> QSize:
        return self.inner.minimumSizeHint()

    def sizeHint(self) -> QSize:
        return self.inner.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        width = min(self.width(), self.max_width)
        self.inner.setGeometry((self.width() - width) // 2, 0, width, self.height())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit_font()


class WindowShell(QMainWindow):
    """The main window's widgets, laid out: its shell (what the first paint shows, with no
    core) and the places the widgets that talk to the core go into. ``MainWindow`` is this
    shell given a core; the widgets are declared here, where they are made."""

    sidebar: QWidget
    team_button: QPushButton
    agent_list: AgentList
    sessions: SessionList
    inbox: InboxList
    inbox_questions: InboxQuestions
    session_label: TitleLabel
    direct_banner: QLabel
    header_row: QHBoxLayout
    connection_notice: ConnectionNotice
    stack: QStackedWidget
    welcome: WelcomePanel
    # the transcript's place, empty, until place_core_widgets puts the chat view there (its
    # rendering code loads with the core, after the first paint); deleted then
    pending_transcript: QWidget
    column_layout: QVBoxLayout
    compose: ComposeBox
    attach_button: QToolButton
    send_button: QPushButton
    stop_button: QPushButton
    reading_column: ReadingColumn
    split: QSplitter
    status: StatusBar

    def lay_out(self, agent_model: AgentModel, theme: Theme, search: Callable[[str], list[tuple]]) -> None:
        """Make the shell's widgets and set the central widget: the sidebar (showing
        ``agent_model``; ``search(query)`` finds sessions), the header, the welcome panel
        or the (empty) place of the transcript, the input row and the status bar."""
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setObjectName("mainSplit")
        split.setHandleWidth(1)
        split.setChildrenCollapsible(False)
        split.addWidget(self._lay_out_sidebar(agent_model, theme, search))
        main = QWidget()
        main.setObjectName("mainPane")
        outer = QVBoxLayout(main)
        outer.setContentsMargins(0, 0, 0, 0)
        self.reading_column = ReadingColumn(self._lay_out_column())
        outer.addWidget(self.reading_column)
        split.addWidget(main)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        side_width = max(240, QFontMetrics(self.sidebar.font()).averageCharWidth() * SIDEBAR_WIDTH_CHARS)
        self.sidebar.setMinimumWidth(200)
        split.setSizes([side_width, 1020])
        self.split = split
        self.setCentralWidget(split)
        self.setMinimumSize(*MIN_SIZE)
        self.status = StatusBar(self)
        self.setStatusBar(self.status)

    def _lay_out_sidebar(self, agent_model: AgentModel, theme: Theme, search: Callable[[str], list[tuple]]) -> QWidget:
        side = QWidget()
        side.setObjectName("sidebar")
        side.setAccessibleName(self.tr("Sidebar"))
        sv = QVBoxLayout(side)
        sv.setContentsMargins(10, 10, 6, 10)
        sv.setSpacing(6)
        head = QHBoxLayout()
        agents_label = QLabel(self.tr("AGENTS"))
        agents_label.setObjectName("sectionLabel")
        self.team_button = QPushButton(self.tr("Team"))
        self.team_button.setObjectName("teamButton")
        self.team_button.setToolTip(self.tr("Send directives to the whole team (the pipeline)"))
        self.team_button.setAccessibleDescription(self.tr("Send directives to the whole team instead of one agent"))
        self.team_button.setCheckable(True)
        self.team_button.setChecked(True)
        head.addWidget(agents_label)
        head.addStretch(1)
        head.addWidget(self.team_button)
        sv.addLayout(head)
        self.agent_list = AgentList(agent_model, theme)
        sv.addWidget(self.agent_list, 0)
        inbox_label = QLabel(QCoreApplication.translate("InboxList", "INBOX"))
        inbox_label.setObjectName("sectionLabel")
        self.inbox = InboxList()
        self.inbox.heading = inbox_label
        self.inbox.show_items([])  # hidden until a schedule has run
        sv.addWidget(inbox_label)
        sv.addWidget(self.inbox, 0)
        self.inbox_questions = InboxQuestions()  # the runs waiting for answers, with their questions
        self.inbox_questions.changed.connect(lambda: self.inbox.show_heading(len(self.inbox_questions.entries)))
        sv.addWidget(self.inbox_questions, 0)
        sessions_label = QLabel(self.tr("SESSIONS"))
        sessions_label.setObjectName("sectionLabel")
        sv.addWidget(sessions_label)
        self.sessions = SessionList(search)
        sv.addWidget(self.sessions, 1)
        self.sidebar = side
        return side

    def _lay_out_column(self) -> QWidget:
        """The chat column: the header, the connection notice, the welcome panel or the
        transcript's place, the input row."""
        column = QWidget()
        column.setObjectName("chatColumn")
        mv = QVBoxLayout(column)
        mv.setContentsMargins(10, 10, 10, 8)
        mv.setSpacing(6)
        top = QHBoxLayout()
        self.session_label = TitleLabel()
        self.session_label.setObjectName("sessionLabel")
        self.session_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.direct_banner = QLabel()
        self.direct_banner.setObjectName("directBanner")
        self.direct_banner.hide()
        top.addWidget(self.session_label, 1)
        top.addWidget(self.direct_banner)
        mv.addLayout(top)
        self.header_row = top
        self.connection_notice = ConnectionNotice()
        mv.addWidget(self.connection_notice)
        self.stack = QStackedWidget()
        self.welcome = WelcomePanel()
        self.stack.addWidget(self.welcome)
        self.pending_transcript = QWidget()
        self.pending_transcript.setObjectName("pendingTranscript")
        self.stack.addWidget(self.pending_transcript)
        mv.addWidget(self.stack, 1)
        self.column_layout = mv
        row = QHBoxLayout()
        self.compose = ComposeBox()
        row.addWidget(self.compose, 1)
        buttons = QVBoxLayout()
        self.attach_button = paperclip()
        buttons.addWidget(self.attach_button, 0, Qt.AlignmentFlag.AlignRight)
        self.send_button = QPushButton(self.tr("Send ▶"))
        self.send_button.setObjectName("sendButton")
        self.send_button.setAccessibleDescription(self.tr("Send the directive to the team"))
        self.stop_button = QPushButton(self.tr("■ Stop"))
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip(self.tr("Stop the run (Esc)"))
        self.stop_button.setAccessibleDescription(self.tr("Stop the run in progress; it can be resumed later"))

        self.stop_button.setEnabled(False)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        mv.addLayout(row)
        return column

    def place_core_widgets(self, chat_view: QWidget, model_picker: QWidget, attachment_bar: QWidget) -> None:
        """Put the widgets that talk to the core in their places: the chat view in the
        transcript's with its gate dock below it (a sibling, so screen readers reach the
        gates: transcript/gate_dock.py), the model picker at the end of the header and the
        attachment chips between the transcript and the input (hidden while empty)."""
        self.stack.addWidget(chat_view)
        dock = getattr(chat_view, "dock", None)
        if dock is not None:
            self.column_layout.insertWidget(self.column_layout.indexOf(self.stack) + 1, dock)
        if self.stack.currentWidget() is self.pending_transcript:
            self.stack.setCurrentWidget(chat_view)
        self.stack.removeWidget(self.pending_transcript)
        self.pending_transcript.deleteLater()
        del self.pending_transcript
        self.header_row.addWidget(model_picker)
        after = dock if dock is not None else self.stack
        self.column_layout.insertWidget(self.column_layout.indexOf(after) + 1, attachment_bar)
