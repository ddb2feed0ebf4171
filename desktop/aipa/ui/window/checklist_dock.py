"""The run's checklist under the transcript, while it can still change (issue 31): from
the routing (``ChecksSet``) until the deliverable is measured (``ChecksMeasured``), the
Principal removes a check or adds one ("at most 120 words", "must mention the deposit")
through ``core.checks.edit``; the measuring after synthesis uses the edited list. With
plan review on, the run waits at the task briefs' card below, so this is before the
leads start; without it, the leads are already at work, and the edit still counts.

Like the gate dock, a sibling of the transcript (real widgets a screen reader and Tab
reach), above the gate dock. It also wires the review card's checklist edits back to
the routing card (the review card's own list is ``dialogs/checklist.checklist_for``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from aipa.core import events as ev
from aipa.core.checks.model import Check
from aipa.ui.dialogs.checklist import ChecklistEditor

MAX_SHARE = 0.45  # the most of the chat column the checklist takes
SHORTCUT = "Ctrl+Shift+K"  # to the add field, from anywhere in the window


class ChecklistDock(QScrollArea):
    """The current run's editable checklist (hidden while there is none to edit)."""

    def __init__(self, window) -> None:
        super().__init__()
        self.setObjectName("checklistDock")
        self.setAccessibleName(self.tr("Checklist of this run"))
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.window_, self.core, self.controller = window, window.core, window.controller
        self.run_id = ""
        self.card = QWidget()
        self.card.setObjectName("checklistCard")
        layout = QVBoxLayout(self.card)
        layout.setContentsMargins(12, 4, 12, 4)
        layout.setSpacing(2)
        self.intro = QLabel(
            self.tr("The definition of done for this run. Remove a check or add one before the work is measured.")
        )
        self.intro.setObjectName("checklistIntro")
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.editor = ChecklistEditor(window.theme, self._edit)
        self.editor.new_check.setAccessibleDescription(
            self.tr("Measured when the finder reads it (words, bullets, endings…), else judged by the auditor")
        )
        layout.addWidget(self.editor)
        self.setWidget(self.card)
        self.card.installEventFilter(self)  # its rows change: placed again
        self.hide()
        self.controller.eventReceived.connect(self._on_event)
        self.controller.chat.modelReset.connect(self.close_list)  # another session opened
        window.reviewer.dialogOpened.connect(self._gate_opened)
        self.shortcut = QShortcut(QKeySequence(SHORTCUT), window)
        self.shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        self.shortcut.activated.connect(self._focus_add)

    # --- the run's events ---------------------------------------------------------------

    def _on_event(self, e) -> None:
        match e:
            case ev.ChecksSet() if e.checks or self.core.config.settings.plan_review:
                # (a run without checks shows none unless the Principal reviews the plan:
                # every run's transcript would lose room to an empty list)
                self.open_list(e.run_id, [Check.from_dict(c) for c in e.checks])
            case ev.ChecksMeasured() | ev.RunFinished() | ev.RunFailed() | ev.RunSuspended() if e.run_id == self.run_id:
                self.close_list()
            case ev.RunStarted() if e.run_id != self.run_id:
                self.close_list()

    def open_list(self, run_id: str, checks: list[Check]) -> None:
        self.run_id = run_id
        self._paint()
        self.editor.theme = self.window_.theme
        self.editor.set_checks(checks, sent_back=[])
        self.editor.set_editable(True)
        self.show()
        self.updateGeometry()

    def close_list(self) -> None:
        had_focus = self.isAncestorOf(self.focusWidget()) if self.focusWidget() else False
        self.run_id = ""
        self.hide()
        if had_focus:
            self.window_.compose.setFocus(Qt.FocusReason.OtherFocusReason)

    def _paint(self) -> None:
        theme = self.window_.theme
        self.card.setStyleSheet(
            f"#checklistCard {{ background: {theme.card}; border-top: 1px solid {theme.border}; }}"
            f"#checklistIntro {{ color: {theme.dim}; }}"
        )

    # --- edits --------------------------------------------------------------------------

    def _edit(self, add: tuple[str, ...], remove: tuple[str, ...]) -> list[Check]:
        checks = self.core.checks.edit(self.run_id, add, remove)
        self._show_on_card(self.run_id, checks)
        return checks

    def _show_on_card(self, run_id: str, checks: list[Check]) -> None:
        """The routing card's checklist follows an edit (as a replay will draw it)."""
        self.controller.presenter.apply(ev.ChecksSet(run_id, tuple(c.to_dict() for c in checks)))
        self.controller.flush()

    def _gate_opened(self, dialog) -> None:
        editor = getattr(dialog, "checklist", None)
        item = getattr(dialog, "item", None)
        if isinstance(editor, ChecklistEditor) and item is not None:
            editor.changed.connect(lambda checks, run_id=item.run_id: self._show_on_card(run_id, checks))

    def _focus_add(self) -> None:
        gate = getattr(self.window_.chat_view, "gate", None)
        review_list = getattr(gate, "checklist", None)
        if isinstance(review_list, ChecklistEditor) and review_list.editable:
            review_list.new_check.setFocus(Qt.FocusReason.ShortcutFocusReason)
        elif self.isVisible():
            self.ensureWidgetVisible(self.editor.new_check)
            self.editor.new_check.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # --- size ---------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.card and event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
            self._fit()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """As tall as the list (up to ``MAX_SHARE`` of the column; more scrolls)."""
        height = self.sizeHint().height()
        if height != self.maximumHeight():
            self.setMaximumHeight(height)
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        width = self.viewport().width() or self.width()
        height = self.card.heightForWidth(width) if self.card.hasHeightForWidth() else -1
        if height < 0:
            height = self.card.sizeHint().height()
        column = self.parentWidget()
        if column is not None and column.height() > 0:
            height = min(height, int(column.height() * MAX_SHARE))
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, min(self.sizeHint().height(), 90))
