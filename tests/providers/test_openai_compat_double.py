"""OpenAICompatProvider against an in-process server speaking the OpenAI SSE wire format."""

from __future__ import annotations

import asyncio
import logging
from contextlib import aclosing

import pytest

from aipa.errors import (
    AuthError,
    BadResponseError,
    ContextTooLongError,
    ModelMissingError,
    ProviderTimeoutError,
    RateLimitError,
    ServerDownError,
)
from aipa.providers.base import (
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    Provider,
    ThinkingDelta,
    ToolCall,
    ToolCallEvent,
    ToolSpec,
    Usage,
)
from aipa.providers.openai_compat import OpenAICompatProvider
from tests.doubles.base import free_port
from tests.doubles.openai import (
    MODEL,
    OpenAIDouble,
    Reply,
    chunk,
    error_reply,
    stream_reply,
    tool_fragment,
)

HELLO = ChatRequest(model="", messages=(Message("user", "hello"),))


class Sleeps:
    """Injectable sleep: records the delays, waits for nothing."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        await asyncio.sleep(0)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
async def double():
    async with OpenAIDouble() as server:
        yield server


@pytest.fixture
async def provider(double: OpenAIDouble, sleeps: Sleeps):
    # its profile sets the context size: the double, like OpenAI's own API, says none, and
    # these tests are about the stream (the guessed size's warning: test_window_probe.py)
    sized = {"context": 8192}
    p = OpenAICompatProvider(double.base_url, "sk-test", MODEL, sleep=sleeps, timeout=10, context_options=sized)
    yield p
    await p.aclose()


async def collect(provider: OpenAICompatProvider, request: ChatRequest = HELLO) -> list:
    return [e async for e in provider.stream(request)]


def texts(events: list, kind: type) -> str:
    return "".join(e.text for e in events if isinstance(e, kind))


def retry_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


# --- the stream ------------------------------------------------------------------------


async def test_content_usage_and_done(double, provider) -> None:
    double.replies.append(stream_reply("Hel", "lo", " world"))
    events = await collect(provider)
    assert isinstance(provider, Provider)
    assert events == [ContentDelta("Hel"), ContentDelta("lo"), ContentDelta(" world"), Usage(11, 7), Done("stop")]
    sent = double.chat_requests[0].body
    assert sent["stream"] is True and sent["stream_options"] == {"include_usage": True}
    assert sent["model"] == MODEL and "response_format" not in sent
    assert double.chat_requests[0].headers["authorization"] == "Bearer sk-test"


@pytest.mark.parametrize("field", ["reasoning_content", "reasoning"])
async def test_reasoning_field_becomes_thinking(double, provider, field) -> None:
    double.replies.append(stream_reply("42", reasoning=("Let me ", "think."), reasoning_field=field))
    events = await collect(provider)
    assert events[:3] == [ThinkingDelta("Let me "), ThinkingDelta("think."), ContentDelta("42")]


async def test_inline_think_split_across_chunks(double, provider) -> None:
    double.replies.append(stream_reply("<th", "ink>plan", " it</thi", "nk>\nThe answer", "</", "b>"))
    events = await collect(provider)
    assert texts(events, ThinkingDelta) == "plan it"
    assert texts(events, ContentDelta) == "\nThe answer</b>"
    assert events[-1] == Done("stop")


async def test_tool_call_fragments_reassembled(double, provider) -> None:
    fragments = [
        [tool_fragment(0, id="call_a", name="get_weather", args="")],
        [tool_fragment(0, args='{"city": "Pa')],
        [tool_fragment(1, id="call_b", name="note", args='{"text"')],
        [tool_fragment(0, args='ris"}')],
        [tool_fragment(1, args=': "hi"')],  # never closed: bad JSON
    ]
    events = [chunk(role="assistant", content=None)] + [chunk(tool_calls=f) for f in fragments]
    events += [chunk(finish="tool_calls"), chunk(usage=(20, 9)), "[DONE]"]
    double.replies.append(Reply(events=events))
    tools = (
        ToolSpec("get_weather", "Weather for a city", {"type": "object", "properties": {"city": {"type": "string"}}}),
    )
    out = await collect(provider, ChatRequest(model="m", messages=HELLO.messages, tools=tools))
    assert out == [
        ToolCallEvent(ToolCall("call_a", "get_weather", {"city": "Paris"})),
        ToolCallEvent(ToolCall("call_b", "note", {"_raw": '{"text": "hi"'})),
        Usage(20, 9),
        Done("tool_calls"),
    ]
    sent = double.chat_requests[0].body
    assert sent["tools"] == [
        {
            "type": "function",
            "function": {"name": "get_weather", "description": "Weather for a city", "parameters": tools[0].parameters},
        }
    ]


async def test_tool_messages_use_the_wire_format(double, provider) -> None:
    double.replies.append(stream_reply("ok"))
    call = ToolCall("call_1", "get_weather", {"city": "Paris"})
    bad = ToolCall("call_2", "note", {"_raw": "{oops"})
    messages = (
        Message("system", "be brief"),
        Message("user", "weather?"),
        Message("assistant", "", tool_calls=(call, bad)),
        Message("tool", "sunny", tool_call_id="call_1", name="get_weather"),
    )
    await collect(provider, ChatRequest(model="m", messages=messages))
    assert double.chat_requests[0].body["messages"] == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "weather?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                },
                {"id": "call_2", "type": "function", "function": {"name": "note", "arguments": "{oops"}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
    ]


async def test_json_schema_sends_response_format(double, provider) -> None:
    double.replies.append(stream_reply('{"ok": true}'))
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    request = ChatRequest(
        model="m", messages=HELLO.messages, json_schema=schema, schema_name="verdict", temperature=0.0, max_tokens=20
    )
    await collect(provider, request)
    sent = double.chat_requests[0].body
    assert sent["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "verdict", "schema": schema, "strict": False},
    }
    assert sent["temperature"] == 0.0 and sent["max_tokens"] == 20


async def test_a_server_that_refuses_the_schema_is_asked_in_the_prompt_from_then_on(double, provider, caplog) -> None:
    double.replies += [
        error_reply(400, "'response_format' of type 'json_schema' is not supported"),
        stream_reply('{"ok": true}'),
        stream_reply('{"ok": false}'),
    ]
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
    request = ChatRequest(model="m", messages=HELLO.messages, json_schema=schema)
    with caplog.at_level(logging.WARNING):
        assert texts(await collect(provider, request), ContentDelta) == '{"ok": true}'
        assert texts(await collect(provider, request), ContentDelta) == '{"ok": false}'
    first, again, later = (r.body for r in double.chat_requests)
    assert "response_format" in first and "response_format" not in again and "response_format" not in later
    assert any("refuses JSON-schema output (HTTP 400)" in w for w in retry_warnings(caplog))


async def test_a_400_about_something_else_is_not_taken_for_a_refused_schema(double, provider) -> None:
    double.replies.append(error_reply(400, "messages: field required"))
    request = ChatRequest(model="m", messages=HELLO.messages, json_schema={"type": "object"})
    with pytest.raises(BadResponseError):
        await collect(provider, request)
    assert len(double.chat_requests) == 1


async def test_no_model_anywhere_picks_the_first_served(sleeps) -> None:
    async with OpenAIDouble(stream_reply("hi"), models=("first", "second")) as double:
        provider = OpenAICompatProvider(double.base_url, None, "", sleep=sleeps)
        try:
            assert await provider.list_models() == ["first", "second"]
            await collect(provider)
        finally:
            await provider.aclose()
    assert double.chat_requests[0].body["model"] == "first"
    assert double.chat_requests[0].headers["authorization"] == "Bearer not-needed"


# --- cancellation ----------------------------------------------------------------------


def slow_reply() -> Reply:
    return stream_reply(*[f"w{i} " for i in range(100)], delay=0.02)


async def test_cancelling_the_task_closes_the_connection(double, provider) -> None:
    double.replies.append(slow_reply())
    seen: list = []
    started = asyncio.Event()

    async def consume() -> None:
        async for event in provider.stream(HELLO):
            seen.append(event)
            if len(seen) == 3:
                started.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(started.wait(), 60)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.wait_for(double.disconnected.wait(), 60)
    assert double.sent[0] < 50  # the server stopped streaming early, not at the end


async def test_stopping_iteration_closes_the_connection(double, provider) -> None:
    double.replies.append(slow_reply())
    async with aclosing(provider.stream(HELLO)) as events:
        async for event in events:
            assert isinstance(event, ContentDelta)
            break
    await asyncio.wait_for(double.disconnected.wait(), 60)
    assert double.sent[0] < 50


async def test_abandoned_stream_closes_the_connection(double, provider) -> None:
    double.replies.append(slow_reply())
    async for event in provider.stream(HELLO):  # no aclose: the asyncio finalizer hook closes it
        break
    await asyncio.wait_for(double.disconnected.wait(), 60)
    assert double.sent[0] < 50


# --- errors and retries ----------------------------------------------------------------


async def test_401_is_auth_error_never_retried(double, provider, sleeps, caplog) -> None:
    double.replies += [error_reply(401, "Incorrect API key provided", code="invalid_api_key"), stream_reply("x")]
    with pytest.raises(AuthError) as info:
        await collect(provider)
    assert len(double.chat_requests) == 1 and sleeps.delays == [] and retry_warnings(caplog) == []
    assert double.base_url in info.value.message and "API key" in info.value.hint
    assert info.value.exit_code == 4


async def test_403_is_auth_error(double, provider) -> None:
    double.replies.append(error_reply(403, "Project does not have access"))
    with pytest.raises(AuthError):
        await collect(provider)


async def test_429_twice_then_success_honours_retry_after(double, provider, sleeps, caplog) -> None:
    limited = error_reply(429, "Rate limit reached", type="requests", headers={"Retry-After": "2"})
    double.replies += [
        limited,
        error_reply(429, "Rate limit reached", headers={"Retry-After": "2"}),
        stream_reply("ok"),
    ]
    with caplog.at_level(logging.WARNING):
        events = await collect(provider)
    assert texts(events, ContentDelta) == "ok" and events[-1] == Done("stop")
    assert sleeps.delays == [2.0, 2.0]
    assert retry_warnings(caplog) == [
        "openai-compatible: 429 rate limited, retry 1/3 in 2.0s",
        "openai-compatible: 429 rate limited, retry 2/3 in 2.0s",
    ]


async def test_429_without_retry_after_backs_off_then_gives_up(double, provider, sleeps) -> None:
    double.replies += [error_reply(429, "slow down") for _ in range(4)]
    with pytest.raises(RateLimitError) as info:
        await collect(provider)
    assert len(double.chat_requests) == 4 and len(sleeps.delays) == 3
    for n, delay in enumerate(sleeps.delays):  # equal jitter around 0.5 * 2**n
        assert 0.25 * 2**n <= delay <= 0.5 * 2**n
    assert info.value.retry_after is None and info.value.retryable


async def test_5xx_retried_then_succeeds(double, provider, sleeps, caplog) -> None:
    double.replies += [error_reply(503, "loading model", type="unavailable_error"), stream_reply("up")]
    with caplog.at_level(logging.WARNING):
        events = await collect(provider)
    assert texts(events, ContentDelta) == "up" and len(sleeps.delays) == 1
    assert retry_warnings(caplog)[0].startswith("openai-compatible: 503 server error, retry 1/3 in ")


async def test_context_too_long_not_retried(double, provider, sleeps) -> None:
    double.replies.append(
        error_reply(400, "This model's maximum context length is 8192 tokens.", code="context_length_exceeded")
    )
    with pytest.raises(ContextTooLongError) as info:
        await collect(provider)
    assert sleeps.delays == [] and double.base_url in info.value.message


async def test_404_model_is_model_missing(double, provider) -> None:
    double.replies.append(error_reply(404, "The model `nope` does not exist", code="model_not_found"))
    with pytest.raises(ModelMissingError) as info:
        await collect(provider, ChatRequest(model="nope", messages=HELLO.messages))
    assert "'nope'" in info.value.message and info.value.exit_code == 3


async def test_connection_refused_is_server_down(sleeps, caplog) -> None:
    port = free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    provider = OpenAICompatProvider(base_url, None, "m", sleep=sleeps, max_retries=2)
    with caplog.at_level(logging.WARNING), pytest.raises(ServerDownError) as info:
        await collect(provider)
    await provider.aclose()
    assert base_url in info.value.message and f"is the server running at {base_url}?" == info.value.hint
    assert len(sleeps.delays) == 2
    assert retry_warnings(caplog)[1].startswith("openai-compatible: server unreachable, retry 2/2 in ")


async def test_timeout_is_provider_timeout(double, sleeps) -> None:
    double.replies.append(stream_reply("late", head_delay=2))
    provider = OpenAICompatProvider(double.base_url, None, "m", timeout=0.3, max_retries=0, sleep=sleeps)
    with pytest.raises(ProviderTimeoutError) as info:
        await collect(provider)
    await provider.aclose()
    assert "smaller model" in info.value.hint and double.base_url in info.value.message


async def test_drop_after_partial_output_raises_without_retry(double, provider, sleeps) -> None:
    reply = stream_reply("one ", "two ", "three")
    reply.drop_after = 3  # role chunk + two content chunks, then the connection closes
    double.replies += [reply, stream_reply("never")]
    seen: list = []
    with pytest.raises(ServerDownError):
        async for event in provider.stream(HELLO):
            seen.append(event)
    assert seen == [ContentDelta("one "), ContentDelta("two ")]
    assert len(double.chat_requests) == 1 and sleeps.delays == []


async def test_error_event_after_partial_output_raises(double, provider, sleeps) -> None:
    error = {"error": {"code": 500, "message": "slot crashed", "type": "server_error"}}
    double.replies += [Reply(events=[chunk("partial"), error]), stream_reply("never")]
    seen: list = []
    with pytest.raises(BadResponseError) as info:
        async for event in provider.stream(HELLO):
            seen.append(event)
    assert seen == [ContentDelta("partial")] and "slot crashed" in info.value.message
    assert len(double.chat_requests) == 1 and sleeps.delays == []


async def test_malformed_stream_is_bad_response(double, provider, sleeps) -> None:
    double.replies.append(Reply(events=["this is not json"]))
    with pytest.raises(BadResponseError) as info:
        await collect(provider)
    assert not info.value.retryable and sleeps.delays == []
