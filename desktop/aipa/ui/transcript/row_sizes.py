"""Row sizes of a long transcript, laid out lazily (ARCHITECTURE §6): a stored session of a
thousand messages opens with every row's height guessed from its text
(``estimate_height``), and only the rows that come into view are rendered and measured
(``VisibleRows``), before they are painted, keeping what is on screen in place."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QFontMetrics

from aipa.core.text.shown_part import shown_part

MEASURE_ROUNDS = 8  # a measured row can pull others into view: measure again, this many times at most
KEEP_ROWS = 40  # rows kept laid out (their documents); the least recently used beyond are dropped
AHEAD = 2  # rows just outside the view (each way) laid out ahead, one per turn of the loop


def estimate_height(text: str, width: int, base: QFontMetrics, mono: QFontMetrics) -> float:
    """About how tall ``text`` (markdown) is once rendered ``width`` wide: wrapped prose
    lines, code lines, table rows and headings counted from the source, no rendering;
    of the part the card shows (``shown_part``: a megabyte on one line is not a
    screen-high card)."""
    text = shown_part(text).text
    line, code_line = base.lineSpacing(), mono.lineSpacing()
    per_line = max(1, width // max(1, base.averageCharWidth()))
    height, fenced = 0.0, False
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            height += code_line * 1.5 if fenced else 14  # the code bar; the block's bottom (room for its scroll bar)
        elif fenced:
            height += code_line  # code lines keep their line (the block scrolls sideways)
        elif not stripped:
            height += line * 0.5
        elif stripped.startswith("|"):
            height += 0 if set(stripped) <= set("|-: ") else line * 1.6
        elif stripped.startswith("#"):
            height += line * 1.8
        else:
            height += line * (1 + len(stripped) // per_line)
    return height


class KeptRows:
    """The rows whose documents are kept, least recently used first: beyond ``limit``,
    the oldest is handed to ``release`` (its size stays; drawn again, it is laid out again)."""

    def __init__(self, release: Callable[[int], None], limit: int = KEEP_ROWS) -> None:
        self._rows: OrderedDict[int, None] = OrderedDict()
        self._release = release
        self.limit = limit

    def use(self, uid: int) -> None:
        self._rows[uid] = None
        self._rows.move_to_end(uid)
        while len(self._rows) > self.limit:
            self._release(self._rows.popitem(last=False)[0])

    def discard(self, uid: int) -> None:
        self._rows.pop(uid, None)

    def clear(self) -> None:
        self._rows.clear()

    def __len__(self) -> int:
        return len(self._rows)


class VisibleRows:
    """Makes the rows in the view's viewport real before they are painted: each one whose
    size is a guess is rendered and measured, its size stored, and the rows laid out
    again, with the first row in view that kept its size staying where it was (unless
    the view follows the newest output, which keeps the bottom in view). The rows just
    outside the view are laid out ahead, one per turn of the loop, so that scrolling
    finds them ready."""

    def __init__(self, view) -> None:
        self.view = view
        self._busy = False
        self.measured = 0  # rows made real (tests, benchmarks)
        self._relayout: Callable[[], None] | None = None  # the view's own layout, once measure() ran
        self._drawn: set[int] = set()  # rows laid out ahead whose blocks were drawn ahead too
        self._ahead = QTimer(view)
        self._ahead.setSingleShot(True)
        self._ahead.setInterval(0)
        self._ahead.timeout.connect(self._lay_out_ahead)

    def _in_view(self) -> range:
        view = self.view
        model = view.chat_model
        count = model.rowCount()
        if not count:
            return range(0)
        height = view.viewport().height()
        top = view.indexAt(QPoint(8, 0))
        bottom = view.indexAt(QPoint(8, max(0, height - 1)))
        first = top.row() if top.isValid() else 0
        last = bottom.row() if bottom.isValid() else count - 1
        return range(first, last + 1)

    def measure(self, relayout: Callable[[], None]) -> None:
        """Measure the rows in view whose sizes are guesses; ``relayout()`` lays the rows
        out again (the view's own layout, without coming back here)."""
        if self._busy:
            return
        self._relayout = relayout
        self._busy = True
        try:
            for _ in range(MEASURE_ROUNDS):
                rows = self._in_view()
                # never drop what is on screen (many small rows on a tall screen)
                kept = self.view.chat_delegate.kept_rows
                kept.limit = max(KEEP_ROWS, 2 * (len(rows) + AHEAD))
                if not self._make_real(rows, rows, relayout):
                    break
        finally:
            self._busy = False
        if self.view.chat_model.rowCount():
            self._ahead.start()

    def _make_real(self, rows: Sequence[int], in_view: Sequence[int], relayout: Callable[[], None]) -> bool:
        """Measure the guessed ones among ``rows``; True when a size changed (and the rows
        were laid out again, the first unchanged row in view kept in place)."""
        view = self.view
        model, delegate = view.chat_model, view.chat_delegate
        guessed = [row for row in rows if not delegate.laid_out(model.item(row))]
        if not guessed or not in_view:
            return False
        anchor = next((row for row in in_view if row not in guessed), in_view[0])
        before = view.visualRect(model.index(anchor, 0)).top()
        changed = False
        for row in guessed:
            size = delegate.size_for(model.item(row))
            self.measured += 1
            if size != model.stored_size(row):
                model.set_size(row, size)
                changed = True
        if not changed:
            return False
        relayout()
        if not view.following():
            bar = view.verticalScrollBar()
            bar.setValue(bar.value() + view.visualRect(model.index(anchor, 0)).top() - before)
        return True

    def _lay_out_ahead(self) -> None:
        """Make the nearest row just outside the view ready (below first), one step per
        turn of the loop: convert its markdown, lay it out, draw its blocks; then come
        back at the next turn for the next step."""
        relayout = self._relayout
        if self._busy or relayout is None:
            return
        view = self.view
        model, delegate = view.chat_model, view.chat_delegate
        in_view = self._in_view()
        if not in_view:
            return
        near = [in_view[-1] + i for i in range(1, AHEAD + 1)] + [in_view[0] - i for i in range(1, AHEAD + 1)]
        for row in (r for r in near if 0 <= r < model.rowCount()):
            item = model.item(row)
            if not delegate.laid_out(item):
                if not delegate.prepare(item):
                    self._busy = True
                    try:
                        self._make_real([row], list(in_view), relayout)
                    finally:
                        self._busy = False
                break
            if item.uid not in self._drawn:
                self._drawn.add(item.uid)
                delegate.prepaint(item)
                break
        else:
            return
        self._ahead.start()
