"""Parsing model output: JSON that may hide in fences or prose, replies validated
against their shape (``parse_as``), routing decisions, audit verdicts. Every function
here is pure and raises ``ParseError`` (a ValueError) when the text cannot be used, so
callers can re-ask and then fall back.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args

from pydantic import AliasChoices, BaseModel, BeforeValidator, Field
from pydantic.json_schema import SkipJsonSchema

from aipa.core.kinds import GIVEN_VERDICTS, Verdict
from aipa.core.text.shapes import Shape, Text, Texts, check, hint, reply_schema, texts

M = TypeVar("M", bound=BaseModel)


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
    """Yield every balanced ``{...}``/``[...]`` span with where it starts, scanning
    string-aware."""
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
                    yield start, text[start : pos + 1]
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
        spans = list(_balanced_objects(candidate))
        opening = next((i for i, c in enumerate(candidate) if c in "{["), -1)
        if spans and spans[0][0] != opening:
            # The first bracket never closes here: a fence cut short by a ``` inside a JSON
            # string. Its inner spans are pieces of a value; the next candidate is whole.
            continue
        for _start, span in spans:
            try:
                return json.loads(span)
            except ValueError:
                continue
    raise ParseError("no valid JSON object was found in the reply")


# --- replies -------------------------------------------------------------------------


def parse_as(model: type[M], text: str) -> M:
    """A model's reply as ``model``: JSON found in the text, then validated. A reply that
    is a bare list where ``model`` holds one list is taken as that list."""
    data = extract_json(text)
    names = list(model.model_fields)
    if isinstance(data, list) and len(names) == 1:
        data = {names[0]: data}
    if not isinstance(data, dict):
        raise ParseError("the reply must be a JSON object with " + ", ".join(f"'{n}'" for n in names))
    return check(model, data, ParseError)


# --- routing ------------------------------------------------------------------------

Mode = Literal["direct", "delegate", "clarify"]
MODES: tuple[str, ...] = get_args(Mode)


class Brief(Shape):
    agent: Annotated[Text, Field(validation_alias=AliasChoices("agent", "assignee"))] = ""
    title: Text = ""
    instructions: Annotated[Text, Field(validation_alias=AliasChoices("instructions", "brief"))] = ""


def _mode(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


class Routing(Shape):
    """The orchestrator's decision: answer directly, delegate briefs to leads, or ask."""

    reply_optional: ClassVar[tuple[str, ...]] = ("briefs", "questions", "checks")

    mode: Annotated[Mode, BeforeValidator(_mode)]
    message: Text = ""
    briefs: tuple[Brief, ...] = ()
    questions: Annotated[Texts, hint(maxItems=5)] = ()
    # requirements of the directive a program cannot compute (judged checks, issue 31)
    checks: Annotated[Texts, hint(maxItems=6)] = ()
    fallback: SkipJsonSchema[bool] = False  # ours, never the model's

    def to_dict(self) -> dict:
        return self.model_dump(mode="json")

    @classmethod
    def from_dict(cls, data: dict) -> Routing:
        return cls.model_validate(data)


# Bounds for constrained decoding (characters): a small model held to a grammar with
# unbounded strings can write one until its budget runs out and never close the JSON.
# The message holds a direct answer, so it has the route budget's room (512 tokens).
# Bounds in characters, so the grammar ends each string: a small model loops inside the
# message until its budget runs out (SmolLM2 wrote 441 of its 512 routing tokens as one
# sentence again and again: issue 32). A direct answer longer than its message's bound
# takes a call of its own (``direct_answer``).
ROUTE_BOUNDS = {"message": 300, "title": 80, "instructions": 400, "question": 200, "check": 120}
MAX_QUESTIONS = 3  # what the route request asks for
MAX_CHECKS = 6  # judged checks the router may propose (core/checks/merge.py)


def routing_schema(lead_names: list[str]) -> dict:
    """JSON schema for the routing decision (used for constrained decoding): the briefs an
    object keyed by lead name, so a grammar lets each lead appear once (SmolLM2 held to a
    list wrote brief after brief for ONE lead, each to its bound, and filled the route
    budget: issue 32), every string bounded, and the briefs required and BEFORE the
    message. A small model held to the schema otherwise writes the mode and a message and
    closes the object without briefs, or loops in the message until its budget runs out;
    with the briefs first, a reply cut in its message still has them
    (``text.truncated``). A direct answer gives ``"briefs": {}``."""
    schema = reply_schema(Routing)
    order = ("mode", "briefs", "message", "questions", "checks")
    schema["properties"] = {k: schema["properties"][k] for k in order}
    schema["required"] = ["mode", "briefs", "message"]
    props = schema["properties"]
    props["message"]["maxLength"] = ROUTE_BOUNDS["message"]
    brief = {
        "type": "object",
        "properties": {
            "title": {"type": "string", "maxLength": ROUTE_BOUNDS["title"]},
            "instructions": {"type": "string", "maxLength": ROUTE_BOUNDS["instructions"]},
        },
        "required": ["title", "instructions"],
        "additionalProperties": False,
    }
    props["briefs"] = {
        "type": "object",
        "properties": {name: brief for name in lead_names},
        "additionalProperties": False,
    }
    if not lead_names:  # no team known: any lead name, checked by the parser
        props["briefs"]["additionalProperties"] = brief
    props["questions"]["maxItems"] = MAX_QUESTIONS
    props["questions"]["items"]["maxLength"] = ROUTE_BOUNDS["question"]
    props["checks"]["maxItems"] = MAX_CHECKS
    props["checks"]["items"]["maxLength"] = ROUTE_BOUNDS["check"]
    return schema


