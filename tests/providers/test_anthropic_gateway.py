"""AnthropicProvider behind a gateway, and the real API's prompt cache, against the
Anthropic double. The double speaks the Messages API's wire format: SSE with
``message_start``, ``content_block_start``/``content_block_delta``/``content_block_stop``,
``message_delta`` (stop reason and usage) and ``message_stop``; in gateway mode it sends
the usage as LiteLLM's proxy does (the prompt's tokens in ``message_delta`` only) and
serves LiteLLM's ``/model/info`` shape. The real run through LiteLLM's proxy in front of
llama.cpp is tests/e2e/test_litellm_gateway.py."""

from __future__ import annotations

import json
import logging
from dataclasses import replace

from aipa.core.run import cost
from aipa.providers.anthropic import AnthropicProvider
from aipa.providers.base import Caution, ChatRequest, ContentDelta, Done, Message, ToolSpec, Usage
from aipa.providers.window_probe import guess_caution, guess_warning
from tests.doubles.anthropic import API_KEY, AnthropicDouble, Reply

SCHEMA = {"type": "object", "properties": {"verdict": {"enum": ["PASS", "FLAG"]}}, "required": ["verdict"]}
ASK = ChatRequest(
    model="",
    messages=(Message("system", "You audit memos."), Message("user", "Give the verdict.")),
    json_schema=SCHEMA,
    schema_name="verdict",
    max_tokens=512,
)
HELLO = ChatRequest(model="", messages=(Message("system", "Be brief."), Message("user", "hello")), max_tokens=96)


async def collect(provider, request) -> list:
    return [e async for e in provider.stream(request)]


def text(events) -> str:
    return "".join(e.text for e in events if isinstance(e, ContentDelta))


async def test_a_gateway_says_the_prompt_tokens_in_message_delta_and_they_are_counted() -> None:
    async with AnthropicDouble(Reply([("text", "one two three")]), gateway=True) as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url)
        events = await collect(provider, HELLO)
        await provider.aclose()
    start = double.message_requests[-1]
    usage = next(e for e in events if isinstance(e, Usage))
    assert usage.input_tokens > 5 and usage.output_tokens == 3  # not 0, as message_start said
    assert start.body["max_tokens"] == 96  # the stage's budget, as asked


async def test_a_stage_budget_is_sent_as_max_tokens_and_a_cut_reply_is_a_length_finish() -> None:
    async with AnthropicDouble(Reply([("text", "cut short")], stop_reason="max_tokens"), gateway=True) as double:
        provider = AnthropicProvider(API_KEY, "claude-haiku-4-5", base_url=double.url)
        events = await collect(provider, replace(HELLO, max_tokens=64))
        await provider.aclose()
    assert double.message_requests[-1].body["max_tokens"] == 64 and events[-1] == Done("length")


async def test_a_server_that_refuses_a_forced_tool_gets_the_json_schema_format_instead(caplog) -> None:
    async with AnthropicDouble(tool_choice="refuse") as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url)
        with caplog.at_level(logging.WARNING):
            first = await collect(provider, ASK)
            second = await collect(provider, ASK)
        await provider.aclose()
    bodies = [r.body for r in double.message_requests]
    assert "tool_choice" in bodies[0] and len(bodies) == 3  # refused with HTTP 400 naming tool_choice
    format_ = {"format": {"type": "json_schema", "schema": SCHEMA}}
    assert all(b["output_config"] == format_ and "tool_choice" not in b for b in bodies[1:])
    assert json.loads(text(first)) == json.loads(text(second)) == {"verdict": "PASS"}
    assert "refuses a forced tool (HTTP 400); the JSON-schema format instead" in caplog.text


async def test_a_server_that_refuses_both_constraints_is_asked_in_the_prompt_and_its_reply_parsed(caplog) -> None:
    replies = (Reply([("text", '{"verdict": "FLAG"}')]), Reply([("text", '{"verdict": "PASS"}')]))
    async with AnthropicDouble(*replies, tool_choice="refuse", formats=False) as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url)
        with caplog.at_level(logging.WARNING):
            first = await collect(provider, ASK)
            second = await collect(provider, ASK)
        await provider.aclose()
    bodies = [r.body for r in double.message_requests]
    assert "tool_choice" in bodies[0] and "output_config" in bodies[1] and len(bodies) == 4
    assert all("tool_choice" not in b and "output_config" not in b and "tools" not in b for b in bodies[2:])
    assert json.loads(text(first)) == {"verdict": "FLAG"} and json.loads(text(second)) == {"verdict": "PASS"}
    assert "refuses the JSON-schema format (HTTP 400); asking in the prompt instead" in caplog.text


