"""The providers' catalogue as the window lists it: each provider's name, label, whether
it needs an API key and its default server URL. The facts are the providers' own
(``aipa.providers.factory``, which cannot import the core); this module is the one place
the window reads them from."""

from __future__ import annotations

from dataclasses import dataclass

from aipa.providers.factory import PROVIDERS

KEY_PROVIDERS = ("openai", "anthropic", "openai-compatible")  # whose key the Settings dialog stores


@dataclass(frozen=True)
class ProviderInfo:
    name: str
    label: str
    needs_key: bool
    default_url: str  # "" when the provider has no server URL


CATALOGUE: tuple[ProviderInfo, ...] = tuple(
    ProviderInfo(name, label, needs_key, url) for name, (label, needs_key, url) in PROVIDERS.items()
)
BY_NAME = {p.name: p for p in CATALOGUE}


def provider(name: str) -> ProviderInfo | None:
    return BY_NAME.get(name)


def choosable() -> tuple[ProviderInfo, ...]:
    """The providers a user picks as a default (not the scripted dry-run one)."""
    return tuple(p for p in CATALOGUE if p.name != "scripted")
