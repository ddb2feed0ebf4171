"""OllamaProvider against the Ollama double (scripted answers here; the conformance
suite runs it on the real model)."""

from __future__ import annotations

import asyncio
import logging
from contextlib import aclosing

import pytest

from aipa.errors import BadResponseError, ModelMissingError, NotInstalledError, RateLimitError, ServerDownError
from aipa.providers.base import ChatRequest, ContentDelta, Done, Message, ThinkingDelta, ToolCall, Usage
from aipa.providers.ollama import OllamaProvider
from aipa.providers.ollama_host import DEFAULT_HOST, normal_host
from tests.doubles.ollama import SMALL_MODEL, Failure, OllamaDouble, layers_for

HELLO = ChatRequest(model="", messages=(Message("user", "hello there"),))


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
async def double():
    async with OllamaDouble() as server:
        yield server


@pytest.fixture
async def provider(double):
    p = OllamaProvider(double.url, SMALL_MODEL, sleep=Sleeps())
    yield p
    await p.aclose()


async def collect(provider, request) -> list:
    return [e async for e in provider.stream(request)]


def text(events) -> str:
    return "".join(e.text for e in events if isinstance(e, ContentDelta))


# --- the request on the wire ----------------------------------------------------------


async def test_prose_call_sets_num_ctx_and_limits_but_no_format(double) -> None:
    p = OllamaProvider(double.url, SMALL_MODEL, options={"num_ctx": 8192, "keep_alive": "15m"})
    events = await collect(p, ChatRequest(model="", messages=HELLO.messages, temperature=0.2, max_tokens=50))
    await p.aclose()
    body = double.chat_requests[-1].body
    assert body["options"] == {"num_ctx": 8192, "temperature": 0.2, "num_predict": 50}
    assert body["keep_alive"] == "15m" and body["stream"] is True
    assert "format" not in body and "think" not in body
    assert text(events) == "You said: hello there" and events[-2:] == [Usage(6, 4), Done("stop")]


async def test_num_ctx_defaults_to_16384(provider, double) -> None:
    await collect(provider, HELLO)
    assert double.chat_requests[-1].body["options"]["num_ctx"] == 16384


async def test_structured_call_sends_the_schema_as_format(provider, double) -> None:
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    await collect(provider, ChatRequest(model="", messages=HELLO.messages, json_schema=schema))
    assert double.chat_requests[-1].body["format"] == schema


async def test_history_with_tool_calls_uses_ollamas_shapes(provider, double) -> None:
    call = ToolCall("call_0", "search", {"q": "offsite venues", "limit": 3})
    messages = (
        Message("system", "be brief"),
        Message("user", "find venues"),
        Message("assistant", "", tool_calls=(call,)),
        Message("tool", "3 venues", tool_call_id="call_0", name="search"),
    )
    await collect(provider, ChatRequest(model="", messages=messages))
    sent = double.chat_requests[-1].body["messages"]
    assert sent[2]["role"] == "assistant"  # arguments travel as an object, not a JSON string:
    assert sent[2]["tool_calls"] == [{"function": {"name": "search", "arguments": {"q": "offsite venues", "limit": 3}}}]
    assert sent[3] == {"role": "tool", "content": "3 venues", "tool_name": "search"}


async def test_inline_think_tags_are_separated(double) -> None:
    double.script = lambda body: "<think>weighing it</think>The answer."
    p = OllamaProvider(double.url, SMALL_MODEL)
    events = await collect(p, HELLO)
    await p.aclose()
    assert "".join(e.text for e in events if isinstance(e, ThinkingDelta)) == "weighing it"
    assert text(events) == "The answer."


async def test_length_limit_is_reported(provider, double) -> None:
    double.script = lambda body: "one two three four five six"
    events = await collect(provider, ChatRequest(model="", messages=HELLO.messages, max_tokens=3))
    assert text(events) == "one two three " and events[-1] == Done("length") and events[-2] == Usage(6, 3)


# --- host, models -------------------------------------------------------------------------


