"""The context size from whatever the server offers (providers/window_probe.py), against
doubles that answer in each server's own shape (tests/doubles/sizes.py: vLLM's
``/v1/models`` with ``max_model_len``, LiteLLM's ``/model/info``, Ollama's ``/api/show``,
llama.cpp's ``/props``), and the warning when the size is a guess, told by an
OpenAI-compatible provider through the OpenAI double (which, like OpenAI's API, says no
size). The real llama.cpp ``/props`` is read in test_openai_compat_llama.py; the real
LiteLLM proxy in tests/e2e/test_litellm_gateway.py."""

from __future__ import annotations

from aipa.providers.base import ChatRequest, ContentDelta, Message
from aipa.providers.context import DEFAULT_WINDOW
from aipa.providers.openai_compat import OpenAICompatProvider
from aipa.providers.window_probe import Found, discover, guess_caution, guess_warning
from tests.doubles.openai import MODEL, OpenAIDouble, stream_reply
from tests.doubles.sizes import SizeServer, litellm, llama_cpp, ollama, vllm

HELLO = ChatRequest(model="", messages=(Message("user", "hello"),), max_tokens=32)


async def _size(routes, model: str) -> Found | None:
    async with SizeServer(routes) as server:
        return await discover(server.root, model, None, timeout=5)


async def test_vllm_says_max_model_len_in_its_model_list() -> None:
    assert await _size(vllm("Qwen/Qwen2.5-0.5B-Instruct", 4096), "Qwen/Qwen2.5-0.5B-Instruct") == Found(
        4096, "/v1/models"
    )


async def test_litellm_says_max_input_tokens_in_model_info_and_null_is_nothing() -> None:
    assert await _size(litellm("smol", 2048), "smol") == Found(2048, "/model/info")
    assert await _size(litellm("smol", None), "smol") == Found(0, "")
    assert await _size(litellm("smol", 2048), "another") == Found(0, "")  # not that deployment's size


async def test_ollama_says_num_ctx_in_its_parameters_else_its_default_within_the_models_length() -> None:
    assert await _size(ollama("qwen2.5:0.5b", 32768, num_ctx=8192), "qwen2.5:0.5b") == Found(8192, "/api/show")
    assert await _size(ollama("qwen2.5:0.5b", 32768), "qwen2.5:0.5b") == Found(4096, "/api/show")
    assert await _size(ollama("tiny", 2048), "tiny") == Found(2048, "/api/show")


async def test_llama_cpp_props_comes_first() -> None:
    assert await _size({**vllm("m", 4096), **llama_cpp(2048)}, "m") == Found(2048, "/props")


async def test_a_server_that_says_nothing_gives_nothing() -> None:
    assert await _size({}, "m") == Found(0, "")


async def test_the_profiles_context_comes_before_the_server_and_no_probe_is_made() -> None:
    async with SizeServer(vllm("m", 4096)) as server:
        provider = OpenAICompatProvider(server.root + "/v1", None, "m", context_options={"context": 1500})
        size = await provider.context_size()
        await provider.aclose()
    assert (size.tokens, size.source) == (1500, "the profile") and server.asked == []


async def test_vllm_behind_an_openai_compatible_profile_is_sized_from_its_model_list() -> None:
    async with SizeServer(vllm("m", 4096)) as server:
        provider = OpenAICompatProvider(server.root + "/v1", None, "m")
        size = await provider.context_size()
        await provider.aclose()
    assert (size.tokens, size.source, size.guessed) == (4096, "/v1/models", False)
    assert size.describe("m") == "4,096 tokens per request for m (from /v1/models)"


async def test_a_guessed_size_is_told_as_a_caution_before_the_reply() -> None:
    async with OpenAIDouble(stream_reply("hi"), stream_reply("again")) as double:
        provider = OpenAICompatProvider(double.base_url, None, MODEL)
        events = [e async for e in provider.stream(HELLO)]
        size = await provider.context_size()
        await provider.aclose()
        url = double.base_url
    text = f"context size of {MODEL} at {url} is unknown; assuming 8,192 tokens — set `context` in the profile"
    assert events[0] == guess_caution(MODEL, url) and events[0].text == text == guess_warning(MODEL, url)
    assert (events[0].kind, events[0].fields) == ("context_guessed", {"model": MODEL, "where": url, "tokens": 8192})
    assert [e.text for e in events if isinstance(e, ContentDelta)] == ["hi"]
    assert size.guessed and size.tokens == DEFAULT_WINDOW and size.describe(MODEL) == text
