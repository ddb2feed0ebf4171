"""Where each part of a card lies (the layout half of ``ChatDelegate``): its header
with the message's actions, the revision strip, the workers, the thinking panel, the
body or its placeholder; and which actions a message offers, with their tooltips."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QRect
from PySide6.QtGui import QFontMetrics, QGuiApplication

from aipa.ui.transcript.card_paint import GAP, MARGIN, PAD, WORKER_GAP
from aipa.ui.transcript.model import LINE_KINDS, ChatItem
from aipa.ui.transcript.row_cache import CardRects, RowCache


class CardLayout:
    """The rectangles of a card's parts, and its actions."""

    if TYPE_CHECKING:  # (declared for the type checker only: ChatDelegate defines them)
        show_thinking: bool

        def fm(self, name: str) -> QFontMetrics: ...

    def _layout(self, item: ChatItem, cache: RowCache, width: int, inner: int) -> None:
        header_h = self.fm("bold").height() + 2
        small_h = self.fm("small").height()
        left = MARGIN + PAD + (4 if item.kind in ("routing", "chat_agent") else 0)
        y = GAP + PAD
        rects: CardRects = {"header": QRect(left, y, inner, header_h)}
        actions = self.actions_for(item)
        if actions:
            fm, x, spots = self.fm("small"), left + inner, list[tuple[str, QRect]]()
            for key, label in reversed(actions):
                w = fm.horizontalAdvance(label) + 10
                x -= w
                spots.append((key, QRect(x, y, w, header_h)))
                x -= 4
            if QGuiApplication.isRightToLeft():  # over the header's left end, where its state is
                spots = [
                    (key, QRect(2 * left + inner - r.right() - 1, r.top(), r.width(), r.height())) for key, r in spots
                ]
            rects["actions"] = spots[::-1]
        y += header_h + 6
        if item.revisions:  # the strip the revision switcher (an index widget) lies in
            rects["revisions"] = QRect(left, y, inner, self.revision_strip_height())
            y += rects["revisions"].height() + 6
        if item.workers:  # a lead's workers, one line each, under its header
            h = len(item.workers) * (small_h + WORKER_GAP) + WORKER_GAP
            rects["workers"] = QRect(left, y, inner, h)
            y += h + 6
        if self.show_thinking and item.thinking and not item.collapsed:
            if cache.thinking is not None:
                h = small_h + 6 + int(cache.thinking.size().height()) + 8
                rects["thinking"] = QRect(left, y, inner, h)
                rects["thinking_toggle"] = QRect(left, y, inner, small_h + 6)
                y += h + 6
            else:
                rects["thinking"] = QRect(left, y, inner, small_h + 4)
                rects["thinking_toggle"] = rects["thinking"]
                y += small_h + 10
        if item.collapsed and item.content:
            rects["fold"] = QRect(left, y, inner, small_h + 2)
            y += small_h + 2
        elif cache.body is not None or cache.estimated is not None:
            h = int(cache.body.height if cache.body is not None else cache.estimated or 0) + 1
            rects["body"] = QRect(left, y, inner, h)
            y += h
        elif "thinking" in rects and cache.thinking is not None:
            y -= 6  # the open thinking panel says the model is at work
        elif item.streaming or item.status in ("queued", "reading", "waiting", "working", "pending"):
            rects["placeholder"] = QRect(left, y, inner, small_h)
            y += small_h
        else:
            y -= 6
        cache.rects = rects
        cache.height = y + PAD + GAP

    def revision_strip_height(self) -> int:
        return self.fm("base").height() + 10

    @staticmethod
    def actions_for(item: ChatItem) -> list[tuple[str, str]]:
        """The message's actions shown on hover (key, label), in order."""
        if item.kind in LINE_KINDS or not item.content or item.streaming:
            return []
        translate = QCoreApplication.translate
        # two copies that say how they differ: the Markdown as written, or the text as it reads
        actions = [("copy", translate("Transcript", "Copy Markdown")), ("plain", translate("Transcript", "Copy text"))]
        if item.kind == "deliverable":
            actions.append(("regenerate", translate("Transcript", "Regenerate")))
        elif item.kind in ("directive", "chat_user"):
            actions.append(("edit", translate("Transcript", "Edit & resend")))
        elif item.kind == "task":  # (the fold link under it unfolds in place: this opens a window)
            actions.append(("report", translate("Transcript", "Open report")))
        return actions

    @staticmethod
    def action_tip(key: str) -> str:
        """A message action's tooltip: what it does."""
        translate = QCoreApplication.translate
        tips = {
            "copy": translate("Transcript", "Copy the message as Markdown, with its formatting marks"),
            "plain": translate("Transcript", "Copy the message as plain text, as it reads on screen"),
            "regenerate": translate("Transcript", "Ask for a new revision of the deliverable"),
            "edit": translate("Transcript", "Edit the message and send it again"),
            "report": translate("Transcript", "Open the lead's whole report in a window of its own"),
            "resume": translate("Transcript", "Resume the run where it stopped (Ctrl+R)"),
        }
        return tips.get(key, "")
