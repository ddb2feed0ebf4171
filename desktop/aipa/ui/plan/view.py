"""The plan as widgets: the stage progress strip, the backlog tree (features → stories
→ acceptance criteria and tasks) and the sprint board (one column per sprint, with a
points / capacity bar). Views only: they draw a ``Plan`` and a dict of stage states."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from aipa.core.planning.artifacts import Feature, Plan, Story
from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.plan.stages import stage_name
from aipa.ui.theme import Theme
from aipa.ui.widgets import child_items, top_items

PLAN_STAGES = ("intake", "clarify", "analysis", "features", "stories", "tasks", "sprints")
STATE_LOOK = {  # state -> (mark, colour, words: translated when shown)
    "pending": ("○", "", QT_TRANSLATE_NOOP("StageStrip", "pending")),
    "active": ("◐", "#4a8fd9", QT_TRANSLATE_NOOP("StageStrip", "working")),
    "review": ("◆", "#b08cd9", QT_TRANSLATE_NOOP("StageStrip", "awaiting your review")),
    "done": ("✓", "#2e9d5b", QT_TRANSLATE_NOOP("StageStrip", "done")),
    "fallback": ("⚠", "#d9a400", QT_TRANSLATE_NOOP("StageStrip", "fell back to the deterministic plan")),
}
OVER = "#d64545"
ROLE = Qt.ItemDataRole.UserRole


class StageStrip(QWidget):
    """One chip per stage: pending, active, awaiting review, done, fell back."""

    def __init__(self, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("stageStrip")
        self.theme = theme
        self.states = {s: "pending" for s in PLAN_STAGES}
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.chips: dict[str, QLabel] = {}
        for i, stage in enumerate(PLAN_STAGES):
            if i:
                arrow = QLabel("›")
                arrow.setStyleSheet(f"color: {theme.dim};")
                row.addWidget(arrow)
            chip = QLabel()
            chip.setObjectName(f"stage_{stage}")
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            row.addWidget(chip)
            self.chips[stage] = chip
        row.addStretch(1)
        self.set_states(self.states)

    def set_states(self, states: dict[str, str]) -> None:
        self.states = {s: states.get(s, "pending") for s in PLAN_STAGES}
        t = self.theme
        for stage, chip in self.chips.items():
            state = self.states[stage]
            mark, color, words = STATE_LOOK.get(state, STATE_LOOK["pending"])
            color = color or t.dim
            weight = 700 if state in ("active", "review") else 500
            fill = t.principal_bg if state in ("active", "review") else t.card
            name = stage_name(stage)
            chip.setText(f"{mark} {name}")
            chip.setToolTip(f"{name}: {self.tr(words)}")
            chip.setStyleSheet(
                f"QLabel {{ color: {color}; background: {fill}; border: 1px solid "
                f"{color if state != 'pending' else t.border}; border-radius: 9px; "
                f"padding: 2px 9px; font-weight: {weight}; }}"
            )


class SprintColumn(QFrame):
    """A sprint: its goal, a points / capacity bar (red when over) and its stories."""

    def __init__(self, plan: Plan, index: int, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        sprint = plan.sprints[index]
        self.setObjectName(f"sprint_{sprint.number}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(230)
        self.setMaximumWidth(340)
        self.setStyleSheet(
            f"QFrame#sprint_{sprint.number} {{ background: {theme.card}; "
            f"border: 1px solid {theme.border}; border-radius: 8px; }}"
        )
        stories = {s.id: s for s in plan.stories}
        self.points = sum(stories[sid].points for sid in sprint.stories if sid in stories) or sprint.points
        self.capacity = plan.capacity
        self.over = bool(self.capacity) and self.points > self.capacity
        col = QVBoxLayout(self)
        col.setContentsMargins(8, 8, 8, 8)
        col.setSpacing(4)
        weeks = plan.sprint_weeks
        length = self.tr("1 week") if weeks == 1 else self.tr("%n weeks", "", weeks)
        title = self.tr("Sprint {number}").format(number=sprint.number)
        self.title = QLabel(f"<b>{title}</b> <span style='color:{theme.dim}'>· {length}</span>")
        col.addWidget(self.title)
        goal = QLabel(html.escape(sprint.goal))
        goal.setWordWrap(True)
        goal.setStyleSheet(f"color: {theme.dim};")
        col.addWidget(goal)
        self.bar = QProgressBar()
        self.bar.setObjectName("capacityBar")
        self.bar.setMaximum(max(self.capacity, self.points, 1))
        self.bar.setValue(self.points)
        self.bar.setFormat(
            self.tr("{points} / {capacity} points").format(points=self.points, capacity=self.capacity)
            + ("  " + self.tr("over capacity!") if self.over else "")
        )
        self.bar.setToolTip(
            self.tr("{points} of {capacity} points per sprint").format(points=self.points, capacity=self.capacity)
        )
        chunk = OVER if self.over else "#2e9d5b"
        self.bar.setStyleSheet(
            f"QProgressBar {{ border: 1px solid {OVER if self.over else theme.border}; "
            f"border-radius: 5px; text-align: center; background: {theme.base}; "
            f"color: {theme.text}; min-height: 16px; }}"
            f"QProgressBar::chunk {{ background: {chunk}; border-radius: 4px; }}"
        )
        col.addWidget(self.bar)
        self.list = QListWidget()
        self.list.setObjectName("sprintStories")
        self.list.setWordWrap(True)
        self.list.setMinimumHeight(48)
        self.list.setStyleSheet(
            f"QListWidget {{ background: {theme.base}; border: none; color: {theme.text}; }}"
            "QListWidget::item { padding: 3px 2px; }"
        )
        for sid in sprint.stories:
            story = stories.get(sid)
            text = f"{sid} · {points_text(story.points)} · {story.priority}\n{story.i_want}" if story else sid
            item = QListWidgetItem(text)
            item.setData(ROLE, sid)
            if story:
                item.setToolTip(_story_tip(story))
            self.list.addItem(item)
        col.addWidget(self.list, 1)

    def story_ids(self) -> list[str]:
        return [self.list.item(i).data(ROLE) for i in range(self.list.count())]


class SprintBoard(QScrollArea):
    """The sprints side by side, scrolling sideways when there are many."""

    def __init__(self, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("sprintBoard")
        self.theme = theme
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the columns' lists scroll
        self.columns: list[SprintColumn] = []
        self._host = QWidget()
        self._row = QHBoxLayout(self._host)
        self._row.setContentsMargins(4, 4, 4, 4)
        self._row.setSpacing(8)
        self.empty = QLabel(self.tr("Sprints appear here once the sprints stage has run."))
        self.empty.setStyleSheet(f"color: {theme.dim};")
        self._row.addWidget(self.empty)
        self._row.addStretch(1)
        self.setWidget(self._host)

    def set_plan(self, plan: Plan) -> None:
        for column in self.columns:
            self._row.removeWidget(column)
            column.deleteLater()
        self.columns = [SprintColumn(plan, i, self.theme) for i in range(len(plan.sprints))]
        for i, column in enumerate(self.columns):
            self._row.insertWidget(i, column, 1)
        self.empty.setVisible(not self.columns)


class PlanTree(QTreeWidget):
    """Features → stories (points, priority, the story sentence) → criteria and tasks."""

    COLUMNS = (  # translated when shown
        QT_TRANSLATE_NOOP("PlanTree", "Item"),
        QT_TRANSLATE_NOOP("PlanTree", "Points"),
        QT_TRANSLATE_NOOP("PlanTree", "Priority"),
        QT_TRANSLATE_NOOP("PlanTree", "Label"),
        QT_TRANSLATE_NOOP("PlanTree", "Details"),
    )

    def __init__(self, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("planTree")
        self.theme = theme
        self.setColumnCount(len(self.COLUMNS))
        self.setHeaderLabels([self.tr(c) for c in self.COLUMNS])
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setWordWrap(False)
        header = self.header()
        header.setStretchLastSection(True)
        for i in range(4):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)

    def _row(self, parent, kind: str, key: str, texts: tuple[str, ...], tip: str = "") -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, list(texts))
        item.setData(0, ROLE, (kind, key))
        for col in (1,):
            item.setTextAlignment(col, Qt.AlignmentFlag.AlignCenter)
        if tip:
            for col in range(len(self.COLUMNS)):
                item.setToolTip(col, tip)
        return item

    def set_plan(self, plan: Plan) -> None:
        collapsed = {self._key(i) for i in self._all() if not i.isExpanded() and i.childCount()}
        self.clear()
        dim = QBrush(QColor(self.theme.dim))
        features = list(plan.features)
        known = {f.id for f in features}
        tasks_by_story: dict[str, list] = {}
        for task in plan.tasks:
            tasks_by_story.setdefault(task.story, []).append(task)
        groups: list[tuple[Feature | None, list[Story]]] = [
            (f, [s for s in plan.stories if s.feature == f.id]) for f in features
        ]
        orphans = [s for s in plan.stories if s.feature not in known]
        if orphans:
            groups.append((None, orphans))
        for feature, stories in groups:
            if feature is None:
                top = self._row(self, "feature", "", (self.tr("(no feature)"), "", "", "", ""))
            else:
                pts = sum(s.points for s in stories)
                top = self._row(
                    self,
                    "feature",
                    feature.id,
                    (
                        f"{feature.id}  {feature.name}",
                        str(pts) if stories else "",
                        feature.priority,
                        "",
                        feature.description,
                    ),
                    feature.description,
                )
                font = top.font(0)
                font.setBold(True)
                top.setFont(0, font)
            for story in stories:
                row = self._row(
                    top,
                    "story",
                    story.id,
                    (story.id, str(story.points), story.priority, "", story.text),
                    _story_tip(story),
                )
                for n, crit in enumerate(story.acceptance_criteria, 1):
                    child = self._row(
                        row, "criterion", f"{story.id}.{n}", ("☐ " + self.tr("criterion"), "", "", "", crit), crit
                    )
                    child.setForeground(0, dim)
                for task in tasks_by_story.get(story.id, ()):
                    test = self.tr("test: {plan}").format(plan=task.test_plan)
                    details = task.title + (f"  — {test}" if task.test_plan else "")
                    tip = self.tr("Test plan: {plan}").format(plan=task.test_plan or self.tr("(none)"))
                    self._row(
                        row,
                        "task",
                        task.id,
                        (f"{task.id}  " + self.tr("task"), "", "", task.label, details),
                        f"{task.title}\n\n{tip}",
                    )
        self.expandAll()
        for item in self._all():
            if self._key(item) in collapsed:
                item.setExpanded(False)

    @staticmethod
    def _key(item: QTreeWidgetItem):
        return item.data(0, ROLE)

    def _all(self) -> list[QTreeWidgetItem]:
        out, stack = [], top_items(self)
        while stack:
            item = stack.pop(0)
            out.append(item)
            stack.extend(child_items(item))
        return out

    def rows(self, kind: str) -> list[QTreeWidgetItem]:
        """Every row of one kind (feature, story, criterion, task), in tree order."""
        return [i for i in self._all() if self._key(i)[0] == kind]


class PlanView(QWidget):
    """Stage strip, analysis summary, backlog tree and sprint board."""

    def __init__(self, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("planView")
        self.theme = theme
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.stages = StageStrip(theme)
        layout.addWidget(self.stages)
        self.summary = QLabel()
        self.summary.setObjectName("analysisSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.hide()
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setObjectName("planSplit")
        split.setHandleWidth(4)
        self.tree = PlanTree(theme)
        self.board = SprintBoard(theme)
        split.addWidget(self.tree)
        split.addWidget(self.board)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([440, 320])
        self.board.setMinimumHeight(200)
        layout.addWidget(split, 1)
        self.plan = Plan()

    def set_states(self, states: dict[str, str]) -> None:
        self.stages.set_states(states)

    def set_plan(self, plan: Plan) -> None:
        self.plan = plan
        a = plan.analysis
        if a.summary:
            goals = "; ".join(html.escape(g) for g in a.goals[:4])
            risks = "; ".join(html.escape(r) for r in a.risks[:3])
            dim = f"<br><span style='color:{self.theme.dim}'>"
            capacity = self.tr("Capacity {points} points per {weeks}-week sprint").format(
                points=plan.capacity, weeks=plan.sprint_weeks
            )
            self.summary.setText(
                "<b>"
                + self.tr("Analysis")
                + f"</b> · {html.escape(a.summary)}"
                + (dim + self.tr("Goals: {goals}").format(goals=goals) + "</span>" if goals else "")
                + (dim + self.tr("Risks: {risks}").format(risks=risks) + "</span>" if risks else "")
                + (dim + capacity + "</span>" if plan.capacity else "")
            )
        self.summary.setVisible(bool(a.summary))
        self.tree.set_plan(plan)
        self.board.set_plan(plan)


def points_text(points: int) -> str:
    """A story's points: "1 pt", "3 pts"."""
    if points == 1:
        return QCoreApplication.translate("PlanTree", "1 pt")
    return QCoreApplication.translate("PlanTree", "{points} pts").format(points=points)


def _story_tip(story) -> str:
    crit = "\n".join(f"  ☐ {c}" for c in story.acceptance_criteria)
    criteria = QCoreApplication.translate("PlanTree", "Acceptance criteria:")
    return f"{story.id} · {points_text(story.points)} · {story.priority}\n{story.text}\n\n{criteria}\n{crit}"
