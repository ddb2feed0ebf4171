"""The sessions' Trash: what was deleted, when, and when it goes for good (after 30
days); restore a session, delete one for good, or empty the Trash (asked once)."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from aipa.core.session.trash import KEEP_DAYS
from aipa.ui.dialogs.words import locale
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import label

SESSION = Qt.ItemDataRole.UserRole + 1


def _when(moment) -> str:
    """A moment as the locale writes a short date and time (01 Dec 2026 23:05 · 01.12.26 23:05)."""
    if not moment:
        return ""
    return locale().toString(QDateTime(moment.astimezone()), QLocale.FormatType.ShortFormat)


class TrashDialog(QDialog):
    changed = Signal()  # a session was restored or deleted for good: the list refreshes

    def __init__(self, parent, core) -> None:
        super().__init__(parent)
        self.core = core
        self.setObjectName("trashDialog")
        self.setWindowTitle(self.tr("Trash"))
        self.resize(640, 420)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "trashHelp",
                self.tr(
                    "Deleted sessions stay here for %n days, then they are deleted for good "
                    "with their messages and runs. Restore puts a session back in the list.",
                    "",
                    KEEP_DAYS,
                ),
            )
        )
        self.tree = QTreeWidget()
        self.tree.setObjectName("trashList")
        self.tree.setAccessibleName(self.tr("Sessions in the Trash"))
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels([self.tr("Session"), self.tr("Deleted"), self.tr("Deleted for good on")])
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        layout.addWidget(self.tree, 1)
        self.empty_label = label("trashEmpty", self.tr("The Trash is empty."))
        layout.addWidget(self.empty_label)
        row = QHBoxLayout()
        self.restore_button = QPushButton(self.tr("&Restore"))
        self.restore_button.setObjectName("restoreButton")
        self.delete_button = QPushButton(self.tr("&Delete for good"))
        self.delete_button.setObjectName("deleteForGood")
        self.empty_button = QPushButton(self.tr("&Empty Trash…"))
        self.empty_button.setObjectName("emptyTrash")
        row.addWidget(self.restore_button)
        row.addWidget(self.delete_button)
        row.addStretch(1)
        row.addWidget(self.empty_button)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.restore_button.clicked.connect(self.restore_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.empty_button.clicked.connect(self.empty)
        self.tree.itemSelectionChanged.connect(self._enable)
        fit_platform(self)
        self.refresh()

    def refresh(self) -> None:
        self.tree.clear()
        trash = self.core.sessions.trash
        for record in trash.items():
            item = QTreeWidgetItem(
                [record.title or self.tr("Untitled session"), _when(record.deleted_at), _when(trash.expires(record))]
            )
            item.setData(0, SESSION, record.id)
            self.tree.addTopLevelItem(item)
        if (first := self.tree.topLevelItem(0)) is not None:
            self.tree.setCurrentItem(first)
        self.tree.resizeColumnToContents(1)
        self.empty_label.setVisible(self.tree.topLevelItemCount() == 0)
        self._enable()

    def ids(self) -> list[str]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item.data(0, SESSION) for item in items if item is not None]

    def _selected(self) -> list[str]:
        return [item.data(0, SESSION) for item in self.tree.selectedItems()]

    def _enable(self) -> None:
        chosen = bool(self._selected())
        self.restore_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)
        self.empty_button.setEnabled(self.tree.topLevelItemCount() > 0)

    def restore_selected(self) -> None:
        for session_id in self._selected():
            self.core.sessions.trash.restore(session_id)
        self.refresh()
        self.changed.emit()

    def delete_selected(self) -> None:
        for session_id in self._selected():
            self.core.sessions.trash.delete(session_id)
        self.refresh()
        self.changed.emit()

    def empty(self, *, confirm: bool = True) -> None:
        count = self.tree.topLevelItemCount()
        if confirm and (
            QMessageBox.question(
                self,
                self.tr("Empty Trash"),
                self.tr("Delete 1 session for good? This cannot be undone.")
                if count == 1
                else self.tr("Delete %n sessions for good? This cannot be undone.", "", count),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self.core.sessions.trash.empty()
        self.refresh()
        self.changed.emit()
