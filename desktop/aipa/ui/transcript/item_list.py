"""Chat items in a plain list (``ItemList``), and what the run presenter needs of the
rows it draws into (``Items``: the chat model, or an ``ItemList``)."""

from __future__ import annotations

from typing import Any, Protocol

from aipa.ui.transcript.model import ChatItem


class Items(Protocol):
    """The rows a presenter draws into: read by key, appended, edited in place."""

    def items(self) -> list[ChatItem]: ...

    def find(self, key: str) -> ChatItem | None: ...

    def append(self, item: ChatItem) -> ChatItem: ...

    def update(self, key: str, **changes: Any) -> ChatItem | None: ...


class ItemList:
    """Chat items in a plain list, with the chat model's reading and editing calls: a
    replay is drawn here, then shown in one insertion."""

    def __init__(self) -> None:
        self._items: list[ChatItem] = []
        self._rows: dict[str, int] = {}
        self.clock = 0.0  # when the stored rows being drawn happened (``Stamped``)

    def items(self) -> list[ChatItem]:
        return list(self._items)

    def find(self, key: str) -> ChatItem | None:
        row = self._rows.get(key)
        return None if row is None else self._items[row]

    def append(self, item: ChatItem) -> ChatItem:
        if item.key and (row := self._rows.get(item.key)) is not None:
            self.update(item.key, **{k: v for k, v in item.__dict__.items() if k not in ("uid", "version", "key")})
            return self._items[row]
        if item.key:
            self._rows[item.key] = len(self._items)
        if not item.at:
            item.at = self.clock
        self._items.append(item)
        return item

    def update(self, key: str, **changes: Any) -> ChatItem | None:
        item = self.find(key)
        if item is not None:
            for name, value in changes.items():
                setattr(item, name, value)
        return item
