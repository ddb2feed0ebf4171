"""How many threads the built-in engine gives llama.cpp.

llama.cpp's worker threads spin while they wait for each other, so more threads than
free physical cores make them fight: on a busy 2-core machine its default count ran
about 20x slower than one thread (0.5 against 10-12 tokens/s). So the engine takes the
physical cores this process may run on (hyper-threads share a core's arithmetic units
and add nothing), and on a small machine (four physical cores or fewer) leaves one for
the window and everything else. The ``threads`` setting of the builtin provider
(``providers.builtin.threads`` in settings.json) overrides the choice.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SMALL_MACHINE = 4  # physical cores up to which one is left free
_SYSFS = Path("/sys/devices/system/cpu")


@dataclass(frozen=True)
class ThreadChoice:
    """The thread count and, for `aipa doctor`, how it was chosen."""

    count: int
    why: str

    def describe(self) -> str:
        noun = "thread" if self.count == 1 else "threads"
        return f"{self.count} {noun} ({self.why})"


def choose(setting: int | None = None, *, cores: int | None = None) -> ThreadChoice:
    """The engine's thread count: ``setting`` when it is set (above 0), else chosen from
    the physical cores (``cores``, or this machine's)."""
    if setting and setting > 0:
        return ThreadChoice(int(setting), "set in settings: providers.builtin.threads")
    physical = cores if cores is not None else physical_cores()
    plural = "s" if physical != 1 else ""
    if physical <= 1:
        return ThreadChoice(1, f"{physical} physical core{plural}")
    if physical <= SMALL_MACHINE:
        return ThreadChoice(physical - 1, f"{physical} physical cores, one left for the window")
    return ThreadChoice(physical, f"{physical} physical cores")


def physical_cores() -> int:
    """Physical cores among the CPUs this process may use (its affinity mask): each core
    counted once however many hyper-threads it has. Linux reads sysfs; elsewhere, or when
    sysfs says nothing, the logical count is the best there is."""
    cpus = _usable_cpus()
    cores = set()
    for cpu in cpus:
        siblings = _read(_SYSFS / f"cpu{cpu}" / "topology" / "thread_siblings_list")
        package = _read(_SYSFS / f"cpu{cpu}" / "topology" / "physical_package_id")
        if siblings is None:
            return max(1, len(cpus))
        cores.add((package, siblings))
    return max(1, len(cores))


def _usable_cpus() -> list[int]:
    if hasattr(os, "sched_getaffinity"):
        return sorted(os.sched_getaffinity(0))
    return list(range(os.cpu_count() or 1))


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None
