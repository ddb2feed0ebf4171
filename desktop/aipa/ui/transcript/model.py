"""The chat transcript as a list model: one row per block of a run (directive,
routing reply, task card, deliverable, audit memo, notice, ...). The view paints rows
with a delegate, so a long history costs one row each, not one widget each."""

from __future__ import annotations

import datetime
import itertools
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QSize, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from aipa.ui.i18n import Context, counted
from aipa.ui.transcript.spoken import VERDICT_LINE, spoken

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1
ChatText = Context("ChatText")

# kinds that are painted as a one-line notice rather than a card
LINE_KINDS = frozenset({"notice", "decision", "questions"})  # questions: a clarify card left with Later

_ids = itertools.count(1)


@dataclass
class ChatItem:
    kind: str  # directive | answer | routing | task | deliverable | audit | chat_user | chat_agent | notice | decision
    key: str = ""
    agent: str = ""
    color: str = "#8a94a6"
    title: str = ""  # agent title (role) or card title
    label: str = ""  # task id, revision, ...
    status: str = ""  # task status or agent state
    live: str = ""  # what its open model call is doing, in words (core AgentProgress.text)
    live_percent: int | None = None  # how much of the prompt is read, while reading
    content: str = ""
    thinking: str = ""
    streaming: bool = False
    thinking_open: bool | None = None  # None: open while only thinking has arrived
    collapsed: bool = False  # a finished lead report folded to one line once the deliverable exists
    verdict: str = ""
    level: str = "info"
    run_id: str = ""
    at: float = 0.0  # when it happened (epoch seconds; 0: unknown), shown as a relative time
    tool_calls: tuple[str, ...] = ()  # a lead's tool calls with their results (markdown lines), above its text
    workers: tuple = ()  # a lead's runtime workers (core.workers.WorkerProgress), under its header
    resume: bool = False  # a notice of a run that stopped or waits: a Resume button (questions: Answer now)
    revisions: str = ""  # "2/3": the run has several revisions, this card is of the 2nd (its switcher's strip)
    pictures: tuple = ()  # a directive's pictures (ui/transcript/pictures.Thumb), under its text
    checklist: str = ""  # a routing card's checklist (Markdown, checklist_text.card_markdown), under its text
    version: int = 0
    uid: int = field(default_factory=lambda: next(_ids))

    def body(self) -> str:
        """What the card's body shows: the tool calls, then the text. An audit's memo
        without its ``VERDICT:`` line: the card's header shows the verdict (once)."""
        text = VERDICT_LINE.sub("", self.content).rstrip() if self.kind == "audit" and self.verdict else self.content
        if self.checklist:
            text = f"{text}\n\n{self.checklist}" if text else self.checklist
        if not self.tool_calls:
            return text
        calls = "\n".join(f"> {line}  " for line in self.tool_calls)
        return f"{calls}\n\n{text}"  # the blank line ends the block: rendered while streaming

    def thinking_summary(self) -> str:
        head = QCoreApplication.translate("ChatItem", "▸ Thinking")
        return head + (f" · {words(self.thinking)}" if self.thinking.strip() else "")

    def preview(self, text: str | None = None) -> str:
        """The first line of prose (of ``text``, else of the content), for a folded card."""
        for line in (self.content if text is None else text).splitlines():
            if line.lstrip().startswith("#"):
                continue
            text = line.strip().lstrip(">*-| ").strip()
            if text and not set(text) <= set("-|: "):
                return text.replace("**", "").replace("*", "").replace("`", "")
        return ""

    def show_thinking_open(self) -> bool:
        if self.thinking_open is not None:
            return self.thinking_open
        return self.streaming and not self.content

    def plain(self) -> str:
        """The item as text (copy, export)."""
        head = " · ".join(x for x in (self.label, self.agent, self.title, self.status) if x)
        return (head + "\n\n" if head else "") + self.content


def words(text: str) -> str:
    """ "1 word", "1,204 words": how long a text is, as a person counts it."""
    n = len(text.split())
    return counted(ChatText.tr("{count} word(s)", "", n), n)


