"""Build a provider by name. SDK-backed modules are imported only when asked for."""

from __future__ import annotations

import os
from typing import Any

from aipa.errors import AuthError, ConfigError
from aipa.providers.base import Provider

# name -> (label, needs a key, default base URL)
PROVIDERS: dict[str, tuple[str, bool, str]] = {
    "ollama": ("Ollama (local)", False, "http://127.0.0.1:11434"),
    "builtin": ("Built-in llama.cpp engine", False, ""),
    "openai": ("OpenAI", True, "https://api.openai.com/v1"),
    "anthropic": ("Anthropic", True, "https://api.anthropic.com"),
    "openai-compatible": ("OpenAI-compatible server", False, "http://127.0.0.1:8080/v1"),
    "scripted": ("Scripted (dry run, no network)", False, ""),
}


def provider_names() -> list[str]:
    return list(PROVIDERS)


def make_provider(
    name: str,
    *,
    base_url: str = "",
    api_key: str | None = None,
    default_model: str = "",
    options: dict[str, Any] | None = None,
) -> Provider:
    """A ready provider. Raises ConfigError for unknown names, AuthError when a cloud
    provider has no key."""
    options = options or {}
    if name == "scripted":
        from aipa.providers.scripted import ScriptedProvider

        tps = options.get("tokens_per_second")
        return ScriptedProvider(default_model or "demo", tokens_per_second=tps)
    if name in ("openai", "openai-compatible"):
        from aipa.providers.openai_compat import OpenAICompatProvider

        if name == "openai" and not api_key:
            raise AuthError(
                "no OpenAI API key is set",
                hint="store one with `aipa keys set openai` or set OPENAI_API_KEY",
            )
        url = (
            base_url
            or options.get("base_url")
            or (PROVIDERS["openai"][2] if name == "openai" else os.environ.get("AIPA_BASE_URL", PROVIDERS[name][2]))
        )
        return OpenAICompatProvider(url, api_key, default_model, name=name, context_options=options)
    if name == "ollama":
        from aipa.providers.ollama import OllamaProvider

        # base URL: explicit, else settings, else OLLAMA_HOST, else the local default
        return OllamaProvider(base_url or options.get("base_url") or None, default_model, options=options)
    if name == "anthropic":
        from aipa.providers.anthropic import AnthropicProvider

        if not api_key:
            raise AuthError(
                "no Anthropic API key is set",
                hint="store one with `aipa keys set anthropic` or set ANTHROPIC_API_KEY",
            )
        return AnthropicProvider(
            api_key, default_model, base_url=base_url or options.get("base_url") or None, options=options
        )
    if name == "builtin":
        from aipa.providers.builtin import BuiltinProvider

        return BuiltinProvider(options.get("models_dir"), default_model, options=options)
    raise ConfigError(
        f"unknown provider '{name}'",
        hint="choose one of: " + ", ".join(PROVIDERS),
    )