def _brief_items(raw: Any) -> list[Any]:
    """The briefs of a reply as a list of objects: the schema's object keyed by lead name
    (``{"Atlas": {"title": …, "instructions": …}}``) or a list of objects naming their
    ``agent`` (what a model without the schema, or an older one, writes)."""
    if isinstance(raw, dict):
        return [
            {**item, "agent": name} if isinstance(item, dict) else {"agent": name, "instructions": item}
            for name, item in raw.items()
            if isinstance(item, dict | str)
        ]
    return list(raw) if isinstance(raw, list) else []


def _briefs(raw: Any, lead_names: list[str]) -> list[Brief]:
    """Briefs for known leads only (any case), one per lead: duplicates are merged."""
    by_lower = {n.lower(): n for n in lead_names}
    briefs: list[Brief] = []
    seen: dict[str, int] = {}
    for item in _brief_items(raw):
        if not isinstance(item, dict):
            continue
        brief = check(Brief, item, ParseError)
        name = by_lower.get(brief.agent.lower())
        if not name or not brief.instructions:
            continue
        if name in seen:
            old = briefs[seen[name]]
            briefs[seen[name]] = old.model_copy(update={"instructions": f"{old.instructions}\n\n{brief.instructions}"})
            continue
        seen[name] = len(briefs)
        title = brief.title or brief.instructions.split("\n", 1)[0][:60]
        briefs.append(brief.model_copy(update={"agent": name, "title": title}))
    return briefs


DIRECT_MIN_WORDS = 12  # a shorter 'direct' routing message is taken for a pledge, not the answer


def direct_answer(routing: Routing) -> str:
    """The answer a 'direct' routing reply carries in its message (the route prompt asks
    for the complete answer there), or '' when it carries none worth using: then the
    answer takes a call of its own, as it did before."""
    if routing.mode != "direct" or routing.fallback:
        return ""
    text = routing.message.strip()
    if len(routing.message) >= ROUTE_BOUNDS["message"] - 1:  # stopped at its bound: cut, not whole
        return ""
    return text if len(text.split()) >= DIRECT_MIN_WORDS else ""


def parse_routing(text: str, lead_names: list[str], *, allow_clarify: bool = True) -> Routing:
    """A routing decision from model output; raises ParseError when unusable."""
    data = extract_json(text)
    if not isinstance(data, dict):
        raise ParseError("the reply must be a JSON object with a 'mode' field")
    briefs = _briefs(data.get("briefs") or data.get("tasks"), lead_names)
    data = {**data, "briefs": briefs, "fallback": False}
    if _mode(data.get("mode")) not in MODES:  # infer it from what the reply holds
        data["mode"] = "delegate" if briefs else "clarify" if texts(data.get("questions")) else ""
    if data["mode"] == "":
        raise ParseError("'mode' must be one of direct, delegate, clarify")
    routing = check(Routing, data, ParseError)
    if routing.mode == "delegate" and not routing.briefs:
        names = ", ".join(lead_names)
        raise ParseError(f"mode is 'delegate' but no brief names a known lead ({names})")
    if routing.mode == "clarify":
        if not allow_clarify:
            raise ParseError("the Principal already answered; do not ask again: delegate or answer")
        if not routing.questions:
            raise ParseError("mode is 'clarify' but there are no questions")
    message = routing.message
    if routing.mode == "delegate" and not message:
        message = "Delegating to " + ", ".join(b.agent for b in routing.briefs) + "."
    return routing.model_copy(
        update={
            "message": message,
            "briefs": routing.briefs if routing.mode == "delegate" else (),
            "questions": routing.questions if routing.mode == "clarify" else (),
        }
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


def parse_verdict(memo: str) -> Verdict:
    """The memo's verdict (the last ``VERDICT:`` line wins); NONE when there is none."""
    matches = _VERDICT.findall(_THINK.sub("", memo or ""))
    if not matches:
        return Verdict.NONE
    return Verdict(re.sub(r"\s+", " ", matches[-1]).upper())


# The short second call when a memo has no VERDICT line: one field, four words.
VERDICT_SCHEMA: dict = {
    "type": "object",
    "properties": {"verdict": {"type": "string", "enum": [str(v) for v in GIVEN_VERDICTS]}},
    "required": ["verdict"],
}
_BARE_VERDICT = re.compile(r"\b(pass\s+with\s+notes|pass|flag|reject)\b", re.I)


def parse_verdict_reply(text: str) -> Verdict:
    """The verdict of the short verdict call: ``{"verdict": ...}``, or (a server that
    ignored the constraint) one verdict word alone; raises ParseError otherwise."""
    try:
        data = extract_json(text)
    except ParseError:
        data = None
    value = data.get("verdict") if isinstance(data, dict) else None
    words = _BARE_VERDICT.findall(value if isinstance(value, str) else _THINK.sub("", text or ""))
    found = {re.sub(r"\s+", " ", w).upper() for w in words}
    if len(found) != 1:
        raise ParseError('the reply must be {"verdict": "PASS" | "PASS WITH NOTES" | "FLAG" | "REJECT"}')
    return Verdict(found.pop())


def task_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ..."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters
