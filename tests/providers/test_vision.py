"""Whether a model can see, from what each server says in its own shape: Ollama's
``/api/show`` capabilities (the Ollama double), llama.cpp's ``/props`` modalities (the
real llama.cpp server, which has no projector: it cannot see, and says so), model lists
and LiteLLM's model info (doubles in those servers' shapes), the built-in engine's
projector beside its model file, and the clouds by name."""

from __future__ import annotations

from pathlib import Path

from aipa.providers import vision
from aipa.providers.builtin import BuiltinProvider
from aipa.providers.ollama import OllamaProvider
from aipa.providers.openai_compat import OpenAICompatProvider
from tests.doubles.ollama import OllamaDouble
from tests.doubles.sizes import SizeServer


async def test_ollama_capabilities() -> None:
    async with OllamaDouble(models=("llava:7b", "smollm2:135m"), vision_models=("llava:7b",)) as double:
        provider = OllamaProvider(double.url, "smollm2:135m")
        try:
            assert await vision.can_see("ollama", provider, "llava:7b") is True
            assert await vision.can_see("ollama", provider, "smollm2:135m") is False
            assert await vision.can_see("ollama", provider, "absent:1b") is None  # 404: nothing tells
        finally:
            await provider.aclose()


async def test_llama_cpp_props_modalities_of_the_real_server(llama_server) -> None:
    provider = OpenAICompatProvider(llama_server.base_url, None, "")
    assert await vision.can_see("openai-compatible", provider, "") is False  # no --mmproj: modalities.vision false


async def test_model_lists_and_litellm_info() -> None:
    routes = {
        ("GET", "/props"): {"default_generation_settings": {"n_ctx": 4096}, "modalities": {"vision": True}},
    }
    async with SizeServer(routes) as server:
        provider = OpenAICompatProvider(server.root + "/v1", None, "m")
        assert await vision.can_see("openai-compatible", provider, "m") is True
    listed = {
        ("GET", "/v1/models"): {
            "data": [
                {"id": "a", "architecture": {"input_modalities": ["text", "image"]}},
                {"id": "b", "architecture": {"input_modalities": ["text"]}},
                {"id": "c", "type": "vlm"},
            ]
        },
        ("GET", "/model/info"): {"data": [{"model_name": "d", "model_info": {"supports_vision": True}}]},
    }
    async with SizeServer(listed) as server:
        provider = OpenAICompatProvider(server.root + "/v1", None, "a")
        answers = [await vision.can_see("openai-compatible", provider, m) for m in ("a", "b", "c", "d", "e")]
    assert answers == [True, False, True, True, None]


async def test_builtin_sees_with_a_projector_beside_its_model(tmp_path: Path) -> None:
    (tmp_path / "gemma-3-4b.gguf").write_bytes(b"GGUF")
    (tmp_path / "plain.gguf").write_bytes(b"GGUF")
    provider = BuiltinProvider(tmp_path)
    assert await vision.can_see("builtin", provider, "gemma-3-4b.gguf") is False
    (tmp_path / "mmproj-gemma-3-4b.gguf").write_bytes(b"GGUF")
    assert await vision.can_see("builtin", provider, "gemma-3-4b.gguf") is True
    assert await provider.list_models() == ["gemma-3-4b.gguf", "plain.gguf"]  # a projector is no model


async def test_clouds_by_name() -> None:
    assert await vision.can_see("openai", None, "gpt-4o-mini") is True
    assert await vision.can_see("openai", None, "gpt-3.5-turbo") is False
    assert await vision.can_see("anthropic", None, "claude-sonnet-4-6") is True
