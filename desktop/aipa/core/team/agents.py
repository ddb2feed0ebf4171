"""Agents are data: one markdown file per agent, TOML front matter + system prompt.

A file looks like::

    +++
    name = "Atlas"
    title = "Research"
    ...
    +++

    You are Atlas, ...

Shipped agents live read-only inside the package (``aipa/prompts``); the Principal's
own agents and overrides live in a user folder. A user file overrides the shipped
agent of the same name (case-insensitive). A bad file never breaks loading: it turns
into a warning naming the file and the field, and the shipped definition stays.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from aipa.core.config.paths import shipped_dir
from aipa.core.team import roster
from aipa.errors import ConfigError

#: The shipped agents, in roster order.
SHIPPED_ORDER: tuple[str, ...] = ("Miranda", "Vera", "Evelyn", "Atlas", "Cole", "Clio", "Iris")
#: Role -> agent name when the settings say nothing.
DEFAULT_ROLES: dict[str, str] = {
    "orchestrator": "Miranda",
    "auditor": "Vera",
    "recruiter": "Evelyn",
}

FIELDS: tuple[str, ...] = (
    "name",
    "title",
    "description",
    "color",
    "provider",
    "model",
    "temperature",
    "max_tokens",
    "stateful",
    "thinking",
    "tools",
)
DEFAULTS: dict[str, Any] = {
    "title": "",
    "description": "",
    "color": "#8a94a6",
    "provider": "",
    "model": "",
    "temperature": 0.7,
    "max_tokens": 4096,
    "stateful": False,
    "thinking": "",
    "tools": (),
}
THINKING = ("", "on", "off")  # "": the model's own default
MAX_TOKENS_LIMIT = 1_000_000
FENCE = "+++"

_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
# Letters/digits first, then letters, digits, space, underscore, dot, apostrophe, dash.
_NAME = re.compile(r"^[^\W_][\w .'\-]{0,47}$")


@dataclass(frozen=True)
class AgentDef:
    name: str
    title: str = ""
    color: str = DEFAULTS["color"]
    provider: str = ""
    model: str = ""
    temperature: float = DEFAULTS["temperature"]
    max_tokens: int = DEFAULTS["max_tokens"]
    stateful: bool = False
    thinking: str = ""  # "on" / "off" asks the provider; "" leaves it to the model
    tools: tuple[str, ...] = ()
    description: str = ""
    prompt: str = ""
    path: Path | None = None
    builtin: bool = False

    @property
    def key(self) -> str:
        return self.name.casefold()

    @property
    def think(self) -> bool | None:
        """What to ask the provider: think (True), don't (False), or its default (None)."""
        return {"on": True, "off": False}.get(self.thinking)

    def config(self) -> dict[str, Any]:
        """The front-matter fields as plain JSON-able values."""
        return {f: list(self.tools) if f == "tools" else getattr(self, f) for f in FIELDS}


# --- validation ----------------------------------------------------------------------


