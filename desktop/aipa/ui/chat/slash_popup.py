"""The slash commands' completion list: each command with its one-line description (from
``commands.COMMANDS``), the name in the text colour and the description dimmed beside it,
cut with "…" when the popup is narrow (the whole line is the row's tooltip). A screen
reader hears the name and the description (the row's accessible description)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from aipa.ui.chat import commands

Index = QModelIndex | QPersistentModelIndex

DESCRIPTION_ROLE = Qt.ItemDataRole.UserRole + 1
POPUP_WIDTH = 560  # the popup's width at most (the input's width when narrower)


def command_model(parent=None) -> QStandardItemModel:
    """One row per name a command answers to ("/new", "/exit", "/q"…), its description in
    ``DESCRIPTION_ROLE``, the tooltip and the accessible description."""
    model = QStandardItemModel(parent)
    for command in commands.COMMANDS:
        for name in (command.name, *command.aliases):
            item = QStandardItem("/" + name)
            item.setEditable(False)
            described = commands.help_text(command)  # in the window's language
            item.setData(described, DESCRIPTION_ROLE)
            item.setData(f"/{name}: {described}", Qt.ItemDataRole.ToolTipRole)
            item.setData(described, Qt.ItemDataRole.AccessibleDescriptionRole)
            model.appendRow(item)
    return model


class CommandDelegate(QStyledItemDelegate):
    """Paints "/name   what it does" on one line: the description dimmed and elided."""

    GAP = 14

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        name, description = opt.text, str(index.data(DESCRIPTION_ROLE) or "")
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorGroup.Normal
        text = opt.palette.color(group, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        dim = QColor(text)
        dim.setAlphaF(0.72)  # dimmer than the name, still above 4.5:1 on the popup's base (both themes)
        box = opt.rect.adjusted(8, 0, -8, 0)
        metrics = opt.fontMetrics
        painter.save()
        painter.setPen(text)
        name_width = metrics.horizontalAdvance(name)
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(QRect(box.left(), box.top(), name_width, box.height()), align, name)
        rest = QRect(box.left() + name_width + self.GAP, box.top(), box.width() - name_width - self.GAP, box.height())
        if rest.width() > 0 and description:
            painter.setPen(dim)
            painter.drawText(rest, align, metrics.elidedText(description, Qt.TextElideMode.ElideRight, rest.width()))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), max(hint.height(), option.fontMetrics.height() + 8))

    @staticmethod
    def line(index: Index) -> str:
        """The row's whole line, as painted before eliding ("/new   start a new session…")."""
        return f"{index.data()}   {index.data(DESCRIPTION_ROLE) or ''}".rstrip()