def relative_time(at: float, now: float) -> str:
    """ "just now", "5 min ago", "3 h ago" (today), "yesterday 14:05", "Mon 14:05" (this
    week), "28 Nov" or "28 Nov 2025" ("" when unknown), in local time."""
    if not at:
        return ""
    seconds = max(0.0, now - at)
    translate = QCoreApplication.translate
    if seconds < 60:
        return translate("ChatItem", "just now")
    if seconds < 3600:
        return translate("ChatItem", "{n} min ago").format(n=int(seconds // 60))
    then, today = time.localtime(at), time.localtime(now)
    days = (datetime.date(*today[:3]) - datetime.date(*then[:3])).days
    if days <= 0:
        return translate("ChatItem", "{n} h ago").format(n=int(seconds // 3600))
    clock = f"{then.tm_hour:02d}:{then.tm_min:02d}"
    if days == 1:
        return translate("ChatItem", "yesterday {time}").format(time=clock)
    locale, date = QLocale(), QDate(then.tm_year, then.tm_mon, then.tm_mday)
    if days < 7:
        return f"{locale.dayName(date.dayOfWeek(), QLocale.FormatType.ShortFormat)} {clock}"
    day = f"{then.tm_mday} {locale.monthName(then.tm_mon, QLocale.FormatType.ShortFormat)}"
    return day if then.tm_year == today.tm_year else f"{day} {then.tm_year}"


class ChatModel(QStandardItemModel):
    """The rows, append-only (or all cleared). Each row is a QStandardItem holding its
    ChatItem (ITEM_ROLE), its text (display and accessible roles) and the size the view
    measured for it (SizeHintRole, see ``set_size``), so that what Qt asks for every
    row each time it lays the rows out (the row count, the size hints) is answered in
    C++. From Python (rowCount and sizeHint overrides) that cost a few microseconds per
    row per layout: most of a layout of a long transcript."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._items: list[ChatItem] = []
        self._rows: dict[str, int] = {}

    @staticmethod
    def _cell(item: ChatItem) -> QStandardItem:
        cell = QStandardItem()
        cell.setFlags(_FLAGS)
        cell.setData(item, ITEM_ROLE)
        _set_text(cell, item)
        return cell

    # reading ----------------------------------------------------------------------------

    def items(self) -> list[ChatItem]:
        return list(self._items)

    # (shadows QStandardItemModel.item on purpose: a row is its ChatItem here; the cells are
    # reached as QStandardItemModel.item(self, row))
    def item(self, row: int) -> ChatItem:  # type: ignore[override]
        return self._items[row]

    def find(self, key: str) -> ChatItem | None:
        row = self._rows.get(key)
        return None if row is None else self._items[row]

    def last(self, kind: str) -> ChatItem | None:
        return next((i for i in reversed(self._items) if i.kind == kind), None)

    # edits ------------------------------------------------------------------------------

    def append(self, item: ChatItem) -> ChatItem:
        """Add a row as it happens (a live run: it gets the time now, unless it has one)."""
        if not item.at:
            item.at = time.time()
        if item.key and (row := self._rows.get(item.key)) is not None:
            self.update(item.key, **{k: v for k, v in item.__dict__.items() if k not in ("uid", "version", "key")})
            return self._items[row]
        row = len(self._items)
        self._items.append(item)
        if item.key:
            self._rows[item.key] = row
        self.appendRow(self._cell(item))
        return item

    def extend(self, items: list[ChatItem]) -> None:
        """Add rows at once (a stored session: their times are what they carry)."""
        if not items:
            return
        for item in items:
            if item.key and item.key not in self._rows:
                self._rows[item.key] = len(self._items)
            self._items.append(item)
        self.invisibleRootItem().appendRows([self._cell(item) for item in items])  # one insertion

    def update(self, key: str, **changes) -> ChatItem | None:
        row = self._rows.get(key)
        if row is None:
            return None
        item = self._items[row]
        changed = False
        for name, value in changes.items():
            if getattr(item, name) != value:
                setattr(item, name, value)
                changed = True
        if changed:
            self._changed(row)
        return item

    def touch(self, row: int) -> None:
        self._changed(row)

    def _changed(self, row: int) -> None:
        item = self._items[row]
        item.version += 1
        with self._quiet():
            _set_text(QStandardItemModel.item(self, row), item)
        idx = self.index(row, 0)
        self.dataChanged.emit(idx, idx, [ITEM_ROLE])  # one signal for the change

    def set_size(self, row: int, size: QSize) -> None:
        """Store the size the view measured for ``row`` (no signal: the view asks for it)."""
        with self._quiet():
            QStandardItemModel.item(self, row).setData(size, Qt.ItemDataRole.SizeHintRole)

    def stored_size(self, row: int) -> QSize | None:
        """The size stored for ``row`` (None before any)."""
        return QStandardItemModel.item(self, row).data(Qt.ItemDataRole.SizeHintRole)

    def clear(self) -> None:
        self._items.clear()
        self._rows.clear()
        super().clear()  # resets the model

    @contextmanager
    def _quiet(self):
        blocked = self.blockSignals(True)
        try:
            yield
        finally:
            self.blockSignals(blocked)


_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren


def _set_text(cell: QStandardItem, item: ChatItem) -> None:
    text = item.plain()
    cell.setData(text, Qt.ItemDataRole.DisplayRole)
    cell.setData(spoken(item), Qt.ItemDataRole.AccessibleTextRole)  # plain words, no markup or ids
