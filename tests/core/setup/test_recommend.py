"""Model suggestions by memory, and the oldest supported Ollama."""

from aipa.core.setup.recommend import (
    CATALOG,
    COMPAT_PRESETS,
    GIB,
    machine_memory,
    ollama_too_old,
    recommend,
    version_tuple,
)


def test_suggestions_fit_the_memory_best_first():
    small = recommend(4 * GIB)
    assert [s.name for s in small] == ["qwen3:1.7b", "qwen3:0.6b"]
    big = recommend(32 * GIB)
    assert big[0].name == "qwen3:14b" and len(big) == 4
    assert all(s.min_memory_gb <= 32 for s in big)
    assert recommend(1 * GIB) == [CATALOG[0]]  # always something
    assert recommend(0)[0].min_memory_gb <= 8  # unknown memory: assume 8 GB
    assert machine_memory() > 0


def test_ollama_versions():
    assert version_tuple("0.12.6") == (0, 12, 6) and version_tuple("0.5.0-rc1") == (0, 5, 0)
    assert version_tuple("junk") == ()
    assert ollama_too_old("0.4.7") and ollama_too_old("0.3.14")
    assert not ollama_too_old("0.5.0") and not ollama_too_old("0.12.6") and not ollama_too_old("1.0")
    assert not ollama_too_old("0.0.0") and not ollama_too_old("")  # source builds, unknown


def test_presets_are_openai_style_base_urls():
    labels = {p.label: p for p in COMPAT_PRESETS}
    assert labels["LM Studio"].base_url == "http://127.0.0.1:1234/v1" and not labels["LM Studio"].needs_key
    assert labels["llama.cpp server"].base_url == "http://127.0.0.1:8080/v1"
    assert labels["vLLM"].base_url == "http://127.0.0.1:8000/v1"
    for name in ("Groq", "Together", "Mistral", "OpenRouter"):
        assert labels[name].base_url.startswith("https://") and labels[name].needs_key
