"""Provider/model, connection state, tokens this session, speed, and a transient
indicator while the standing brief is being updated."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar

from aipa.ui.theme import LIGHT, Theme

CONNECTION_LEVEL = {"connected": "ok", "unreachable": "bad", "error": "bad"}


class StatusBar(QStatusBar):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.theme = LIGHT
        self.provider = QLabel()
        self.provider.setObjectName("providerLabel")
        self.connection = QLabel()
        self.connection.setObjectName("connectionLabel")
        self.tokens = QLabel()
        self.tokens.setObjectName("tokensLabel")
        self.brief = QLabel("Updating the standing brief…")
        self.brief.setObjectName("briefIndicator")
        self.spinner = QProgressBar()
        self.spinner.setRange(0, 0)
        self.spinner.setMaximumWidth(80)
        self.spinner.setMaximumHeight(10)
        self.spinner.setTextVisible(False)
        self.provider.setAccessibleName("Provider and model")
        self.connection.setAccessibleName("Connection")
        self.tokens.setAccessibleName("Tokens this session")
        for w in (self.provider, self.connection, self.tokens):
            self.addPermanentWidget(w)
        self.insertPermanentWidget(0, self.spinner)
        self.insertPermanentWidget(0, self.brief)
        self.set_brief_updating(False)

    def set_provider(self, name: str, model: str) -> None:
        self.provider.setText(f"{name} · {model}")

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme

    def set_connection(self, state: str, detail: str) -> None:
        color = getattr(self.theme, CONNECTION_LEVEL.get(state, "dim"))
        self.connection.setText(f"<span style='color:{color}'>●</span> {state}")
        self.connection.setToolTip(detail or state)

    def set_tokens(self, tokens: int, rate: float) -> None:
        self.tokens.setText(
            (f"{tokens:,} tokens this session" if tokens else "No tokens yet")
            + (f" · {rate:,.0f} tok/s" if rate else "")
        )

    def set_brief_updating(self, on: bool) -> None:
        self.brief.setVisible(on)
        self.spinner.setVisible(on)
