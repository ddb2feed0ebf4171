"""The body of a chat card, rendered: its markdown as a ``BlockStack`` (a streaming row
block by block, each finished block once, the growing tail as plain text), its thinking
panel as a plain document, and what each row keeps of them (``RowCache``). ``ChatDelegate``
lays these out and paints them (delegate.py, card_paint.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtGui import QTextDocument

from aipa.ui.safe_text import SafeDocument, document_css
from aipa.ui.transcript.block_stack import BlockStack
from aipa.ui.transcript.card_paint import rolling_window
from aipa.ui.transcript.model import LINE_KINDS, ChatItem

if TYPE_CHECKING:
    from aipa.core.text.render import BlockSplitter


def _md():
    """The markdown renderer, loaded with the first message drawn, not before the first paint."""
    from aipa.core.text import render

    return render


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
    size: QSize | None = None  # width and height
    rects: dict = field(default_factory=dict)
    estimated: float | None = None  # the body's height guessed from its text (not rendered yet)
    prepared: tuple | None = None  # (content, render's result) converted ahead of the layout


class BodyRendering:
    """The rendering half of ``ChatDelegate`` (it has ``view``, ``theme``, ``show_thinking``,
    ``_cache``, ``_css``, ``fonts()``, ``_width()``, ``_inner_width()`` and the counters)."""

    def _new_doc(self, width: float) -> QTextDocument:
        # no QObject parent: a replaced document is freed with its last reference
        doc = SafeDocument()
        doc.setDefaultFont(self.view.font())
        if not self._css:
            self._css = document_css(self.theme)
        doc.setDefaultStyleSheet(self._css)
        doc.setDocumentMargin(0)
        doc.setTextWidth(width)
        return doc

    def _new_stack(self, width: float) -> BlockStack:
        return BlockStack(lambda: self._new_doc(width), width)

    @staticmethod
    def _shown(item: ChatItem) -> str:
        """The text the body shows: a lead's WORKER lines are drawn as its worker lines."""
        if not item.workers:
            return item.body()
        from aipa.core.run.workers import without_worker_lines  # (a lead's rows only: not before the first paint)

        return without_worker_lines(item.body())

    def _render_body(self, item: ChatItem, cache: RowCache, inner: int, text: str) -> None:
        if not text:
            cache.body, cache.splitter, cache.incremental = None, None, False
            return
        dark = self.theme.dark
        if not item.streaming or item.tool_calls:  # a card with tool calls: whole (they are few and short)
            if self._continues(cache, text) and not _md().has_references(text):
                # completed after streaming: render only the blocks not rendered yet
                for block in _md().split_blocks(text[cache.stable :]):
                    cache.body.append_html(*_md().render(block, dark=dark, actions=True))
                cache.body.set_tail("")
                cache.splitter, cache.incremental = None, False
                self.finish_renders += 1
                return
            ready = cache.prepared
            cache.body, cache.prepared = self._new_stack(inner), None
            cache.body.append_html(
                *(ready[1] if ready and ready[0] == text else _md().render(text, dark=dark, actions=True))
            )
            cache.splitter, cache.incremental = None, False
            self.full_renders += 1
            return
        # streaming: render each block once, when it is finished; the tail is plain text
        if not self._continues(cache, text) or not cache.splitter.extends(text):
            cache.body = self._new_stack(inner)
            cache.splitter, cache.stable, cache.incremental = _md().BlockSplitter(), 0, True
        for cut in cache.splitter.feed(text):
            cache.body.append_html(*_md().render(text[cache.stable : cut], dark=dark, actions=True))
            cache.stable = cut
            cache.tail_rows = ""
        tail = text[cache.stable :]
        rows = _md().table_rows(tail)
        if rows:  # a table streaming: its finished rows rendered, the half-typed one hidden
            if rows != cache.tail_rows:
                cache.body.set_tail_html(_md().render(rows, dark=dark)[0])
                cache.tail_rows = rows
        else:
            cache.body.set_tail(tail.rstrip("\n") + " ▍")
            cache.tail_rows = ""
        self.tail_renders += 1

    @staticmethod
    def _continues(cache: RowCache, text: str) -> bool:
        """Whether ``text`` keeps the blocks already rendered block by block."""
        if not (cache.incremental and cache.body is not None and cache.splitter is not None):
            return False
        done = (cache.source or "")[: cache.stable]
        if text.startswith(done):
            return True
        # the final text may lose the trailing blank lines the stream had
        return done.startswith(text) and not done[len(text) :].strip()

    def _render_thinking(self, item: ChatItem, cache: RowCache, inner: int) -> None:
        if not (self.show_thinking and item.thinking and item.show_thinking_open()):
            cache.thinking = None
            return
        text = item.thinking.strip("\n")
        if item.streaming and item.thinking_open is None:  # open by itself: the rolling window
            text = rolling_window(text)
        if cache.thinking is None or cache.thinking_text != text:
            doc = cache.thinking or self._new_doc(inner - 16)
            small = self.fonts()[2]
            doc.setDefaultFont(small)
            doc.setPlainText(text)
            cache.thinking = doc
            cache.thinking_text = text

    def prepare(self, item: ChatItem) -> bool:
        """Convert a row's markdown ahead of its layout (a turn of the loop of its own);
        False when there is nothing to convert (a live, folded or empty row, or done)."""
        cache = self._cache.get(item.uid)
        if cache is None or item.streaming or item.collapsed or not item.content or item.kind in LINE_KINDS:
            return False
        shown = self._shown(item)
        if cache.prepared is not None and cache.prepared[0] == shown:
            return False
        cache.prepared = (shown, _md().render(shown, dark=self.theme.dark, actions=True))
        return True

    def plain_text(self, item: ChatItem) -> str:
        """The message as it reads on screen (markdown rendered, no markup)."""
        cache = self._cache_for(item)
        if cache.body is None or cache.source != self._shown(item):
            stack = self._new_stack(self._inner_width(item, self._width()))
            stack.append_html(_md().render(self._shown(item), dark=self.theme.dark)[0])
            return stack.to_plain_text()
        return cache.body.to_plain_text()
