"""User settings: a JSON file in the data dir. Never holds secrets.

A broken file never stops the app: it is set aside, defaults are used, and a warning
names the file and the field.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_ROLES = {"orchestrator": "Miranda", "auditor": "Vera", "recruiter": "Evelyn"}


@dataclass(frozen=True)
class Settings:
    provider: str = "ollama"
    model: str = ""
    base_url: str = ""
    roles: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ROLES))
    auto_audit: bool = True
    plan_review: bool = False
    lead_timeout: float = 600.0
    # Seconds a model call may wait for its first token before the server's health
    # check decides: busy (keep waiting, "queued") or mute (provider error, resumable).
    first_token_timeout: float = 120.0
    max_parallel_leads: int = 4
    max_tool_iterations: int = 6
    brief_retention: int = 20
    history_exchanges: int = 6
    num_ctx: int = 16384
    # Cap on every call's output tokens (0 = each agent's own max_tokens). Useful with
    # small or slow local models.
    max_output_tokens: int = 0
    theme: str = "system"
    # Per-provider options, e.g. {"openai-compatible": {"base_url": "..."}}.
    providers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)


_RANGES: dict[str, tuple[float, float]] = {
    "lead_timeout": (1, 86400),
    "first_token_timeout": (1, 86400),
    "max_parallel_leads": (1, 64),
    "max_tool_iterations": (1, 50),
    "brief_retention": (1, 10000),
    "history_exchanges": (0, 1000),
    "num_ctx": (512, 2_000_000),
    "max_output_tokens": (0, 1_000_000),
}


def _check(name: str, value: Any, default: Any) -> str | None:
    """Why ``value`` is not acceptable for field ``name`` (None when it is)."""
    expected = type(default)
    if expected is bool:
        ok = isinstance(value, bool)
    elif expected is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif expected is dict:
        ok = isinstance(value, dict) and all(isinstance(k, str) for k in value)
    else:
        ok = isinstance(value, expected)
    if not ok:
        return f"must be {expected.__name__}, got {value!r}"
    if name in _RANGES:
        lo, hi = _RANGES[name]
        if not lo <= value <= hi:
            return f"must be between {lo:g} and {hi:g}, got {value!r}"
    if name == "roles" and not all(isinstance(v, str) and v for v in value.values()):
        return "must map role names to agent names"
    return None


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """Read settings; return them with warnings. Never raises for bad content."""
    defaults = Settings()
    if not path.exists():
        return defaults, []
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("the top level must be a JSON object")
    except (ValueError, OSError) as exc:
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, aside)
            moved = f"; the broken file was kept as {aside.name}"
        except OSError:
            moved = ""
        return defaults, [f"{path}: cannot be read ({exc}); using default settings{moved}"]

    warnings: list[str] = []
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Settings)}
    for key, value in raw.items():
        if key not in known:
            warnings.append(f"{path}: unknown field '{key}' ignored")
            continue
        problem = _check(key, value, getattr(defaults, key))
        if problem:
            warnings.append(f"{path}: field '{key}' {problem}; using the default")
            continue
        values[key] = float(value) if isinstance(getattr(defaults, key), float) else value
    if "roles" in values:
        values["roles"] = {**DEFAULT_ROLES, **values["roles"]}
    return replace(defaults, **values), warnings


def save_settings(path: Path, settings: Settings) -> None:
    """Write settings atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(asdict(settings), indent=2, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)
