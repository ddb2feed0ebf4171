"""The providers' catalogue as the window lists it: each kind's record (name, label,
title, description, whether it needs or takes a key, its default server URL, key page,
preferred models, local or cloud, its setup page). The records are the providers' own
(``aipa.providers.kinds``, which the window may not import); this module is the one
place the window reads them from."""

from __future__ import annotations

from aipa.providers.kinds import KINDS, Kind, Preset

ProviderInfo = Kind  # what the window calls a kind's record
__all__ = ["BY_NAME", "CATALOGUE", "KEY_PROVIDERS", "Preset", "ProviderInfo", "choosable", "provider"]

CATALOGUE: tuple[Kind, ...] = tuple(KINDS.values())
BY_NAME = KINDS
KEY_PROVIDERS = tuple(k.name for k in CATALOGUE if k.takes_key)  # whose key the Settings dialog stores


def provider(name: str) -> Kind | None:
    return BY_NAME.get(name)


def choosable() -> tuple[Kind, ...]:
    """The providers a user picks as a default (not the scripted dry-run one)."""
    return tuple(p for p in CATALOGUE if p.choosable)


def setup_kinds() -> tuple[Kind, ...]:
    """The kinds the setup wizard configures, in the order it offers them."""
    return tuple(p for p in CATALOGUE if p.setup)
