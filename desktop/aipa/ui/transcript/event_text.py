"""The texts the transcript's rows show for core events: a review decision, a tool call,
a routing message, and command-line hints made plain for the window."""

from __future__ import annotations

import json
import re
from typing import Any

from aipa.core import events as ev
from aipa.core.kinds import Action, Purpose, RouteMode, Stage
from aipa.core.run import told
from aipa.ui.transcript.model import ChatItem

INTERRUPTED_TEXT = "*Interrupted before it finished: resume the run (Ctrl+R) to finish it.*"
DECISION_TEXT: dict[str, str] = {
    Action.ACCEPT: "✓ Accepted",
    Action.EDIT: "✎ Changes requested",
    Action.REJECT: "✗ Rejected",
}
DECISION_LEVEL: dict[str, str] = {
    Action.ACCEPT: "ok",
    Action.EDIT: "warning",
    Action.REJECT: "error",
}  # theme.level_color
ROUTED_TEXT: dict[str, str] = {RouteMode.DELEGATE: "Delegating.", RouteMode.DIRECT: "I'll answer this myself."}
REJECTED_TEXT = "✗ Run ended: you rejected the result. Nothing waits; send a new directive to try again."


def plain(text: str) -> str:
    """Backticks from command-line hints, as quotes (the window is not a terminal)."""
    parts = text.split("`")
    if len(parts) < 3 or len(parts) % 2 == 0:
        return text.replace("`", "")
    return "".join(f"“{p}”" if i % 2 else p for i, p in enumerate(parts))


def decision_item(run_id: str, stage: str, action: str, feedback: str) -> ChatItem:
    what = "task briefs" if stage == Stage.PLAN_REVIEW else "deliverable"
    text = f"{DECISION_TEXT.get(action, action)} — {what}" + (f": “{feedback}”" if feedback else "")
    return ChatItem("decision", content=text, level=DECISION_LEVEL.get(action, "info"), run_id=run_id)


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
    words for a stored run), never the parser's reason."""
    text = e.message or ROUTED_TEXT.get(e.mode, "")
    if e.fallback:
        text += f"\n\n*{fell_back or told.fell_back(orchestrator, Purpose.ROUTE)}*"
    return text


def answer_text(question: str, answer: str) -> str:
    """An answer's row: the question it answers (in bold), then the answer."""
    return f"**{question}**\n{answer}" if question else answer