def test_host_forms_and_ollama_host(monkeypatch) -> None:
    assert normal_host(None) == DEFAULT_HOST == "http://127.0.0.1:11434"
    assert normal_host("0.0.0.0") == DEFAULT_HOST  # a bind-all address means this machine
    assert normal_host("gpu-box:8000") == "http://gpu-box:8000"
    assert normal_host("https://ollama.example.com") == "https://ollama.example.com:443"
    monkeypatch.setenv("OLLAMA_HOST", "gpu-box")
    assert OllamaProvider().base_url == "http://gpu-box:11434"
    assert OllamaProvider("http://127.0.0.1:5555").base_url == "http://127.0.0.1:5555"


async def test_timeouts_connect_quickly_but_wait_long_while_queued(provider) -> None:
    timeout = provider._get_client()._client.timeout
    assert timeout.connect == 10 and timeout.read >= 600  # a queued request sees no byte until its turn


async def test_no_model_set_uses_the_first_pulled_one(double) -> None:
    p = OllamaProvider(double.url)
    await collect(p, HELLO)
    await p.aclose()
    assert double.chat_requests[-1].body["model"] == SMALL_MODEL


async def test_no_model_pulled_says_how_to_pull_one(double) -> None:
    double.models.clear()
    p = OllamaProvider(double.url)
    with pytest.raises(ModelMissingError) as info:
        await collect(p, HELLO)
    await p.aclose()
    assert "aipa models pull" in info.value.hint


async def test_a_model_not_pulled_is_named_in_the_hint(provider) -> None:
    with pytest.raises(ModelMissingError) as info:
        await collect(provider, ChatRequest(model="qwen3:8b", messages=HELLO.messages))
    assert "qwen3:8b" in info.value.message and info.value.hint == "pull it: `aipa models pull qwen3:8b`"


async def test_show_ps_version_and_list(provider) -> None:
    assert await provider.version() == "0.12.6"
    assert SMALL_MODEL in await provider.list_models()
    shown = await provider.show("thinker")
    assert "thinking" in shown["capabilities"] and shown["model_info"]["llama.context_length"] == 8192
    await provider.ensure_model("smollm2:135m")
    with pytest.raises(ModelMissingError):
        await provider.ensure_model("llama3")
    await collect(provider, HELLO)
    assert [m["model"] for m in await provider.ps()] == [SMALL_MODEL]


# --- queueing, retries, errors ---------------------------------------------------------


async def test_concurrent_requests_queue_one_at_a_time_and_all_complete(double) -> None:
    double.word_delay = 0.05  # ~0.2 s per answer: the fourth waits ~0.6 s for its first byte
    p = OllamaProvider(double.url, SMALL_MODEL)
    requests = [ChatRequest(model="", messages=(Message("user", f"lead {i} go"),)) for i in range(4)]
    results = await asyncio.gather(*(collect(p, r) for r in requests))
    await p.aclose()
    assert [text(r) for r in results] == [f"You said: lead {i} go" for i in range(4)]
    assert double.max_concurrent == 1  # Ollama's default: one request per model at a time


async def test_429_twice_then_success_honours_retry_after(double, caplog) -> None:
    double.failures += [Failure(429, "slow down", {"Retry-After": "2"}), Failure(503, "server busy")]
    sleeps = Sleeps()
    p = OllamaProvider(double.url, SMALL_MODEL, sleep=sleeps)
    with caplog.at_level(logging.WARNING, logger="aipa.providers.ollama"):
        events = await collect(p, HELLO)
    await p.aclose()
    assert text(events) == "You said: hello there"
    assert sleeps.delays[0] == 2.0 and len(sleeps.delays) == 2
    assert "429 rate limited, retry 1/3 in 2.0s" in caplog.text and "503 server error, retry 2/3" in caplog.text


async def test_rate_limit_gives_up_after_the_retries(double) -> None:
    double.failures += [Failure(429, "slow down", {"Retry-After": "0"})] * 4
    p = OllamaProvider(double.url, SMALL_MODEL, sleep=Sleeps(), max_retries=3)
    with pytest.raises(RateLimitError):
        await collect(p, HELLO)
    await p.aclose()
    assert len(double.chat_requests) == 4


