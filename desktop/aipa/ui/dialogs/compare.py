"""Two revisions' deliverables side by side (issue 23's compare view), opened from a
revision switcher's Compare… or View › Compare revisions…. Each side is the text as it
was written (``Core.runs.compare``: a word diff): on the left the words the newer
one dropped, struck through on a red tint; on the right the words it added, underlined
on a green tint. The marks are not colour alone (struck through, underlined), the tints
are mixed from the theme's own colours so the text keeps its contrast in the dark theme
too, and the summary line says in words how much changed."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
)

from aipa.ui.platform import fit_platform
from aipa.ui.theme import Theme

TINT = 0.28  # how much of the mark's colour goes into the tint behind a changed word


def tint(color: str, surface: str, share: float = TINT) -> str:
    """``color`` mixed into ``surface`` (``share`` of it): a background that keeps the text readable."""
    a, b = QColor(color), QColor(surface)
    pairs = ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue()))
    r, g, bl = (round(x * share + y * (1 - share)) for x, y in pairs)
    return QColor(r, g, bl).name()


def side_html(pieces, theme: Theme, mark: str) -> str:
    """One side of the comparison as rich text: ``mark`` is "gone" (struck through, red
    tint) or "new" (underlined, green tint); the rest plain, the text's own line breaks kept."""
    color = theme.bad if mark == "gone" else theme.ok
    style = f"background-color:{tint(color, theme.card)};" + (
        "text-decoration:line-through;" if mark == "gone" else "text-decoration:underline;"
    )
    out = []
    for piece in pieces:
        if piece.kind != mark:
            out.append(html.escape(piece.text))
            continue
        words = piece.text.rstrip()  # the mark ends with the last word, not the space after it
        out.append(f"<span style='{style}'>{html.escape(words)}</span>{html.escape(piece.text[len(words) :])}")
    body = "".join(out)
    return f"<div style='white-space:pre-wrap; color:{theme.text}; background-color:{theme.card};'>{body}</div>"


class CompareDialog(QDialog):
    """``family``: the run ids of the revisions, oldest first; ``old``/``new``: the two shown."""

    def __init__(self, core, family: list[str], old: str, new: str, theme: Theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(QCoreApplication.translate("CompareDialog", "Compare revisions"))
        self.setAccessibleName(QCoreApplication.translate("CompareDialog", "Compare revisions"))
        self.core = core
        self.theme = theme
        self.family = family
        layout = QVBoxLayout(self)
        picks = QGridLayout()
        self.old_pick = self._pick(QCoreApplication.translate("CompareDialog", "Older revision"), old)
        self.new_pick = self._pick(QCoreApplication.translate("CompareDialog", "Newer revision"), new)
        for col, (text, pick) in enumerate(
            (
                (QCoreApplication.translate("CompareDialog", "&Left:"), self.old_pick),
                (QCoreApplication.translate("CompareDialog", "&Right:"), self.new_pick),
            )
        ):
            caption = QLabel(text)
            caption.setBuddy(pick)
            picks.addWidget(caption, 0, col * 2)
            picks.addWidget(pick, 0, col * 2 + 1, 1, 1)
        layout.addLayout(picks)
        self.summary = QLabel()
        self.summary.setObjectName("compareSummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.old_view = self._side("compareOld")
        self.new_view = self._side("compareNew")
        split.addWidget(self.old_view)
        split.addWidget(self.new_view)
        layout.addWidget(split, 1)
        legend = QLabel(
            QCoreApplication.translate(
                "CompareDialog",
                "Left: words the right one no longer has, struck through. Right: words it added, underlined.",
            )
        )
        legend.setObjectName("compareLegend")
        legend.setWordWrap(True)
        layout.addWidget(legend)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.old_pick.currentIndexChanged.connect(self.show_comparison)
        self.new_pick.currentIndexChanged.connect(self.show_comparison)
        self.resize(1180, 720)
        fit_platform(self)
        self.show_comparison()

    def _label(self, run_id: str) -> str:
        n = self.family.index(run_id) + 1
        run = self.core.runs.get(run_id)
        when = run.started_at.strftime("%d %b %H:%M") if run is not None and run.started_at else ""
        return QCoreApplication.translate("CompareDialog", "Revision {n} of {total}").format(
            n=n, total=len(self.family)
        ) + (f" · {when}" if when else "")

    def _pick(self, name: str, chosen: str) -> QComboBox:
        pick = QComboBox(self)
        pick.setAccessibleName(name)
        for run_id in self.family:
            pick.addItem(self._label(run_id), run_id)
        pick.setCurrentIndex(self.family.index(chosen))
        return pick

    def _side(self, name: str) -> QTextBrowser:
        view = QTextBrowser(self)
        view.setObjectName(name)
        view.setOpenLinks(False)
        view.setReadOnly(True)
        view.setStyleSheet(f"QTextBrowser {{ background: {self.theme.card}; color: {self.theme.text}; }}")
        return view

    @property
    def old_run(self) -> str:
        return str(self.old_pick.currentData())

    @property
    def new_run(self) -> str:
        return str(self.new_pick.currentData())

    def show_comparison(self, *_args) -> None:
        diff = self.core.runs.compare(self.old_run, self.new_run)
        self.comparison = diff
        self.old_view.setHtml(side_html(diff.old, self.theme, "gone"))
        self.new_view.setHtml(side_html(diff.new, self.theme, "new"))
        left, right = self.old_pick.currentText(), self.new_pick.currentText()
        if diff.same:
            said = QCoreApplication.translate("CompareDialog", "The two deliverables are the same.")
        else:
            said = QCoreApplication.translate("CompareDialog", "{removed} words removed, {added} words added.").format(
                removed=diff.removed, added=diff.added
            )
        self.summary.setText(said)
        self.summary.setAccessibleName(said)
        self.old_view.setAccessibleName(
            QCoreApplication.translate("CompareDialog", "Deliverable of {which}, removed words struck through").format(
                which=left
            )
        )
        self.new_view.setAccessibleName(
            QCoreApplication.translate("CompareDialog", "Deliverable of {which}, added words underlined").format(
                which=right
            )
        )
        gone = " · ".join(p.text.strip() for p in diff.old if p.kind == "gone")[:400]
        came = " · ".join(p.text.strip() for p in diff.new if p.kind == "new")[:400]
        self.old_view.setAccessibleDescription(
            QCoreApplication.translate("CompareDialog", "Removed: {words}").format(words=gone) if gone else said
        )
        self.new_view.setAccessibleDescription(
            QCoreApplication.translate("CompareDialog", "Added: {words}").format(words=came) if came else said
        )
