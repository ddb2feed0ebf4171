"""Row sizes of a long transcript, laid out lazily (issue 13): a stored session of a
thousand messages opens with every row's height guessed from its text
(``estimate_height``), and only the rows that come into view are rendered and measured
(``VisibleRows``), before they are painted, keeping what is on screen in place."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QFontMetrics

MEASURE_ROUNDS = 8  # a measured row can pull others into view: measure again, this many times at most


def estimate_height(text: str, width: int, base: QFontMetrics, mono: QFontMetrics) -> float:
    """About how tall ``text`` (markdown) is once rendered ``width`` wide: wrapped prose
    lines, code lines, table rows and headings counted from the source, no rendering."""
    line, code_line = base.lineSpacing(), mono.lineSpacing()
    per_line = max(1, width // max(1, base.averageCharWidth()))
    code_per_line = max(1, (width - 16) // max(1, mono.averageCharWidth()))
    height, fenced = 0.0, False
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            height += code_line * 1.5 if fenced else 8  # the code bar; the block's bottom
        elif fenced:
            height += code_line * (1 + len(raw) // code_per_line)
        elif not stripped:
            height += line * 0.5
        elif stripped.startswith("|"):
            height += 0 if set(stripped) <= set("|-: ") else line * 1.6
        elif stripped.startswith("#"):
            height += line * 1.8
        else:
            height += line * (1 + len(stripped) // per_line)
    return height


class VisibleRows:
    """Makes the rows in the view's viewport real before they are painted: each one whose
    size is a guess is rendered and measured, its size stored, and the rows laid out
    again, with the first row in view that kept its size staying where it was (unless
    the view follows the newest output, which keeps the bottom in view)."""

    def __init__(self, view) -> None:
        self.view = view
        self._busy = False
        self.measured = 0  # rows made real (tests, benchmarks)

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

    def measure(self, relayout) -> None:
        """Measure the rows in view whose sizes are guesses; ``relayout()`` lays the rows
        out again (the view's own layout, without coming back here)."""
        if self._busy:
            return
        view = self.view
        model, delegate = view.chat_model, view.chat_delegate
        self._busy = True
        try:
            for _ in range(MEASURE_ROUNDS):
                rows = self._in_view()
                guessed = [row for row in rows if not delegate.laid_out(model.item(row))]
                if not guessed:
                    return
                anchor = next((row for row in rows if row not in guessed), rows[0])
                before = view.visualRect(model.index(anchor, 0)).top()
                changed = False
                for row in guessed:
                    size = delegate.size_for(model.item(row))
                    self.measured += 1
                    if size != model.stored_size(row):
                        model.set_size(row, size)
                        changed = True
                if not changed:
                    return
                relayout()
                if not view.following():
                    bar = view.verticalScrollBar()
                    bar.setValue(bar.value() + view.visualRect(model.index(anchor, 0)).top() - before)
        finally:
            self._busy = False
