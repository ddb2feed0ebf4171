"""What a chat row keeps between paints (``RowCache``): its rendered body and thinking,
and its layout at a width. The delegate owns one per row; the body's rendering
(card_body.py) fills it and the painting (card_paint.py) reads it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QTextDocument

from aipa.ui.transcript.block_stack import BlockStack

if TYPE_CHECKING:
    from aipa.core.text.render import BlockSplitter


class CardRects(TypedDict, total=False):
    """Where a row's parts lie, in row coordinates (those it shows, only)."""

    header: QRect
    actions: list[tuple[str, QRect]]  # (key, its button) in order
    workers: QRect
    thinking: QRect
    thinking_toggle: QRect
    fold: QRect
    body: QRect
    placeholder: QRect
    revisions: QRect  # the revision switcher's strip, under the header


@dataclass
class RowCache:
    """What a row keeps: its rendered body and thinking, and its layout at a width."""

    version: int = -1
    width: int = -1
    body: BlockStack | None = None
    thinking: QTextDocument | None = None
    thinking_text: str = ""
    splitter: BlockSplitter | None = None  # while the body is built block by block
    stable: int = 0  # source chars rendered as finished blocks
    incremental: bool = False  # the body is built block by block (and may still grow)
    source: str | None = None  # the content the body was rendered from
    source_streaming: bool = False
    tail_rows: str = ""  # a streaming table's finished rows, shown rendered in the tail
    height: int = 0
    hinted: int | None = None  # the height stored in the model for the layout (size_for)
    size: QSize = field(default_factory=QSize)  # width and height (empty until laid out)
    rects: CardRects = field(default_factory=lambda: CardRects())
    estimated: float | None = None  # the body's height guessed from its text (not rendered yet)
    # (content, render's result: its HTML and code blocks) converted ahead of the layout
    prepared: tuple[str, tuple[str, list[str]]] | None = None
    # a body laid out a slice at a time (card_body.BODY_SLICE_MS): the cuts found and not
    # rendered yet, and whether some are left (the row is rendered again at the next turn)
    pending: list[int] = field(default_factory=list)
    behind: bool = False
    cut: bool = False  # the body shows the message in part (core.text.shown_part)
    noted: bool = False  # ... and says so, with the link to the full text, under the blocks
