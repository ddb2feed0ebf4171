"""What the card delegate and its two halves (card_body.py renders a row's body,
card_paint.py paints it) need of the view they paint in, as a Protocol: they never
import ``ChatView``, which imports them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from aipa.ui.transcript.selection import TextSelection

if TYPE_CHECKING:
    from aipa.ui.transcript.model import ChatItem, ChatModel

Fonts = tuple[QFont, QFont, QFont, QFont]  # (base, bold, small, mono)


class CardView(Protocol):
    """The transcript view, as its delegate sees it."""

    selection: TextSelection

    def font(self) -> QFont: ...

    def viewport(self) -> QWidget: ...

    def hasFocus(self) -> bool: ...

    def sizes_changed(self) -> None: ...

    @property
    def chat_model(self) -> ChatModel: ...

    def row_of(self, item: ChatItem | None) -> int: ...
