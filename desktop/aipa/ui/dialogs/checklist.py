"""The checklist as real widgets (issue 31): one row per check (its mark, id, measured or
judged, the requirement, the measured detail) with a Remove button, and a line to add
one ("at most 120 words" is read by the core's finder as a measured check; anything else
becomes a judged one). The checklist panel under the transcript (while a run's checks
can still change) and the review card (before a revision) both use it. Edits go to the
core through ``edit`` (the window passes ``core.checks.edit`` for the run), never the store.

Real widgets rather than painted lines so that Tab reaches every Remove button and the
add field, and a screen reader hears each check's state in words (``spoken``)."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QToolButton, QVBoxLayout, QWidget

from aipa.core.checks.model import Check
from aipa.ui.theme import Theme
from aipa.ui.transcript.checklist_text import heading, kind_word, mark, row_text, sent_back_text, source_word, spoken

log = logging.getLogger("aipa.ui")

Edit = Callable[[tuple[str, ...], tuple[str, ...]], list[Check]]  # (add texts, remove ids) -> the new list


class ChecklistEditor(QFrame):
    """Shows ``checks``; with ``edit`` (and while editable) each row can be removed and a
    check added. ``changed`` carries the list after an edit."""

    changed = Signal(list)

    def __init__(self, theme: Theme, edit: Edit | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checklist")
        self.setAccessibleName(self.tr("Checklist"))
        self.theme, self._edit = theme, edit
        self.checks: list[Check] = []
        self.order: Callable[[list[Check]], list[Check]] = list  # the review card: failed first
        self._sent_back: list[list[str]] = []
        self.editable = edit is not None
        self.remove_buttons: dict[str, QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        self.title = QLabel()
        self.title.setObjectName("checklistTitle")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.history = QLabel()
        self.history.setObjectName("checklistHistory")
        self.history.setWordWrap(True)
        self.history.hide()
        layout.addWidget(self.history)
        self.rows = QVBoxLayout()
        self.rows.setSpacing(0)
        layout.addLayout(self.rows)
        self.add_row = QWidget()
        line = QHBoxLayout(self.add_row)
        line.setContentsMargins(0, 2, 0, 0)
        self.new_check = QLineEdit()
        self.new_check.setObjectName("newCheck")
        self.new_check.setAccessibleName(self.tr("New check"))
        self.new_check.setPlaceholderText(self.tr("Add a check: “at most 120 words”, “must mention the deposit”"))
        self.new_check.returnPressed.connect(self._add)
        self.add_button = QPushButton(self.tr("Add check"))
        self.add_button.setObjectName("addCheck")
        self.add_button.setAccessibleName(self.tr("Add check"))
        self.add_button.clicked.connect(self._add)
        line.addWidget(self.new_check, 1)
        line.addWidget(self.add_button)
        layout.addWidget(self.add_row)
        self.said = QLabel()  # what the last edit did ("Added: words, measured"), or why it could not
        self.said.setObjectName("checklistSaid")
        self.said.setWordWrap(True)
        self.said.hide()
        layout.addWidget(self.said)
        self.add_row.setVisible(self.editable)

    # --- showing ------------------------------------------------------------------------

    def set_checks(self, checks: list[Check], *, sent_back: list[list[str]] | None = None) -> None:
        """Show ``checks`` in their order (the review card passes them failed first);
        ``sent_back``: each earlier round's failed ids ("Sent back twice: …"; kept when None)."""
        self.checks = self.order(list(checks))
        self.title.setText(f"<b>{html.escape(heading(self.checks))}</b>")
        if sent_back is not None:
            self._sent_back = sent_back
        history = sent_back_text(self._sent_back)
        self.history.setText(history)
        self.history.setVisible(bool(history))
        while (child := self.rows.takeAt(0)) is not None:
            widget = child.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.remove_buttons = {}
        for check in self.checks:
            row = self._row(check)
            self.rows.addWidget(row)
            row.show()  # now, not at the layout's next turn: the focus may go to its Remove
        if not self.checks:
            empty = QLabel(self.tr("No checks: the audit judges the deliverable as a whole."))
            empty.setObjectName("checklistEmpty")
            empty.setWordWrap(True)
            self.rows.addWidget(empty)
        self.setAccessibleDescription(heading(self.checks) + (f". {history}" if history else ""))

    def set_editable(self, editable: bool) -> None:
        self.editable = editable and self._edit is not None
        self.add_row.setVisible(self.editable)
        for button in self.remove_buttons.values():
            button.setVisible(self.editable)

    def _row(self, check: Check) -> QWidget:
        row = QWidget()
        row.setObjectName(f"check_{check.id}")
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        text = QLabel(self._rich(check))
        text.setObjectName("checkText")
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setAccessibleName(spoken(check))
        text.setToolTip(row_text(check))
        line.addWidget(text, 1)
        remove = QToolButton()  # compact beside a one-line check; Tab still reaches it
        remove.setText(self.tr("Remove"))
        remove.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        remove.setObjectName("removeCheck")
        remove.setAccessibleName(self.tr("Remove check {id}").format(id=check.id))
        remove.setToolTip(self.tr("Take “{text}” off the checklist").format(text=check.text))
        remove.clicked.connect(lambda _=False, ident=check.id: self._remove(ident))
        remove.setVisible(self.editable)
        line.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
        self.remove_buttons[check.id] = remove
        return row

    def _rich(self, check: Check) -> str:
        color = self.theme.ok if check.passed else self.theme.bad if check.passed is False else self.theme.dim
        tags = [kind_word(check)] + ([who] if (who := source_word(check)) else [])
        said = (
            f"<span style='color:{color}; font-weight:700'>{mark(check)}</span> "
            f"<b>{html.escape(check.id)}</b> "
            f"<span style='color:{self.theme.dim}'>· {html.escape(' · '.join(tags))} ·</span> "
            f"{html.escape(check.text)}"
        )
        if check.detail:
            said += f"<br><span style='color:{color}'>{html.escape(check.detail)}</span>"
        return said

    # --- editing ------------------------------------------------------------------------

    def _add(self) -> None:
        text = self.new_check.text().strip()
        if not text or not self.editable:
            return
        before = {c.id for c in self.checks}
        if self._apply((text,), ()):
            self.new_check.clear()
            added = [c for c in self.checks if c.id not in before]
            if added:
                said = "; ".join(f"{c.id}, {kind_word(c)}" for c in added)
                self._say(self.tr("Added: {checks}").format(checks=said))
            else:
                self._say(self.tr("Already on the checklist."))
            self.new_check.setFocus()

    def _remove(self, ident: str) -> None:
        if not self.editable:
            return
        order = [c.id for c in self.checks]
        if self._apply((), (ident,)):
            self._say(self.tr("Removed: {id}").format(id=ident))
            self._focus_after(order, ident)

    def _focus_after(self, order: list[str], gone: str) -> None:
        """The focus goes to the next row's Remove (or the add field): never lost."""
        later = order[order.index(gone) + 1 :] if gone in order else []
        for ident in later:
            if ident in self.remove_buttons:
                self.remove_buttons[ident].setFocus()
                return
        self.new_check.setFocus()

    def _apply(self, add: tuple[str, ...], remove: tuple[str, ...]) -> bool:
        if self._edit is None:
            return False
        try:
            checks = self._edit(add, remove)
        except Exception as exc:  # a store fault: said in the card, the list unchanged
            log.warning("the checklist could not be changed", exc_info=True)
            self._say(self.tr("The checklist could not be changed: {error}").format(error=str(exc)[:200]))
            return False
        self.set_checks(checks)
        self.changed.emit(checks)
        return True

    def _say(self, text: str) -> None:
        self.said.setText(text)
        self.said.show()

    def focus_first(self) -> None:
        (self.new_check if self.editable else self).setFocus()


def checklist_for(item, theme: Theme, door) -> ChecklistEditor | None:
    """The review card's checklist: the measured checks, failed first, the rounds that sent
    the work back, and (with the core's checks ``door``) add and remove before a revision
    (Edit…): the revision is measured against the edited list. None without checks."""
    data = item.extra.get("checks") or []
    if item.stage != "review" or not data:
        return None
    run_id = item.run_id

    def edit(add: tuple[str, ...], remove: tuple[str, ...]) -> list[Check]:
        return door.edit(run_id, add, remove)

    editor = ChecklistEditor(theme, edit if door is not None else None)
    editor.order = door.failed_first if door is not None else list
    editor.new_check.setAccessibleDescription(
        QCoreApplication.translate("ChecklistEditor", "A check added here is measured on the revision Edit… asks for")
    )
    editor.set_checks([Check.from_dict(c) for c in data], sent_back=door.sent_back(run_id) if door is not None else [])
    return editor
