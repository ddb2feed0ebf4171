"""Settings from the environment: one ``AIPA_*`` variable per field (and a few aliases),
validated like the file, and a warning for each ``AIPA_*`` name that is no setting."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from aipa.core.config.settings import DEFAULT_ROLES, Settings
from aipa.core.config.settings_checks import CHOICES, check

ENV_PREFIX = "AIPA_"
# Other names a setting answers to in the environment (the architecture reference's).
ENV_ALIASES: dict[str, str] = {"AIPA_SESSION_LOG_RETENTION": "brief_retention"}
# The variables that are not settings: where the data lives, switches for the bench and
# the test suite (README, "Tests").
OTHER_ENV_NAMES = frozenset(
    {"AIPA_HOME", "AIPA_BASE_URL", "AIPA_GGUF_CATALOGUE", "AIPA_EXIT_AFTER_PAINT", "AIPA_SAVE_SCREENSHOT",
     "AIPA_KEYRING_BACKENDS", "AIPA_SERVE_TOKEN",
     # the test suite's own (an aipa it starts inherits them): not settings, never warned about
     "AIPA_TEST_CACHE", "AIPA_TEST_MODEL", "AIPA_A11Y_DUMP", "AIPA_MCP_TRANSCRIPT", "AIPA_SERVE_TRANSCRIPT"}
)  # fmt: skip
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def env_name(field_name: str) -> str:
    """The environment variable that overrides a setting: ``lead_timeout`` -> ``AIPA_LEAD_TIMEOUT``."""
    return ENV_PREFIX + field_name.upper()


def env_names() -> dict[str, str]:
    """Every variable that overrides a setting, with the field it sets."""
    names = {env_name(f.name): f.name for f in fields(Settings)}
    return {**names, **ENV_ALIASES}


def _from_text(name: str, text: str, default: Any) -> Any:
    """An environment string as the field's type; ValueError says what it must be."""
    text = text.strip()
    if isinstance(default, bool):
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError("must be true or false")
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise ValueError("must be a number") from None
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError("must be a whole number") from None
    if isinstance(default, dict):
        try:
            value = json.loads(text)
        except ValueError:
            raise ValueError("must be a JSON object") from None
        if not isinstance(value, dict):
            raise ValueError("must be a JSON object")
        return value
    if isinstance(default, list):
        try:
            value = json.loads(text)
        except ValueError:
            raise ValueError("must be a JSON array") from None
        if not isinstance(value, list):
            raise ValueError("must be a JSON array")
        return value
    if name == "log_level":
        return text.upper()
    if name in CHOICES:
        return text.lower()
    return text


def _shown(raw: str) -> str:
    """An environment value as a warning echoes it: short, and never obeyed by a terminal."""
    from aipa.core.text.terminal import terminal_safe

    return terminal_safe(raw if len(raw) <= 80 else raw[:79] + "…")


def env_overlay(environ: Mapping[str, str]) -> tuple[dict[str, Any], list[str]]:
    """Settings from ``AIPA_*`` variables (one per field, see ``env_names``), validated
    like the file: a bad value is skipped with a warning naming the variable, e.g.
    ``AIPA_LEAD_TIMEOUT=abc ignored: must be a number``. An empty variable is unset."""
    defaults = Settings()
    values: dict[str, Any] = {}
    warnings: list[str] = []
    for var, name in env_names().items():
        raw = environ.get(var)
        if raw is None or not raw.strip():
            continue
        default = getattr(defaults, name)
        try:
            value = _from_text(name, raw, default)
        except ValueError as exc:
            warnings.append(f"{var}={_shown(raw)} ignored: {exc}")
            continue
        problem = check(name, value, default)
        if problem:
            warnings.append(f"{var}={_shown(raw)} ignored: {problem}")
            continue
        values[name] = {**DEFAULT_ROLES, **value} if name == "roles" else value
    return values, warnings + unknown_env(environ)


def unknown_env(environ: Mapping[str, str]) -> list[str]:
    """A warning per ``AIPA_*`` variable AIPA does not know (a typo would otherwise be
    ignored without a word), with the closest known name. The value is not repeated."""
    import difflib

    known = sorted(set(env_names()) | OTHER_ENV_NAMES)
    out = []
    for var in sorted(v for v in environ if v.upper().startswith(ENV_PREFIX)):
        if var in known:
            continue
        close = difflib.get_close_matches(var.upper(), known, n=1, cutoff=0.8)
        guess = f" (did you mean {close[0]}?)" if close else ""
        out.append(f"the environment variable {var[:60]} is not one AIPA knows; ignored{guess}")
    return out
