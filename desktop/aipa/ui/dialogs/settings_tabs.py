"""Two tabs of the Settings dialog: run options, and appearance and the data folder.
Each builds its page and sets the dialog's fields it holds (``dialog.auto_audit``, …)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QSpinBox, QWidget

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.widgets import label

THEMES = (
    ("system", QT_TRANSLATE_NOOP("SettingsDialog", "Follow the system")),
    ("light", QT_TRANSLATE_NOOP("SettingsDialog", "Light")),
    ("dark", QT_TRANSLATE_NOOP("SettingsDialog", "Dark")),
)
# The ``language`` setting's choices: each language in its own words (a reader of it finds
# it whatever the window's language now), the system's choice in the window's.
LANGUAGES = (
    ("system", QT_TRANSLATE_NOOP("SettingsDialog", "System default")),
    ("en", "English"),
    ("de", "Deutsch"),
    ("zh_CN", "简体中文"),
    ("he", "עברית"),
)
DATA_HELP = QT_TRANSLATE_NOOP(
    "SettingsDialog",
    "AIPA keeps everything (database, settings, your agents, logs, models) in this folder. To use "
    "another one, quit AIPA, move the folder's contents there if you want to keep them, and start AIPA "
    "with the environment variable <code>AIPA_HOME</code> set to the new folder, e.g. "
    "<code>AIPA_HOME=~/Documents/aipa aipa</code>. The change applies after a restart.",
)


def translated(text: str) -> str:
    """``text`` in the window's language (the tabs belong to the Settings dialog)."""
    return QCoreApplication.translate("SettingsDialog", text)


def runs_tab(dialog) -> QWidget:
    page = QWidget()
    form = QFormLayout(page)
    dialog.auto_audit = QCheckBox(QCoreApplication.translate("SettingsDialog", "Vera audits every deliverable"))
    dialog.auto_audit.setObjectName("autoAudit")
    dialog.plan_review = QCheckBox(
        QCoreApplication.translate("SettingsDialog", "Ask me to review the task briefs before the leads start")
    )
    dialog.plan_review.setObjectName("planReview")
    dialog.lead_timeout = QSpinBox()
    dialog.lead_timeout.setObjectName("leadTimeout")
    dialog.lead_timeout.setRange(1, 86400)
    dialog.lead_timeout.setSuffix(QCoreApplication.translate("SettingsDialog", " s"))
    dialog.brief_retention = QSpinBox()
    dialog.brief_retention.setObjectName("briefRetention")
    dialog.brief_retention.setRange(1, 10000)
    dialog.brief_retention.setSuffix(QCoreApplication.translate("SettingsDialog", " entries"))
    dialog.max_output = QSpinBox()
    dialog.max_output.setObjectName("maxOutputTokens")
    dialog.max_output.setRange(0, 1_000_000)
    dialog.max_output.setSpecialValueText(QCoreApplication.translate("SettingsDialog", "each agent's own limit"))
    form.addRow(QCoreApplication.translate("SettingsDialog", "Automatic audit"), dialog.auto_audit)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Plan review"), dialog.plan_review)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Lead timeout"), dialog.lead_timeout)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Standing brief keeps"), dialog.brief_retention)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Output tokens per call"), dialog.max_output)
    return page


def data_tab(dialog) -> QWidget:
    page = QWidget()
    form = QFormLayout(page)
    dialog.theme = QComboBox()
    dialog.theme.setObjectName("theme")
    for value, text in THEMES:
        dialog.theme.addItem(translated(text), value)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Theme"), dialog.theme)
    dialog.language = QComboBox()
    dialog.language.setObjectName("language")
    dialog.language.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Language"))
    for value, text in LANGUAGES:
        dialog.language.addItem(translated(text) if value == "system" else text, value)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Language"), dialog.language)
    dialog.language_note = label(
        "languageNote",
        QCoreApplication.translate("SettingsDialog", "AIPA starts in the language chosen here the next time it opens."),
    )
    form.addRow("", dialog.language_note)
    dialog.font_size = QSpinBox()
    dialog.font_size.setObjectName("fontSize")
    dialog.font_size.setRange(0, 48)
    dialog.font_size.setSpecialValueText(QCoreApplication.translate("SettingsDialog", "System size"))
    dialog.font_size.setSuffix(QCoreApplication.translate("SettingsDialog", " pt"))
    dialog.font_size.setAccessibleName(QCoreApplication.translate("SettingsDialog", "Text size"))
    form.addRow(QCoreApplication.translate("SettingsDialog", "Text size"), dialog.font_size)
    dialog.send_key = QComboBox()
    dialog.send_key.setObjectName("sendKey")
    dialog.send_key.addItem(
        QCoreApplication.translate("SettingsDialog", "Enter sends, Shift+Enter adds a line"), "enter"
    )
    dialog.send_key.addItem(
        QCoreApplication.translate("SettingsDialog", "Ctrl+Enter sends, Enter adds a line"), "ctrl+enter"
    )
    form.addRow(QCoreApplication.translate("SettingsDialog", "Sending"), dialog.send_key)
    row = QHBoxLayout()
    dialog.data_folder = QLineEdit(str(dialog.core.paths.root))
    dialog.data_folder.setObjectName("dataFolder")
    dialog.data_folder.setReadOnly(True)
    open_button = QPushButton(QCoreApplication.translate("SettingsDialog", "Open"))
    open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(dialog.core.paths.root))))
    dialog.change_folder = QPushButton(QCoreApplication.translate("SettingsDialog", "Change…"))
    dialog.change_folder.setObjectName("changeDataFolder")
    dialog.change_folder.clicked.connect(lambda: dialog.data_help.show())
    row.addWidget(dialog.data_folder, 1)
    row.addWidget(open_button)
    row.addWidget(dialog.change_folder)
    form.addRow(QCoreApplication.translate("SettingsDialog", "Data folder"), row)
    dialog.data_help = label("dataHelp", translated(DATA_HELP))
    dialog.data_help.hide()
    form.addRow("", dialog.data_help)
    return page
