"""AnthropicProvider against the Anthropic double (scripted: no real Claude here)."""

from __future__ import annotations

import json
import logging

import pytest

from aipa.errors import AuthError, BadResponseError
from aipa.providers.anthropic import AnthropicProvider, wire_messages
from aipa.providers.base import ChatRequest, ContentDelta, Done, Message, ThinkingDelta, ToolCall, Usage
from tests.doubles.anthropic import API_KEY, AnthropicDouble, Reply, error_reply

HELLO = ChatRequest(model="", messages=(Message("system", "Be brief."), Message("user", "hello")))


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
async def double():
    async with AnthropicDouble() as server:
        yield server


@pytest.fixture
async def provider(double):
    p = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url, sleep=Sleeps())
    yield p
    await p.aclose()


async def collect(provider, request) -> list:
    return [e async for e in provider.stream(request)]


def body(double) -> dict:
    return double.message_requests[-1].body


async def test_system_goes_apart_and_max_tokens_is_always_sent(provider, double) -> None:
    events = await collect(provider, HELLO)
    sent = body(double)
    assert sent["system"] == "Be brief." and sent["max_tokens"] == 4096 and sent["stream"] is True
    assert sent["messages"] == [{"role": "user", "content": [{"type": "text", "text": "hello"}]}]
    assert "thinking" not in sent and "tools" not in sent and "tool_choice" not in sent
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == "You said: hello"


async def test_usage_counts_input_from_message_start_and_output_from_message_delta(provider, double) -> None:
    double.replies.append(Reply([("text", "one two three")]))
    events = await collect(provider, HELLO)
    usage = events[-2]
    assert isinstance(usage, Usage) and usage.output_tokens == 3 and usage.input_tokens > 5
    assert events[-1] == Done("stop")


async def test_max_tokens_stop_is_a_length_finish(provider, double) -> None:
    double.replies.append(Reply([("text", "cut")], stop_reason="max_tokens"))
    assert (await collect(provider, HELLO))[-1] == Done("length")


def test_turns_alternate_with_tool_results_first_and_start_with_the_user() -> None:
    a, b = ToolCall("toolu_a", "search", {"q": "x"}), ToolCall("toolu_b", "fetch", {"url": "u"})
    turns = wire_messages(
        (
            Message("system", "sys"),
            Message("assistant", "I was saying"),
            Message("user", "go on"),
            Message("assistant", "", tool_calls=(a, b)),
            Message("tool", "found", tool_call_id="toolu_a", name="search"),
            Message("tool", "", tool_call_id="toolu_b", name="fetch"),
            Message("user", "and?"),
            Message("assistant", ""),  # an empty turn is dropped
        )
    )
    assert [t["role"] for t in turns] == ["user", "assistant", "user", "assistant", "user"]
    assert turns[0]["content"][0]["type"] == "text"  # a placeholder: the API wants the user first
    assert turns[3]["content"] == [
        {"type": "tool_use", "id": "toolu_a", "name": "search", "input": {"q": "x"}},
        {"type": "tool_use", "id": "toolu_b", "name": "fetch", "input": {"url": "u"}},
    ]
    assert turns[4]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_a", "content": "found"},
        {"type": "tool_result", "tool_use_id": "toolu_b", "content": "(empty)"},
        {"type": "text", "text": "and?"},
    ]


async def test_thinking_only_when_asked_with_its_budget_on_top(provider, double) -> None:
    await collect(provider, ChatRequest(model="", messages=HELLO.messages, max_tokens=500, temperature=0.3))
    assert "thinking" not in body(double)
    events = await collect(
        provider, ChatRequest(model="", messages=HELLO.messages, max_tokens=500, think=True, temperature=0.3)
    )
    sent = body(double)
    assert sent["thinking"] == {"type": "enabled", "budget_tokens": 4096} and sent["max_tokens"] == 4596
    assert "temperature" not in sent  # the API accepts only the default with thinking
    assert any(isinstance(e, ThinkingDelta) for e in events)


