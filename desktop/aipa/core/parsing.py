"""Parsing model output: JSON that may hide in fences or prose, routing decisions,
audit verdicts. Every function here is pure and raises ``ParseError`` (a ValueError)
when the text cannot be used, so callers can re-ask and then fall back.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

NO_VERDICT = "NONE"
MODES = ("direct", "delegate", "clarify")


class ParseError(ValueError):
    """Model output that cannot be used as it is."""


_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.S)
_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S)
# Reasoning models put their thinking first; a "<think>" later on may be inside a JSON string.
_LEADING_THINK = re.compile(r"^\s*<think>.*?(?:</think>|$)", re.S)


def _candidates(text: str) -> list[str]:
    """Substrings worth trying as JSON, most likely first."""
    found = [m.group(1) for m in _FENCE.finditer(text)]
    found.append(text)
    return found


def _balanced_objects(text: str):
    """Yield every balanced ``{...}``/``[...]`` span, scanning string-aware."""
    for start, ch in enumerate(text):
        if ch not in "{[":
            continue
        stack: list[str] = []
        in_str = False
        escape = False
        for pos in range(start, len(text)):
            c = text[pos]
            if in_str:
                if escape:
                    escape = False
                elif c == "\\":
                    escape = True
                elif c == '"':
                    in_str = False
                continue
            if c == '"':
                in_str = True
            elif c in "{[":
                stack.append("}" if c == "{" else "]")
            elif c in "}]":
                if not stack or stack.pop() != c:
                    break
                if not stack:
                    yield text[start : pos + 1]
                    break


def extract_json(text: str) -> Any:
    """The first JSON object or array in ``text``, tolerating fences and prose."""
    if not text or not text.strip():
        raise ParseError("the reply was empty")
    cleaned = _LEADING_THINK.sub("", text)
    # An unclosed <think> would hide everything after it: then try the raw text too.
    texts = [cleaned, text] if cleaned != text else [text]
    for candidate in (c for t in texts for c in _candidates(t)):
        candidate = candidate.strip()
        try:
            return json.loads(candidate)
        except ValueError:
            pass
        for span in _balanced_objects(candidate):
            try:
                return json.loads(span)
            except ValueError:
                continue
    raise ParseError("no valid JSON object was found in the reply")


# --- routing ------------------------------------------------------------------------


@dataclass(frozen=True)
class Brief:
    agent: str
    title: str
    instructions: str


@dataclass(frozen=True)
class Routing:
    mode: str
    message: str
    briefs: tuple[Brief, ...] = ()
    questions: tuple[str, ...] = ()
    fallback: bool = False

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "message": self.message,
            "briefs": [b.__dict__ for b in self.briefs],
            "questions": list(self.questions),
            "fallback": self.fallback,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Routing:
        return cls(
            mode=data["mode"],
            message=data.get("message", ""),
            briefs=tuple(Brief(**b) for b in data.get("briefs", [])),
            questions=tuple(data.get("questions", [])),
            fallback=bool(data.get("fallback", False)),
        )


def routing_schema(lead_names: list[str]) -> dict:
    """JSON schema for the routing decision (used for constrained decoding)."""
    agent: dict[str, Any] = {"type": "string"}
    if lead_names:
        agent["enum"] = list(lead_names)
    return {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": list(MODES)},
            "message": {"type": "string"},
            "briefs": {
                "type": "array",
                "maxItems": max(1, len(lead_names)),
                "items": {
                    "type": "object",
                    "properties": {
                        "agent": agent,
                        "title": {"type": "string"},
                        "instructions": {"type": "string"},
                    },
                    "required": ["agent", "title", "instructions"],
                },
            },
            "questions": {"type": "array", "maxItems": 5, "items": {"type": "string"}},
        },
        "required": ["mode", "message"],
    }


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def parse_routing(text: str, lead_names: list[str], *, allow_clarify: bool = True) -> Routing:
    """A routing decision from model output; raises ParseError when unusable."""
    data = extract_json(text)
    if not isinstance(data, dict):
        raise ParseError("the reply must be a JSON object with a 'mode' field")
    by_lower = {n.lower(): n for n in lead_names}
    briefs: list[Brief] = []
    seen: dict[str, int] = {}
    raw_briefs = data.get("briefs") or data.get("tasks") or []
    if isinstance(raw_briefs, list):
        for item in raw_briefs:
            if not isinstance(item, dict):
                continue
            name = by_lower.get(_text(item.get("agent") or item.get("assignee")).lower())
            instructions = _text(item.get("instructions") or item.get("brief"))
            if not name or not instructions:
                continue
            title = _text(item.get("title")) or instructions.split("\n", 1)[0][:60]
            if name in seen:  # one brief per lead: merge duplicates
                old = briefs[seen[name]]
                briefs[seen[name]] = Brief(name, old.title, f"{old.instructions}\n\n{instructions}")
                continue
            seen[name] = len(briefs)
            briefs.append(Brief(name, title, instructions))
    questions = tuple(q.strip() for q in (data.get("questions") or []) if isinstance(q, str) and q.strip())
    mode = _text(data.get("mode")).lower()
    if mode not in MODES:
        mode = "delegate" if briefs else "clarify" if questions else ""
    message = _text(data.get("message"))
    if mode == "delegate" and not briefs:
        names = ", ".join(lead_names)
        raise ParseError(f"mode is 'delegate' but no brief names a known lead ({names})")
    if mode == "clarify":
        if not allow_clarify:
            raise ParseError("the Principal already answered; do not ask again: delegate or answer")
        if not questions:
            raise ParseError("mode is 'clarify' but there are no questions")
    if mode not in MODES:
        raise ParseError("'mode' must be one of direct, delegate, clarify")
    if mode == "delegate" and not message:
        message = "Delegating to " + ", ".join(b.agent for b in briefs) + "."
    return Routing(
        mode=mode,
        message=message,
        briefs=tuple(briefs) if mode == "delegate" else (),
        questions=questions if mode == "clarify" else (),
    )


def fallback_routing(directive: str, leads: list[tuple[str, str]], limit: int = 4) -> Routing:
    """Deterministic routing when the model's output was unusable twice:
    every lead (up to ``limit``) gets the directive from its own angle."""
    chosen = leads[:limit]
    briefs = tuple(
        Brief(
            agent=name,
            title=f"{title or name}: {directive[:50]}".strip(),
            instructions=(
                f"The Principal's directive: {directive}\n\n"
                f"Address it from your area ({title or 'your specialty'}). Be concrete and "
                "complete; use markdown headings, lists and tables where they help."
            ),
        )
        for name, title in chosen
    )
    names = ", ".join(b.agent for b in briefs)
    return Routing(
        mode="delegate",
        message=f"Delegating to {names}.",
        briefs=briefs,
        fallback=True,
    )


# --- audit verdicts -----------------------------------------------------------------

_VERDICT = re.compile(r"verdict\W{0,6}\s*(pass\s+with\s+notes|pass|flag|reject)\b", re.I)


def parse_verdict(memo: str) -> str:
    """The memo's verdict (the last ``VERDICT:`` line wins); NONE when there is none."""
    matches = _VERDICT.findall(_THINK.sub("", memo or ""))
    if not matches:
        return NO_VERDICT
    return re.sub(r"\s+", " ", matches[-1]).upper()


def task_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ..."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters
