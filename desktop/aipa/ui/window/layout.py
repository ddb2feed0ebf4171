"""The main window's widgets, laid out: a collapsible sidebar (agents compact, sessions
getting the height) and a chat column centred at a reading width, with the header
(session title, model picker), the connection notice, the welcome panel or the chat,
and the input row. ``build_layout`` makes the window's shell, what its first paint shows
(ARCHITECTURE §6: it needs no core); ``add_core_widgets`` adds the parts that talk to the core
(the model picker, the attachment chips) once the core is built."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from aipa.ui.chat.attachments import paperclip
from aipa.ui.chat.compose import ComposeBox
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

    PREFIX = "Session"

    def __init__(self) -> None:
        super().__init__()
        self._title = ""

    def set_title(self, title: str) -> None:
        self._title = title
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        bold = QFont(self.font())
        bold.setBold(True)
        room = self.contentsRect().width() - QFontMetrics(bold).horizontalAdvance(self.PREFIX + "  ") - 4
        title = QFontMetrics(self.font()).elidedText(self._title, Qt.TextElideMode.ElideRight, max(room, 0))
        self.setText(f"<b>{self.PREFIX}</b> &nbsp;{html.escape(title)}")


def reading_width(font) -> int:
    """The chat column's maximum width for ``font`` (text plus the cards' padding)."""
    sample = "the quick brown fox jumps over a lazy dog, "  # a line of text's average character
    per_char = QFontMetrics(font).horizontalAdvance(sample) / len(sample)
    return int(per_char * READING_CHARS) + 96  # the cards' margins and padding, the scroll bar


class ReadingColumn(QWidget):
    """Holds one widget centred, never wider than the reading width of the font."""

    def __init__(self, inner: QWidget, parent=None) -> None:
        super().__init__(parent)
        self.inner = inner
        inner.setParent(self)
        self.max_width = reading_width(self.font())

    def fit_font(self) -> None:
        self.max_width = reading_width(self.font())
        self._place()

    def minimumSizeHint(self):
        return self.inner.minimumSizeHint()

    def sizeHint(self):
        return self.inner.sizeHint()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        width = min(self.width(), self.max_width)
        self.inner.setGeometry((self.width() - width) // 2, 0, width, self.height())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.fit_font()


def build_layout(w) -> None:
    """Make ``w``'s widgets (attributes of the window) and set its central widget: the
    sidebar (showing ``w.agent_model``), the header, the welcome panel or the (empty) place
    of the transcript, the input row and the status bar."""
    split = QSplitter(Qt.Orientation.Horizontal)
    split.setObjectName("mainSplit")
    split.setHandleWidth(1)
    split.setChildrenCollapsible(False)
    side = QWidget()
    side.setObjectName("sidebar")
    side.setAccessibleName("Sidebar")
    sv = QVBoxLayout(side)
    sv.setContentsMargins(10, 10, 6, 10)
    sv.setSpacing(6)
    head = QHBoxLayout()
    agents_label = QLabel("AGENTS")
    agents_label.setObjectName("sectionLabel")
    w.team_button = QPushButton("Team")
    w.team_button.setObjectName("teamButton")
    w.team_button.setToolTip("Send directives to the whole team (the pipeline)")
    w.team_button.setAccessibleDescription("Send directives to the whole team instead of one agent")
    w.team_button.setCheckable(True)
    w.team_button.setChecked(True)
    head.addWidget(agents_label)
    head.addStretch(1)
    head.addWidget(w.team_button)
    sv.addLayout(head)
    w.agent_list = AgentList(w.agent_model, w.theme)
    sv.addWidget(w.agent_list, 0)
    sessions_label = QLabel("SESSIONS")
    sessions_label.setObjectName("sectionLabel")
    sv.addWidget(sessions_label)
    w.sessions = SessionList(lambda query: w.controller.sessions.search(query) if w.controller else [])
    sv.addWidget(w.sessions, 1)
    split.addWidget(side)
    w.sidebar = side

    main = QWidget()
    main.setObjectName("mainPane")
    outer = QVBoxLayout(main)
    outer.setContentsMargins(0, 0, 0, 0)
    column = QWidget()
    column.setObjectName("chatColumn")
    mv = QVBoxLayout(column)
    mv.setContentsMargins(10, 10, 10, 8)
    mv.setSpacing(6)
    top = QHBoxLayout()
    w.session_label = TitleLabel()
    w.session_label.setObjectName("sessionLabel")
    w.session_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    w.direct_banner = QLabel()
    w.direct_banner.setObjectName("directBanner")
    w.direct_banner.hide()
    top.addWidget(w.session_label, 1)
    top.addWidget(w.direct_banner)
    mv.addLayout(top)
    w.header_row = top
    w.connection_notice = ConnectionNotice()
    mv.addWidget(w.connection_notice)
    w.stack = QStackedWidget()
    w.welcome = WelcomePanel()
    w.stack.addWidget(w.welcome)
    # the transcript's place, empty, until add_core_widgets puts the chat view there (its
    # rendering code loads with the core, after the first paint)
    w.pending_transcript = QWidget()
    w.pending_transcript.setObjectName("pendingTranscript")
    w.stack.addWidget(w.pending_transcript)
    mv.addWidget(w.stack, 1)
    w.column_layout = mv
    row = QHBoxLayout()
    w.compose = ComposeBox()
    row.addWidget(w.compose, 1)
    buttons = QVBoxLayout()
    w.attach_button = paperclip()
    buttons.addWidget(w.attach_button, 0, Qt.AlignmentFlag.AlignRight)
    w.send_button = QPushButton("Send ▶")
    w.send_button.setObjectName("sendButton")
    w.send_button.setAccessibleDescription("Send the directive to the team")
    w.stop_button = QPushButton("■ Stop")
    w.stop_button.setObjectName("stopButton")
    w.stop_button.setToolTip("Stop the run (Esc)")
    w.stop_button.setAccessibleDescription("Stop the run in progress; it can be resumed later")
    w.stop_button.setEnabled(False)
    buttons.addWidget(w.send_button)
    buttons.addWidget(w.stop_button)
    buttons.addStretch(1)
    row.addLayout(buttons)
    mv.addLayout(row)
    w.reading_column = ReadingColumn(column)
    outer.addWidget(w.reading_column)
    split.addWidget(main)
    split.setStretchFactor(0, 0)
    split.setStretchFactor(1, 1)
    side_width = max(240, QFontMetrics(side.font()).averageCharWidth() * SIDEBAR_WIDTH_CHARS)
    side.setMinimumWidth(200)
    split.setSizes([side_width, 1020])
    w.split = split
    w.setCentralWidget(split)
    w.setMinimumSize(*MIN_SIZE)
    w.status = StatusBar(w)
    w.setStatusBar(w.status)


def add_core_widgets(w) -> None:
    """The widgets that talk to the core: the chat view (in the transcript's place), the
    model picker at the end of the header and the attachment chips between the transcript
    and the input (hidden while empty)."""
    from aipa.ui.chat.attachments import AttachmentBar
    from aipa.ui.transcript.view import ChatView
    from aipa.ui.window.model_picker import ModelPicker

    w.chat_view = ChatView(w.chat_model, w.theme)
    w.chat_view.warm_on_show = False  # the window's start() warms it up, once the session is in
    w.chat_view.setAccessibleName("Conversation")
    w.chat_view.setAccessibleDescription("The directives, the team's work, deliverables and audits of this session")
    w.stack.addWidget(w.chat_view)
    if w.stack.currentWidget() is w.pending_transcript:
        w.stack.setCurrentWidget(w.chat_view)
    w.stack.removeWidget(w.pending_transcript)
    w.pending_transcript.deleteLater()
    del w.pending_transcript

    w.model_picker = ModelPicker(w.core, w.controller, w.open_model_import, w)
    w.header_row.addWidget(w.model_picker)
    w.attachment_bar = AttachmentBar(w.controller.material, w.theme)
    w.column_layout.insertWidget(w.column_layout.indexOf(w.stack) + 1, w.attachment_bar)
