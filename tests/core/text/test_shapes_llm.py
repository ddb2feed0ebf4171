"""Every reply schema through the REAL llama.cpp server, as the provider sends it: the
server turns it into a grammar (a schema it cannot take is an HTTP error) and the reply
is held to it: a JSON object whose first key is the schema's first property, where the
unconstrained small model would start with prose. (A full reply takes the small model
minutes on a shared CPU; the playbook tests cover parsing whole replies.)"""

from __future__ import annotations

import re

import pytest

from aipa.core.planning import artifacts as pa
from aipa.core.planning.intake import Extraction
from aipa.core.text.parsing import VERDICT_SCHEMA, Routing, parse_verdict_reply, routing_schema
from aipa.core.text.shapes import Shape, example_json
from aipa.providers.base import ChatRequest, ContentDelta, Done, Message
from aipa.providers.openai_compat import OpenAICompatProvider

pytestmark = pytest.mark.llm

LEADS = ["Atlas", "Cole"]
PROJECT = "A habit-tracking mobile app for busy parents; 3 developers, 2-week sprints, 12 points per sprint."
REPLIES: dict[str, tuple[type[Shape], dict]] = {
    "route": (Routing, routing_schema(LEADS)),
    "intake": (Extraction, pa.SCHEMAS["intake"]),
    **{stage: (model, pa.SCHEMAS[stage]) for stage, model in pa.REPLIES.items()},
}


@pytest.mark.parametrize("stage", list(REPLIES))
async def test_the_real_server_follows_each_reply_schema(llama_server, stage) -> None:
    model, schema = REPLIES[stage]
    provider = OpenAICompatProvider(llama_server.base_url, None, timeout=120)
    ask = f"Project: {PROJECT}\n\nGive the {stage} for it. Reply with one JSON object like: {example_json(model)}"
    request = ChatRequest(
        model="",
        messages=(Message("system", "You are a project planner. You answer in JSON."), Message("user", ask)),
        json_schema=schema,
        schema_name=stage,
        temperature=0.0,
        max_tokens=16,
    )
    try:
        events = [e async for e in provider.stream(request)]
    finally:
        await provider.aclose()
    text = "".join(e.text for e in events if isinstance(e, ContentDelta))
    assert isinstance(events[-1], Done)
    first = re.match(r'\s*\{\s*"(\w+)"', text)
    assert first and first.group(1) == next(iter(schema["properties"])), f"{stage}: {text!r}"


async def test_the_real_server_answers_the_verdict_call_with_one_of_the_four(llama_server) -> None:
    """The short verdict call (a memo without VERDICT line): held to the enum, the small
    model's whole reply parses."""
    provider = OpenAICompatProvider(llama_server.base_url, None, timeout=120)
    memo = "**Summary** The plan covers the days and the budget; the venue prices are guesses."
    ask = f"<memo>\n{memo}\n</memo>\n\nWhich verdict does the memo support? Reply with one JSON object."
    request = ChatRequest(
        model="",
        messages=(Message("system", "You are an auditor."), Message("user", ask)),
        json_schema=VERDICT_SCHEMA,
        schema_name="verdict",
        temperature=0.0,
        max_tokens=24,
    )
    try:
        events = [e async for e in provider.stream(request)]
    finally:
        await provider.aclose()
    text = "".join(e.text for e in events if isinstance(e, ContentDelta))
    assert parse_verdict_reply(text) in ("PASS", "PASS WITH NOTES", "FLAG", "REJECT"), text
