"""How a found session is drawn in the sidebar's list: its title, then FTS5's snippet of
the matching message with the matched words in bold, wrapped to the list's width (the
narrow sidebar shows all of it rather than eliding the words that matched)."""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

MARKS_ROLE = Qt.ItemDataRole.UserRole + 5  # (title, snippet, ((start, end), …)) of a found session
PADDING = 6


def snippet_html(title: str, snippet: str, marks) -> str:
    """The title and the snippet as rich text, each marked span in bold."""
    parts, at = [], 0
    for start, end in marks:
        parts += [html.escape(snippet[at:start]), f"<b>{html.escape(snippet[start:end])}</b>"]
        at = end
    parts.append(html.escape(snippet[at:]))
    return f"<div>{html.escape(title)}</div><div style='font-size:small'>{''.join(parts)}</div>"


class SnippetDelegate(QStyledItemDelegate):
    def _document(self, option, index) -> QTextDocument | None:
        found = index.data(MARKS_ROLE)
        if not found:
            return None
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(0)
        doc.setHtml(snippet_html(*found))
        doc.setTextWidth(max(40, option.rect.width() - 2 * PADDING))
        return doc

    def sizeHint(self, option, index) -> QSize:
        width = option.widget.viewport().width() if option.widget is not None else 200
        opt = QStyleOptionViewItem(option)
        opt.rect.setWidth(width)
        doc = self._document(opt, index)
        if doc is None:
            return super().sizeHint(option, index)
        return QSize(width, int(doc.size().height()) + 2 * PADDING)

    def paint(self, painter, option, index) -> None:
        doc = self._document(option, index)
        if doc is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, option.palette.color(QPalette.ColorRole.Text))
        painter.save()
        painter.translate(option.rect.left() + PADDING, option.rect.top() + PADDING)
        doc.documentLayout().draw(painter, context)
        painter.restore()