def file_label(path: Path | None) -> str:
    """Short name for messages: ``agents/atlas.md``."""
    if path is None:
        return "<agent>"
    return f"{path.parent.name}/{path.name}" if path.parent.name else path.name


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_name(name: Any) -> str:
    """A usable agent name (also used as a file name), or ValueError saying why."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"must be a non-empty string, got {_show(name)}")
    name = name.strip()
    if ".." in name or not _NAME.match(name):
        raise ValueError(
            "must start with a letter or digit and use only letters, digits, spaces, "
            f"'_', '.', \"'\" or '-' (at most 48 characters), got {_show(name)}"
        )
    return name


def _check(field: str, value: Any) -> Any:
    """Validate and normalise one field; ValueError explains what is wrong."""
    if field == "name":
        return check_name(value)
    if field in ("title", "provider", "model", "description"):
        if not isinstance(value, str):
            raise ValueError(f"must be a string, got {_show(value)}")
        return " ".join(value.split()) if field == "description" else value.strip()
    if field == "color":
        if not isinstance(value, str) or not _COLOR.match(value):
            raise ValueError(f'must be a colour like "#4a8fd9", got {_show(value)}')
        return value.lower()
    if field == "temperature":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not ok or math.isnan(value) or not 0 <= value <= 2:
            raise ValueError(f"must be a number between 0 and 2, got {_show(value)}")
        return float(value)
    if field == "max_tokens":
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or not 0 < value <= MAX_TOKENS_LIMIT:
            raise ValueError(f"must be a whole number between 1 and {MAX_TOKENS_LIMIT}, got {_show(value)}")
        return value
    if field == "stateful":
        if not isinstance(value, bool):
            raise ValueError(f"must be true or false, got {_show(value)}")
        return value
    if field == "thinking":
        if isinstance(value, bool):
            return "on" if value else "off"
        if not isinstance(value, str) or value.strip().lower() not in THINKING:
            raise ValueError(f'must be "on", "off" or "" (the model\'s default), got {_show(value)}')
        return value.strip().lower()
    if field == "tools":
        if not isinstance(value, (list, tuple)) or not all(isinstance(t, str) and t.strip() for t in value):
            raise ValueError(f"must be a list of tool names, got {_show(value)}")
        return tuple(dict.fromkeys(t.strip() for t in value))
    raise ValueError("is not a known field")


def make_agent(
    data: Mapping[str, Any],
    *,
    prompt: str = "",
    path: Path | None = None,
    builtin: bool = False,
    warnings: list[str] | None = None,
    label: str | None = None,
) -> AgentDef:
    """Build a validated AgentDef from front-matter fields.

    Raises ConfigError naming the file (or ``label``) and the first bad field. Unknown
    fields are ignored with a note in ``warnings`` (when given).
    """
    label = label or file_label(path)
    if "name" not in data:
        raise ConfigError(f"{label}: field 'name' is required", hint='add name = "..."')
    values: dict[str, Any] = {}
    for field in FIELDS:
        if field not in data:
            values[field] = DEFAULTS[field]
            continue
        try:
            values[field] = _check(field, data[field])
        except ValueError as exc:
            raise ConfigError(f"{label}: field '{field}' {exc}") from None
    for extra in sorted(set(data) - set(FIELDS)):
        if warnings is not None:
            warnings.append(f"{label}: unknown field '{extra}' ignored")
    return AgentDef(**values, prompt=prompt.strip(), path=path, builtin=builtin)


# --- the file format -----------------------------------------------------------------


def _split(text: str, label: str) -> tuple[str, str]:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    if not lines or lines[0].strip() != FENCE:
        raise ConfigError(f"{label}: the file must start with a '{FENCE}' line (TOML front matter)")
    for i in range(1, len(lines)):
        if lines[i].strip() == FENCE:
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1 :])
    raise ConfigError(f"{label}: the front matter has no closing '{FENCE}' line")


def _front_matter(text: str, label: str) -> tuple[dict[str, Any], str]:
    head, body = _split(text, label)
    try:
        return tomllib.loads(head), body
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{label}: front matter is not valid TOML: {exc}") from None
    except RecursionError:  # tomllib recurses once per level: 5,000 nested arrays end the stack
        raise ConfigError(f"{label}: front matter is nested too deeply to read") from None


def parse_agent_file(
    text: str,
    path: Path | None,
    *,
    builtin: bool = False,
    warnings: list[str] | None = None,
) -> AgentDef:
    """Parse one agent file. Raises ConfigError naming the file (and the field)."""
    data, body = _front_matter(text, file_label(path))
    return make_agent(data, prompt=body, path=path, builtin=builtin, warnings=warnings)


def render_agent_file(agent: AgentDef) -> str:
    """The file text for an agent; ``parse_agent_file`` reads it back unchanged."""
    head = tomli_w.dumps(agent.config()).rstrip("\n")
    body = agent.prompt.strip()
    return f"{FENCE}\n{head}\n{FENCE}\n\n{body}\n" if body else f"{FENCE}\n{head}\n{FENCE}\n"


# --- files in the user folder ------------------------------------------------------------


def agent_file_name(name: str) -> str:
    """``"Dr Who"`` -> ``"dr-who.md"``."""
    return "-".join(check_name(name).casefold().split()) + ".md"


def confined_path(user_dir: Path, path: Path) -> Path:
    """``path`` if it is a regular (non-symlink) entry directly inside ``user_dir``.

    Raises ConfigError otherwise.
    """
    root = Path(user_dir).resolve()
    if path.is_symlink():
        raise ConfigError(f"{file_label(path)} is a symbolic link; refusing to write through it")
    if path.resolve().parent != root or path.name in ("", ".", ".."):
        raise ConfigError(f"{path} is outside the agents folder {root}; refusing to write")
    if path.exists() and not path.is_file():
        raise ConfigError(f"{file_label(path)} is not a regular file; refusing to write")
    return path


def user_agent_path(user_dir: Path, name: str) -> Path:
    """The default user file for an agent name, confined to ``user_dir``.

    Refuses empty names, ``..``, path separators, absolute paths, symlinks and anything
    that resolves outside ``user_dir`` (ConfigError).
    """
    if not isinstance(name, str) or not name.strip():
        raise ConfigError("an agent name must not be empty")
    if os.path.isabs(name) or "/" in name or "\\" in name or ".." in name or "\0" in name:
        raise ConfigError(f"agent name {name!r} must be a plain name, not a path ('/', '\\', '..')")
    try:
        file_name = agent_file_name(name)
    except ValueError as exc:
        raise ConfigError(f"agent name {exc}") from None
    return confined_path(user_dir, Path(user_dir) / file_name)


def atomic_write(path: Path, text: str) -> None:
    """Write via a temp file in the same folder and ``os.replace``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def target_path(user_dir: Path, agent: AgentDef) -> Path:
    """Where a user edit of ``agent`` goes: its own user file if it has one inside
    ``user_dir``, else the default file for its name. Always confined."""
    if agent.path is not None and not agent.builtin and agent.path.parent.resolve() == Path(user_dir).resolve():
        return confined_path(user_dir, agent.path)
    return user_agent_path(user_dir, agent.name)


def save_agent(user_dir: Path, agent: AgentDef) -> Path:
    """Write ``agent`` into ``user_dir`` atomically; returns the file written."""
    Path(user_dir).mkdir(parents=True, exist_ok=True)
    path = target_path(user_dir, agent)
    atomic_write(path, render_agent_file(agent))
    roster.update(user_dir, upsert=[agent])
    return path


# --- where the shipped agents are --------------------------------------------------------


def shipped_prompts_dir() -> Path:
    """The folder of shipped agent files, installed, editable or frozen (PyInstaller)."""
    return shipped_dir("prompts")


__all__ = [
    "DEFAULT_ROLES",
    "SHIPPED_ORDER",
    "AgentDef",
    "agent_file_name",
    "atomic_write",
    "confined_path",
    "make_agent",
    "parse_agent_file",
    "render_agent_file",
    "save_agent",
    "shipped_prompts_dir",
    "target_path",
    "user_agent_path",
]
