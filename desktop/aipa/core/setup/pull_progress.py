"""Progress of a model pull, summed over layers, with speed, time left and stall
detection. Shared by ``aipa models pull`` and the setup wizard.

Ollama reports progress per layer (``digest``, ``total``, ``completed``) plus status
lines without a digest ("pulling manifest", "verifying sha256 digest", "success").
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class PullState:
    status: str
    completed: int
    total: int
    speed: float  # bytes per second over the last few seconds
    eta: float | None  # seconds left, None when unknown
    done: bool = False

    @property
    def fraction(self) -> float:
        return self.completed / self.total if self.total else 0.0


class PullTracker:
    """Feed progress dicts; read ``state``. ``stalled()`` says when no bytes arrived
    for ``stall_after`` seconds while a download was going on."""

    def __init__(
        self, *, clock: Callable[[], float] = time.monotonic, stall_after: float = 30.0, window: float = 5.0
    ) -> None:
        self._clock = clock
        self._layers: dict[str, tuple[int, int]] = {}
        self._status = "starting"
        self._samples: deque[tuple[float, int]] = deque()
        self._window = window
        self.stall_after = stall_after
        self._last_progress = clock()
        self._done = False

    def feed(self, part: dict) -> PullState:
        now = self._clock()
        status = str(part.get("status") or self._status)
        digest = part.get("digest")
        before = self.completed
        if digest and part.get("total"):
            self._layers[digest] = (int(part.get("completed") or 0), int(part["total"]))
        self._status = status
        if status == "success":
            self._done = True
        if self.completed > before or digest is None:
            self._last_progress = now
        self._samples.append((now, self.completed))
        while len(self._samples) > 2 and now - self._samples[0][0] > self._window:
            self._samples.popleft()
        return self.state

    @property
    def completed(self) -> int:
        return sum(c for c, _ in self._layers.values())

    @property
    def total(self) -> int:
        return sum(t for _, t in self._layers.values())

    @property
    def state(self) -> PullState:
        speed = 0.0
        if len(self._samples) >= 2:
            (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
            speed = (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
        left = self.total - self.completed
        eta = left / speed if speed > 0 and self.total else None
        return PullState(self._status, self.completed, self.total, speed, eta, self._done)

    def stalled(self) -> bool:
        downloading = self.total and self.completed < self.total and not self._done
        return bool(downloading) and self._clock() - self._last_progress > self.stall_after


def human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if abs(n) < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def describe(state: PullState) -> str:
    """One line: status, percent, bytes, speed, time left."""
    if not state.total:
        return state.status
    parts = [
        state.status,
        f"{state.fraction * 100:5.1f}%",
        f"{human_bytes(state.completed)} / {human_bytes(state.total)}",
    ]
    if state.speed > 0:
        parts.append(f"{human_bytes(state.speed)}/s")
    if state.eta and not state.done:
        minutes, seconds = divmod(int(state.eta), 60)
        parts.append(f"{minutes}:{seconds:02d} left")
    return " · ".join(parts)
