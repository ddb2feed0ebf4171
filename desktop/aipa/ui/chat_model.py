"""The chat transcript as a list model: one row per block of a run (directive,
routing reply, task card, deliverable, audit memo, notice, ...). The view paints rows
with a delegate, so a long history costs one row each, not one widget each."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from PySide6.QtCore import QAbstractListModel, QStringListModel, Qt

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1

# kinds that are painted as a one-line notice rather than a card
LINE_KINDS = frozenset({"notice", "decision"})

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
    content: str = ""
    thinking: str = ""
    streaming: bool = False
    thinking_open: bool | None = None  # None: open while only thinking has arrived
    collapsed: bool = False  # a finished lead report folded to one line once the deliverable exists
    verdict: str = ""
    level: str = "info"
    run_id: str = ""
    version: int = 0
    uid: int = field(default_factory=lambda: next(_ids))

    def thinking_summary(self) -> str:
        lines = self.thinking.count("\n") + 1 if self.thinking else 0
        return f"▸ Thinking [{len(self.thinking):,} chars · {lines} line{'s' if lines != 1 else ''}]"

    def preview(self) -> str:
        """The first line of prose, for a folded card."""
        for line in self.content.splitlines():
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


class ChatModel(QStringListModel):
    """The rows. It builds on QStringListModel (one empty string per row) only for its
    row count, which is answered in C++: Qt asks for it twice per row every time it
    lays the rows out (QAbstractListModel::index checks the row against rowCount), and
    a Python rowCount made that about 60% of a layout of a long transcript. Rows are
    only appended or all cleared; ``data`` and ``flags`` are this class's."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._items: list[ChatItem] = []
        self._rows: dict[str, int] = {}

    # Qt API -----------------------------------------------------------------------------

    def flags(self, index) -> Qt.ItemFlag:
        # a list model's flags: rows are not editable, dragged or dropped on
        return QAbstractListModel.flags(self, index) | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        if role == ITEM_ROLE:
            return item
        if role == Qt.ItemDataRole.DisplayRole:
            return item.plain()
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return item.plain()[:500]
        return None

    # edits ------------------------------------------------------------------------------

    def items(self) -> list[ChatItem]:
        return list(self._items)

    def item(self, row: int) -> ChatItem:
        return self._items[row]

    def find(self, key: str) -> ChatItem | None:
        row = self._rows.get(key)
        return None if row is None else self._items[row]

    def append(self, item: ChatItem) -> ChatItem:
        if item.key and item.key in self._rows:
            return self.update(item.key, **{k: v for k, v in item.__dict__.items()
                                            if k not in ("uid", "version", "key")})
        row = len(self._items)
        self._items.append(item)
        if item.key:
            self._rows[item.key] = row
        self.insertRows(row, 1)  # tells the views
        return item

    def extend(self, items: list[ChatItem]) -> None:
        if not items:
            return
        first = len(self._items)
        for item in items:
            if item.key and item.key not in self._rows:
                self._rows[item.key] = len(self._items)
            self._items.append(item)
        self.insertRows(first, len(items))

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
            item.version += 1
            idx = self.index(row)
            self.dataChanged.emit(idx, idx, [ITEM_ROLE])
        return item

    def touch(self, row: int) -> None:
        item = self._items[row]
        item.version += 1
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [ITEM_ROLE])

    def clear(self) -> None:
        self._items.clear()
        self._rows.clear()
        self.setStringList([])  # resets the model

    def last(self, kind: str) -> ChatItem | None:
        return next((i for i in reversed(self._items) if i.kind == kind), None)
