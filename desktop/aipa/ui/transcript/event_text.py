"""The texts the transcript's rows show for core events: a review decision, a tool call,
a routing message, and command-line hints made plain for the window."""

from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QCoreApplication

from aipa.core import events as ev
from aipa.core.kinds import Action, Activity, Purpose, RouteMode, Stage
from aipa.core.run import told
from aipa.core.text.words import QT_TRANSLATE_NOOP
from aipa.ui.i18n import core_text, number
from aipa.ui.notice_words import worded
from aipa.ui.transcript.model import ChatItem

# The texts are marked here (context "EventText") and translated where a row is made.
translate = QCoreApplication.translate
INTERRUPTED_TEXT = QT_TRANSLATE_NOOP(
    "EventText", "*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*"
)
DECISION_TEXT: dict[str, str] = {
    Action.ACCEPT: QT_TRANSLATE_NOOP("EventText", "✓ Accepted"),
    Action.EDIT: QT_TRANSLATE_NOOP("EventText", "✎ Changes requested"),
    Action.REJECT: QT_TRANSLATE_NOOP("EventText", "✗ Rejected"),
}
DECISION_LEVEL: dict[str, str] = {
    Action.ACCEPT: "ok",
    Action.EDIT: "warning",
    Action.REJECT: "error",
}  # theme.level_color
ROUTED_TEXT: dict[str, str] = {
    RouteMode.DELEGATE: QT_TRANSLATE_NOOP("EventText", "Delegating."),
    RouteMode.DIRECT: QT_TRANSLATE_NOOP("EventText", "I'll answer this myself."),
}
REJECTED_TEXT = QT_TRANSLATE_NOOP(
    "EventText", "✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again."
)


def text(source: str) -> str:
    """One of this module's texts in the window's language."""
    return translate("EventText", source)


def plain(text: str) -> str:
    """Backticks from command-line hints, as quotes (the window is not a terminal)."""
    parts = text.split("`")
    if len(parts) < 3 or len(parts) % 2 == 0:
        return text.replace("`", "")
    return "".join(f"“{p}”" if i % 2 else p for i, p in enumerate(parts))


def decision_item(run_id: str, stage: str, action: str, feedback: str) -> ChatItem:
    what = (
        translate("EventText", "task briefs") if stage == Stage.PLAN_REVIEW else translate("EventText", "deliverable")
    )
    decided = text(DECISION_TEXT[action]) if action in DECISION_TEXT else action
    line = f"{decided} — {what}" + (f": “{feedback}”" if feedback else "")
    return ChatItem("decision", content=line, level=DECISION_LEVEL.get(action, "info"), run_id=run_id)


def _code(text: str, limit: int) -> str:
    flat = " ".join(text.split()).replace("`", "'")
    return "`" + (flat if len(flat) <= limit else flat[: limit - 1] + "…") + "`"


def tool_line(tool: str, arguments: dict[str, Any], result: str, limit: int = 240) -> str:
    """One tool call as a markdown line: ``⚙ server.tool {arguments} → result`` (the
    result as quoted data, without the ``<data>`` wrapper the model saw)."""
    shown = tool.replace("__", ".", 1)
    body = re.sub(r'^<data source="[^"]*">\s*|\s*</data>$', "", result.strip())
    args = json.dumps(arguments, ensure_ascii=False)
    mark = "✗" if body.startswith("Error:") else "→"
    return f"⚙ **{shown}** {_code(args, 160)} {mark} {_code(body, limit)}"


def routed_text(e: ev.Routed, orchestrator: str, fell_back: str = "") -> str:
    """The Chief of Staff's routing message. Clarifying questions are not listed here: the
    clarify card asks them, and each answer's row shows its question (``answer_text``).
    A fallback says what happened (``fell_back``: the live notice's words, else the same
    words for a stored run, ui/notice_words.py), never the parser's reason."""
    said = _routing_message(e) or (text(ROUTED_TEXT[e.mode]) if e.mode in ROUTED_TEXT else "")
    if e.fallback:
        said += f"\n\n*{fell_back or worded(told.fell_back_notice(e.run_id, orchestrator, Purpose.ROUTE))}*"
    return said


def _routing_message(e: ev.Routed) -> str:
    """The routing's message; the core's own "Delegating to Atlas, Iris." (a fallback's, or
    a routing reply without a message: core/text/parsing.py) in the window's language."""
    leads = ", ".join(str(b.get("agent", "")) for b in e.briefs)
    if e.mode == RouteMode.DELEGATE and leads and e.message == f"Delegating to {leads}.":
        return translate("EventText", "Delegating to {leads}.").format(leads=leads)
    return e.message


def answer_text(question: str, answer: str) -> str:
    """An answer's row: the question it answers (in bold), then the answer."""
    return f"**{question}**\n{answer}" if question else answer


def live_text(e: ev.AgentProgress) -> str:
    """An open call's line, as core/run/live.describe says it, in the window's language
    and numbers: "queued behind Rafael · 12 s", "reading the prompt · 640 of 1,531 tokens
    (42%) · 6 s", "writing · 340 tokens · 9.8 tokens/s · 9 s"."""
    clock = translate("EventText", "{n} s").format(n=number(e.seconds))
    if e.state == Activity.ASKING:  # (no clock: it waits for the Principal, not the server)
        if not e.tool:
            return translate("EventText", "waiting for your permission")
        return translate("EventText", "waiting for your permission to use {tool}").format(tool=e.tool)
    if e.state == Activity.QUEUED:
        if e.behind:
            who = translate("EventText", "queued behind {agent}").format(agent=e.behind)
        else:
            who = translate("EventText", "waiting for the server")
        return f"{who} · {clock}"
    if e.state == Activity.READING:
        reading = translate("EventText", "reading the prompt")
        if e.expected > e.seconds:  # from the prompt's size and the rate measured on this engine
            clock = translate("EventText", "{n} s of about {expected} s").format(
                n=number(e.seconds), expected=number(round(e.expected))
            )
        if not e.prompt_tokens:
            return f"{reading} · {clock}"
        if e.estimated and not e.prompt_done:
            about = translate("EventText", "about {total} tokens").format(total=number(e.prompt_tokens))
            return f"{reading} · {about} · {clock}"
        percent = round(100 * e.prompt_done / e.prompt_tokens)
        template = (
            translate("EventText", "{done} of {total} tokens (about {percent}%)")
            if e.estimated
            else translate("EventText", "{done} of {total} tokens ({percent}%)")
        )
        done = template.format(done=number(e.prompt_done), total=number(e.prompt_tokens), percent=percent)
        return f"{reading} · {done} · {clock}"
    verb = translate("EventText", "thinking") if e.state == Activity.THINKING else translate("EventText", "writing")
    tokens = translate("EventText", "{n} tokens").format(n=number(e.tokens))
    speed = " · " + translate("EventText", "{rate} tokens/s").format(rate=number(e.rate, 1)) if e.rate else ""
    return f"{verb} · {tokens}{speed} · {clock}"


def notice_text(source: str) -> str:
    """A notice the core wrote, translated when the catalogue has it."""
    return core_text(source)