async def test_a_structured_call_forces_a_tool_and_streams_its_input_as_json(provider, double) -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": ["direct", "delegate"]},
            "briefs": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["mode", "briefs"],
    }
    events = await collect(
        provider,
        ChatRequest(model="", messages=HELLO.messages, json_schema=schema, schema_name="routing decision", think=True),
    )
    sent = body(double)
    assert sent["tool_choice"] == {"type": "tool", "name": "routing_decision"}
    assert sent["tools"] == [
        {"name": "routing_decision", "description": "Give your answer as this tool's input.", "input_schema": schema}
    ]
    assert "thinking" not in sent  # the API refuses thinking with a forced tool
    deltas = [e.text for e in events if isinstance(e, ContentDelta)]
    assert len(deltas) > 1 and json.loads("".join(deltas)) == {"mode": "direct", "briefs": ["example"]}
    assert events[-1] == Done("stop")  # the forced tool was the answer, not a tool call


async def test_a_non_object_schema_is_wrapped_and_unwrapped(provider, double) -> None:
    schema = {"type": "array", "items": {"type": "string"}}
    events = await collect(provider, ChatRequest(model="", messages=HELLO.messages, json_schema=schema))
    assert body(double)["tools"][0]["input_schema"]["properties"]["value"] == schema
    assert json.loads("".join(e.text for e in events if isinstance(e, ContentDelta))) == ["example"]


async def test_a_tool_loop_turn_does_not_ask_for_thinking(provider, double) -> None:
    call = ToolCall("toolu_1", "search", {"q": "x"})
    history = (
        Message("user", "q"),
        Message("assistant", "", tool_calls=(call,)),
        Message("tool", "r", tool_call_id="toolu_1", name="search"),
    )
    await collect(provider, ChatRequest(model="", messages=history, think=True))
    assert "thinking" not in body(double)  # its earlier thinking blocks (with signatures) are not kept


async def test_no_model_set_uses_the_newest_sonnet_listed(double) -> None:
    p = AnthropicProvider(API_KEY, base_url=double.url)
    await collect(p, HELLO)
    await collect(p, HELLO)
    await p.aclose()
    assert body(double)["model"] == "claude-sonnet-4-6"
    assert sum(r.path.startswith("/v1/models") for r in double.requests) == 1  # looked up once


async def test_rate_limit_and_overload_are_retried_honouring_retry_after(double, caplog) -> None:
    double.replies += [error_reply(429, headers={"retry-after": "3"}), error_reply(529, "Overloaded")]
    sleeps = Sleeps()
    p = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url, sleep=sleeps)
    with caplog.at_level(logging.WARNING, logger="aipa.providers.anthropic"):
        events = await collect(p, HELLO)
    await p.aclose()
    assert events[-1] == Done("stop") and sleeps.delays[0] == 3.0 and len(sleeps.delays) == 2
    assert "429 rate limited, retry 1/3 in 3.0s" in caplog.text and "529 server error, retry 2/3" in caplog.text


async def test_a_bad_key_is_never_retried(double) -> None:
    sleeps = Sleeps()
    p = AnthropicProvider("sk-ant-wrong", "claude-sonnet-4-6", base_url=double.url, sleep=sleeps)
    with pytest.raises(AuthError) as info:
        await collect(p, HELLO)
    with pytest.raises(AuthError):
        await p.list_models()  # what `aipa doctor` calls
    await p.aclose()
    assert sleeps.delays == [] and len(double.message_requests) == 1
    assert "refused the API key" in info.value.message and "sk-ant-wrong" not in str(info.value)


async def test_an_error_event_after_partial_output_is_raised_not_retried(provider, double) -> None:
    double.replies.append(
        Reply([("text", "the first words of a long answer")], stream_error="overloaded_error", error_after=3)
    )
    got = []
    with pytest.raises(BadResponseError) as info:
        async for event in provider.stream(HELLO):
            got.append(event)
    assert "".join(e.text for e in got) == "the first words "  # kept what arrived
    assert len(double.message_requests) == 1 and info.value.retryable  # retryable, but output had started
