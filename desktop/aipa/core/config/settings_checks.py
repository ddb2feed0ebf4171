"""What each setting accepts: its type (that of its default), a range for the numbers,
a few words for the choices, a well-formed URL, a list of MCP servers that can start.
The settings file, the environment and the Settings dialog are all checked here."""

from __future__ import annotations

from typing import Any

RANGES: dict[str, tuple[float, float]] = {
    "lead_timeout": (1, 86400),
    "first_token_timeout": (1, 86400),
    "stream_idle_timeout": (0.1, 86400),
    "stage_timeout": (1, 86400),
    "max_parallel_leads": (1, 64),
    "max_tool_iterations": (1, 50),
    "brief_retention": (1, 10000),
    "history_exchanges": (0, 1000),
    "num_ctx": (512, 2_000_000),
    "picture_longest_side": (256, 8192),
    "max_output_tokens": (0, 1_000_000),
    "run_budget": (0, 1_000_000),
    "route_max_tokens": (16, 1_000_000),
    "lead_max_tokens": (16, 1_000_000),
    "synthesis_max_tokens": (16, 1_000_000),
    "audit_max_tokens": (16, 1_000_000),
    "revise_rounds": (0, 5),
    "clarify_deadline_hours": (0, 8760),
    "clarify_max_rounds": (1, 10),
    "font_size": (0, 48),
    "serve_port": (1, 65535),
    "serve_max_runs": (1, 64),
    "backup_daily": (1, 365),
    "backup_weekly": (0, 520),
    "backup_operation_days": (1, 3650),
}

# Fields that take one of a few words.
CHOICES: dict[str, tuple[str, ...]] = {
    "log_level": ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"),
    "log_format": ("plain", "json", "rich"),
    "clarify_deadline_policy": ("proceed", "wait"),
    "theme": ("system", "light", "dark"),
    "language": ("system", "en", "de", "zh_CN", "he"),
    "send_key": ("enter", "ctrl+enter"),
}


def check(name: str, value: Any, default: Any) -> str | None:
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
    if name in RANGES:
        lo, hi = RANGES[name]
        if not lo <= value <= hi:
            return f"must be between {lo:g} and {hi:g}, got {value!r}"
    if name in CHOICES and value not in CHOICES[name]:
        return f"must be one of {', '.join(CHOICES[name])}, got {value!r}"
    if name == "base_url" and value.strip():
        from aipa.core.config.endpoints import url_problem

        if problem := url_problem(value):
            return problem
    if name == "roles" and not all(isinstance(v, str) and v for v in value.values()):
        return "must map role names to agent names"
    if name == "mcp_servers":
        from aipa.core.material.mcp_client import server_problem

        problems = [p for p in map(server_problem, value) if p]
        names = [e.get("name") for e in value if isinstance(e, dict)]
        if not problems and len(set(names)) != len(names):
            problems.append("server names must be unique")
        if problems:
            return problems[0]
    return None
