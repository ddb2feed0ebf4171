"""Sessions, newest first, grouped by Pinned / Today / Yesterday / Previous 7 days / Older, with
full-text search over their messages (FTS5: a found session shows the words around the
match, the matched ones in bold; no match says "No results"). Rename (F2 or the context
menu: a dialog) and delete: the session goes to the Trash at once, with an Undo bar that
wraps in the narrow sidebar; the Trash button opens the Trash (restore, empty)."""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCore import QDate, QLocale, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.i18n import Context, plural
from aipa.ui.window.session_snippet import MARKS_ROLE, SnippetDelegate

SESSION_ROLE = Qt.ItemDataRole.UserRole + 3
PINNED_ROLE = Qt.ItemDataRole.UserRole + 4
SessionTime = Context("SessionTime")  # the session list's times, outside the widget
GROUPS = ("Pinned", "Today", "Yesterday", "Previous 7 days", "Older")  # the keys
GROUP_TITLES = {
    "Pinned": QT_TRANSLATE_NOOP("SessionList", "Pinned"),
    "Today": QT_TRANSLATE_NOOP("SessionList", "Today"),
    "Yesterday": QT_TRANSLATE_NOOP("SessionList", "Yesterday"),
    "Previous 7 days": QT_TRANSLATE_NOOP("SessionList", "Previous 7 days"),
    "Older": QT_TRANSLATE_NOOP("SessionList", "Older"),
}


def group_of(when: datetime, now: datetime) -> str:
    day = when.astimezone().date()
    today = now.astimezone().date()
    if day >= today:
        return "Today"
    if day == today - timedelta(days=1):
        return "Yesterday"
    if day >= today - timedelta(days=7):
        return "Previous 7 days"
    return "Older"


def relative_time(when: datetime, now: datetime, locale: QLocale | None = None) -> str:
    """When a session was last active, as a person says it, in the locale's words and
    clock: "just now", "5 min ago", "14:05" (today), "yesterday, 14:05", "Mon 14:05"
    (this week), else the locale's short date."""
    locale = locale or QLocale()
    local, today = when.astimezone(), now.astimezone()
    minutes = int((today - local).total_seconds() // 60)
    clock = locale.toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)
    if 0 <= minutes < 1:
        return SessionTime.tr("just now")
    if 0 <= minutes < 60:
        # (the count in the given locale's digits; the translation has the plural forms)
        return plural(SessionTime.tr("{count} min ago", "", minutes), minutes).format(count=locale.toString(minutes))
    if local.date() >= today.date():
        return clock
    if local.date() == today.date() - timedelta(days=1):
        return SessionTime.tr("yesterday, {time}").format(time=clock)
    date = QDate(local.year, local.month, local.day)
    if local.date() >= today.date() - timedelta(days=6):
        return f"{locale.dayName(date.dayOfWeek(), QLocale.FormatType.ShortFormat)} {clock}"
    return locale.toString(date, QLocale.FormatType.ShortFormat)


def full_time(when: datetime, locale: QLocale | None = None) -> str:
    """The locale's long date and its clock (the tooltip's)."""
    local, locale = when.astimezone(), locale or QLocale()
    date = locale.toString(QDate(local.year, local.month, local.day), QLocale.FormatType.LongFormat)
    return f"{date}, {locale.toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)}"


