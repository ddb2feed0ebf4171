"""The provider kinds, one record each: everything the app knows about a kind of
server (its label and description, whether it needs a key and which environment
variable holds one, the one host that variable's key may go to, its default server URL
and the variable that moves it, where to get a key, the models to prefer, whether it
runs on this computer, which setup page configures it, and how to build its provider).
Every place that asks about a kind reads its record (``KINDS``, ``kind``); nothing
else spells these facts.

Adding a kind is one record here plus its provider module (``providers/NAME.py``).
The builders import their module when first called, so listing the kinds loads no SDK.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aipa.providers import ollama_host
from aipa.providers.base import Provider


@dataclass(frozen=True)
class Preset:
    """A server of a kind that needs a URL of its own (e.g. LM Studio for openai-compatible)."""

    label: str
    base_url: str
    needs_key: bool
    key_page: str = ""  # where to get a key


@dataclass(frozen=True)
class Spec:
    """What a kind's builder gets: the URL the settings or command line give ('' = none:
    the kind's own default), the key, the model when an agent names none, the profile's
    options (already type-checked) and the profile's name."""

    base_url: str
    api_key: str | None
    default_model: str
    options: dict[str, Any]
    profile: str


@dataclass(frozen=True)
class Kind:
    name: str
    label: str  # how lists and messages name it: "Ollama (local)"
    title: str  # its short name: "Ollama"
    description: str  # one line for the setup wizard's choice
    build: Callable[[Spec], Provider]
    needs_key: bool = False  # no provider without a key
    takes_key: bool = False  # a key can be stored for it (a compatible server may ask for one)
    key_env: str = ""  # the read-only fallback variable of its key
    home_host: str = ""  # the one host ``key_env``'s key is sent to ("" = a server of your choosing)
    default_url: str = ""  # its server when none is set ("" = no server URL)
    url_env: str = ""  # a variable that moves the default server (OLLAMA_HOST)
    key_page: str = ""  # where to get a key
    preferred_models: tuple[str, ...] = ()  # model-name prefixes to pick first, best first
    local: bool | None = False  # runs on this computer (None: it depends on its URL)
    setup: str = ""  # the setup wizard's page for it: "ollama", "builtin", "cloud" ("" = none)
    choosable: bool = True  # offered as a default provider (not the dry-run one)
    presets: tuple[Preset, ...] = field(default=())  # known servers of this kind
    # how pictures travel in its requests (providers/images_wire.py): "ollama" (an
    # ``images`` list of plain base64), "openai" (``image_url`` parts with a data: URI),
    # "anthropic" (``image`` blocks); "" = they are not sent (the dry run's canned answers)
    images: str = ""

    def url(self, configured: str = "") -> str:
        """The server it talks to: ``configured``, else ``url_env``, else its default."""
        return configured or (os.environ.get(self.url_env, "") if self.url_env else "") or self.default_url


# --- the builders (each imports its module when called) ------------------------------


def _scripted(spec: Spec) -> Provider:
    from aipa.providers.scripted import ScriptedProvider

    return ScriptedProvider(spec.default_model or "demo", tokens_per_second=spec.options.get("tokens_per_second"))


def _openai_compat(kind: str) -> Callable[[Spec], Provider]:
    def build(spec: Spec) -> Provider:
        from aipa.providers.openai_compat import OpenAICompatProvider

        url = KINDS[kind].url(spec.base_url or spec.options.get("base_url") or "")
        return OpenAICompatProvider(
            url, spec.api_key, spec.default_model, name=spec.profile, context_options=spec.options
        )

    return build


def _ollama(spec: Spec) -> Provider:
    from aipa.providers.ollama import OllamaProvider

    # None: the provider reads OLLAMA_HOST, else the local default (normalising its forms)
    return OllamaProvider(
        spec.base_url or spec.options.get("base_url") or None, spec.default_model, options=spec.options
    )


