"""A run as a timeline (issue 23), for any stored run: ``/trace [RUN_ID]``, or "Timeline…"
on a card of the run. The chart (``timeline_paint.TimelineChart``) draws ``core.runs.trace``'s
spans, the same data as ``aipa trace --json``; below it the selected span's numbers
(tokens, tokens/s, re-asks, fallbacks, tool calls, cost). Opening a span (Enter, a
double click, "Raw reply…") shows the raw replies of its model calls, as ``/debug`` does."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QScrollArea, QVBoxLayout

from aipa.core.text.words import QT_TRANSLATE_NOOP  # (lupdate reads the calls; the marker returns str)
from aipa.ui.dialogs.raw_view import RawDialog, reply_entries
from aipa.ui.dialogs.timeline_paint import TimelineChart
from aipa.ui.dialogs.words import decimal, number
from aipa.ui.platform import fit_platform
from aipa.ui.widgets import label

KIND_INK = {"run": "dim", "stage": "accent", "gate": "warn", "call": "busy", "tool": "think"}
NAMES = {  # a span attribute -> its name in the detail (translated when shown)
    "input_tokens": QT_TRANSLATE_NOOP("TimelineDialog", "input tokens"),
    "output_tokens": QT_TRANSLATE_NOOP("TimelineDialog", "output tokens"),
    "cached_input_tokens": QT_TRANSLATE_NOOP("TimelineDialog", "cached input tokens"),
    "tokens_per_second": QT_TRANSLATE_NOOP("TimelineDialog", "tokens/s"),
    "tool_calls": QT_TRANSLATE_NOOP("TimelineDialog", "tool calls"),
    "reasks": QT_TRANSLATE_NOOP("TimelineDialog", "re-asks"),
    "fallback_reason": QT_TRANSLATE_NOOP("TimelineDialog", "fell back because"),
    "answered_via": QT_TRANSLATE_NOOP("TimelineDialog", "answered via"),
    "agent": QT_TRANSLATE_NOOP("TimelineDialog", "agent"),
    "purpose": QT_TRANSLATE_NOOP("TimelineDialog", "purpose"),
    "provider": QT_TRANSLATE_NOOP("TimelineDialog", "provider"),
    "model": QT_TRANSLATE_NOOP("TimelineDialog", "model"),
    "calls": QT_TRANSLATE_NOOP("TimelineDialog", "calls"),
    "status": QT_TRANSLATE_NOOP("TimelineDialog", "status"),
    "stage": QT_TRANSLATE_NOOP("TimelineDialog", "stage"),
    "tool": QT_TRANSLATE_NOOP("TimelineDialog", "tool"),
    "cost": QT_TRANSLATE_NOOP("TimelineDialog", "cost"),
    "revision": QT_TRANSLATE_NOOP("TimelineDialog", "revision"),
}


def translated(text: str) -> str:
    """``text`` in the window's language (the timeline's words)."""
    return QCoreApplication.translate("TimelineDialog", text)


SKIP = {"task_id", "fallbacks", "fallback", "reask"}


def money(value: float) -> str:
    return "$" + decimal(value, 4 if value < 1 else 2)


def facts(span) -> list[tuple[str, str]]:
    """The span's numbers as (name, value), in a stable order, for its tooltip and detail."""
    a = span.attrs
    rows = [
        (
            QCoreApplication.translate("TimelineDialog", "time"),
            QCoreApplication.translate("TimelineDialog", "{seconds} s").format(seconds=decimal(span.seconds, 2)),
        )
    ]
    if a.get("reask"):
        rows.append(
            (
                QCoreApplication.translate("TimelineDialog", "re-ask"),
                QCoreApplication.translate("TimelineDialog", "yes: the reply before could not be parsed"),
            )
        )
    if a.get("fallback"):
        rows.append(
            (
                QCoreApplication.translate("TimelineDialog", "fallback"),
                QCoreApplication.translate("TimelineDialog", "yes"),
            )
        )
    if span.kind == "run" and a.get("fallbacks"):
        rows.append((QCoreApplication.translate("TimelineDialog", "fell back"), ", ".join(map(str, a["fallbacks"]))))
    for key, value in a.items():
        if key in SKIP or value in ("", None):
            continue
        if key == "cost":
            text = money(float(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            text = number(value)
        elif isinstance(value, float) and "." in str(value) and "e" not in str(value):
            text = decimal(value, len(str(value).split(".")[1]))  # as many places as it has, in the locale

        else:
            text = str(value)
        rows.append((translated(NAMES[key]) if key in NAMES else key.replace("_", " "), text))
    if span.error:
        rows.append((QCoreApplication.translate("TimelineDialog", "error"), span.error))
    return rows


def tip(span) -> str:
    return span.name + "\n" + "\n".join(f"{k}: {v}" for k, v in facts(span))


def detail_html(span, theme) -> str:
    rows = "".join(
        f"<tr><td style='color:{theme.dim};padding-right:12px'>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>"
        for k, v in facts(span)
    )
    return f"<b>{html.escape(span.name)}</b> <span style='color:{theme.dim}'>· {span.kind}</span><table>{rows}</table>"


def calls_under(trace, span) -> list:
    """The model-call spans at or under ``span``, in the trace's order."""
    keys = {span.key}
    out = []
    for s in trace.spans:
        if s.parent in keys or s.key == span.key:
            keys.add(s.key)
            if s.kind == "call":
                out.append(s)
    return out


def replies_of(trace, replies, span) -> list:
    """The raw replies (``core.runs.raw_replies``) of the calls under ``span``: the n-th call of
    an agent and purpose (and task, and re-ask) is that agent's n-th such reply."""

    def key(agent, purpose, task_id, reask):
        return (agent, str(purpose), task_id or "", bool(reask))

    pools: dict[tuple, list] = {}
    for r in replies:
        pools.setdefault(key(r.agent, r.purpose, r.task_id, r.reask), []).append(r)
    loose: dict[tuple, list] = {}  # rows stored before calls kept their task: agent and purpose only
    for r in replies:
        loose.setdefault((r.agent, str(r.purpose)), []).append(r)
    wanted = {s.key for s in calls_under(trace, span)}
    out = []
    for s in (s for s in trace.spans if s.kind == "call"):
        a = s.attrs
        pool = pools.get(key(a.get("agent"), a.get("purpose"), a.get("task_id"), a.get("reask"))) or loose.get(
            (a.get("agent"), str(a.get("purpose")))
        )
        reply = pool.pop(0) if pool else None
        if reply is not None and s.key in wanted:
            out.append(reply)
    return out


class TimelineDialog(QDialog):
    def __init__(self, core, run_id: str, theme, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("timelineDialog")
        self.core = core
        self.theme = theme
        self.trace = core.runs.trace(run_id)
        self.raw: QDialog | None = None
        title = self.tr("Timeline · {run}").format(run=run_id)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(1000, 620)
        layout = QVBoxLayout(self)
        self.heading = label("timelineHeading", self._heading(run_id))
        layout.addWidget(self.heading)
        self.chart = TimelineChart(self.trace, theme, self._color, tip, self) if self.trace else None
        self.detail = label("timelineDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop)
        if self.chart is not None:
            scroll = QScrollArea(self)
            scroll.setObjectName("timelineScroll")
            scroll.setWidgetResizable(True)
            scroll.setWidget(self.chart)
            layout.addWidget(scroll, 1)
            self.chart.selected.connect(self.show_span)
            self.chart.opened.connect(self.open_span)
        layout.addWidget(self.detail)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.raw_button = QPushButton(self.tr("Raw reply…"))
        self.raw_button.setToolTip(
            self.tr("What the model sent for the selected span, before parsing (as /debug shows)")
        )
        buttons.addButton(self.raw_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.raw_button.clicked.connect(lambda: self.open_span(self.chart.current if self.chart else -1))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.chart is not None:
            self.chart.select(0)
            self.chart.setFocus()
        fit_platform(self)

    def _heading(self, run_id: str) -> str:
        if self.trace is None:
            return self.tr("No run {run}.").format(run=html.escape(run_id))
        a = self.trace.root.attrs
        calls = int(a.get("calls", 0))
        bits = [
            self.trace.status,
            self.tr("revision {number}").format(number=self.trace.revision),
            self.tr("{seconds} s").format(seconds=decimal(self.trace.root.seconds)),
            self.tr("1 call") if calls == 1 else self.tr("%n calls", "", calls),
            self.tr("{input} in / {output} out tokens").format(
                input=number(a.get("input_tokens", 0)), output=number(a.get("output_tokens", 0))
            ),
        ]
        if "cost" in a:
            bits.append(money(a["cost"]))
        directive = " ".join(self.trace.directive.split())
        directive = directive if len(directive) <= 110 else directive[:109] + "…"
        dim = self.theme.dim
        return (
            f"<b>{html.escape(directive)}</b><br><span style='color:{dim}'>{html.escape(' · '.join(bits))}"
            " · " + self.tr("Up/Down select a span, Enter opens its raw reply") + "</span>"
        )

    def _color(self, span) -> str:
        if span.kind == "lead" and span.attrs.get("agent"):
            return self.theme.agent_ink(self.core.agents.look(span.attrs["agent"])[0])
        return getattr(self.theme, KIND_INK.get(span.kind, "dim"))

    def show_span(self, row: int) -> None:
        if self.trace is None or not 0 <= row < len(self.trace.spans):
            return
        span = self.trace.spans[row]
        self.detail.setText(detail_html(span, self.theme))
        self.raw_button.setEnabled(bool(calls_under(self.trace, span)))

    def open_span(self, row: int) -> QDialog | None:
        """The raw replies of the span's model calls (none: a gate or a tool call)."""
        if self.trace is None or not 0 <= row < len(self.trace.spans):
            return None
        span = self.trace.spans[row]
        replies = replies_of(self.trace, self.core.runs.raw_replies(self.trace.run_id), span)
        if not replies:
            self.detail.setText(
                detail_html(span, self.theme) + "<br><i>" + self.tr("No raw reply is stored for this span.") + "</i>"
            )
            return None
        if self.raw is not None:
            self.raw.close()
        entries = reply_entries(replies, self.core.agents.look)
        self.raw = RawDialog(
            self.tr("Raw reply · {span}").format(span=span.name),
            entries,
            self.theme,
            self,
            name="timelineRaw",
        )
        self.raw.show()
        return self.raw
