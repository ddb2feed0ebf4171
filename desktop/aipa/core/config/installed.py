"""The models a provider has now, as the window's model picker lists them: each one's
name, its size on disk when the provider says, and whether it runs on this computer.
Read from the server (Ollama's tags, an OpenAI-compatible ``/v1/models``) or the
built-in engine's models folder, with a timeout."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from aipa.core.config import keyring_check
from aipa.core.config.endpoints import on_this_network
from aipa.providers.kinds import KINDS

LOCAL_PROVIDERS = frozenset(k.name for k in KINDS.values() if k.local)
LIST_TIMEOUT = 8.0


@dataclass(frozen=True)
class ModelEntry:
    name: str
    size: int | None  # bytes on disk, when known
    local: bool  # runs on this computer (no data leaves it)

    @property
    def size_label(self) -> str:
        if not self.size:
            return ""
        gb = self.size / 1e9
        return f"{gb:.1f} GB" if gb >= 1 else f"{self.size / 1e6:.0f} MB"


def is_local(provider: str, base_url: str = "") -> bool:
    """Whether kind ``provider`` at ``base_url`` keeps the data on this computer or its
    network: by the URL's address when there is one (``endpoints.on_this_network``), not
    by the kind; without a URL as the kind's record says."""
    by_address = on_this_network(base_url) if base_url else None
    if by_address is not None:
        return by_address
    record = KINDS.get(provider)
    return bool(record is not None and record.local)


def _size(folder: Path | None, name: str) -> int | None:
    if folder is None:
        return None
    try:
        return (folder / name).stat().st_size
    except OSError:
        return None


async def installed_models(
    providers, name: str, base_url: str = "", timeout: float = LIST_TIMEOUT, *, kind: str = ""
) -> list[ModelEntry]:
    """The models provider profile ``name`` (of ``kind``, default its name) has, sorted by
    name. The provider is made in a worker
    thread (reading a key can wait on a locked keyring); raises TimeoutError after
    ``timeout`` and the provider's own errors (with their hints)."""
    provider = await keyring_check.in_thread(providers.get, name, timeout=timeout)
    names = await asyncio.wait_for(provider.list_models(), timeout)
    folder = getattr(provider, "models_dir", None)
    local = is_local(kind or name, base_url)
    return [ModelEntry(n, _size(folder, n), local) for n in sorted(dict.fromkeys(names), key=str.casefold)]
