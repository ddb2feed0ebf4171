"""The body of a chat card, rendered: its markdown as a ``BlockStack`` (a streaming row
block by block, each finished block once, the growing tail as plain text), its thinking
panel as a plain document, kept in each row's ``RowCache`` (row_cache.py). ``ChatDelegate``
lays these out and paints them (delegate.py, card_paint.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QTextDocument

from aipa.ui.safe_text import SafeDocument, document_css
from aipa.ui.transcript.block_stack import BlockStack
from aipa.ui.transcript.card_paint import rolling_window
from aipa.ui.transcript.model import LINE_KINDS, ChatItem
from aipa.ui.transcript.row_cache import RowCache

if TYPE_CHECKING:
    from types import ModuleType

    from aipa.ui.theme import Theme
    from aipa.ui.transcript.card_host import CardView, Fonts


def _md() -> ModuleType:
    """The markdown renderer, loaded with the first message drawn, not before the first paint."""
    from aipa.core.text import render

    return render


class BodyRendering:
    """The rendering half of ``ChatDelegate``, which provides what is declared here."""

    if TYPE_CHECKING:  # (declared for the type checker only: ChatDelegate sets or defines them)
        view: CardView
        theme: Theme
        show_thinking: bool
        _cache: dict[int, RowCache]
        _css: str
        full_renders: int
        tail_renders: int
        finish_renders: int

        def fonts(self) -> Fonts: ...

        def _width(self) -> int: ...

        def _inner_width(self, item: ChatItem, width: int) -> int: ...

        def _cache_for(self, item: ChatItem) -> RowCache: ...

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
        kept = self._continued(cache, text)
        if not item.streaming or item.tool_calls:  # a card with tool calls: whole (they are few and short)
            if kept is not None and not _md().has_references(text):
                # completed after streaming: render only the blocks not rendered yet
                for block in _md().split_blocks(text[cache.stable :]):
                    kept.append_html(*_md().render(block, dark=dark, actions=True))
                kept.set_tail("")
                cache.splitter, cache.incremental = None, False
                self.finish_renders += 1
                return
            ready = cache.prepared
            body = cache.body = self._new_stack(inner)
            cache.prepared = None
            body.append_html(*(ready[1] if ready and ready[0] == text else _md().render(text, dark=dark, actions=True)))
            cache.splitter, cache.incremental = None, False
            self.full_renders += 1
            return
        # streaming: render each block once, when it is finished; the tail is plain text
        splitter = cache.splitter
        if kept is None or splitter is None or not splitter.extends(text):
            kept = cache.body = self._new_stack(inner)
            splitter = cache.splitter = _md().BlockSplitter()
            cache.stable, cache.incremental = 0, True
        for cut in splitter.feed(text):
            kept.append_html(*_md().render(text[cache.stable : cut], dark=dark, actions=True))
            cache.stable = cut
            cache.tail_rows = ""
        tail = text[cache.stable :]
        rows = _md().table_rows(tail)
        if rows:  # a table streaming: its finished rows rendered, the half-typed one hidden
            if rows != cache.tail_rows:
                kept.set_tail_html(_md().render(rows, dark=dark)[0])
                cache.tail_rows = rows
        else:
            kept.set_tail(tail.rstrip("\n") + " ▍")
            cache.tail_rows = ""
        self.tail_renders += 1

    @staticmethod
    def _continued(cache: RowCache, text: str) -> BlockStack | None:
        """The body built block by block, when ``text`` keeps the blocks already
        rendered; else None."""
        if not (cache.incremental and cache.body is not None and cache.splitter is not None):
            return None
        done = (cache.source or "")[: cache.stable]
        if text.startswith(done):
            return cache.body
        # the final text may lose the trailing blank lines the stream had
        return cache.body if done.startswith(text) and not done[len(text) :].strip() else None

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
