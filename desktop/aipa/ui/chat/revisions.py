"""Which revision of a run the transcript shows (issue 23). A run re-run is a family of
revisions (``Core.runs.revisions``); the transcript keeps every revision's cards, and shows
only the family's chosen one (``Core.runs.shown_revision``: the latest unless the Principal
chose another, kept across restarts). The chosen revision's deliverable, lead and audit
cards carry a ‹ 2/3 › switcher (``transcript.revision_bar``) that shows another revision
in place; Alt+Left / Alt+Right do the same for the card in focus (or the last family),
and Compare… opens two revisions' deliverables side by side."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog

from aipa.ui import cost_text
from aipa.ui.transcript.model import ChatItem
from aipa.ui.transcript.revision_bar import RevisionBar

SWITCHED_KINDS = ("deliverable", "audit", "task")  # the cards of a revision's content


class Revisions(QObject):
    """Keeps the transcript (``window.chat_view``) showing one revision per family."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view = window.chat_view
        self.core = window.core
        self.family_of: dict[str, tuple[str, ...]] = {}  # run id -> its family's run ids, oldest first
        self.bars: dict[int, RevisionBar] = {}  # a card's uid -> its switcher
        self.compare_dialog: QDialog | None = None  # the compare view last opened
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.refresh)
        model: QAbstractItemModel = self.view.chat_model
        model.rowsInserted.connect(lambda *_a: self._soon.start())
        model.modelAboutToBeReset.connect(self._forget_bars)  # the view deletes its index widgets
        model.modelReset.connect(lambda: self._soon.start())
        window.controller.usageChanged.connect(lambda: self._soon.start())  # the cost lines follow the calls
        self.actions = self._menu_actions(window)

    def _menu_actions(self, window) -> dict[str, QAction]:
        out: dict[str, QAction] = {}
        menu = window.menus["View"]
        menu.addSeparator()
        for key, text, shortcut, slot in (
            (
                "revision_previous",
                QCoreApplication.translate("Revisions", "&Previous revision"),
                "Alt+Left",
                lambda: self.step_current(-1),
            ),
            (
                "revision_next",
                QCoreApplication.translate("Revisions", "&Next revision"),
                "Alt+Right",
                lambda: self.step_current(1),
            ),
            (
                "revision_compare",
                QCoreApplication.translate("Revisions", "&Compare revisions…"),
                "",
                lambda: self.compare_current(),
            ),
        ):
            action = QAction(text, window)
            action.setObjectName(f"action_{key}")
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            menu.addAction(action)
            window.menu_actions[key] = action
            out[key] = action
        return out

    # --- what is shown -------------------------------------------------------------------

    def family(self, run_id: str) -> tuple[str, ...]:
        """``run_id``'s family (its run ids, oldest first): the session's families are
        asked at once when a run is new (a session opened, a run or re-run started)."""
        if run_id not in self.family_of:
            session_id = self.window.controller.session_id
            self.family_of.update(self.core.runs.families(session_id) if session_id else {})
        if run_id not in self.family_of:  # (a run of another session)
            ids = tuple(r.run_id for r in self.core.runs.revisions(run_id)) or (run_id,)
            self.family_of.update(dict.fromkeys(ids, ids))
        return self.family_of[run_id]

    def present(self, family: tuple[str, ...]) -> list[str]:
        """The revisions of ``family`` that have cards in the transcript, oldest first."""
        here = {i.run_id for i in self.view.chat_model.items() if i.run_id}
        return [r for r in family if r in here]

    def shown(self, run_id: str) -> str:
        """The revision of ``run_id``'s family the transcript shows."""
        present = self.present(self.family(run_id))
        chosen = self.core.runs.shown_revision(run_id)
        return chosen if chosen in present else (present[-1] if present else run_id)

    def refresh(self) -> None:
        """Hide the cards of every revision not shown; the shown one's cards get switchers."""
        model = self.view.chat_model
        items = model.items()
        for run_id in dict.fromkeys(i.run_id for i in items if i.run_id):
            self.family(run_id)  # a new run (a re-run joins its family here)
        shown: dict[tuple[str, ...], str] = {}
        wanted: dict[int, tuple[ChatItem, str]] = {}
        for row, item in enumerate(items):
            family = self.family_of.get(item.run_id, ()) if item.run_id else ()
            if len(family) < 2:
                continue
            if family not in shown:
                shown[family] = self.shown(item.run_id)
            visible = item.run_id == shown[family]
            if self.view.isRowHidden(row) == visible:
                self.view.setRowHidden(row, not visible)
            if visible and item.kind in SWITCHED_KINDS:
                wanted[item.uid] = (item, f"{family.index(item.run_id) + 1}/{len(family)}")
        for uid in [u for u in self.bars if u not in wanted]:
            self._drop_bar(uid)
        for item, position in wanted.values():
            if item.revisions != position and item.key:
                model.update(item.key, revisions=position)
            self._place_bar(item, position)

    def _place_bar(self, item: ChatItem, position: str) -> None:
        bar = self.bars.get(item.uid)
        if bar is None or bar.run_id != item.run_id:
            if bar is not None:
                self._drop_bar(item.uid)
            bar = RevisionBar(item.run_id, self.window.theme, self.view.viewport())
            bar.stepped.connect(lambda run_id, step, i=item: self.step(run_id, step, anchor=i))
            bar.compareRequested.connect(self.compare)
            self.bars[item.uid] = bar
            row = self.view.row_of(item)
            self.view.setIndexWidget(self.view.chat_model.index(row, 0), bar)
        number, total = (int(n) for n in position.split("/"))
        bar.show_position(number, total, **self._describe(item, number))

    def _describe(self, item: ChatItem, number: int) -> dict[str, str]:
        """The switcher's tooltip (what the revision is, what it cost) and its cost line."""
        run = self.core.runs.get(item.run_id)
        family = self.family_of[item.run_id]
        summary = self.core.runs.cost(item.run_id)
        parent = run.parent_id if run is not None else None
        what = (
            QCoreApplication.translate("Revisions", "a re-run of revision {n}").format(n=family.index(parent) + 1)
            if parent in family
            else QCoreApplication.translate("Revisions", "the first run")
        )
        detail = QCoreApplication.translate("Revisions", "Revision {number} of {total}: {what}").format(
            number=number, total=len(family), what=what
        )
        spent = cost_text.detail(summary) if summary.get("calls") else ""
        detail += f"\n{spent}" if spent else ""
        line = ""
        if item.kind == "deliverable" and summary.get("calls"):
            line = (
                cost_text.money(summary["money"])
                if summary.get("money")
                else cost_text.duration(summary.get("seconds", 0.0))
            )
            line = QCoreApplication.translate("Revisions", "this revision: {cost}").format(cost=line)
        return {"detail": detail, "cost": line}

    def _drop_bar(self, uid: int) -> None:
        bar = self.bars.pop(uid, None)
        item = next((i for i in self.view.chat_model.items() if i.uid == uid), None)
        if bar is None or item is None:
            return
        # through the view, which deletes it: an index widget deleted behind its back
        # would stay in its list of editors and crash the next layout
        self.view.setIndexWidget(self.view.chat_model.index(self.view.row_of(item), 0), None)

    def _forget_bars(self) -> None:
        self.bars.clear()  # (the view deletes them with the rows)
        self.family_of.clear()

    # --- moving between revisions --------------------------------------------------------

    def step(self, run_id: str, step: int, *, anchor: ChatItem | None = None) -> str:
        """Show the revision ``step`` away from ``run_id`` in its family; the card like
        ``anchor`` (the same kind, the same lead) of that revision stays in view and its
        switcher keeps the focus. Returns the revision shown."""
        present = self.present(self.family(run_id))
        if run_id not in present:
            return run_id
        target = present[max(0, min(len(present) - 1, present.index(run_id) + step))]
        if target == run_id:
            return run_id
        focus = QApplication.focusWidget()
        had_focus = focus is not None and any(bar.isAncestorOf(focus) for bar in self.bars.values())
        self.core.runs.show_revision(target)
        self.refresh()
        twin = self._twin(anchor, target) if anchor is not None else None
        if twin is not None:
            row = self.view.row_of(twin)
            self.view.scrollTo(self.view.chat_model.index(row, 0), QAbstractItemView.ScrollHint.EnsureVisible)
            bar = self.bars.get(twin.uid)
            if bar is not None and had_focus:
                button = bar.previous if step < 0 else bar.next
                (button if button.isEnabled() else bar.compare).setFocus()
        return target

    def _twin(self, anchor: ChatItem, run_id: str) -> ChatItem | None:
        """The card of ``run_id`` that stands where ``anchor`` stood in its revision."""
        mine = [i for i in self.view.chat_model.items() if i.run_id == run_id and i.kind in SWITCHED_KINDS]
        same = [i for i in mine if i.kind == anchor.kind and (anchor.kind != "task" or i.agent == anchor.agent)]
        deliverable = [i for i in mine if i.kind == "deliverable"]
        return (same or deliverable or mine or [None])[-1]

    def _current_family_run(self) -> str:
        """The revision the keyboard acts on: the current card's, else the last shown family's."""
        index = self.view.currentIndex()
        if index.isValid():
            item = self.view.chat_model.item(index.row())
            if item.run_id and len(self.family(item.run_id)) > 1 and not self.view.isRowHidden(index.row()):
                return item.run_id
        return next((bar.run_id for bar in reversed(list(self.bars.values()))), "")

    def step_current(self, step: int) -> None:
        run_id = self._current_family_run()
        if run_id:
            anchor = next((i for i in self.view.chat_model.items() if i.uid in self.bars and i.run_id == run_id), None)
            self.step(run_id, step, anchor=anchor)

    def compare_current(self) -> None:
        run_id = self._current_family_run()
        if run_id:
            self.compare(run_id)
        else:
            self.window.controller.notice(
                QCoreApplication.translate("Revisions", "No run in this session has several revisions to compare.")
            )

    def compare(self, run_id: str) -> None:
        """Open the compare view: the revision before ``run_id`` (or the next one) and it."""
        from aipa.ui.dialogs.compare import CompareDialog  # (a dialog: loaded when one opens)

        family = self.family(run_id)
        i = family.index(run_id)
        left = family[i - 1] if i > 0 else family[min(1, len(family) - 1)]
        old, new = (left, run_id) if i > 0 else (run_id, left)
        dialog = CompareDialog(self.core, list(family), old, new, self.window.theme, self.window)
        self.compare_dialog = dialog
        self.window.dialogs["compare"] = dialog
        dialog.finished.connect(lambda _c: self.window.dialogs.pop("compare", None))
        dialog.show()