async def test_a_gateway_that_ignores_the_forced_tool_has_its_text_taken_as_the_answer() -> None:
    async with AnthropicDouble(Reply([("text", '{"verdict": "FLAG"}')]), tool_choice="ignore") as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url)
        first = await collect(provider, ASK)  # an empty structured reply, before
        second = await collect(provider, ASK)  # the JSON-schema format from then on
        await provider.aclose()
    assert json.loads(text(first)) == {"verdict": "FLAG"} and json.loads(text(second)) == {"verdict": "PASS"}
    assert "tool_choice" in double.message_requests[0].body and "output_config" in double.message_requests[1].body


async def test_on_the_real_api_the_stable_prefix_is_cached_and_the_cached_tokens_counted() -> None:
    tools = (ToolSpec("search", "Search the web.", {"type": "object", "properties": {"q": {"type": "string"}}}),)
    system = "You are a lead of the team. " * 80  # the shared system prefix of the leads
    lead = ChatRequest(model="", messages=(Message("system", system), Message("user", "brief one")), tools=tools)
    async with AnthropicDouble(Reply([("text", "a")]), Reply([("text", "b")])) as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url, options={"prompt_cache": True})
        first = [e for e in await collect(provider, lead) if isinstance(e, Usage)][0]
        again = ChatRequest(model="", messages=(Message("system", system), Message("user", "brief two")), tools=tools)
        second = [e for e in await collect(provider, again) if isinstance(e, Usage)][0]
        await provider.aclose()
    body = double.message_requests[0].body
    assert body["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert first.cached_input_tokens == 0 and second.cached_input_tokens > 100
    assert second.input_tokens >= second.cached_input_tokens  # the input counts the cached part too
    # the shipped price table prices the cached part at the cached-input rate (a tenth, for Sonnet)
    table = cost.shipped()
    priced = table.cost("anthropic", "claude-sonnet-4-6", second.input_tokens, 0, second.cached_input_tokens)
    full = table.cost("anthropic", "claude-sonnet-4-6", second.input_tokens, 0)
    assert priced is not None and full is not None and priced < full * 0.5


async def test_a_gateway_gets_no_cache_breakpoints_unless_its_profile_says() -> None:
    async with AnthropicDouble(gateway=True) as double:
        provider = AnthropicProvider(API_KEY, "claude-sonnet-4-6", base_url=double.url)
        await collect(provider, HELLO)
        await provider.aclose()
    assert double.message_requests[-1].body["system"] == "Be brief."


async def test_litellm_model_info_gives_the_size_of_a_model_it_knows() -> None:
    async with AnthropicDouble(gateway=True, models=("smol",), model_info={"max_input_tokens": 2048}) as double:
        provider = AnthropicProvider(API_KEY, "smol", base_url=double.url)
        size = await provider.context_size()
        events = await collect(provider, HELLO)
        await provider.aclose()
    assert (size.tokens, size.source, size.guessed) == (2048, "/model/info", False)
    assert not [e for e in events if isinstance(e, Caution)]


async def test_a_size_no_one_says_is_a_guess_with_its_warning_and_the_profile_field_ends_it() -> None:
    async with AnthropicDouble(gateway=True, models=("smol",)) as double:  # /model/info: max_input_tokens null
        guessing = AnthropicProvider(API_KEY, "smol", base_url=double.url)
        events = await collect(guessing, HELLO)
        set_by_hand = AnthropicProvider(API_KEY, "smol", base_url=double.url, options={"context": 2048})
        size = await set_by_hand.context_size()
        quiet = await collect(set_by_hand, HELLO)
        await guessing.aclose()
        await set_by_hand.aclose()
        url = double.url
    warning = guess_warning("smol", url)
    assert events[0] == guess_caution("smol", url) and events[0].text == warning
    assert warning == (
        f"context size of smol at {url} is unknown; assuming 8,192 tokens — set `context` in the profile"
    )
    assert (size.tokens, size.source) == (2048, "the profile") and not any(isinstance(e, Caution) for e in quiet)