def _anthropic(spec: Spec) -> Provider:
    from aipa.providers.anthropic import AnthropicProvider

    url = spec.base_url or spec.options.get("base_url") or None  # None: the SDK's own default
    # (the factory refuses a kind that needs a key without one)
    return AnthropicProvider(spec.api_key or "", spec.default_model, base_url=url, options=spec.options)


def _builtin(spec: Spec) -> Provider:
    from aipa.providers.builtin import BuiltinProvider

    return BuiltinProvider(spec.options.get("models_dir"), spec.default_model, options=spec.options)


# OpenAI-compatible servers: local ones need no key.
COMPAT_PRESETS: tuple[Preset, ...] = (
    Preset("LM Studio", "http://127.0.0.1:1234/v1", False),
    Preset("llama.cpp server", "http://127.0.0.1:8080/v1", False),
    Preset("vLLM", "http://127.0.0.1:8000/v1", False),
    Preset("Groq", "https://api.groq.com/openai/v1", True, "https://console.groq.com/keys"),
    Preset("Together", "https://api.together.xyz/v1", True, "https://api.together.ai/settings/api-keys"),
    Preset("Mistral", "https://api.mistral.ai/v1", True, "https://console.mistral.ai/api-keys"),
    Preset("OpenRouter", "https://openrouter.ai/api/v1", True, "https://openrouter.ai/settings/keys"),
)

# In the order the window offers them.
KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind(
            "ollama",
            "Ollama (local)",
            "Ollama",
            "Open models on this computer: private, free, offline once pulled.",
            _ollama,
            default_url=ollama_host.DEFAULT_HOST,
            url_env=ollama_host.HOST_ENV,
            local=True,
            setup="ollama",
            images="ollama",
        ),
        Kind(
            "builtin",
            "Built-in llama.cpp engine",
            "Built-in engine",
            "AIPA runs a GGUF model file itself: nothing to install.",
            _builtin,
            local=True,
            setup="builtin",
            images="openai",  # the engine is a llama.cpp server; with a projector it reads them
        ),
        Kind(
            "openai",
            "OpenAI",
            "OpenAI",
            "GPT models in the cloud; needs an API key.",
            _openai_compat("openai"),
            needs_key=True,
            takes_key=True,
            key_env="OPENAI_API_KEY",
            home_host="api.openai.com",
            default_url="https://api.openai.com/v1",
            key_page="https://platform.openai.com/api-keys",
            preferred_models=("gpt-4.1-mini", "gpt-4o-mini", "gpt-4.1", "gpt-4o"),
            setup="cloud",
            images="openai",
        ),
        Kind(
            "anthropic",
            "Anthropic",
            "Anthropic",
            "Claude models in the cloud; needs an API key.",
            _anthropic,
            needs_key=True,
            takes_key=True,
            key_env="ANTHROPIC_API_KEY",
            home_host="api.anthropic.com",
            default_url="https://api.anthropic.com",
            key_page="https://console.anthropic.com/settings/keys",
            preferred_models=("claude-sonnet", "claude-haiku", "claude-opus"),
            setup="cloud",
            images="anthropic",
        ),
        Kind(
            "openai-compatible",
            "OpenAI-compatible server",
            "OpenAI-compatible server",
            "LM Studio, llama.cpp server, vLLM, Groq, Together, Mistral, OpenRouter…",
            _openai_compat("openai-compatible"),
            takes_key=True,
            key_env="OPENAI_API_KEY",  # sent only where its profile says "use_openai_key" (secrets.key_for)
            default_url="http://127.0.0.1:8080/v1",
            url_env="AIPA_BASE_URL",
            local=None,
            setup="cloud",
            presets=COMPAT_PRESETS,
            images="openai",
        ),
        Kind(
            "scripted",
            "Scripted (dry run, no network)",
            "Scripted",
            "Canned answers, no model: a dry run.",
            _scripted,
            local=True,
            choosable=False,
        ),
    )
}


def kind(name: str) -> Kind | None:
    """The record of kind ``name`` (None for an unknown name)."""
    return KINDS.get(name)
