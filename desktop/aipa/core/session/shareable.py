"""The shareable Markdown export: what a colleague reads. Each run opens with the
directive, the deliverable, the verdict and the audit memo; the leads' reports and the
tools they used come after, in plain words. Never raw JSON, ``<data source=…>``
wrappers or internal ids (runs, tasks, sessions): the JSON export keeps all of those
(it is the machine format, ``export.session_data``)."""

from __future__ import annotations

import json
import re
from typing import Any

from aipa.core.kinds import MessageKind
from aipa.core.session import export_pictures

IDS = re.compile(r"[ \t]*(?:·[ \t]*)?\b[RST]-\d{8}-\d{3}(?:-[A-Z0-9]+)?\b(?:[ \t]*·)?")
DATA_OPEN = re.compile(r"<data source=\"[^\"]*\">\n?")
DATA_CLOSE = re.compile(r"\n?</ ?data>")
VERDICT_LINE = re.compile(r"^\s*\**VERDICT:.*$", re.MULTILINE | re.IGNORECASE)
MEMO_TITLE = re.compile(r"^\s*\**Audit memo\**\s*\n", re.IGNORECASE)
WORKER_LINE = re.compile(r"^WORKER [A-Z0-9-]+:.*\n?", re.MULTILINE)  # a lead's plan for its workers
RESULT_CHARS = 600
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
STAGE = {"review": "deliverable", "plan_review": "task briefs"}
ACTION = {"accept": "accepted", "edit": "asked for a revision", "reject": "rejected", "later": "left for later"}


def clean(text: str) -> str:
    """Model or tool text without internal ids and quoted-data wrappers."""
    text = DATA_CLOSE.sub("", DATA_OPEN.sub("", text or ""))
    return IDS.sub("", text).strip()


def nested(text: str, under: int, drop: str = "") -> str:
    """Model-written Markdown placed under a heading of level ``under``: its headings
    moved below that level, its own top level becoming ``under + 1`` (code blocks
    untouched), and a first heading that only repeats ``drop`` (the section's own title)
    left out."""
    lines = text.strip().splitlines()
    first = HEADING.match(lines[0]) if lines else None
    if first and drop:
        words = first.group(2).strip("# ").casefold().removeprefix("deliverable:").strip()
        if words in (drop.casefold(), ""):
            lines = lines[1:]
    headings = []
    inside = False
    for line in lines:
        inside = inside != bool(FENCE.match(line))
        headings.append(None if inside else HEADING.match(line))
    shift = under + 1 - min((len(h.group(1)) for h in headings if h), default=under + 1)
    out = [
        line if h is None else "#" * max(1, min(6, len(h.group(1)) + shift)) + " " + h.group(2).strip("# ")
        for line, h in zip(lines, headings, strict=True)
    ]
    return "\n".join(out).strip()


