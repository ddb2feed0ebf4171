"""Build a provider of a kind (its record in ``providers/kinds.py`` says how), after
checking the types of its options. SDK-backed modules are imported only when asked for."""

from __future__ import annotations

from typing import Any

from aipa.errors import AuthError, ConfigError
from aipa.providers.base import Provider
from aipa.providers.kinds import KINDS, Spec

# Types of the options a provider entry in settings.json may hold (providers.NAME.KEY).
_NUMBER = (int, float)
OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "base_url": (str,),
    "num_ctx": (int,),
    "context_window": (int,),
    "context": (int,),  # tokens one request may use, set by hand (before anything a server says)
    "key_env": (str,),  # the environment variable that holds this profile's key
    "extra_body": (dict,),  # fields added to every request's body (openai-compatible, anthropic)
    "prompt_cache": (bool,),  # anthropic: mark the stable prefix for the prompt cache (default: on its own API)
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
    "vision": (bool,),  # the model sees pictures (true) or not (false), whatever its server says
    "keyless": (bool,),  # its server needs no key: none is looked up or asked for (core/config/key_need.py)
    "kind": (str,),
    "model": (str,),
    "embed_model": (str,),
    "embed_weight": _NUMBER,
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
    return list(KINDS)


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
    the kind's name; it names the provider in messages, usage and hints), built as the
    kind's record says (``providers/kinds.py``). Raises ConfigError for unknown kinds,
    AuthError when a kind that needs a key has none."""
    options = options or {}
    profile = profile or name
    check_options(profile, options)
    kind = KINDS.get(name)
    if kind is None:
        raise ConfigError(f"unknown provider kind '{name}'", hint="choose one of: " + ", ".join(KINDS))
    if kind.needs_key and not api_key:
        raise AuthError(
            f"no {kind.title} API key is set" + (f" for {profile}" if profile != name else ""),
            hint=f"store one with `aipa keys set {profile}` or set {kind.key_env}",
        )
    provider = kind.build(Spec(base_url, api_key, default_model, options, profile))
    if profile != name:
        provider.name = profile
    return provider
