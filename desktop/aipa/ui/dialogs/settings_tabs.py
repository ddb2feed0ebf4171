"""Two tabs of the Settings dialog: run options, and appearance and the data folder.
Each builds its page and sets the dialog's fields it holds (``dialog.auto_audit``, …)."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QSpinBox, QWidget

from aipa.ui.widgets import label

THEMES = (("system", "Follow the system"), ("light", "Light"), ("dark", "Dark"))
DATA_HELP = (
    "AIPA keeps everything (database, settings, your agents, logs, models) in this folder. To use "
    "another one, quit AIPA, move the folder's contents there if you want to keep them, and start AIPA "
    "with the environment variable <code>AIPA_HOME</code> set to the new folder, e.g. "
    "<code>AIPA_HOME=~/Documents/aipa aipa</code>. The change applies after a restart."
)


def runs_tab(dialog) -> QWidget:
    page = QWidget()
    form = QFormLayout(page)
    dialog.auto_audit = QCheckBox("Vera audits every deliverable")
    dialog.auto_audit.setObjectName("autoAudit")
    dialog.plan_review = QCheckBox("Ask me to review the task briefs before the leads start")
    dialog.plan_review.setObjectName("planReview")
    dialog.lead_timeout = QSpinBox()
    dialog.lead_timeout.setObjectName("leadTimeout")
    dialog.lead_timeout.setRange(1, 86400)
    dialog.lead_timeout.setSuffix(" s")
    dialog.brief_retention = QSpinBox()
    dialog.brief_retention.setObjectName("briefRetention")
    dialog.brief_retention.setRange(1, 10000)
    dialog.brief_retention.setSuffix(" entries")
    dialog.max_output = QSpinBox()
    dialog.max_output.setObjectName("maxOutputTokens")
    dialog.max_output.setRange(0, 1_000_000)
    dialog.max_output.setSpecialValueText("each agent's own limit")
    form.addRow("Automatic audit", dialog.auto_audit)
    form.addRow("Plan review", dialog.plan_review)
    form.addRow("Lead timeout", dialog.lead_timeout)
    form.addRow("Standing brief keeps", dialog.brief_retention)
    form.addRow("Output tokens per call", dialog.max_output)
    return page


def data_tab(dialog) -> QWidget:
    page = QWidget()
    form = QFormLayout(page)
    dialog.theme = QComboBox()
    dialog.theme.setObjectName("theme")
    for value, text in THEMES:
        dialog.theme.addItem(text, value)
    form.addRow("Theme", dialog.theme)
    dialog.font_size = QSpinBox()
    dialog.font_size.setObjectName("fontSize")
    dialog.font_size.setRange(0, 48)
    dialog.font_size.setSpecialValueText("System size")
    dialog.font_size.setSuffix(" pt")
    dialog.font_size.setAccessibleName("Text size")
    form.addRow("Text size", dialog.font_size)
    dialog.send_key = QComboBox()
    dialog.send_key.setObjectName("sendKey")
    dialog.send_key.addItem("Enter sends, Shift+Enter adds a line", "enter")
    dialog.send_key.addItem("Ctrl+Enter sends, Enter adds a line", "ctrl+enter")
    form.addRow("Sending", dialog.send_key)
    row = QHBoxLayout()
    dialog.data_folder = QLineEdit(str(dialog.core.paths.root))
    dialog.data_folder.setObjectName("dataFolder")
    dialog.data_folder.setReadOnly(True)
    open_button = QPushButton("Open")
    open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(dialog.core.paths.root))))
    dialog.change_folder = QPushButton("Change…")
    dialog.change_folder.setObjectName("changeDataFolder")
    dialog.change_folder.clicked.connect(lambda: dialog.data_help.show())
    row.addWidget(dialog.data_folder, 1)
    row.addWidget(open_button)
    row.addWidget(dialog.change_folder)
    form.addRow("Data folder", row)
    dialog.data_help = label("dataHelp", DATA_HELP)
    dialog.data_help.hide()
    form.addRow("", dialog.data_help)
    return page
