"""The agent roster: a colour dot, name, role, provider/model and the live state."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAccessible, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle, QStyledItemDelegate

from aipa.ui import words
from aipa.ui.chat.agent_model import AGENT_ROLE, AgentModel, AgentRow
from aipa.ui.theme import Theme

ACTIVE = {"waiting", "thinking", "streaming"}


class AgentDelegate(QStyledItemDelegate):
    def __init__(self, parent, theme: Theme) -> None:
        super().__init__(parent)
        self.theme = theme
        self._font_key: QFont | None = None
        self._fonts: tuple = ()

    def _fonts_for(self, font: QFont) -> tuple:
        """(bold, small, their metrics), made once per list font."""
        if font != self._font_key:
            bold = QFont(font)
            bold.setWeight(QFont.Weight.DemiBold)
            small = QFont(font)
            small.setPointSizeF(max(7.0, font.pointSizeF() * 0.86))
            self._font_key, self._fonts = QFont(font), (bold, small, QFontMetrics(bold), QFontMetrics(small))
        return self._fonts

    def sizeHint(self, option, index) -> QSize:
        """One line per agent (the model is in the tooltip): the sessions get the height."""
        fm = QFontMetrics(option.font)
        return QSize(160, fm.height() + 12)

    def paint(self, painter: QPainter, option, index) -> None:
        row: AgentRow = index.data(AGENT_ROLE)
        if row is None:
            return
        t = self.theme
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(option.rect).adjusted(6, 2, -6, -2)
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if selected or hovered:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(t.principal_bg if selected else t.thinking_bg))
            painter.drawRoundedRect(r, 7, 7)
        bold, small, fm_b, fm_s = self._fonts_for(option.font)
        x = r.left() + 8
        line1 = r.center().y() + fm_b.ascent() / 2 - 1
        # colour dot, with a ring while the agent works
        active = row.state in ACTIVE
        dot = QPointF(x + 5, r.center().y())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(row.color))
        painter.drawEllipse(dot, 4.5, 4.5)
        if active:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(row.color), 1.5))
            painter.drawEllipse(dot, 7.5, 7.5)
        x += 18
        painter.setFont(bold)
        painter.setPen(QColor(t.text))
        name_w = fm_b.horizontalAdvance(row.name)
        painter.drawText(QPointF(x, line1), row.name)
        role = words.role(row.role) or row.title
        painter.setFont(small)
        state_text = "" if row.state == "idle" else words.state(row.state)
        if row.state == "asking":  # (a tool it called waits for the Principal's permission)
            state_text = QCoreApplication.translate("AgentList", "needs your permission")
        state_w = fm_s.horizontalAdvance(state_text)
        room = r.right() - 8 - state_w - (x + name_w + 8) - 6
        if room > 20:
            painter.setPen(QColor(t.dim))
            painter.drawText(
                QPointF(x + name_w + 8, line1), fm_s.elidedText(role, Qt.TextElideMode.ElideRight, int(room))
            )
        if state_text:
            painter.setPen(QColor(t.state_color(row.state)))
            painter.drawText(QPointF(r.right() - 8 - state_w, line1), state_text)
        painter.restore()


class AgentList(QListView):
    agentClicked = Signal(str)

    def __init__(self, model: AgentModel, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("agentList")
        self.agents = model  # its model, typed (QListView.model() is any QAbstractItemModel)
        self.setModel(model)
        self.agent_delegate = AgentDelegate(self, theme)
        self.setItemDelegate(self.agent_delegate)
        self.setMouseTracking(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFrameShape(QListView.Shape.NoFrame)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setUniformItemSizes(True)  # every row is one line high
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAccessibleName(self.tr("Agents"))
        self.setAccessibleDescription(self.tr("The team; Enter or a click talks to one agent alone"))
        self.activated.connect(lambda idx: self.agentClicked.emit(idx.data(AGENT_ROLE).name))
        model.modelReset.connect(self.fit_rows)
        self.fit_rows()
        self.clicked.connect(lambda idx: self.agentClicked.emit(idx.data(AGENT_ROLE).name))

    def dataChanged(self, top, bottom, roles=()) -> None:
        """A state change repaints its row. (QListView lays out and repaints the whole
        list on any change; that is kept for assistive technologies, which it notifies.)"""
        if QAccessible.isActive():
            super().dataChanged(top, bottom, roles)
            return
        for row in range(top.row(), bottom.row() + 1):
            self.update(self.agents.index(row))

    def fit_rows(self) -> None:
        """As high as its rows (up to ten): the sessions below get the rest."""
        rows = min(self.agents.rowCount(), 10)
        self.setFixedHeight(max(1, rows) * (self.fontMetrics().height() + 12) + 4)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.fit_rows()

    def select_agent(self, name: str) -> None:
        model = self.agents
        for i, row in enumerate(model.rows()):
            if row.name == name:
                self.setCurrentIndex(model.index(i))
                return
        self.clearSelection()

    def set_theme(self, theme: Theme) -> None:
        self.agent_delegate.theme = theme
        self.viewport().update()
