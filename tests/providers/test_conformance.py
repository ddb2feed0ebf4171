"""One conformance suite for every provider.

Backends:
- ``openai-compatible``: the REAL llama.cpp server with SmolLM2 (the ``llama_server`` fixture);
- ``builtin``: the built-in engine running the REAL SmolLM2 GGUF from a models folder;
- ``ollama``: OllamaProvider against the Ollama double, whose chat is answered by the
  REAL SmolLM2 (the double forwards to ``llama_server``);
- ``anthropic``: AnthropicProvider against the Anthropic double (scripted: no Claude here).

What a backend cannot do is tested where it can be done, and said so: SmolLM2 never
thinks and never calls tools, so thinking runs on the Ollama double's thinking model and
the Anthropic double, and tool calls on the Ollama double's tool model, the Anthropic
double and the OpenAI double.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from aipa.errors import (
    AuthError,
    BadResponseError,
    ContextTooLongError,
    ModelMissingError,
    NotInstalledError,
    ProviderError,
    RateLimitError,
    ServerDownError,
)
from aipa.providers.anthropic import AnthropicProvider
from aipa.providers.base import (
    ChatRequest,
    ContentDelta,
    Done,
    Message,
    PromptProgress,
    Provider,
    ThinkingDelta,
    ToolCallEvent,
    ToolSpec,
    Usage,
)
from aipa.providers.builtin import BuiltinProvider
from aipa.providers.ollama import OllamaProvider
from aipa.providers.openai_compat import OpenAICompatProvider
from tests.doubles import anthropic as ad
from tests.doubles import openai as od
from tests.doubles.ollama import SMALL_MODEL, THINKING_MODEL, TOOL_MODEL, Failure, OllamaDouble

pytestmark = pytest.mark.asyncio(loop_scope="module")

ASK = (Message("system", "You are a helpful assistant."), Message("user", "Name three colours."))
SCHEMA = {
    "type": "object",
    "properties": {"colour": {"type": "string", "enum": ["red", "green", "blue"]}, "sure": {"type": "boolean"}},
    "required": ["colour", "sure"],
}
WEATHER = ToolSpec(
    "get_weather",
    "Current weather for a city",
    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)
CLOSED_URL = "http://127.0.0.1:9"  # nothing listens on the discard port


@dataclass
class Backend:
    name: str
    provider: Provider
    real: bool  # the real SmolLM2 answers
    reference: Callable[[ChatRequest], Awaitable[str]]  # the text the server produced for a request
    server_left: Callable[[], Awaitable[None]]  # returns once the server saw a client leave mid-stream
    wire: Callable[[], dict[str, Any]] = field(default=lambda: {})  # the last chat request's body


@dataclass
class Doubles:
    ollama: OllamaDouble
    anthropic: ad.AnthropicDouble
    openai: od.OpenAIDouble


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def doubles(llama_server) -> AsyncIterator[Doubles]:
    async with (
        OllamaDouble(upstream=llama_server.base_url) as ollama,
        ad.AnthropicDouble() as anthropic,
        od.OpenAIDouble() as openai,
    ):
        yield Doubles(ollama, anthropic, openai)


@pytest.fixture(scope="module")
def models_dir(tmp_path_factory, model_path: Path) -> Path:
    folder = tmp_path_factory.mktemp("models")
    (folder / model_path.name).symlink_to(model_path)
    return folder


async def _wait_idle(base: str) -> None:
    """Until the llama.cpp server at ``base`` has no slot generating."""
    async with httpx.AsyncClient(timeout=10) as http:
        deadline = time.monotonic() + 60
        while any(s.get("is_processing") for s in (await http.get(base + "/slots")).json()):
            assert time.monotonic() < deadline, "the server kept generating after the client left"
            await asyncio.sleep(0.05)


async def _non_streamed(base: str, request: ChatRequest, extras: dict | None = None) -> str:
    body = {
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "temperature": request.temperature,
        "max_tokens": request.max_tokens,
        **(extras or {}),
    }
    async with httpx.AsyncClient(timeout=60) as http:
        return (await http.post(base + "/v1/chat/completions", json=body)).json()["choices"][0]["message"]["content"]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def backends(llama_server, doubles: Doubles, models_dir: Path) -> AsyncIterator[dict[str, Backend]]:
    llama = OpenAICompatProvider(llama_server.base_url, None, timeout=60)
    builtin = BuiltinProvider(models_dir, options={"num_ctx": 4096, "threads": 2})
    ollama = OllamaProvider(doubles.ollama.url, SMALL_MODEL)
    anthropic = AnthropicProvider(ad.API_KEY, base_url=doubles.anthropic.url)

    def engine_url() -> str:
        return next(iter(builtin.running().values())).removesuffix("/v1")

    async def ollama_sent(_: ChatRequest) -> str:
        return doubles.ollama.sent_text[-1]

    async def anthropic_sent(_: ChatRequest) -> str:
        return f"You said: {ASK[-1].content}"  # the double's answer

    yield {
        "openai-compatible": Backend(
            "openai-compatible",
            llama,
            True,
            lambda r: _non_streamed(llama_server.url, r),
            lambda: _wait_idle(llama_server.url),
        ),
        "builtin": Backend(
            "builtin",
            builtin,
            True,
            lambda r: _non_streamed(engine_url(), r, builtin.request_extras(r)),
            lambda: _wait_idle(engine_url()),
        ),
        "ollama": Backend(
            "ollama",
            ollama,
            True,
            ollama_sent,
            doubles.ollama.disconnected.wait,
            lambda: doubles.ollama.chat_requests[-1].body,
        ),
        "anthropic": Backend(
            "anthropic",
            anthropic,
            False,
            anthropic_sent,
            doubles.anthropic.disconnected.wait,
            lambda: doubles.anthropic.message_requests[-1].body,
        ),
    }
    for backend in (llama, builtin, ollama, anthropic):
        await backend.aclose()


ALL = ["openai-compatible", "builtin", "ollama", "anthropic"]


async def collect(provider: Provider, request: ChatRequest) -> list:
    return [e async for e in provider.stream(request)]


def text_of(events: list) -> str:
    return "".join(e.text for e in events if isinstance(e, ContentDelta))


# --- the capabilities ------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
async def test_deltas_arrive_in_order_then_usage_then_done(backends, name) -> None:
    backend = backends[name]
    request = ChatRequest(model="", messages=ASK, temperature=0.0, max_tokens=32)
    events = await collect(backend.provider, request)

    assert isinstance(events[-1], Done) and events[-1].finish_reason in ("stop", "length")
    assert isinstance(events[-2], Usage) and sum(isinstance(e, (Usage, Done)) for e in events) == 2
    usage = events[-2]
    assert usage.input_tokens > 0 and 0 < usage.output_tokens <= 32
    # before the text, a llama.cpp server may report its prompt reading (PromptProgress); nothing else
    body = [e for e in events[:-2] if not isinstance(e, PromptProgress)]
    assert all(isinstance(e, PromptProgress) for e in events[: len(events) - 2 - len(body)])
    deltas = [e for e in body if isinstance(e, ContentDelta)]
    assert len(deltas) > 2 and all(d.text for d in deltas) and deltas == body
    assert text_of(events) == await backend.reference(request)  # in order, nothing lost


@pytest.mark.parametrize("name", ALL)
async def test_structured_call_returns_json_for_the_schema(backends, name) -> None:
    backend = backends[name]
    request = ChatRequest(
        model="", messages=ASK, json_schema=SCHEMA, schema_name="pick", temperature=0.0, max_tokens=96
    )  # greedy: the same valid JSON every run
    events = await collect(backend.provider, request)
    value = json.loads(text_of(events))  # constrained decoding (or a forced tool): valid JSON
    assert value["colour"] in ("red", "green", "blue") and isinstance(value["sure"], bool)
    assert events[-1] == Done("stop")


@pytest.mark.parametrize("name", ["ollama", "anthropic"])
async def test_prose_calls_are_never_constrained(backends, name) -> None:
    backend = backends[name]
    await collect(backend.provider, ChatRequest(model="", messages=ASK, max_tokens=8))
    wire = backend.wire()
    assert "format" not in wire and "tool_choice" not in wire and not wire.get("tools")


# SmolLM2 never thinks: thinking is tested on the doubles that can.
@pytest.mark.parametrize("name", ["ollama", "anthropic"])
async def test_thinking_is_separated_from_content(backends, name) -> None:
    backend = backends[name]
    model = THINKING_MODEL if name == "ollama" else ""
    request = ChatRequest(model=model, messages=ASK, think=True, max_tokens=16)
    events = await collect(backend.provider, request)
    kinds = [type(e).__name__ for e in events if isinstance(e, (ThinkingDelta, ContentDelta))]
    first_content = kinds.index("ContentDelta")
    assert first_content > 0 and set(kinds[:first_content]) == {"ThinkingDelta"}
    assert "ThinkingDelta" not in kinds[first_content:]
    thinking = "".join(e.text for e in events if isinstance(e, ThinkingDelta))
    assert thinking and thinking not in text_of(events)
    assert backend.wire().get("think") is True or backend.wire().get("thinking", {}).get("type") == "enabled"


# SmolLM2 never calls tools: the round trip runs on the doubles.
@pytest.mark.parametrize("name", ["ollama", "anthropic", "openai-double"])
async def test_a_tool_call_round_trips(backends, doubles, name) -> None:
    if name == "openai-double":
        call = od.tool_fragment(0, id="call_a", name="get_weather", args='{"city": "Paris"}')
        doubles.openai.replies += [
            od.Reply(
                events=[
                    od.chunk(role="assistant", content=""),
                    od.chunk(tool_calls=[call]),
                    od.chunk(finish="tool_calls"),
                    od.chunk(usage=(20, 9)),
                    "[DONE]",
                ]
            ),
            od.stream_reply("It is sunny."),
        ]
        provider: Provider = OpenAICompatProvider(doubles.openai.base_url, None, od.MODEL)
        wire = lambda: doubles.openai.chat_requests[-1].body  # noqa: E731
    else:
        provider, wire = backends[name].provider, backends[name].wire
    model = TOOL_MODEL if name == "ollama" else ""
    question = Message("user", "What is the weather in Paris?")
    events = await collect(provider, ChatRequest(model=model, messages=(question,), tools=(WEATHER,), max_tokens=32))
    calls = [e.call for e in events if isinstance(e, ToolCallEvent)]
    assert len(calls) == 1 and calls[0].name == "get_weather" and isinstance(calls[0].arguments, dict)
    assert calls[0].arguments.get("city") and calls[0].id
    assert events[-1] == Done("tool_calls") and isinstance(events[-2], Usage)

    history = (
        question,
        Message("assistant", "", tool_calls=(calls[0],)),
        Message("tool", "sunny, 24 C", tool_call_id=calls[0].id, name="get_weather"),
    )
    events = await collect(
        provider, ChatRequest(model=model, messages=history, tools=(WEATHER,), max_tokens=32, temperature=0.0)
    )
    assert text_of(events) and events[-1] in (Done("stop"), Done("length"))  # an answer, not another call
    last = wire()["messages"][-1]  # the result went back, tied to its call
    if name == "ollama":  # Ollama ties results to calls by tool name
        assert last == {"role": "tool", "content": "sunny, 24 C", "tool_name": "get_weather"}
    elif name == "anthropic":
        assert last["content"] == [{"type": "tool_result", "tool_use_id": calls[0].id, "content": "sunny, 24 C"}]
    else:
        assert last == {"role": "tool", "tool_call_id": calls[0].id, "content": "sunny, 24 C"}
    if name == "openai-double":
        await provider.aclose()


@pytest.mark.parametrize("name", ALL)
async def test_cancelling_closes_the_connection(backends, doubles, name) -> None:
    backend = backends[name]
    if name == "anthropic":
        doubles.anthropic.replies.append(ad.Reply([("text", "word " * 400)], delay=0.01))
    if name == "ollama":
        doubles.ollama.disconnected.clear()
    request = ChatRequest(
        model="", messages=(Message("user", "Write a very long story about a dragon."),), max_tokens=400
    )
    first = asyncio.Event()

    async def consume() -> None:
        async for event in backend.provider.stream(request):
            if isinstance(event, ContentDelta):
                first.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(first.wait(), 60)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.wait_for(backend.server_left(), 60)
    if name == "ollama":
        await _wait_idle(doubles.ollama.upstream.removesuffix("/v1"))  # and the double closed upstream
    again = await collect(backend.provider, ChatRequest(model="", messages=ASK, max_tokens=4))
    assert isinstance(again[-1], Done)  # the provider still works afterwards


# --- errors map to the one taxonomy ----------------------------------------------------


async def _provoke(
    case: str, name: str, backends: dict[str, Backend], doubles: Doubles, monkeypatch
) -> tuple[Provider, ChatRequest]:
    plain = ChatRequest(model="", messages=ASK, max_tokens=8)
    long = ChatRequest(model="", messages=(Message("user", "word " * 9000),), max_tokens=8)
    o, a = doubles.ollama, doubles.anthropic
    if name == "ollama":
        provider = OllamaProvider(o.url, SMALL_MODEL, max_retries=0)
        failures = {
            "bad key": Failure(401, "unauthorized"),
            "rate limited": Failure(429, "slow down", {"Retry-After": "7"}),
            "server error": Failure(500, "llama runner process has terminated"),
            "too long": Failure(400, "input length exceeds the context length"),
            "error inside the stream": Failure(
                error="an error was encountered while running the model", in_stream=True, after_lines=0
            ),
        }
        if case in failures:
            o.failures.append(failures[case])
        elif case == "model missing":
            return provider, ChatRequest(model="llama9:70b", messages=ASK)
        elif case == "not running":
            return OllamaProvider(CLOSED_URL, "m", max_retries=0, which=lambda _: "/usr/bin/ollama"), plain
        elif case == "not installed":
            return OllamaProvider(CLOSED_URL, "m", max_retries=0, which=lambda _: None), plain
        return provider, plain
    if name == "anthropic":
        provider = AnthropicProvider(ad.API_KEY, base_url=a.url, max_retries=0)
        replies = {
            "rate limited": ad.error_reply(429, "rate limited", {"retry-after": "7"}),
            "overloaded": ad.error_reply(529, "Overloaded"),
            "error inside the stream": ad.Reply(
                [("text", "partial answer")], stream_error="overloaded_error", error_after=0
            ),
        }
        if case in replies:
            a.replies.append(replies[case])
        elif case == "bad key":
            return AnthropicProvider("sk-ant-wrong", base_url=a.url), plain
        elif case == "model missing":
            return provider, ChatRequest(model="claude-nonexistent", messages=ASK)
        elif case == "too long":
            a.context_limit = 1000
        elif case == "not running":
            return AnthropicProvider(ad.API_KEY, base_url=CLOSED_URL, max_retries=0), plain
        return provider, long if case == "too long" else plain
    if name == "openai-compatible":
        if case == "bad key":
            doubles.openai.replies.append(od.error_reply(401, "Invalid API Key", type="authentication_error"))
            return OpenAICompatProvider(doubles.openai.base_url, "wrong", od.MODEL, max_retries=0), plain
        if case == "not running":
            return OpenAICompatProvider(CLOSED_URL + "/v1", None, "m", max_retries=0), plain
        return backends[name].provider, long  # too long
    # builtin
    builtin = backends["builtin"].provider
    assert isinstance(builtin, BuiltinProvider)
    if case == "model missing":
        return builtin, ChatRequest(model="not-imported.gguf", messages=ASK)
    if case == "not installed":
        monkeypatch.setattr("aipa.providers.builtin.engine_installed", lambda: False)
        return BuiltinProvider(builtin.models_dir), plain
    if case == "no model at all":
        return BuiltinProvider(builtin.models_dir.parent / "empty-models"), plain
    return builtin, long  # too long


ERROR_CASES = [
    ("ollama", "model missing", ModelMissingError),
    ("ollama", "bad key", AuthError),
    ("ollama", "rate limited", RateLimitError),
    ("ollama", "server error", BadResponseError),
    ("ollama", "too long", ContextTooLongError),
    ("ollama", "error inside the stream", BadResponseError),
    ("ollama", "not running", ServerDownError),
    ("ollama", "not installed", NotInstalledError),
    ("anthropic", "model missing", ModelMissingError),
    ("anthropic", "bad key", AuthError),
    ("anthropic", "rate limited", RateLimitError),
    ("anthropic", "overloaded", BadResponseError),
    ("anthropic", "too long", ContextTooLongError),
    ("anthropic", "error inside the stream", BadResponseError),
    ("anthropic", "not running", ServerDownError),
    ("openai-compatible", "bad key", AuthError),
    ("openai-compatible", "too long", ContextTooLongError),
    ("openai-compatible", "not running", ServerDownError),
    ("builtin", "model missing", ModelMissingError),
    ("builtin", "no model at all", ModelMissingError),
    ("builtin", "not installed", NotInstalledError),
    ("builtin", "too long", ContextTooLongError),
]


@pytest.mark.parametrize(("name", "case", "expected"), ERROR_CASES, ids=[f"{n}-{c}" for n, c, _ in ERROR_CASES])
async def test_each_error_maps_to_the_taxonomy(backends, doubles, monkeypatch, name, case, expected) -> None:
    provider, request = await _provoke(case, name, backends, doubles, monkeypatch)
    try:
        with pytest.raises(ProviderError) as info:
            await collect(provider, request)
    finally:
        doubles.anthropic.context_limit = 200_000
        if provider is not backends[name].provider:
            await provider.aclose()
    err = info.value
    assert type(err) is expected, f"{type(err).__name__}: {err}"
    assert err.hint and err.message
    if expected is RateLimitError:
        assert err.retry_after == 7
    if expected in (AuthError,):
        assert not err.retryable
    if case in ("server error", "overloaded"):
        assert err.retryable  # retried before the first token (not here: max_retries=0)
