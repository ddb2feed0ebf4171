"""What the setup wizard suggests: Ollama models sized to this machine's memory, whether
a model fits it, the oldest Ollama the app supports, and base URLs of well-known
OpenAI-compatible servers.
"""

from __future__ import annotations

import ctypes
import os
import re
import sys
from dataclasses import dataclass

from aipa.providers.kinds import KINDS, Preset

GIB = 1024**3

# Structured outputs (``format`` with a JSON schema) arrived in Ollama 0.5.0; routing
# and the planning playbook rely on them.
MIN_OLLAMA_VERSION = "0.5.0"
OLLAMA_DOWNLOAD = "https://ollama.com/download"


@dataclass(frozen=True)
class Suggestion:
    name: str
    download_gb: float  # size of the pull
    min_memory_gb: float  # machine memory (RAM or unified memory) it runs well in
    note: str


# Smallest first. Sizes are the Ollama library's (Q4_K_M) downloads.
CATALOG: tuple[Suggestion, ...] = (
    Suggestion("qwen3:0.6b", 0.5, 2, "tiny and fast; rough answers"),
    Suggestion("qwen3:1.7b", 1.4, 4, "small; fine for trying things out"),
    Suggestion("llama3.2:3b", 2.0, 6, "small, follows instructions well"),
    Suggestion("qwen3:4b", 2.5, 8, "a good balance on laptops"),
    Suggestion("gemma3:4b", 3.3, 8, "good writing; no thinking mode"),
    Suggestion("qwen3:8b", 5.2, 12, "solid all-rounder; tools and thinking"),
    Suggestion("gemma3:12b", 8.1, 18, "strong writing"),
    Suggestion("qwen3:14b", 9.3, 20, "stronger reasoning"),
    Suggestion("qwen3:30b", 19.0, 36, "mixture of experts: big but quick"),
)


def recommend(memory_bytes: int, limit: int = 4) -> list[Suggestion]:
    """The largest models that fit ``memory_bytes``, best first (at most ``limit``).
    Unknown memory (0) is taken as 8 GB; the smallest model is always offered."""
    memory_gb = memory_bytes / GIB if memory_bytes > 0 else 8.0
    fits = [s for s in CATALOG if s.min_memory_gb <= memory_gb] or [CATALOG[0]]
    return list(reversed(fits))[:limit]


@dataclass(frozen=True)
class Fit:
    level: str  # fits | tight | too_big | unknown
    text: str


def memory_fit(needed_gb: float, memory_bytes: int) -> Fit:
    """Whether a model that runs well in ``needed_gb`` of memory suits a machine with
    ``memory_bytes`` (0: unknown): fits, tight (little left for other apps) or too big."""
    if memory_bytes <= 0:
        return Fit("unknown", f"needs about {needed_gb:g} GB of memory")
    have = memory_bytes / GIB
    if have + 0.25 < needed_gb:  # a nominal 8 GB machine reports a little less
        return Fit("too_big", f"too big for this computer ({have:.0f} GB of memory)")
    if have < needed_gb * 1.5:
        return Fit("tight", "fits, but leaves little memory for other apps")
    return Fit("fits", "fits this computer")


def machine_memory() -> int:
    """Physical memory in bytes, 0 when unknown."""
    if sys.platform == "win32":

        class Status(ctypes.Structure):
            _fields_ = [
                ("length", ctypes.c_ulong),
                ("load", ctypes.c_ulong),
                ("total", ctypes.c_ulonglong),
                ("avail", ctypes.c_ulonglong),
                ("page_total", ctypes.c_ulonglong),
                ("page_avail", ctypes.c_ulonglong),
                ("virtual_total", ctypes.c_ulonglong),
                ("virtual_avail", ctypes.c_ulonglong),
                ("extended", ctypes.c_ulonglong),
            ]

        status = Status()
        status.length = ctypes.sizeof(Status)
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
            return int(status.total)
        return 0
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 0


def version_tuple(version: str) -> tuple[int, ...]:
    """``"0.12.6"`` -> (0, 12, 6); ``"0.5.0-rc1"`` -> (0, 5, 0); junk -> ()."""
    match = re.match(r"\s*v?(\d+(?:\.\d+)*)", version or "")
    return tuple(int(p) for p in match.group(1).split(".")) if match else ()


def ollama_too_old(version: str) -> bool:
    """Whether ``version`` is known and older than MIN_OLLAMA_VERSION. Builds from
    source report 0.0.0: those are not called too old."""
    parts = version_tuple(version)
    if not parts or not any(parts):
        return False
    return parts < version_tuple(MIN_OLLAMA_VERSION)


# The known servers of a kind and where to get a key are the kinds' own facts
# (``providers/kinds.py``); the wizard reads them here.
COMPAT_PRESETS: tuple[Preset, ...] = KINDS["openai-compatible"].presets
KEY_PAGES = {k.name: k.key_page for k in KINDS.values() if k.key_page}
