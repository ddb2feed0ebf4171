"""The scripted provider: deterministic, offline, for ``--dry-run``, demos and tests.

Its "models" are scenarios:
- ``demo`` (default): a plausible team at work; short directives get clarifying questions.
- ``garbage``: unusable output everywhere (broken JSON, empty replies, no verdict), to
  exercise every fallback.
- ``direct``: the orchestrator answers directly.
- ``docs``: leads search the attached material, call MCP tools and cite sources
  (``scripted_docs``).
- ``deep-list``, ``big-table``, ``long-line``, ``many-headings`` (not listed): a direct
  answer no person writes, for the window's bounds (``scripted_pathological``).

The same request always yields the same stream. Speed is set in tokens per second
(None = as fast as possible).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import AsyncIterator, Callable

from aipa.errors import ModelMissingError
from aipa.providers.base import (
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    StreamEvent,
    ThinkingDelta,
    ToolCall,
    ToolCallEvent,
    Usage,
)
from aipa.providers.scripted_docs import CALL_MARK, docs_script
from aipa.providers.scripted_pathological import REPLIES as PATHOLOGICAL
from aipa.providers.scripted_pathological import chunks, script_for
from aipa.providers.scripted_plan import demo_plan, route_leads
from aipa.providers.scripted_plan import last_user as _last_user
from aipa.providers.scripted_plan import topic as _topic

SCENARIOS = ("demo", "garbage", "direct", "clarify", "docs")
Script = Callable[[ChatRequest], str]

_TOKEN = re.compile(r"\s*\S+|\s+")


def tokens(text: str) -> list[str]:
    """Split text into word-ish tokens that concatenate back to it."""
    return _TOKEN.findall(text)


def _leads(request: ChatRequest) -> list[str]:
    return route_leads(request.json_schema)


def _pick(seed: str, options: list[str]) -> str:
    digest = int(hashlib.sha256(seed.encode()).hexdigest(), 16)
    return options[digest % len(options)]


# --- the demo scenario ---------------------------------------------------------------

_ANGLES = {
    0: ("Research the options", "Survey the realistic options, with facts and trade-offs."),
    1: ("Plan the logistics", "Turn the directive into a concrete, scheduled plan with owners."),
    2: ("Analyse costs and risks", "Estimate costs, compare alternatives, list the main risks."),
    3: ("Shape the experience", "Describe how it will feel for the people involved."),
}


def _demo_route(request: ChatRequest) -> str:
    topic = _topic(request)
    leads = _leads(request) or ["Atlas", "Cole", "Clio"]
    answered = request.tags.get("answered") == "yes"
    if len(topic.split()) < 3 and not answered:
        return json.dumps(
            {
                "mode": "clarify",
                "message": "Before I brief the team I need two details.",
                "questions": [
                    f"What outcome do you want from \u201c{topic}\u201d? (default: a short written plan)",
                    "Is there a deadline or budget we must respect? (default: none beyond common sense)",
                ],
            }
        )
    chosen = leads[: min(3, len(leads))]
    briefs = {  # keyed by lead name, as the routing schema asks
        name: {"title": _ANGLES[i % 4][0], "instructions": f"{_ANGLES[i % 4][1]} Directive: {topic}"}
        for i, name in enumerate(chosen)
    }
    return json.dumps(
        {"mode": "delegate", "message": f"Delegating to {', '.join(chosen)}.", "briefs": briefs},
        indent=2,
    )


def _demo_lead(request: ChatRequest) -> str:
    agent = request.tags.get("agent", "Lead")
    title = request.tags.get("title", "Brief")
    topic = _topic(request)
    options = ["Option A", "Option B", "Option C"]
    rows = "\n".join(
        f"| {opt} | {_pick(agent + opt + topic, ['low', 'medium', 'high'])} | "
        f"{_pick(opt + topic, ['2 days', '1 week', '3 weeks'])} |"
        for opt in options
    )
    workers = options_heading = checks = ""
    if agent == "Atlas":  # one lead composes workers, as the lead prompts allow (core/run/workers.py)
        workers = (
            f"WORKER RSCH-001: survey the realistic options for {topic[:60]}\n"
            "WORKER RSCH-002: check prices, lead times and availability to verify\n\n"
        )
        options_heading = "### RSCH-001 · The options\n\n"
        checks = (
            "### RSCH-002 · Prices and availability\n\n"
            + "\n".join(f"- {opt}: {_pick(opt + topic, ['confirmed', 'to confirm', 'waitlist'])}" for opt in options)
            + "\n\n"
        )
    return (
        f"{workers}## {title}\n\n"
        f"{agent} looked at *{topic}* and found three workable paths.\n\n"
        f"{options_heading}| Option | Effort | Lead time |\n|---|---|---|\n{rows}\n\n"
        f"{checks}### Recommendation\n\n"
        f"- Start with **{_pick(agent + topic, options)}**: it balances effort and speed.\n"
        "- Confirm the constraints with the Principal before committing money.\n"
        "- Revisit after the first milestone.\n"
    )


def _demo_synthesis(request: ChatRequest) -> str:
    topic = _topic(request)
    feedback = request.tags.get("feedback", "")
    revised = f"\n> Revised after feedback: {feedback}\n" if feedback else ""
    return (
        f"# Deliverable: {topic}\n{revised}\n"
        "## Summary\n\n"
        "The team converged on a phased plan: research first, logistics second, with a "
        "cost and risk check before anything is booked.\n\n"
        "## Plan\n\n"
        "| Phase | Owner | Outcome |\n|---|---|---|\n"
        "| 1. Options | Atlas | Short list with trade-offs |\n"
        "| 2. Logistics | Cole | Schedule, bookings, owners |\n"
        "| 3. Costs & risks | Clio | Budget and mitigations |\n\n"
        "Before booking, check:\n"
        "- [x] Dates that suit the whole team\n"
        "- [ ] Budget per person, about $B / n$ for a budget $B$ and $n$ people\n"
        "  - venue and rooms\n"
        "  - travel\n"
        "- [ ] ~~Weekend travel~~ weekdays only\n\n"
        "## Next steps\n"
        "1. Approve the short list.\n2. Confirm budget and dates.\n3. Book.\n\n"
        "The shared tracker, filled from the plan (reference: https://example.org/offsite-guide):\n\n"
        "```\n"
        "import csv\n"
        "phases = [('Options', 'Atlas'), ('Logistics', 'Cole'), ('Costs & risks', 'Clio')]\n"
        "with open('tracker.csv', 'w', newline='') as f:\n"
        "    csv.writer(f).writerows([('phase', 'owner', 'status', 'notes for the team, kept short')] + "
        "[(p, o, 'open', '') for p, o in phases])\n"
        "```\n"
    )


def _demo_direct(request: ChatRequest) -> str:
    return f"Here is a direct answer to *{_topic(request)}*: it needs no delegation.\n"


def _demo_audit(request: ChatRequest) -> str:
    return (
        "**Audit memo**\n\n"
        "- The deliverable answers the directive and is internally consistent.\n"
        "- Budget figures are estimates; confirm them before committing.\n\n"
        "VERDICT: PASS WITH NOTES"
    )


def _demo_memory(request: ChatRequest) -> str:
    current = _last_user(request)
    match = re.search(r"<standing_brief>\n?(.*?)</standing_brief>", current, re.S)
    brief = (match.group(1) if match else "").rstrip()
    topic = _topic(request)
    return f"{brief}\n- Worked on: {topic[:80]}\n".lstrip()


def demo_script(request: ChatRequest) -> str:
    purpose = request.purpose
    if purpose.startswith("plan_"):
        return demo_plan(request)
    if purpose == "route":
        return _demo_route(request)
    if purpose == "lead":
        return _demo_lead(request)
    if purpose == "synthesize":
        return _demo_synthesis(request)
    if purpose == "direct":
        return _demo_direct(request)
    if purpose == "audit":
        return _demo_audit(request)
    if purpose == "memory":
        return _demo_memory(request)
    return f"({request.tags.get('agent', 'Agent')}) Noted: {_last_user(request)[:200]}"


def direct_script(request: ChatRequest) -> str:
    if request.purpose == "route":
        return json.dumps({"mode": "direct", "message": "I can answer this myself."})
    return demo_script(request)


def clarify_script(request: ChatRequest) -> str:
    """Two rounds of questions: the answers to the first raise a follow-up (while the
    pipeline allows another round), then the demo team takes over."""
    if request.purpose == "route" and request.tags.get("answered") != "yes":
        return json.dumps(
            {
                "mode": "clarify",
                "message": "One question first.",
                "questions": ["Who is the audience?", "What is the deadline? (default: end of the month)"],
            }
        )
    if request.purpose == "route" and request.tags.get("round") == "2" and request.tags.get("may_ask") == "yes":
        return json.dumps({"mode": "clarify", "message": "Your answers raise one more.", "questions": ["Which city?"]})
    return demo_script(request)


def garbage_script(request: ChatRequest) -> str:
    if request.purpose == "route":
        return '{"mode": "delegate", "briefs": [ {"agent": '  # broken JSON, no briefs
    if request.purpose == "audit":
        return "Looks fine I guess."  # no verdict line
    return ""  # empty replies everywhere else


SCRIPTS: dict[str, Script] = {
    "demo": demo_script,
    "garbage": garbage_script,
    "direct": direct_script,
    "clarify": clarify_script,
    "docs": docs_script,
    # not in SCENARIOS: replies no person writes, for the window's bounds (scripted_pathological)
    **{name: script_for(name, demo_script) for name in PATHOLOGICAL},
}


def _thinking_for(request: ChatRequest) -> str:
    if request.purpose in ("route", "synthesize", "plan_analysis"):
        return (
            f"The Principal wants: {_topic(request)}. "
            "Consider who on the team is best placed, what each needs, and what could go wrong.\n"
            "Keep it concrete."
        )
    return ""


class ScriptedProvider:
    """Deterministic provider; see module doc."""

    name = "scripted"

    def __init__(
        self,
        default_model: str = "demo",
        *,
        tokens_per_second: float | None = None,
        script: Script | None = None,
        think: bool = True,
    ) -> None:
        self.default_model = default_model or "demo"
        self.tokens_per_second = tokens_per_second
        self._script = script
        self._think = think
        self.calls: list[ChatRequest] = []

    def _script_for(self, model: str) -> Script:
        if self._script is not None:
            return self._script
        return SCRIPTS.get(model or self.default_model, demo_script)

    async def list_models(self) -> list[str]:
        return list(SCENARIOS)

    async def aclose(self) -> None:
        return None

    async def stream(self, request: ChatRequest) -> AsyncIterator[StreamEvent]:
        self.calls.append(request)
        model = request.model or self.default_model
        if self._script is None and model not in SCRIPTS:
            raise ModelMissingError(
                f"the scripted provider has no scenario '{model}'",
                hint="use one of: " + ", ".join(SCENARIOS),
            )
        text = self._script_for(model)(request)
        delay = 1.0 / self.tokens_per_second if self.tokens_per_second else 0.0
        out_tokens = 0
        finish = "stop"
        thinking = _thinking_for(request) if self._think and request.think is not False else ""
        for piece in tokens(thinking):
            out_tokens += 1
            yield ThinkingDelta(piece)
            await asyncio.sleep(delay)
        call = _tool_call_for(request) or _marked_call(text, request)
        if call is not None:
            out_tokens += 1
            yield ToolCallEvent(call)
        else:
            # a pathological reply comes in pieces of lines: what is under test is the reply, not its budget
            for piece in chunks(text) if model in PATHOLOGICAL else tokens(text):
                if request.max_tokens and out_tokens >= request.max_tokens:  # cut at the budget, as servers do
                    finish = "length"
                    break
                out_tokens += 1
                yield ContentDelta(piece)
                await asyncio.sleep(delay)
        in_tokens = sum(len(tokens(m.content)) for m in request.messages)
        yield Usage(in_tokens, out_tokens)
        yield Done("tool_calls" if call else finish)


def _tool_call_for(request: ChatRequest) -> ToolCall | None:
    """In tool-enabled chats, a message starting with ``/tool NAME {json}`` makes the
    scripted model call that tool once (deterministic tool-loop tests and demos)."""
    if not request.tools or not request.messages:
        return None
    last: Message = request.messages[-1]
    if last.role != "user":
        return None
    match = re.match(r"/tool\s+(\w+)\s*(\{.*\})?\s*$", last.content.strip(), re.S)
    if not match:
        return None
    try:
        args = json.loads(match.group(2) or "{}")
    except ValueError:
        args = {}
    return ToolCall(id="call-1", name=match.group(1), arguments=args)


def _marked_call(text: str, request: ChatRequest) -> ToolCall | None:
    """A script's own tool call: ``CALL_MARK name {json}`` (the ``docs`` scenario)."""
    if not text.startswith(CALL_MARK):
        return None
    name, _, args = text[len(CALL_MARK) :].partition(" ")
    return ToolCall(id=f"call-{len(request.messages)}", name=name, arguments=json.loads(args or "{}"))
