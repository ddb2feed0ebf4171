"""The chat view's warm-up: a sample card rendered and painted once, off screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from aipa.ui.transcript.model import ChatItem, ChatModel


def warm_up(view) -> None:
    """Render and paint a sample card once, off screen, when the window first shows:
    the first use of the markdown converter, of Qt's rich-text and table code and
    of PySide's enums costs tens of milliseconds, which would otherwise stall the
    first run's first update."""
    from aipa.core.text.render import warm_up as warm_renderer

    warm_renderer(view.chat_delegate.theme.dark)
    delegate = view.chat_delegate
    counters = delegate.full_renders, delegate.tail_renders, delegate.finish_renders
    sample = [
        ChatItem(
            "task",
            agent="AIPA",
            title="warm-up",
            label="T-0",
            status="streaming",
            streaming=True,
            content="## Plan\n\nSome *text* with `code`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- x",
        ),
        ChatItem("notice", content="ready"),
    ]
    sample[0].thinking = "thinking"
    image = QImage(max(200, view.viewport().width()), 400, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    option = QStyleOptionViewItem()
    models = [ChatModel() for _ in sample]  # alive until the end: their indexes are used
    for item, model in zip(sample, models):
        model.append(item)
        index = model.index(0, 0)
        option.rect = QRect(0, 0, image.width(), delegate.height_for(item))
        delegate.paint(painter, option, index)
        delegate.hit(item, QPoint(10, 10))
        item.streaming = False
        item.version += 1
        delegate.height_for(item)
    painter.end()
    for item in sample:
        delegate.drop(item)
    delegate.full_renders, delegate.tail_renders, delegate.finish_renders = counters