async def test_an_error_after_partial_output_is_raised_not_retried(double) -> None:
    double.failures.append(Failure(error="model runner crashed", in_stream=True, after_lines=3))
    p = OllamaProvider(double.url, SMALL_MODEL, sleep=Sleeps())
    got = []
    with pytest.raises(BadResponseError) as info:
        async for event in p.stream(HELLO):
            got.append(event)
    await p.aclose()
    assert text(got) == "x x x " and len(double.chat_requests) == 1  # kept what arrived, no retry
    assert "model runner crashed" in info.value.message


@pytest.mark.parametrize("installed", [False, True])
async def test_refused_connection_says_not_installed_or_not_running(installed) -> None:
    p = OllamaProvider(
        "http://127.0.0.1:9", "m", max_retries=0, which=lambda _: "/usr/bin/ollama" if installed else None
    )
    with pytest.raises(ServerDownError if installed else NotInstalledError) as info:
        await collect(p, HELLO)
    assert ("ollama serve" in info.value.hint) and (installed or "https://ollama.com/download" in info.value.hint)
    with pytest.raises(ServerDownError if installed else NotInstalledError):
        await p.list_models()  # the non-streaming calls say the same


async def test_an_unreachable_remote_host_names_ollama_host() -> None:
    p = OllamaProvider("http://192.0.2.1:11434", "m", max_retries=0, connect_timeout=0.3)
    with pytest.raises(ServerDownError) as info:
        await p.list_models()
    assert "OLLAMA_HOST" in info.value.hint


async def test_server_down_is_retried_before_giving_up() -> None:
    sleeps = Sleeps()
    p = OllamaProvider("http://127.0.0.1:9", "m", sleep=sleeps, which=lambda _: "/usr/bin/ollama")
    with pytest.raises(ServerDownError):
        await collect(p, HELLO)
    assert len(sleeps.delays) == 3


# --- pull ---------------------------------------------------------------------------------


async def test_pull_streams_progress_per_layer_and_adds_the_model(provider, double) -> None:
    progress = [p async for p in provider.pull("qwen3:0.6b")]
    assert progress[0] == {"status": "pulling manifest"}
    assert [p["status"] for p in progress[-3:]] == ["verifying sha256 digest", "writing manifest", "success"]
    layers = layers_for("qwen3:0.6b")
    for layer in layers:
        mine = [p for p in progress if p.get("digest") == layer.digest]
        assert mine[0]["completed"] == 0 and mine[-1]["completed"] == mine[-1]["total"] == layer.size
        assert mine[0]["status"] == f"pulling {layer.digest[7:19]}"
    assert "qwen3:0.6b" in await provider.list_models()


async def test_a_cancelled_pull_resumes_where_it_stopped(provider, double) -> None:
    double.pull_delay = 0.02  # a download in progress
    first = layers_for("qwen3:0.6b")[0]
    async with aclosing(provider.pull("qwen3:0.6b")) as pull:
        async for p in pull:
            if p.get("completed", 0) >= 2_000_000:
                break  # the user pressed Cancel
    await asyncio.wait_for(double.disconnected.wait(), 60)
    assert "qwen3:0.6b" not in double.models
    again = [p async for p in provider.pull("qwen3:0.6b")]
    resumed = next(p for p in again if p.get("digest") == first.digest)
    assert resumed["completed"] >= 2_000_000 and again[-1] == {"status": "success"}


async def test_a_stalled_pull_can_be_abandoned(double) -> None:
    double.stall_pull_after = 3
    p = OllamaProvider(double.url)
    seen: list[dict] = []

    async def pull() -> None:
        async for progress in p.pull("qwen3:0.6b"):
            seen.append(progress)

    with pytest.raises(TimeoutError):
        await asyncio.wait_for(pull(), 0.5)
    await asyncio.wait_for(double.disconnected.wait(), 60)
    await p.aclose()
    assert len(seen) == 3


async def test_pulling_an_unknown_model_is_model_missing(provider) -> None:
    with pytest.raises(ModelMissingError) as info:
        [p async for p in provider.pull("no-such-model:1b")]
    assert "ollama.com/library" in info.value.hint
