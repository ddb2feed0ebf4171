"""Plan a project: a window per plan run (description, optional context file, Start,
Stop, Resume, Export) over the stage strip, the backlog tree and the sprint board.
Each stage's review uses the GUI reviewer's dialogs. Slots are one line each: they
await the plan controller."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from qasync import asyncSlot

from aipa.core.kinds import RESUMABLE_RUN_STATUSES
from aipa.ui.dialogs.common import MessageDialog, ReviewDialog
from aipa.ui.dialogs.gates import GuiReviewer
from aipa.ui.dialogs.words import number
from aipa.ui.plan.runs_dialog import PlanRunsDialog
from aipa.ui.plan.stages import stage_name
from aipa.ui.platform import fit_platform, headless

if TYPE_CHECKING:
    from aipa.core.planning.state import PlanService

log = logging.getLogger("aipa.ui.plan")

EXPORT_FILTERS = {
    "md": "Markdown (*.md)",
    "html": "HTML (*.html)",
    "json": "JSON (*.json)",
}  # (names, the same everywhere)
EXPORT_LABELS = {"md": "Markdown", "html": "HTML", "json": "JSON"}
CONTEXT_LIMIT = 200_000  # characters read from an attached file (the prompt uses the first 8,000)


class PlanWindow(QWidget):
    """One plan run: new (describe it, Start) or existing (``run_id``: view, resume, export)."""

    closed = Signal(object)  # this window

    def __init__(
        self, plans: PlanService, theme, *, run_id: str | None = None, auto_gates: bool = False, parent=None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.plans = plans
        self.theme = theme
        self.setObjectName("planWindow")
        self.setWindowTitle(self.tr("Plan a project"))  # Qt adds " — AIPA" (the display name)
        self.resize(1180, 860)
        self.reviewer = GuiReviewer(lambda: self, lambda: self.theme, auto=auto_gates, parent=self)
        from aipa.ui.plan.controller import PlanController

        self.controller = PlanController(plans, self.reviewer, self)
        self.dialogs: dict[str, QWidget] = {}
        self.context_text = ""
        self.context_path: Path | None = None
        self._build()
        fit_platform(self)
        self._connect()
        if run_id:
            self.controller.load(run_id)
        self._sync()

    # --- layout --------------------------------------------------------------------------

    def _build(self) -> None:
        t = self.theme
        self.setStyleSheet(
            f"QWidget#planWindow {{ background: {t.window}; }}"
            f"QPlainTextEdit#planDescription {{ border: 1px solid {t.border}; border-radius: 8px; "
            f"padding: 4px 6px; background: {t.base}; color: {t.text}; }}"
            f"QLabel#planStatus {{ color: {t.dim}; }}"
            f"QPushButton#planStart {{ background: {t.accent}; color: #ffffff; border: none; "
            "font-weight: 600; min-width: 84px; }"
            f"QPushButton#planStart:disabled {{ background: {t.border}; color: {t.dim}; }}"
            "QPushButton#planStop:enabled { color: #d64545; border-color: #d64545; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        head = QLabel(
            "<b>"
            + self.tr("Describe the project")
            + "</b> — "
            + self.tr("goal, users, team size, sprint length, deadline (what you leave out, the team asks or assumes)")
        )
        head.setWordWrap(True)
        layout.addWidget(head)
        self.description = QPlainTextEdit()
        self.description.setObjectName("planDescription")
        self.description.setPlaceholderText(
            self.tr(
                "e.g. A habit-tracking mobile app for busy parents, 4 developers, 2-week sprints, first release by June"
            )
        )
        self.description.setMaximumHeight(84)
        layout.addWidget(self.description)
        row = QHBoxLayout()
        self.attach_button = QPushButton(self.tr("Attach context file…"))
        self.attach_button.setToolTip(
            self.tr("Notes, a brief or requirements (text or markdown) the planners read too")
        )
        self.context_label = QLabel("")
        self.context_label.setObjectName("planContext")
        self.start_button = QPushButton(self.tr("Start ▶"))
        self.start_button.setObjectName("planStart")
        self.stop_button = QPushButton(self.tr("■ Stop"))
        self.stop_button.setObjectName("planStop")
        self.stop_button.setToolTip(self.tr("Stop the plan; Resume continues from the last finished stage"))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.resume_button.setObjectName("planResume")
        self.resume_button.setToolTip(self.tr("Continue this plan from where it stopped or waits"))
        row.addWidget(self.attach_button)
        row.addWidget(self.context_label, 1)
        for button in (self.start_button, self.stop_button, self.resume_button):
            row.addWidget(button)
        layout.addLayout(row)
        from aipa.ui.plan.view import PlanView

        self.view = PlanView(self.theme)
        layout.addWidget(self.view, 1)
        bottom = QHBoxLayout()
        self.status_label = QLabel(self.tr("Describe the project, then press Start."))
        self.status_label.setObjectName("planStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        bottom.addWidget(self.status_label, 1)
        bottom.addWidget(QLabel(self.tr("Export:")))
        self.export_buttons: dict[str, QPushButton] = {}
        for fmt, label in EXPORT_LABELS.items():
            button = QPushButton(label + "…")
            button.setObjectName(f"planExport_{fmt}")
            button.setToolTip(self.tr("Save the plan as {format}").format(format=label))
            bottom.addWidget(button)
            self.export_buttons[fmt] = button
        layout.addLayout(bottom)

    def _connect(self) -> None:
        c = self.controller
        self.start_button.clicked.connect(self.on_start)
        self.stop_button.clicked.connect(self.on_stop)
        self.resume_button.clicked.connect(self.on_resume)
        self.attach_button.clicked.connect(self.choose_context)
        for fmt, button in self.export_buttons.items():
            button.clicked.connect(lambda _checked=False, f=fmt: self.choose_export(f))
        c.busyChanged.connect(lambda _busy: self._sync())
        c.runChanged.connect(lambda _run: self._sync())
        c.planChanged.connect(self.view.set_plan)
        c.stagesChanged.connect(self.view.set_states)
        c.statusChanged.connect(self.status_label.setText)
        c.errorRaised.connect(self.show_error)
        self.reviewer.dialogOpened.connect(self._on_gate)

    # --- slots (one line: await the controller) -----------------------------------------

    @asyncSlot()
    async def on_start(self) -> None:
        await self.controller.start(self.description.toPlainText(), self.context_text)

    @asyncSlot()
    async def on_stop(self) -> None:
        await self.controller.stop()

    @asyncSlot()
    async def on_resume(self) -> None:
        await self.controller.resume()

    # --- reactions -----------------------------------------------------------------------

    def _sync(self) -> None:
        c = self.controller
        run = c.run()
        started = run is not None
        if started and self.description.toPlainText() != run.directive:
            self.description.setPlainText(run.directive)
        self.description.setReadOnly(started or c.busy)
        self.attach_button.setEnabled(not started and not c.busy)
        self.start_button.setEnabled(not started and not c.busy)
        self.stop_button.setEnabled(c.busy)
        self.resume_button.setEnabled(not c.busy and started and run.status in RESUMABLE_RUN_STATUSES)
        for button in self.export_buttons.values():
            button.setEnabled(started)
        if started:
            short = run.directive[:60] + ("…" if len(run.directive) > 60 else "")
            self.setWindowTitle(self.tr("Plan: {directive}").format(directive=short))

    def _on_gate(self, dialog) -> None:
        """A stage's review opened: show what it reviews in the window behind it too."""
        run = self.controller.run()
        if isinstance(dialog, ReviewDialog) and run is not None and run.stage:
            stage = stage_name(run.stage)
            dialog.setWindowTitle(self.tr("Review the plan: {stage}").format(stage=stage))
            self.status_label.setText(
                self.tr(
                    "Review the {stage} in the dialog: Accept, Edit (with feedback), "
                    "Reject, or Later to leave the plan waiting."
                ).format(stage=stage)
            )
        self.controller.refresh()

    def attach_context(self, path: Path) -> bool:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")[:CONTEXT_LIMIT]
        except OSError as exc:
            log.warning("cannot read context file %s: %s", path, exc)
            self.show_error(self.tr("Could not read {path}: {error}").format(path=path, error=exc.strerror or exc))
            return False
        self.context_text, self.context_path = text, path
        size = len(text)
        self.context_label.setText(f"📎 {path.name} · " + self.tr("{count} chars").format(count=number(size)))
        self.context_label.setToolTip(str(path))
        return True

    def choose_context(self) -> QFileDialog:
        dialog = self._file_dialog(
            "context",
            self.tr("Attach a context file"),
            str(Path.home()),
            self.tr("Text and markdown (*.txt *.md *.markdown *.rst);;All files (*)"),
            save=False,
        )
        dialog.fileSelected.connect(lambda path: self.attach_context(Path(path)))
        dialog.open()
        return dialog

    def choose_export(self, fmt: str) -> QFileDialog:
        run_id = self.controller.run_id or "plan"
        default = self.plans.paths.exports / f"{run_id}.{fmt}"
        dialog = self._file_dialog("export", self.tr("Export the plan"), str(default), EXPORT_FILTERS[fmt], save=True)
        dialog.setDefaultSuffix(fmt)
        dialog.fileSelected.connect(lambda path: self.controller.export_to(fmt, Path(path)))
        dialog.open()
        return dialog

    def _file_dialog(self, key: str, title: str, start: str, filters: str, *, save: bool) -> QFileDialog:
        old = self.dialogs.pop(key, None)
        if old is not None:
            old.close()
        dialog = QFileDialog(self, title, start, filters)
        dialog.setObjectName(f"plan_{key}Dialog")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        if save:
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        fit_platform(dialog)
        self.dialogs[key] = dialog
        dialog.finished.connect(lambda _code: self.dialogs.pop(key, None) if self.dialogs.get(key) is dialog else None)
        return dialog

    def show_error(self, message: str, details: str = "") -> None:
        log.warning("plan window: %s", message.splitlines()[0] if message else "error")
        box = MessageDialog(
            self,
            self.tr("AIPA: plan"),
            message
            + (
                "\n\n" + self.tr("Details are in the log: {file}").format(file=self.plans.paths.log_file)
                if details
                else ""
            ),
            details=details,
            name="planErrorDialog",
        )
        self.dialogs["error"] = box
        box.finished.connect(lambda _c: self.dialogs.pop("error", None))
        box.open()

    def closeEvent(self, event) -> None:
        """Closing stops a running plan (it becomes interrupted: Resume continues it)."""
        self.controller.cancel()
        for dialog in list(self.dialogs.values()):
            dialog.close()
        self.closed.emit(self)
        event.accept()

    async def aclose(self) -> None:
        """Stop the plan, wait for it to settle, close the window (tests, app shutdown)."""
        await self.controller.shutdown()
        self.close()


