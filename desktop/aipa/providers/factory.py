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


# Types of the options a provider entry in settings.json may hold (providers.NAME.KEY).
_NUMBER = (int, float)
OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "base_url": (str,),
    "num_ctx": (int,),
    "context_window": (int,),
    "first_token_timeout": _NUMBER,
    "stream_idle_timeout": _NUMBER,
    "keep_alive": (str, int),
    "tokens_per_second": _NUMBER,
    "n_parallel": (int,),
    "threads": (int,),
    "max_tokens": (int,),
    "thinking_budget": (int,),
    "models_dir": (str,),
    "log_dir": (str,),
    "repeat_penalty": _NUMBER,
    "repeat_last_n": (int,),
    "use_openai_key": (bool,),
    "kind": (str,),
    "model": (str,),
}


def check_options(name: str, options: dict[str, Any]) -> None:
    """Raise ConfigError naming ``providers.NAME.KEY`` for a value of the wrong type."""
    for key, value in options.items():
        expected = OPTION_TYPES.get(key)
        if expected is None or value is None:
            continue
        wrong_bool = isinstance(value, bool) and bool not in expected
        if wrong_bool or not isinstance(value, expected):
            kinds = " or ".join(
                "number" if t is float else t.__name__ for t in expected if t is not int or float not in expected
            )
            raise ConfigError(
                f"settings.json: providers.{name}.{key} must be {kinds}, got {value!r}"[:200],
                f'fix or remove "{key}" under "providers" → "{name}" in settings.json',
            )


def provider_names() -> list[str]:
    return list(PROVIDERS)


def make_provider(
    name: str,
    *,
    base_url: str = "",
    api_key: str | None = None,
    default_model: str = "",
    options: dict[str, Any] | None = None,
    profile: str = "",
) -> Provider:
    """A ready provider of kind ``name`` for the provider profile ``profile`` (default:
    the kind's name; it names the provider in messages, usage and hints). Raises
    ConfigError for unknown kinds, AuthError when a cloud provider has no key."""
    options = options or {}
    profile = profile or name
    check_options(profile, options)
    provider = _make(name, base_url, api_key, default_model, options, profile)
    if profile != name:
        provider.name = profile
    return provider


def _make(
    name: str, base_url: str, api_key: str | None, default_model: str, options: dict[str, Any], profile: str
) -> Provider:
    if name == "scripted":
        from aipa.providers.scripted import ScriptedProvider

        tps = options.get("tokens_per_second")
        return ScriptedProvider(default_model or "demo", tokens_per_second=tps)
    if name in ("openai", "openai-compatible"):
        from aipa.providers.openai_compat import OpenAICompatProvider

        if name == "openai" and not api_key:
            raise AuthError(
                "no OpenAI API key is set" + (f" for {profile}" if profile != name else ""),
                hint=f"store one with `aipa keys set {profile}` or set OPENAI_API_KEY",
            )
        url = (
            base_url
            or options.get("base_url")
            or (PROVIDERS["openai"][2] if name == "openai" else os.environ.get("AIPA_BASE_URL", PROVIDERS[name][2]))
        )
        return OpenAICompatProvider(url, api_key, default_model, name=profile, context_options=options)
    if name == "ollama":
        from aipa.providers.ollama import OllamaProvider

        # base URL: explicit, else settings, else OLLAMA_HOST, else the local default
        return OllamaProvider(base_url or options.get("base_url") or None, default_model, options=options)
    if name == "anthropic":
        from aipa.providers.anthropic import AnthropicProvider

        if not api_key:
            raise AuthError(
                "no Anthropic API key is set" + (f" for {profile}" if profile != name else ""),
                hint=f"store one with `aipa keys set {profile}` or set ANTHROPIC_API_KEY",
            )
        return AnthropicProvider(
            api_key, default_model, base_url=base_url or options.get("base_url") or None, options=options
        )
    if name == "builtin":
        from aipa.providers.builtin import BuiltinProvider

        return BuiltinProvider(options.get("models_dir"), default_model, options=options)
    raise ConfigError(
        f"unknown provider kind '{name}'",
        hint="choose one of: " + ", ".join(PROVIDERS),
    )
