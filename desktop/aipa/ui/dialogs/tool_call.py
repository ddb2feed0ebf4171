"""The permission card for an MCP tool call (core/material/mcp_client.py asks through the
reviewer's ``confirm_tool_call``): the tool, its server and the exact arguments, with
Allow once / Allow for this session / Deny. Inline in the chat (a card docked under the
transcript, not a modal); a window-modal dialog where there is no chat (the plan window).
Esc and closing deny: nothing runs unless the Principal allows it."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from aipa.ui.dialogs.common import GateDialog
from aipa.ui.platform import fit_platform
from aipa.ui.theme import Theme
from aipa.ui.widgets import primary_button

ONCE, SESSION, DENY = "once", "session", "deny"
_TITLE = re.compile(r"MCP tool (?P<server>[A-Za-z0-9_-]+)\.(?P<tool>\S+) \((?P<kind>[^()]+)\)\?$")


def parse_title(title: str) -> tuple[str, str, str]:
    """(server, tool, what kind of tool) from the hub's question ('' each when it is another shape)."""
    match = _TITLE.search(title)
    return (match["server"], match["tool"], match["kind"]) if match else ("", "", "")


class ToolCallCard(GateDialog):
    """``value`` is "once", "session" or "deny" once a button is pressed."""

    value: str

    def __init__(self, parent, title: str, preview: str, theme: Theme, *, inline: bool = True) -> None:
        super().__init__(parent, self.tr("Allow this tool call?"), inline=inline)
        self.setObjectName("toolCallGate" if inline else "toolCallDialog")
        self.value = DENY
        server, tool, kind = parse_title(title)
        layout = QVBoxLayout(self)
        if server:
            question = self.tr("Allow the tool {tool} of the MCP server {server}?").format(
                tool=f"<code>{html.escape(tool)}</code>", server=f"<code>{html.escape(server)}</code>"
            )
            head = f"<b>{question}</b> <span style='color:{theme.dim}'>({html.escape(kind)})</span>"
        else:
            head = f"<b>{html.escape(title)}</b>"
        self.heading = QLabel(head)
        self.heading.setObjectName("toolCallTitle")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.setAccessibleDescription(
            self.tr("Allow the tool {tool} of the MCP server {server}?").format(tool=tool, server=server) + f" ({kind})"
            if server
            else title
        )
        layout.addWidget(QLabel(self.tr("Arguments:")))
        self.arguments = QPlainTextEdit(preview)
        self.arguments.setObjectName("toolCallArguments")
        self.arguments.setAccessibleName(self.tr("The tool call's arguments"))
        self.arguments.setTabChangesFocus(True)
        self.arguments.setReadOnly(True)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.arguments.setFont(mono)
        lines = max(2, min(8, preview.count("\n") + 1))
        self.arguments.setFixedHeight(self.arguments.fontMetrics().lineSpacing() * lines + 14)
        layout.addWidget(self.arguments)
        row = QHBoxLayout()
        self.once_button = primary_button(self.tr("Allow once"), theme)
        self.session_button = QPushButton(self.tr("Allow for this session"))
        self.session_button.setToolTip(self.tr("Allow this tool without asking again until the app is closed"))
        self.deny_button = QPushButton(self.tr("Deny"))
        self.deny_button.setObjectName("destructiveButton")
        self.deny_button.setToolTip(self.tr("The lead is told the Principal declined; the run goes on"))

        self.deny_button.setDefault(True)
        row.addWidget(self.once_button)
        row.addWidget(self.session_button)
        row.addStretch(1)
        row.addWidget(self.deny_button)
        layout.addLayout(row)
        self.once_button.clicked.connect(lambda: self._decide(ONCE))
        self.session_button.clicked.connect(lambda: self._decide(SESSION))
        self.deny_button.clicked.connect(lambda: self._decide(DENY))
        self.later_button.hide()  # a tool call cannot wait for later: closing it denies
        fit_platform(self)

    def focus_first(self) -> None:
        """The arguments first (a screen reader reads what is asked), then the buttons."""
        self.arguments.setFocus(Qt.FocusReason.OtherFocusReason)

    def _decide(self, choice: str) -> None:
        self.value = choice
        self.done(QDialog.DialogCode.Accepted)

    def reject(self) -> None:  # Esc / close = Deny
        self.value = DENY
        self.done(QDialog.DialogCode.Rejected)
