"""OpenAICompatProvider against the real llama.cpp server with the small real model.

The model's answers are poor: these tests assert on behaviour, not wording.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from aipa.errors import ContextTooLongError
from aipa.providers.base import (
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    ThinkingDelta,
    ToolCall,
    ToolSpec,
    Usage,
)
from aipa.providers.openai_compat import OpenAICompatProvider

pytestmark = pytest.mark.llm

ASK = (Message("system", "You are a helpful assistant."), Message("user", "Name three colours."))


@pytest.fixture
async def provider(llama_server):
    p = OpenAICompatProvider(llama_server.base_url, None, timeout=60)
    yield p
    await p.aclose()


async def test_stream_concatenates_to_the_final_text(provider, llama_server) -> None:
    request = ChatRequest(model="", messages=ASK, temperature=0.0, max_tokens=40)
    events = [e async for e in provider.stream(request)]

    deltas = [e for e in events if isinstance(e, ContentDelta)]
    assert len(deltas) > 3 and all(d.text for d in deltas)
    assert not any(isinstance(e, ThinkingDelta) for e in events)
    usage = next(e for e in events if isinstance(e, Usage))
    assert usage.input_tokens > 10 and 0 < usage.output_tokens <= 40
    assert isinstance(events[-1], Done) and events[-1].finish_reason in ("stop", "length")
    assert events[-2] is usage  # usage, then done, and nothing after

    # The same call, not streamed: the deltas, in order, are its text.
    body = {"messages": [{"role": m.role, "content": m.content} for m in ASK], "temperature": 0.0, "max_tokens": 40}
    async with httpx.AsyncClient(timeout=60) as http:
        reply = (await http.post(llama_server.base_url + "/chat/completions", json=body)).json()
    assert "".join(d.text for d in deltas) == reply["choices"][0]["message"]["content"]


async def test_cancel_mid_stream_frees_the_server(provider, llama_server) -> None:
    request = ChatRequest(
        model="", messages=(Message("user", "Write a very long story about a dragon."),), max_tokens=2000
    )
    first = asyncio.Event()

    async def consume() -> None:
        async for event in provider.stream(request):
            if isinstance(event, ContentDelta):
                first.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(first.wait(), 120)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # The server notices the closed connection and stops generating.
    async with httpx.AsyncClient(timeout=10) as http:
        deadline = time.monotonic() + 8
        while any(slot.get("is_processing") for slot in (await http.get(llama_server.url + "/slots")).json()):
            assert time.monotonic() < deadline, "the server kept generating after the client left"
            await asyncio.sleep(0.05)
    # And the provider still works afterwards.
    again = [e async for e in provider.stream(ChatRequest(model="", messages=ASK, max_tokens=8))]
    assert isinstance(again[-1], Done)


async def test_models_listed_and_first_one_used(provider) -> None:
    models = await provider.list_models()
    assert len(models) == 1 and models[0].endswith(".gguf")
    events = [e async for e in provider.stream(ChatRequest(model="", messages=ASK, max_tokens=4))]
    assert events[-1] == Done("length")


async def test_tools_and_tool_results_are_accepted(provider) -> None:
    tool = ToolSpec(
        "get_weather",
        "Weather for a city",
        {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    )
    call = ToolCall("call_1", "get_weather", {"city": "Paris"})
    messages = (
        Message("user", "What is the weather in Paris?"),
        Message("assistant", "", tool_calls=(call,)),
        Message("tool", "sunny, 24 C", tool_call_id="call_1", name="get_weather"),
    )
    events = [e async for e in provider.stream(ChatRequest(model="", messages=messages, tools=(tool,), max_tokens=32))]
    assert isinstance(events[-1], Done)


async def test_context_too_long_is_reported(provider, llama_server) -> None:
    long = Message("user", "word " * 9000)  # more than a slot holds (n_ctx / n_parallel)
    with pytest.raises(ContextTooLongError) as info:
        [e async for e in provider.stream(ChatRequest(model="", messages=(long,), max_tokens=8))]
    assert llama_server.base_url in info.value.message