def _quote(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def _value(value: Any, limit: int = 120) -> str:
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        value = ", ".join(str(v) for v in value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _readable_result(result: str) -> str:
    """A tool's result for a person: its text (wrappers gone), JSON as "key: value" lines."""
    text = clean(result)
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        text = "\n".join(f"{k}: {_value(v)}" for k, v in parsed.items())
    elif isinstance(parsed, list):
        text = "\n".join(f"- {_value(v)}" for v in parsed[:20])
    return text if len(text) <= RESULT_CHARS else text[:RESULT_CHARS].rstrip() + " …"


def tool_call(content: str) -> list[str]:
    """One stored tool call (``{"tool", "arguments", "result"}``) in plain words."""
    try:
        record = json.loads(content)
    except ValueError:
        record = None
    if not isinstance(record, dict):
        return [*_quote(clean(content)), ""]
    name = str(record.get("tool", "a tool")).replace("__", ".")
    args = record.get("arguments") or {}
    said = "; ".join(f"{k}: “{_value(v, 80)}”" for k, v in args.items()) if isinstance(args, dict) else ""
    lines = [f"- **{name}**" + (f" ({said})" if said else "")]
    result = _readable_result(str(record.get("result", "")))
    if result:
        lines += ["", *("  " + line for line in _quote(result))]
    return [*lines, ""]


def _memo(text: str) -> str:
    return VERDICT_LINE.sub("", MEMO_TITLE.sub("", clean(text))).strip()


def _run_section(run: dict, messages: list[dict], heading: str) -> list[str]:
    mine = [m for m in messages if m["run_id"] == run["run_id"]]
    last = {m["kind"]: m for m in mine}  # the latest of each kind (a revision replaces the first version)
    out = [f"## {heading}", ""]
    revision, of = run.get("revision", 1), run.get("revisions", 0)
    if revision > 1 or of > 1:  # a re-run, or a run re-run since (issue 23): say which revision this is
        which = f"Revision {revision}" + (f" of {of}" if of > 1 else "")
        said = "a re-run of an earlier revision, which is kept" if revision > 1 else "the first; its re-runs are kept"
        out += [f"*{which}: {said}.*", ""]
    out += [*_quote(clean(run["directive"])), ""]
    for picture in run.get("pictures", ()):  # attached with the directive (core/session/export_pictures.py)
        out += [export_pictures.markdown_line(picture), ""]
    answers = [m for m in mine if m["kind"] == MessageKind.ANSWER]
    if answers:
        out += ["**Your answers to the clarifying questions**", ""]
        for m in answers:
            out += [*_quote(clean(m["content"])), ""]
    deliverable = last.get(MessageKind.DELIVERABLE) or last.get(MessageKind.ROUTING)
    text = deliverable["content"] if deliverable else run.get("deliverable", "")  # kept by a re-run of the audit
    if text:
        out += ["### Deliverable", "", nested(clean(text), 3, clean(run["directive"])), ""]
    out += _checks(run.get("checks") or [])
    verdict = run.get("verdict") or ""
    audit = last.get(MessageKind.AUDIT)
    if verdict or audit:
        out += [f"### Audit: {verdict.replace('_', ' ') or 'no verdict'}", ""]
        if audit:
            out += [_memo(audit["content"]), ""]
    reviews = [
        f"{ACTION.get(v['action'], v['action'])} the {STAGE.get(v['stage'], v['stage'].replace('_', ' '))}"
        + (f" (“{_value(v['feedback'])}”)" if v.get("feedback") else "")
        for v in run["reviews"]
    ]
    if reviews:
        out += [f"*Review: {', '.join(reviews)}.*", ""]
    out += _leads(run, mine)
    return out


def _checks(checks: list[dict]) -> list[str]:
    """The run's checks, failed ones first, each ✓ / ✗ with what was found."""
    if not checks:
        return []
    marks = {True: "✓", False: "✗", None: "?"}
    ordered = sorted(checks, key=lambda c: {False: 0, None: 1, True: 2}[c.get("passed")])
    out = ["### Checks", ""]
    for c in ordered:
        detail = f": {_value(c['detail'])}" if c.get("detail") else ""
        out.append(f"- {marks[c.get('passed')]} {_value(c['text'])}{detail}")
    return out + [""]


def _leads(run: dict, mine: list[dict]) -> list[str]:
    out: list[str] = []
    for task in run["tasks"]:
        reports = [m for m in mine if m["task_id"] == task["task_id"] and m["kind"] == MessageKind.TASK_OUTPUT]
        tools = [m for m in mine if m["task_id"] == task["task_id"] and m["kind"] == MessageKind.TOOL]
        kept = task.get("output", "") if task["status"] == "complete" else ""  # a re-run kept it: no message
        if not (reports or tools or kept):
            continue
        if not out:
            out += ["### How the team got there", ""]
        out += [f"#### {task['assigned_to']}: {clean(task['title'])}", ""]
        if reports or kept:
            report = WORKER_LINE.sub("", clean(reports[-1]["content"] if reports else kept))
            out += [nested(report, 4, clean(task["title"])), ""]
        if tools:
            out += [f"**Tools {task['assigned_to']} used**", ""]
            for m in tools:
                out += tool_call(m["content"])
    return out


def _conversation(messages: list[dict]) -> list[str]:
    """Direct conversations (no run): who said what."""
    talk = [m for m in messages if not m["run_id"] and m["kind"] != MessageKind.BRIEF]
    if not talk:
        return []
    out = ["## Conversation", ""]
    for m in talk:
        who = "You" if m["role"] == "user" else m["agent"] or "Assistant"
        out += [f"**{who}:**", "", nested(clean(m["content"]), 2), ""]
    return out


def shareable_markdown(data: dict) -> str:
    """The session (``export.session_data``) as a document to share."""
    runs = data["runs"]
    title = clean(data["title"]) or "AIPA session"
    started = data["created_at"][:16].replace("T", " ")
    out = [f"# {title}", "", f"*AIPA session started {started}*" if started else "", ""]
    for n, run in enumerate(runs, 1):
        out += _run_section(run, data["messages"], "Directive" if len(runs) == 1 else f"Directive {n}")
    out += _conversation(data["messages"])
    usage = data["usage"]
    out += ["---", "", f"*Tokens: {usage['input_tokens']:,} in · {usage['output_tokens']:,} out*", ""]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out))
