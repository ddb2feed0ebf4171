"""What an empty session shows (as LM Studio or Jan do): the team at a glance (each
agent's name, role and what it does), three example directives to click, the model in
use and whether it runs on this computer. Above it, when no model answers, the
connection notice says why, with "Open setup" and "Retry"."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui import words
from aipa.ui.i18n import core_text

# The examples, in the window's language (a click sends the text as shown).
EXAMPLES = (
    QT_TRANSLATE_NOOP("WelcomePanel", "Plan a three-day offsite for 12 people in March, with a budget"),
    QT_TRANSLATE_NOOP("WelcomePanel", "Compare three CRM tools for a 10-person sales team and recommend one"),
    QT_TRANSLATE_NOOP("WelcomePanel", "Draft a one-page launch plan for our new mobile app"),
)
TWO_COLUMNS = 520  # px of the panel from which the team shows in two columns
translate = QCoreApplication.translate


def agent_line(agent, role: str) -> str:
    what = agent.description or agent.title or translate("WelcomePanel", "Lead")
    label = words.role(role) or agent.title
    # "Auditor: independently reviews…" (the agent's description names its role in English)
    for prefix in {f"{label}: ", f"{words.ROLE.get(role, label)}: "}:
        if what.casefold().startswith(prefix.casefold()):
            what = what[len(prefix) :]
            what = what[:1].upper() + what[1:]
            break
    return (
        f"<span style='color:{agent.color}'>●</span> <b>{html.escape(agent.name)}</b>"
        f" · {html.escape(label)}<br>{html.escape(what)}"
    )


class ExampleButton(QPushButton):
    """An example directive: its text shortened with "…" when the panel is narrower."""

    PADDING = 28  # the button's own margins, left and right (style.qss)

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.full_text = text

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        room = self.width() - self.PADDING
        self.setText(self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight, max(room, 0)))


class ConnectionNotice(QFrame):
    """Why no model answers, with the two ways out."""

    setupRequested = Signal()
    retryRequested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("connectionNotice")
        self.setAccessibleName(self.tr("No model available"))
        layout = QVBoxLayout(self)
        self.text = QLabel()
        self.text.setObjectName("connectionNoticeText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.text)
        row = QHBoxLayout()
        self.setup_button = QPushButton(self.tr("Open setup"))
        self.setup_button.setObjectName("openSetupButton")
        self.setup_button.setAccessibleDescription(self.tr("Open the setup wizard to choose a provider and a model"))
        self.retry_button = QPushButton(self.tr("Retry"))
        self.retry_button.setObjectName("retryButton")
        self.retry_button.setAccessibleDescription(self.tr("Check the connection to the model again"))
        self.setup_button.clicked.connect(self.setupRequested)
        self.retry_button.clicked.connect(self.retryRequested)
        row.addWidget(self.setup_button)
        row.addWidget(self.retry_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.hide()

    def show_problem(self, provider: str, model: str, detail: str) -> None:
        what = self.tr("{model} on {provider}").format(model=model, provider=provider)
        what = what if model and model != "default model" else provider
        self.text.setText(
            self.tr("<b>No model is reachable</b> ({what}), so Send is off.").format(what=html.escape(what))
            + "<br>"
            + html.escape(_plain(core_text(detail)) or self.tr("The provider did not answer."))
        )
        self.setAccessibleDescription(self.text.text())
        self.show()


class WelcomePanel(QScrollArea):
    exampleChosen = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        # no Tab stop of its own (it would show nothing): Tab goes to its example buttons,
        # which the scroll area brings into view
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        body.setObjectName("welcomeBody")
        self.layout_ = QVBoxLayout(body)
        self.layout_.setContentsMargins(12, 18, 12, 18)
        self.layout_.setSpacing(10)
        self.heading = QLabel(self.tr("Start a session"))
        self.heading.setObjectName("welcomeHeading")
        self.model_line = QLabel()
        self.model_line.setObjectName("welcomeModel")
        self.model_line.setWordWrap(True)
        team_label = QLabel(self.tr("YOUR TEAM"))
        team_label.setObjectName("sectionLabel")
        self.team = QWidget()
        self.team_grid = QGridLayout(self.team)
        self.team_grid.setContentsMargins(0, 0, 0, 0)
        self.team_grid.setHorizontalSpacing(16)
        self.team_grid.setVerticalSpacing(8)
        try_label = QLabel(self.tr("TRY"))
        try_label.setObjectName("sectionLabel")
        self.examples: list[QPushButton] = []
        for w in (self.heading, self.model_line, try_label):
            self.layout_.addWidget(w)
        for source in EXAMPLES:
            text = self.tr(source)
            button = ExampleButton(text)
            button.setObjectName("exampleButton")
            button.setAccessibleName(self.tr("Example directive: {text}").format(text=text))
            button.setAccessibleDescription(self.tr("Sends this directive to the team"))
            button.setToolTip(text)
            # never wider than the panel (no sideways scrolling at 720 px): a long one ends in "…"
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setMaximumWidth(button.sizeHint().width())
            button.clicked.connect(lambda _c=False, t=text: self.exampleChosen.emit(t))
            self.layout_.addWidget(button)
            self.examples.append(button)
        self.layout_.addSpacing(6)
        self.layout_.addWidget(team_label)
        self.layout_.addWidget(self.team)
        self.layout_.addStretch(1)
        self.setWidget(body)
        self._columns = 2
        self._cards: list[QLabel] = []

    def show_team(self, agents, roles: dict[str, str]) -> None:
        """``roles``: agent key (casefolded name) → role."""
        for card in self._cards:
            card.deleteLater()
        self._cards = []
        for agent in agents:
            card = QLabel(agent_line(agent, roles.get(agent.key, "")))
            card.setObjectName("teamCard")
            card.setWordWrap(True)
            card.setAccessibleName(f"{agent.name}, {agent.title}")
            card.setAccessibleDescription(agent.description)
            card.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self._cards.append(card)
        self._lay_out_team()

    def _lay_out_team(self) -> None:
        columns = 2 if self.viewport().width() >= TWO_COLUMNS else 1
        for card in self._cards:
            self.team_grid.removeWidget(card)
        for i, card in enumerate(self._cards):
            self.team_grid.addWidget(card, i // columns, i % columns)
        for c in range(2):
            self.team_grid.setColumnStretch(c, 1 if c < columns else 0)
        self._columns = columns

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if (2 if self.viewport().width() >= TWO_COLUMNS else 1) != self._columns:
            self._lay_out_team()

    def show_model(self, provider: str, model: str, local: bool) -> None:
        where = (
            self.tr("runs on this computer: nothing you type leaves it")
            if local
            else self.tr("runs in the cloud: what you type is sent to the provider")
        )
        self.model_line.setText(
            self.tr("Model: <b>{model}</b> on {provider} · {where}").format(
                model=html.escape(core_text(model)), provider=html.escape(provider), where=where
            )
        )


def _plain(text: str) -> str:

    from aipa.ui.transcript.presenter import plain  # the run presenter loads with the core, after the first paint

    return plain(text)