class SessionList(QWidget):
    sessionActivated = Signal(str)
    renameRequested = Signal(str, str)  # session id, new title
    pinRequested = Signal(str, bool)  # session id, pinned
    deleteRequested = Signal(str)  # session id: put it in the Trash now
    restoreRequested = Signal(str)  # session id: take it back out of the Trash (Undo)
    trashRequested = Signal()  # open the Trash

    def __init__(self, search, parent=None, *, now=datetime.now) -> None:
        """``search(query) -> [(SessionRecord, snippet[, marks])]`` (the controller does the
        lookup; ``marks`` are the matched words' (start, end) in the snippet)."""
        super().__init__(parent)
        self._search = search
        self._now = now
        self._current = ""
        self.trashed = ""  # the session the Undo bar would restore
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.query = QLineEdit()
        self.query.setObjectName("sessionSearch")
        self.query.setPlaceholderText(self.tr("Search sessions (full text)…"))
        self.query.setAccessibleName(self.tr("Search sessions"))
        self.query.setClearButtonEnabled(True)
        layout.addWidget(self.query)
        self.list = QListWidget()
        self.list.setObjectName("sessionList")
        self.list.setAccessibleName(self.tr("Sessions"))
        self.list.setAccessibleDescription(
            self.tr("Enter opens a session; F2 renames it; Delete deletes it (with undo)")
        )
        self.list.setFrameShape(QListWidget.Shape.NoFrame)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long titles elide
        self.list.setWordWrap(False)
        self.list.setItemDelegate(SnippetDelegate(self.list))  # search hits: matched words in bold
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)
        layout.addWidget(self.list, 1)
        self.empty = QLabel(self.tr("No results"))
        self.empty.setObjectName("noResults")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.hide()
        layout.addWidget(self.empty)
        self.undo_bar = QFrame()
        self.undo_bar.setObjectName("undoBar")
        bar = QHBoxLayout(self.undo_bar)
        bar.setContentsMargins(4, 4, 4, 4)
        self.undo = QLabel()
        self.undo.setObjectName("undoLabel")
        self.undo.setWordWrap(True)  # the narrow sidebar wraps the title instead of cutting off Undo
        self.undo.setTextFormat(Qt.TextFormat.PlainText)
        bar.addWidget(self.undo, 1)
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setObjectName("undoButton")
        self.undo_button.clicked.connect(self.undo_delete)
        bar.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        self.undo_bar.hide()
        layout.addWidget(self.undo_bar)
        self.trash_button = QPushButton(self.tr("Trash…"))
        self.trash_button.setObjectName("trashButton")
        self.trash_button.setFlat(True)
        self.trash_button.setAccessibleDescription(self.tr("Deleted sessions, kept 30 days: restore or empty"))
        self.trash_button.clicked.connect(self.trashRequested.emit)
        layout.addWidget(self.trash_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.undo_timer = QTimer(self)
        self.undo_timer.setSingleShot(True)
        self.undo_timer.setInterval(10_000)
        self.undo_timer.timeout.connect(self.finish_delete)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(200)
        self._debounce.timeout.connect(self.refresh)
        self.query.textChanged.connect(lambda _t: self._debounce.start())
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        for key, slot in (("F2", self.rename_current), ("Delete", self.delete_current)):
            action = QAction(self.list)
            action.setShortcut(key)
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.triggered.connect(slot)
            self.list.addAction(action)

    def _activated(self, item: QListWidgetItem) -> None:
        sid = item.data(SESSION_ROLE)
        if sid and sid != self._current:
            self.sessionActivated.emit(sid)

    def set_current(self, session_id: str) -> None:
        self._current = session_id
        self.refresh()

    def refresh(self) -> None:
        query = self.query.text().strip()
        sessions = list(self._search(query))
        self.list.clear()
        group = ""
        for s, snippet, *marks in sessions:
            if not query:
                name = "Pinned" if getattr(s, "pinned", False) else group_of(s.last_active, self._now())
                if name != group:
                    shown = self.tr(GROUP_TITLES[name])
                    header = QListWidgetItem(QLocale().toUpper(shown))
                    header.setFlags(Qt.ItemFlag.NoItemFlags)
                    header.setData(Qt.ItemDataRole.AccessibleTextRole, shown)
                    self.list.addItem(header)
                    group = name
            title = s.title or self.tr("Untitled session")
            # the time is the session's last activity (not its start): said so in words
            ago = relative_time(s.last_active, self._now(), self.locale())
            when = self.tr("last activity {when}").format(when=ago)
            item = QListWidgetItem(f"{title}\n{snippet[:90]}" if snippet else f"{title}\n{when}")
            item.setData(SESSION_ROLE, s.id)
            item.setData(PINNED_ROLE, bool(getattr(s, "pinned", False)))
            full = self.tr("Last activity: {when}").format(when=full_time(s.last_active, self.locale()))
            tip = f"{title}\n{full} · {s.id}" + (self.tr(" · closed") if s.closed_at else "")
            item.setToolTip(tip + (f"\n\n{snippet}" if snippet else ""))
            if snippet:
                item.setData(MARKS_ROLE, (title, snippet, tuple(marks[0]) if marks else ()))
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}: {snippet}")
            else:
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}, {when}")
            self.list.addItem(item)
            if s.id == self._current:
                item.setSelected(True)
                self.list.setCurrentItem(item)
        self.empty.setVisible(bool(query) and not sessions)

    def ids(self) -> list[str]:
        items = (self.list.item(i) for i in range(self.list.count()))
        return [i.data(SESSION_ROLE) for i in items if i.data(SESSION_ROLE)]

    def groups(self) -> list[str]:
        items = (self.list.item(i) for i in range(self.list.count()))
        return [i.data(Qt.ItemDataRole.AccessibleTextRole) for i in items if not i.data(SESSION_ROLE)]

    # --- rename and delete ---------------------------------------------------------------

    def _selected(self) -> tuple[str, str]:
        item = self.list.currentItem()
        sid = item.data(SESSION_ROLE) if item is not None else ""
        return (sid, item.text().split("\n")[0]) if sid else ("", "")

    def _menu(self, pos) -> None:
        item = self.list.itemAt(pos)
        if item is None or not item.data(SESSION_ROLE):
            return
        self.list.setCurrentItem(item)
        menu = QMenu(self)
        pinned = bool(item.data(PINNED_ROLE))
        sid = item.data(SESSION_ROLE)
        menu.addAction(self.tr("Unpin") if pinned else self.tr("Pin"), lambda: self.pinRequested.emit(sid, not pinned))
        menu.addAction(self.tr("Rename…"), self.rename_current)
        menu.addAction(self.tr("Delete"), self.delete_current)
        menu.popup(self.list.viewport().mapToGlobal(pos))

    def rename_current(self) -> None:
        sid, title = self._selected()
        if not sid:
            return
        from aipa.ui.dialogs.rename_session import RenameDialog

        dialog = RenameDialog(self, title)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.title() and dialog.title() != title:
            self.renameRequested.emit(sid, dialog.title())

    def delete_current(self) -> None:
        sid, title = self._selected()
        if sid:
            self.delete_later(sid, title)

    def delete_later(self, session_id: str, title: str) -> None:
        """Put the session in the Trash now (it leaves the list at once) and offer Undo."""
        self.trashed = session_id
        self.deleteRequested.emit(session_id)
        self.undo.setText(self.tr("“{title}” moved to the Trash.").format(title=title[:60]))
        self.undo_button.setAccessibleName(self.tr("Undo: restore {title}").format(title=title))

        self.undo_bar.show()
        self.undo_timer.start()
        self.refresh()

    def undo_delete(self) -> None:
        if self.trashed:
            self.restoreRequested.emit(self.trashed)
        self.finish_delete()
        self.refresh()

    def finish_delete(self) -> None:
        """The Undo bar's time is up (the session stays in the Trash)."""
        self.undo_timer.stop()
        self.trashed = ""
        self.undo_bar.hide()
