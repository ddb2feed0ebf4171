"""Provider/model, connection state, tokens this session, speed, and a transient
indicator while the standing brief is being updated. It adapts to the window's width:
the message on the left is elided with "…" (the full text in its tooltip), and in a
narrow window the provider and model (shown by the model picker in the header too) make
way and the token count says less (the full line in its tooltip)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QSizePolicy, QStatusBar

from aipa.ui import cost_text, words
from aipa.ui.i18n import core_text, number, plural
from aipa.ui.theme import LIGHT, Theme

CONNECTION_LEVEL = {"connected": "ok", "unreachable": "bad", "error": "bad"}
NARROW = 960  # a status bar narrower than this drops the provider and shortens the token count


class ElidedLabel(QLabel):
    """One line of plain text that shrinks to any width, cut with "…" (the whole text in
    its tooltip when it is cut)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str) -> None:
        self.full = text
        self._fit()

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(
            self.full, Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width())
        )
        self.setText(shown)
        self.setToolTip(self.full if shown != self.full else "")


class StatusBar(QStatusBar):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.theme = LIGHT
        self.message = ElidedLabel()  # the transient message (showMessage), elided to the room left
        self.message.setObjectName("statusMessage")
        self.message.setAccessibleName(self.tr("Status message"))
        self.addWidget(self.message, 1)
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self.clearMessage)
        self._tokens_full = ""
        self._tokens_short = ""
        self.provider = QLabel()
        self.provider.setObjectName("providerLabel")
        self.connection = QLabel()
        self.connection.setObjectName("connectionLabel")
        self.tokens = QLabel()
        self.tokens.setObjectName("tokensLabel")
        self.cost = QLabel()  # money this session (cloud) or model time (local): ui/cost_text.py
        self.cost.setObjectName("costLabel")
        self.cost.setAccessibleName(self.tr("Cost this session"))
        self.queued = QLabel()  # scheduled runs waiting for the local model (core/service/queue.py)
        self.queued.setObjectName("queuedIndicator")
        self.queued.setAccessibleName(self.tr("Scheduled runs waiting"))
        self.queued.setContentsMargins(0, 0, 10, 0)  # apart from the provider beside it
        self.queued.setVisible(False)
        self.brief = QLabel(self.tr("Updating the standing brief…"))
        self.brief.setObjectName("briefIndicator")
        self.spinner = QProgressBar()
        self.spinner.setRange(0, 0)
        self.spinner.setMaximumWidth(80)
        self.spinner.setMaximumHeight(10)
        self.spinner.setTextVisible(False)
        self.provider.setAccessibleName(self.tr("Provider and model"))
        self.connection.setAccessibleName(self.tr("Connection"))
        self.tokens.setAccessibleName(self.tr("Tokens this session"))
        for w in (self.queued, self.brief, self.spinner, self.provider, self.connection, self.tokens, self.cost):
            self.addPermanentWidget(w)
        self.set_brief_updating(False)
        self.cost.setVisible(False)  # until something was spent

    # the message on the left: a label of ours (QStatusBar's own clips it mid-word) -------

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        self.message.set_full_text(text)
        if timeout:
            self._message_timer.start(timeout)
        else:
            self._message_timer.stop()

    def clearMessage(self) -> None:
        self._message_timer.stop()
        self.message.set_full_text("")

    def currentMessage(self) -> str:
        return self.message.full

    # the permanent parts ------------------------------------------------------------------

    def narrow(self) -> bool:
        return self.width() < NARROW

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._adapt()

    def _adapt(self) -> None:
        """Show less at narrow widths: no provider (the header's model picker says it), a
        shorter token count (the full one in its tooltip)."""
        narrow = self.narrow()
        self.provider.setVisible(not narrow and bool(self.provider.text()))
        self.tokens.setText(self._tokens_short if narrow else self._tokens_full)
        self.tokens.setToolTip(self._tokens_full if narrow else "")

    def set_provider(self, name: str, model: str) -> None:
        model = core_text(model)  # "default model" when none is set
        self.provider.setText(f"{name} · {model}")
        self.provider.setToolTip(self.tr("Provider {provider}, model {model}").format(provider=name, model=model))
        self._adapt()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme

    def set_connection(self, state: str, detail: str) -> None:
        color = getattr(self.theme, CONNECTION_LEVEL.get(state, "dim"))
        self.connection.setText(f"<span style='color:{color}'>●</span> {words.connection(state)}")
        self.connection.setToolTip(core_text(detail) or words.connection(state))

    def set_tokens(self, tokens: int, rate: float) -> None:
        # a session with no tokens has no speed
        speed = " · " + self.tr("{rate} tok/s").format(rate=number(rate)) if rate and tokens else ""
        full = plural(self.tr("{count} token(s) this session", "", tokens), tokens).format(count=number(tokens))
        short = plural(self.tr("{count} token(s)", "", tokens), tokens).format(count=number(tokens))
        self._tokens_full = (full if tokens else self.tr("No tokens yet")) + speed
        self._tokens_short = (short if tokens else self.tr("No tokens")) + speed

        self._adapt()

    def set_cost(self, summary: dict) -> None:
        """The session's cost (``Core.sessions.cost``), its whole story in the tooltip."""
        line = cost_text.session_line(summary)
        self.cost.setText(line)
        self.cost.setToolTip(cost_text.detail(summary) if line else "")
        self.cost.setVisible(bool(line))

    def set_brief_updating(self, on: bool) -> None:
        self.brief.setVisible(on)
        self.spinner.setVisible(on)

    def set_queued(self, waiting: list) -> None:
        """The scheduled runs that wait for the current run on their local model
        (``Core.service.waiting()``); hidden while none does."""
        count = len(waiting)
        if count == 1:
            text = self.tr("Scheduled run waits for the current one")
        else:
            text = self.tr("{count} scheduled runs wait for the current one").format(count=number(count))
        self.queued.setText("○ " + text if count else "")
        self.queued.setToolTip(
            "\n".join(
                self.tr("“{directive}” waits for “{current}”").format(directive=w.label[:60], current=w.behind[:60])
                for w in waiting
            )
        )
        self.queued.setVisible(bool(count))
