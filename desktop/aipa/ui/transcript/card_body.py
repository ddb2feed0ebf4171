"""The body of a chat card, rendered: its markdown as a ``BlockStack`` (a streaming row
block by block, each finished block once, the growing tail as plain text), its thinking
panel as a plain document, kept in each row's ``RowCache`` (row_cache.py). ``ChatDelegate``
lays these out and paints them (delegate.py, card_paint.py)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtGui import QTextDocument

from aipa.ui import full_text
from aipa.ui.safe_text import SafeDocument, document_css
from aipa.ui.transcript.block_stack import BlockStack
from aipa.ui.transcript.card_paint import rolling_window
from aipa.ui.transcript.model import LINE_KINDS, ChatItem
from aipa.ui.transcript.row_cache import RowCache

if TYPE_CHECKING:
    from types import ModuleType

    from aipa.core.text.shown_part import Part
    from aipa.ui.theme import Theme
    from aipa.ui.transcript.card_host import CardView, Fonts
    from aipa.ui.transcript.catch_up import CatchUp

# A message that arrives whole is rendered in one go up to this size (a few tens of
# milliseconds); a longer one block by block, BODY_SLICE_MS of blocks per turn of the loop.
WHOLE_CHARS = 12_000
BODY_SLICE_MS = 12.0
BATCH_CHARS = 2_000
BATCH_LINES = 40  # (a part stays about as tall as the pixmaps it is drawn into: block_stack)


def _md() -> ModuleType:
    """The markdown renderer, loaded with the first message drawn, not before the first paint."""
    from aipa.core.text import render

    return render


def _shown_part(text: str) -> Part:
    from aipa.core.text.shown_part import shown_part  # (with the renderer: not before the first paint)

    return shown_part(text)


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
        catch_up: CatchUp

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
        """Render the part of ``text`` the card shows (``shown_part``): a short message
        that arrives whole in one go, anything else block by block, each finished block
        once, for at most BODY_SLICE_MS a call; what is left is rendered at the next turns
        of the loop (``catch_up``), so that no message holds the loop for long."""
        if not text:
            cache.body, cache.splitter, cache.incremental = None, None, False
            cache.pending, cache.behind = [], False
            return
        part = _shown_part(text)
        text, cache.cut = part.text, part.cut
        dark = self.theme.dark
        kept = self._continued(cache, text)
        complete = not item.streaming
        whole = complete or bool(item.tool_calls)  # a card with tool calls: whole (they are few and short)
        if whole and ((complete and _md().has_references(text)) or (kept is None and len(text) <= WHOLE_CHARS)):
            ready = cache.prepared
            body = cache.body = self._new_stack(inner)
            cache.prepared, cache.noted = None, False
            body.append_html(*(ready[1] if ready and ready[0] == text else _md().render(text, dark=dark, actions=True)))
            cache.splitter, cache.incremental, cache.pending, cache.behind = None, False, [], False
            self._note_cut(cache)
            self.full_renders += 1
            return
        splitter = cache.splitter
        if kept is None or splitter is None or not splitter.extends(text):
            kept = cache.body = self._new_stack(inner)
            splitter = cache.splitter = _md().BlockSplitter()
            cache.stable, cache.incremental, cache.pending, cache.noted = 0, True, [], False
            if complete:
                self.full_renders += 1
        elif complete and cache.source_streaming:
            self.finish_renders += 1  # completed after streaming: only the blocks not rendered yet
        last = cache.pending[-1] if cache.pending else cache.stable
        cache.pending += [cut for cut in splitter.feed(text) if cut > last]
        if complete and (cache.pending[-1] if cache.pending else cache.stable) < len(text):
            cache.pending.append(len(text))  # a complete text: its last block is finished too
        self._render_pending(cache, kept, text, dark)
        cache.behind = bool(cache.pending)
        if cache.behind:
            kept.set_tail("" if complete else "▍")
            self.catch_up.soon(item)
        elif complete:
            kept.set_tail("")
            cache.splitter, cache.incremental = None, False
            self._note_cut(cache)
        else:
            self._show_tail(cache, kept, text[cache.stable :], dark)
            self.tail_renders += 1

    def _render_pending(self, cache: RowCache, kept: BlockStack, text: str, dark: bool) -> None:
        """Render the pending blocks in order for at most BODY_SLICE_MS (one at least).
        Small blocks that are all there are rendered together (up to BATCH_CHARS and
        BATCH_LINES): 10,000 headings are a few dozen documents, not 10,000 (blocks
        render together as they render apart: ``BlockSplitter``)."""
        deadline = time.perf_counter() + BODY_SLICE_MS / 1000
        while cache.pending:
            cut = cache.pending.pop(0)
            while (
                cache.pending
                and cache.pending[0] - cache.stable <= BATCH_CHARS
                and text.count("\n", cache.stable, cache.pending[0]) <= BATCH_LINES
            ):
                cut = cache.pending.pop(0)
            block = text[cache.stable : cut]
            cache.stable = cut
            cache.tail_rows = ""
            if block.strip():
                kept.append_html(*_md().render(block, dark=dark, actions=True))
            if time.perf_counter() >= deadline:
                break

    @staticmethod
    def _show_tail(cache: RowCache, kept: BlockStack, tail: str, dark: bool) -> None:
        """The unfinished block of a streaming message, plain (a table: its finished rows, rendered)."""
        rows = _md().table_rows(tail)
        if rows:  # a table streaming: its finished rows rendered, the half-typed one hidden
            if rows != cache.tail_rows:
                kept.set_tail_html(_md().render(rows, dark=dark)[0])
                cache.tail_rows = rows
        else:
            kept.set_tail(tail.rstrip("\n") + " ▍")
            cache.tail_rows = ""

    @staticmethod
    def _note_cut(cache: RowCache) -> None:
        """Under a body shown in part: the link to the full text (once)."""
        if cache.cut and not cache.noted and cache.body is not None:
            cache.body.append_html(full_text.note_html())
            cache.noted = True

    @staticmethod
    def _continued(cache: RowCache, text: str) -> BlockStack | None:
        """The body built block by block, when ``text`` keeps the blocks already
        rendered; else None."""
        if not (cache.incremental and cache.body is not None and cache.splitter is not None):
            return None
        done = cache.splitter.text[: cache.stable]
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
        else:  # (all of it, as far as a card lays out in bounded time: Copy thinking has every word)
            from aipa.core.text.shown_part import plain_part

            text = plain_part(text)
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
        shown = _shown_part(self._shown(item)).text
        if len(shown) > WHOLE_CHARS or (cache.prepared is not None and cache.prepared[0] == shown):
            return False  # (a long one is rendered a slice at a time, when it is laid out)
        cache.prepared = (shown, _md().render(shown, dark=self.theme.dark, actions=True))
        return True

    def shown_in_part(self, item: ChatItem) -> bool:
        """Whether the row's card shows its message in part (its full text is a click away)."""
        cache = self._cache.get(item.uid)
        if cache is not None and cache.source == self._shown(item):
            return cache.cut
        return bool(item.content) and item.kind not in LINE_KINDS and _shown_part(self._shown(item)).cut

    def plain_text(self, item: ChatItem) -> str:
        """The message as it reads on screen (markdown rendered, no markup); one shown in
        part, as it was written (all of it: rendering all of it is what the card avoids)."""
        cache = self._cache_for(item)
        if cache.cut or cache.behind:
            return self._shown(item)
        if cache.body is None or cache.source != self._shown(item):
            stack = self._new_stack(self._inner_width(item, self._width()))
            stack.append_html(_md().render(self._shown(item), dark=self.theme.dark)[0])
            return stack.to_plain_text()
        return cache.body.to_plain_text()
