"""The models a provider has now, as the window's model picker lists them: each one's
name, its size on disk when the provider says, and whether it runs on this computer.
Read from the server (Ollama's tags, an OpenAI-compatible ``/v1/models``) or the
built-in engine's models folder, with a timeout."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from aipa.core.config import keyring_check
from aipa.providers.kinds import KINDS

LOCAL_PROVIDERS = frozenset(k.name for k in KINDS.values() if k.local)
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})
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
    """Whether kind ``provider`` (at ``base_url``) runs on this computer: as its record
    says, or by its URL's host for a kind whose servers may be anywhere."""
    record = KINDS.get(provider)
    if record is None or record.local is None:
        return (urlparse(base_url).hostname or "") in LOCAL_HOSTS
    return record.local


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
