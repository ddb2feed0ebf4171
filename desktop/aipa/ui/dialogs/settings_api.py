"""Settings' Local API page: the OpenAI-compatible endpoint the window serves while it is
open (core/service/local_api.py; off by default), its port, how many runs at once, its
bearer token (kept in the keyring: shown, copied or made anew through the facade) and
the clients whose review gates are accepted (every other client's run waits for the
Principal, in the Inbox). It binds 127.0.0.1 unless ``serve_allow_remote`` says more."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QSpinBox, QWidget

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.errors import AipaError
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, WARN, colored, label

HELP = QT_TRANSLATE_NOOP(
    "ApiPage",
    "Other programs on this computer (an editor, a script, any OpenAI-compatible client) can hand "
    "the team a directive at <code>/v1/chat/completions</code>, with model <code>aipa-team</code> or "
    "one agent's name, while this window is open. Each request needs the token below. A run that "
    "reaches a gate waits for you in the Inbox unless its client is listed under Accept reviews.",
)


class ApiPage(QWidget):
    def __init__(self, core, api=None) -> None:
        """``api``: the window's LocalApi (its state is shown), None without a window."""
        super().__init__()
        self.core = core
        self.api = api
        s = core.config.settings
        form = QFormLayout(self)
        form.addRow(label("apiHelp", self.tr(HELP)))
        self.enabled = QCheckBox(self.tr("Serve the team on this computer while the window is open"))
        self.enabled.setObjectName("apiEnabled")
        self.enabled.setChecked(s.serve_enabled)
        form.addRow(self.tr("Local API"), self.enabled)
        self.port = QSpinBox()
        self.port.setObjectName("apiPort")
        self.port.setRange(1024, 65535)
        self.port.setValue(s.serve_port)
        self.port.setAccessibleName(self.tr("Port"))
        form.addRow(self.tr("Port"), self.port)
        self.max_runs = QSpinBox()
        self.max_runs.setObjectName("apiMaxRuns")
        self.max_runs.setRange(1, 64)
        self.max_runs.setValue(s.serve_max_runs)
        self.max_runs.setSuffix(self.tr(" at once"))
        self.max_runs.setAccessibleName(self.tr("Runs at once"))
        form.addRow(self.tr("Runs"), self.max_runs)
        row = QHBoxLayout()
        self.token = QLineEdit()
        self.token.setObjectName("apiToken")
        self.token.setReadOnly(True)
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText(self.tr("made when first shown or turned on"))
        self.token.setAccessibleName(self.tr("Bearer token"))
        self.show_token = QPushButton(self.tr("Show"))
        self.show_token.setObjectName("apiShowToken")
        self.show_token.setCheckable(True)
        self.show_token.toggled.connect(self._show)
        self.copy_token = QPushButton(self.tr("Copy"))
        self.copy_token.setObjectName("apiCopyToken")
        self.copy_token.clicked.connect(self._copy)
        self.new_token = QPushButton(self.tr("Regenerate"))
        self.new_token.setObjectName("apiNewToken")
        self.new_token.setToolTip(self.tr("Make a new token; clients holding the old one are refused from now on"))
        self.new_token.clicked.connect(self._regenerate)
        row.addWidget(self.token, 1)
        for button in (self.show_token, self.copy_token, self.new_token):
            row.addWidget(button)
        form.addRow(self.tr("Token"), row)
        self.accepting = QLineEdit(", ".join(s.serve_accept_review))
        self.accepting.setObjectName("apiAcceptReview")
        self.accepting.setPlaceholderText(self.tr("none: every review waits for you"))
        self.accepting.setAccessibleName(self.tr("Clients whose reviews are accepted"))
        self.accepting.setToolTip(
            self.tr("The request's user field, comma-separated: their final reviews are accepted")
        )
        form.addRow(self.tr("Accept reviews of"), self.accepting)
        self.state = label("apiState")
        form.addRow("", self.state)
        self.show_state()

    def _token(self) -> str:
        try:
            value, where = self.core.service.token()
        except AipaError as exc:
            self.state.setText(colored(core_text(exc.message), BAD))
            return ""
        if where == "this start only":
            self.state.setText(
                colored(self.tr("No keyring keeps the token: it works until AIPA closes."), WARN, bold=False)
            )
        self.token.setText(value)
        return value

    def _show(self, shown: bool) -> None:
        if shown and not self.token.text():
            self._token()
        self.token.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)
        self.show_token.setText(self.tr("Hide") if shown else self.tr("Show"))

    def _copy(self) -> None:
        value = self.token.text() or self._token()
        if value:
            QGuiApplication.clipboard().setText(value)
            self.state.setText(colored(self.tr("Token copied."), DIM, bold=False))

    def _regenerate(self) -> None:
        try:
            self.token.setText(self.core.service.new_token())
        except AipaError as exc:
            self.state.setText(colored(f"{core_text(exc.message)}. {core_text(exc.hint)}", BAD))
            return
        self.state.setText(
            colored(self.tr("A new token: clients holding the old one are refused now."), WARN, bold=False)
        )

    def show_state(self) -> None:
        """Where it serves, why it does not, or that it is off; and where it binds."""
        api, s = self.api, self.core.config.settings
        where = (self.tr("Binds {host}: reachable from other computers.").format(host=s.serve_host)
                 if s.serve_allow_remote
                 else self.tr("Binds 127.0.0.1: only this computer can reach it."))  # fmt: skip
        if api is not None and api.running:
            text = colored(self.tr("Serving on {url}").format(url=api.url), OK) + f" · {where}"
        elif api is not None and api.problem:
            text = colored(api.problem, BAD)
        else:
            text = colored(self.tr("Off."), DIM, bold=False) + f" {where}"
        if api is not None and api.warning:
            text += "<br>" + colored(api.warning, WARN)
        self.state.setText(text)

    def values(self) -> dict:
        clients = [c.strip() for c in self.accepting.text().split(",") if c.strip()]
        return {
            "serve_enabled": self.enabled.isChecked(),
            "serve_port": self.port.value(),
            "serve_max_runs": self.max_runs.value(),
            "serve_accept_review": clients,
        }