class PlanWindows(QObject):
    """Session → Plan a project… / Open plan run… on the main window, and its plan windows
    (one per plan run; the main window closes them when it closes)."""

    @property
    def plans(self) -> PlanService:
        """The core's plan operations, shared by the plan windows (made when first used:
        the planner is not loaded for the main window's first paint, ARCHITECTURE §6)."""
        return self.main.core.plans

    def __init__(self, main, menu) -> None:
        super().__init__(main)
        self.main = main
        self.windows: list[PlanWindow] = []  # open ones
        self._settling: set[PlanWindow] = set()  # closed, their run still stopping
        menu.addSeparator()
        for key, text, shortcut, slot, tip in (
            (
                "plan",
                self.tr("&Plan a project…"),
                "Ctrl+Shift+P",
                self.new,
                self.tr("Plan a project: analysis, features, user stories, tasks and sprints, each stage reviewed"),
            ),
            (
                "open_plan",
                self.tr("&Open plan run…"),
                "",
                self.choose,
                self.tr("Open, resume or export a plan you started"),
            ),
        ):
            action = QAction(text, main)
            action.setObjectName(f"action_{key}")
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False, s=slot: s())
            menu.addAction(action)
            main.menu_actions[key] = action

    def new(self, run_id: str | None = None) -> PlanWindow:
        # a top-level window of its own (no parent): it outlives nothing it needs, and a
        # plan still unwinding after Close keeps its window until it has settled
        window = PlanWindow(self.plans, self.main.theme, run_id=run_id, auto_gates=self.main.reviewer.auto)
        window.setWindowIcon(self.main.windowIcon())
        self.windows.append(window)
        key = f"plan:{id(window)}"
        self.main.dialogs[key] = window  # the main window closes it (stopping its run) when it closes
        window.closed.connect(lambda w: self._closed(w, key))
        window.show()
        if not headless():
            window.raise_()
            window.activateWindow()
        return window

    def _closed(self, window: PlanWindow, key: str) -> None:
        if window in self.windows:
            self.windows.remove(window)
        self.main.dialogs.pop(key, None)
        if window.controller.busy:  # stopping: release it once the run has settled
            self._settling.add(window)

            def settled(busy: bool) -> None:
                if not busy:
                    self._release(window)

            window.controller.busyChanged.connect(settled)
        else:
            self._release(window)

    def _release(self, window: PlanWindow) -> None:
        self._settling.discard(window)
        window.deleteLater()

    def open_run(self, run_id: str) -> PlanWindow:
        for window in self.windows:
            if window.controller.run_id == run_id:
                window.show()
                if not headless():
                    window.raise_()
                return window
        return self.new(run_id)

    def runs(self) -> list:
        return self.plans.runs()

    def choose(self) -> PlanRunsDialog:
        old = self.main.dialogs.pop("plan-runs", None)
        if old is not None:
            old.close()
        dialog = PlanRunsDialog(self.main, self.runs(), self.main.theme)
        dialog.chosen.connect(self.open_run)
        self.main.dialogs["plan-runs"] = dialog
        dialog.finished.connect(
            lambda _c: (
                self.main.dialogs.pop("plan-runs", None) if self.main.dialogs.get("plan-runs") is dialog else None
            )
        )
        dialog.open()
        return dialog
