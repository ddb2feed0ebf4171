"""Settings' MCP servers page: add, edit, remove and test the servers (``mcp_servers``),
and choose the tools allowed without asking. Test starts the server as an asyncio task
(the window stays live; the probe has its own time limit) and lists its tools; a checked
tool is written to the entry's ``allow_read_only`` list, by name."""

from __future__ import annotations

import shlex

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from aipa.core.material.mcp_client import server_problem
from aipa.core.material.mcp_probe import ALLOWED
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.i18n import core_text
from aipa.ui.widgets import BAD, DIM, OK, colored, label

HELP = QT_TRANSLATE_NOOP(
    "McpPage",
    "MCP servers give the team more tools. A lead may use a server's tools when its agent lists "
    "them (<code>server.tool</code> or <code>server.*</code>). Every call asks you first, unless the "
    "tool is checked below <i>and</i> the server marks it read-only.",
)


def _env_text(env: dict) -> str:
    return "\n".join(f"{k}={v}" for k, v in env.items())


def _env(text: str) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line)
    return {k.strip(): v.strip() for k, v in pairs if k.strip()}


class McpPage(QWidget):
    def __init__(self, core, spawn, servers: list[dict]) -> None:
        super().__init__()
        self.core = core
        self.spawn = spawn
        self.servers = [dict(s) for s in servers]
        self.probed: dict[str, list] = {}  # server name -> its tools, from the last Test
        self._row = -1
        v = QVBoxLayout(self)
        v.addWidget(label("mcpHelp", self.tr(HELP)))
        body = QHBoxLayout()
        side = QVBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName("mcpList")
        self.list.setAccessibleName(self.tr("MCP servers"))
        side.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton(self.tr("&Add"))
        self.add_button.setObjectName("mcpAdd")
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.remove_button.setObjectName("mcpRemove")
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        side.addLayout(row)
        body.addLayout(side, 1)
        self.editor = QWidget()
        form = QFormLayout(self.editor)
        self.name = QLineEdit()
        self.name.setObjectName("mcpName")
        self.name.setPlaceholderText(self.tr("notes (letters, digits, - or _)"))
        self.kind = QComboBox()
        self.kind.setObjectName("mcpKind")
        self.kind.addItem(self.tr("A command (stdio)"), "command")
        self.kind.addItem(self.tr("A URL (streamable HTTP)"), "url")
        self.command = QLineEdit()
        self.command.setObjectName("mcpCommand")
        self.command.setPlaceholderText(self.tr("e.g. npx -y @modelcontextprotocol/server-filesystem ~/notes"))
        self.url = QLineEdit()
        self.url.setObjectName("mcpUrl")
        self.url.setPlaceholderText("http://127.0.0.1:8765/mcp")
        self.env = QPlainTextEdit()
        self.env.setObjectName("mcpEnv")
        self.env.setPlaceholderText(self.tr("NAME=value, one per line"))
        self.env.setMaximumHeight(60)
        self.env.setTabChangesFocus(True)
        self.timeout = QSpinBox()
        self.timeout.setObjectName("mcpTimeout")
        self.timeout.setRange(1, 3600)
        self.timeout.setSuffix(self.tr(" s per call"))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Runs as"), self.kind)
        form.addRow(self.tr("Command"), self.command)
        form.addRow(self.tr("URL"), self.url)
        form.addRow(self.tr("Environment"), self.env)
        form.addRow(self.tr("Time limit"), self.timeout)
        test_row = QHBoxLayout()
        self.test_button = QPushButton(self.tr("&Test"))
        self.test_button.setObjectName("mcpTest")
        self.test_button.setAccessibleDescription(self.tr("Start the server and list its tools"))
        test_row.addWidget(self.test_button)
        self.status = label("mcpStatus")
        test_row.addWidget(self.status, 1)
        form.addRow("", test_row)
        self.tools = QListWidget()
        self.tools.setObjectName("mcpTools")
        self.tools.setAccessibleName(self.tr("Tools allowed without asking"))
        form.addRow(self.tr("Allowed without asking"), self.tools)
        body.addWidget(self.editor, 2)
        v.addLayout(body, 1)
        self.list.currentRowChanged.connect(self._select)
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)
        self.test_button.clicked.connect(lambda: self.spawn(self.test()))
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.name.textChanged.connect(self._rename)
        self._fill()

    # --- the list ----------------------------------------------------------------------

    def _fill(self) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for entry in self.servers:
            self.list.addItem(entry.get("name") or self.tr("(unnamed)"))
        self.list.blockSignals(False)
        self._row = -1
        self.list.setCurrentRow(0 if self.servers else -1)
        if not self.servers:
            self._select(-1)

    def _select(self, row: int) -> None:
        self.commit()
        self._row = row
        self.editor.setEnabled(row >= 0)
        self.remove_button.setEnabled(row >= 0)
        entry = self.servers[row] if row >= 0 else {}
        self.name.setText(entry.get("name", ""))
        self.kind.setCurrentIndex(1 if "url" in entry else 0)
        self.command.setText(shlex.join([entry["command"], *entry.get("args", [])]) if "command" in entry else "")
        self.url.setText(entry.get("url", ""))
        self.env.setPlainText(_env_text(entry.get("env", {})))
        self.timeout.setValue(int(entry.get("timeout", 60)))
        self.status.clear()
        self._kind_changed()
        self._show_tools()

    def _kind_changed(self, *_a) -> None:
        url = self.kind.currentData() == "url"
        self.command.setEnabled(not url)
        self.url.setEnabled(url)

    def _rename(self, text: str) -> None:
        if self._row >= 0:
            self.list.item(self._row).setText(text or self.tr("(unnamed)"))

    def add(self) -> None:
        self.commit()
        taken = {s.get("name") for s in self.servers}
        name = next(
            f"server{n}" if n else "server" for n in range(100) if (f"server{n}" if n else "server") not in taken
        )
        self.servers.append({"name": name, "command": ""})
        self.list.addItem(name)
        self.list.setCurrentRow(len(self.servers) - 1)
        self.name.setFocus()
        self.name.selectAll()

    def remove(self) -> None:
        row = self._row
        if row < 0:
            return
        self._row = -1  # nothing to commit: it is going
        del self.servers[row]
        self._fill()

    # --- the entry being edited ------------------------------------------------------------

    def _entry(self) -> dict:
        """The form as a settings entry (keeps keys this page does not show, e.g. ``cwd``)."""
        entry = dict(self.servers[self._row]) if self._row >= 0 else {}
        for key in ("command", "args", "url", "env", "timeout"):
            entry.pop(key, None)
        entry["name"] = self.name.text().strip()
        if self.kind.currentData() == "url":
            entry["url"] = self.url.text().strip()
        else:
            try:
                words = shlex.split(self.command.text())
            except ValueError:
                words = self.command.text().split()
            entry["command"] = words[0] if words else ""
            if words[1:]:
                entry["args"] = words[1:]
        env = _env(self.env.toPlainText())
        if env:
            entry["env"] = env
        if self.timeout.value() != 60:
            entry["timeout"] = self.timeout.value()
        allowed = self._checked()
        if allowed:
            entry[ALLOWED] = allowed
        else:
            entry.pop(ALLOWED, None)
        return entry

    def _checked(self) -> list[str]:
        items = (self.tools.item(i) for i in range(self.tools.count()))
        return [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]

    def commit(self) -> None:
        if 0 <= self._row < len(self.servers):
            self.servers[self._row] = self._entry()

    def entries(self) -> list[dict]:
        self.commit()
        return [dict(s) for s in self.servers]

    def problem(self) -> str:
        """Why the servers cannot be saved as they are ('' when they can)."""
        entries = self.entries()
        names = [e.get("name") for e in entries]
        for row, entry in enumerate(entries):
            why = server_problem(entry)
            if why is None and names.count(entry["name"]) > 1:
                why = self.tr("two servers are named '{name}'").format(name=entry["name"])
            if why:
                self.list.setCurrentRow(row)
                return self.tr("MCP server: {problem}").format(problem=why)
        return ""

    def _show_tools(self) -> None:
        entry = self.servers[self._row] if self._row >= 0 else {}
        raw = entry.get(ALLOWED)
        listed: list[str] = raw if isinstance(raw, list) else []
        self.tools.clear()
        tools = self.probed.get(entry.get("name", ""), [])
        names = [t.name for t in tools] + [n for n in listed if n not in {t.name for t in tools}]
        about = {t.name: t for t in tools}
        for name in names:
            tool = about.get(name)
            said = (
                "" if tool is None else (self.tr(" — read-only") if tool.read_only else self.tr(" — may change things"))
            )
            text = f"{name}{said}" + (f": {tool.description}" if tool and tool.description else "")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in listed else Qt.CheckState.Unchecked)
            item.setToolTip(self.tr("Checked: runs without asking if the server marks it read-only; otherwise it asks"))
            self.tools.addItem(item)

    async def test(self) -> None:
        """Start the server as the form describes it and list its tools."""
        self.commit()
        row = self._row
        if row < 0:
            return
        entry = self.servers[row]
        self.test_button.setEnabled(False)
        self.status.setText(colored(self.tr("Starting the server…"), DIM, bold=False))
        try:
            probe = await self.core.material.probe_mcp_server(entry)
        finally:
            self.test_button.setEnabled(True)
        if row != self._row:
            return  # another server is shown now
        if not probe.ok:
            self.status.setText(colored(f"{core_text(probe.error)} ({core_text(probe.hint)})", BAD, bold=False))
            return
        self.probed[entry["name"]] = list(probe.tools)
        count = len(probe.tools)
        started = self.tr("Started: 1 tool.") if count == 1 else self.tr("Started: %n tools.", "", count)
        self.status.setText(colored(started, OK))
        self._show_tools()
