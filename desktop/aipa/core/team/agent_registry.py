"""The agent registry: the shipped agents overlaid with the Principal's own, re-read
when their files change. A broken user file is a warning naming the file and field, and
the shipped agent it meant to override stays in service; a file that cannot be read at
all (permissions, encoding, TOML nested too deep, anything) is one warning naming it, and
skipped. Only regular files up to a size cap are read (a FIFO or a link to /dev/zero
cannot hang or exhaust the app). A name that only looks like another agent's ("Vеra"
with a Cyrillic е beside "Vera") is refused (``confusables``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aipa.core.team import roster
from aipa.core.team.agents import (
    SHIPPED_ORDER,
    AgentDef,
    _front_matter,
    confined_path,
    file_label,
    parse_agent_file,
)
from aipa.core.team.confusables import confusable, shown
from aipa.core.team.tool_names import KNOWN_TOOL_NAMES, mcp_names
from aipa.errors import ConfigError


def _meant(text: str, path: Path, shipped: Mapping[str, AgentDef]) -> AgentDef | None:
    """The shipped agent a broken user file most likely meant to override, if any:
    by its ``name`` field when that much parses, else by its file name."""
    guesses = [path.stem]
    try:
        data, _ = _front_matter(text, "")
        if isinstance(data.get("name"), str):
            guesses.insert(0, data["name"])
    except ConfigError:
        pass
    for guess in guesses:
        if (agent := shipped.get(guess.strip().casefold())) is not None:
            return agent
    return None


class AgentRegistry:
    """Shipped agents overlaid with the Principal's own. Re-reads files on demand."""

    def __init__(self, shipped_dir: Path, user_dir: Path) -> None:
        self.shipped_dir = Path(shipped_dir)
        self.user_dir = Path(user_dir)
        self.warnings: list[str] = []
        self._agents: dict[str, AgentDef] = {}
        self._shipped: dict[str, AgentDef] = {}
        self._signature: tuple[Any, ...] = ()
        self.reload()

    # loading ------------------------------------------------------------------------

    def reload(self) -> None:
        """Read shipped then user agents. Never raises for a bad file: see ``warnings``."""
        warnings: list[str] = []
        try:
            self.user_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            warnings.append(f"cannot create the agents folder {self.user_dir}: {exc}")
        self._signature = self._scan()
        shipped: dict[str, AgentDef] = {}
        for path in _md_files(self.shipped_dir):
            agent = _load(path, builtin=True, warnings=warnings, suffix="; skipping it")
            if agent is not None and agent.key not in shipped:
                shipped[agent.key] = agent
        agents = dict(shipped)
        seen_user: dict[str, Path] = {}
        for path in _md_files(self.user_dir):
            text = _read(path, warnings)
            if text is None:
                continue
            try:
                agent = parse_agent_file(text, path, warnings=warnings)
            except ConfigError as exc:
                fallback = _meant(text, path, shipped)
                tail = f"using the shipped {fallback.name}" if fallback else "skipping this agent"
                warnings.append(f"{exc.message}; {tail}")
                continue
            except Exception as exc:  # noqa: BLE001 - one unreadable file never stops every command
                warnings.append(f"{file_label(path)}: cannot read it ({_why(exc)}); skipping it")
                continue
            if (twin := self._look_alike(agent.name, agents.values())) is not None:
                warnings.append(
                    f"{file_label(path)}: the name '{shown(agent.name)}' looks like the agent "
                    f"'{twin.name}' but is spelled with other letters; refusing it (skipping this file)"
                )
                continue
            if agent.key in seen_user:
                warnings.append(
                    f"{file_label(path)}: agent '{agent.name}' is also defined in "
                    f"{file_label(seen_user[agent.key])}; ignoring this file"
                )
                continue
            seen_user[agent.key] = path
            agents[agent.key] = agent
        if not shipped:
            warnings.append(f"no shipped agents found in {self.shipped_dir}")
        self._shipped = shipped
        self._agents = agents
        self.warnings = warnings

    @staticmethod
    def _look_alike(name: str, agents) -> AgentDef | None:
        return next((a for a in agents if confusable(name, a.name)), None)

    def look_alike(self, name: str) -> AgentDef | None:
        """The agent whose name ``name`` only imitates (another spelling, the same look)."""
        return self._look_alike(name, self._agents.values())

    def all_warnings(self, settings: Any) -> list[str]:
        """What is wrong with the agent files and the roles ``settings`` give them."""
        from aipa.core.config.profiles import KINDS

        providers = [*settings.providers, *KINDS]
        return [
            *self.warnings,
            *self.check_roles(settings.roles),
            *self.check_references(KNOWN_TOOL_NAMES, providers, mcp_names(settings)),
        ]

    def check_references(
        self, tools: Iterable[str], providers: Iterable[str], mcp_servers: Iterable[str] = ()
    ) -> list[str]:
        """Warnings for agent files naming a tool or a provider profile that does not
        exist (the agent still loads: the tool is not offered, the provider fails when
        called). ``server.tool`` names an MCP tool: its server must be configured."""
        known_tools, known_providers, servers = set(tools), set(providers), set(mcp_servers)
        out: list[str] = []
        for agent in self.all():
            label = file_label(agent.path)
            for tool in agent.tools:
                server, dot, _ = tool.partition(".")
                if (dot and server in servers) or tool in known_tools:
                    continue
                if dot:
                    out.append(f"{label}: tool '{tool}' names MCP server '{server}', which is not configured")
                else:
                    out.append(f"{label}: unknown tool '{tool}' (it is not offered); known tools: "
                               + ", ".join(sorted(known_tools)))  # fmt: skip
            if agent.provider and agent.provider not in known_providers:
                out.append(f"{label}: unknown provider '{agent.provider}'; known: {', '.join(sorted(known_providers))}")
        return out

    def reload_if_changed(self) -> bool:
        """Reload when any agent file was added, removed or modified. True if it did."""
        if self._scan() == self._signature:
            return False
        self.reload()
        return True

    def _scan(self) -> tuple[Any, ...]:
        sig = []
        for folder in (self.shipped_dir, self.user_dir):
            for path in _md_files(folder):
                try:
                    st = path.stat()
                except OSError:
                    continue
                sig.append((str(path), st.st_mtime_ns, st.st_size))
        return tuple(sig)

    # queries ------------------------------------------------------------------------

    def get(self, name: str) -> AgentDef:
        agent = self.find(name)
        if agent is None:
            raise ConfigError(f"unknown agent '{name}'", hint=f"known agents: {', '.join(self.names())}")
        return agent

    def find(self, name: str) -> AgentDef | None:
        return self._agents.get(name.strip().casefold()) if isinstance(name, str) else None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def shipped(self, name: str) -> AgentDef | None:
        """The shipped definition of ``name`` (even when a user file overrides it)."""
        return self._shipped.get(name.strip().casefold())

    def all(self) -> list[AgentDef]:
        """Shipped order first (Miranda, Vera, ...), then user agents alphabetically."""
        order = {n.casefold(): i for i, n in enumerate(SHIPPED_ORDER)}
        shipped_rank = {k: (order.get(k, len(order)), k) for k in self._shipped}
        return sorted(
            self._agents.values(),
            key=lambda a: (0, *shipped_rank[a.key]) if a.key in shipped_rank else (1, 0, a.key),
        )

    def names(self) -> list[str]:
        return [a.name for a in self.all()]

    def leads(self, roles: Mapping[str, str]) -> list[AgentDef]:
        """Every agent that holds no role."""
        taken = {v.strip().casefold() for v in roles.values() if isinstance(v, str)}
        return [a for a in self.all() if a.key not in taken]

    def check_roles(self, roles: Mapping[str, str]) -> list[str]:
        """Warnings for roles that name unknown agents or share one agent."""
        out: list[str] = []
        holders: dict[str, str] = {}
        for role, name in roles.items():
            if not isinstance(name, str) or not name.strip():
                out.append(f"role '{role}' names no agent")
            elif name not in self:
                out.append(f"role '{role}' names unknown agent '{name}'; known agents: {', '.join(self.names())}")
            elif (key := name.strip().casefold()) in holders:
                out.append(f"roles '{holders[key]}' and '{role}' are both held by '{name}'")
            else:
                holders[key] = role
        return out

    # edits --------------------------------------------------------------------------

    def delete_user_agent(self, name: str) -> Path:
        """Remove the user file of ``name``; a shipped agent it overrode comes back.

        Raises ConfigError for unknown agents and for shipped agents without a user file.
        """
        agent = self.get(name)
        if agent.builtin:
            raise ConfigError(
                f"'{agent.name}' is a shipped agent and cannot be deleted",
                hint="only your own agents and overrides live in the agents folder",
            )
        assert agent.path is not None
        path = confined_path(self.user_dir, agent.path)
        path.unlink()
        self.reload()
        roster.sync(self.user_dir, self.all())
        return path


def _md_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.md") if not p.name.startswith(".") and p.name != roster.ROSTER_FILE)
    except OSError:
        return []


MAX_AGENT_FILE = 1_000_000  # bytes: an agent file is a prompt, not a data set


def _read(path: Path, warnings: list[str]) -> str | None:
    """The file's text, if it is a regular file (a FIFO would block every command, a
    link to /dev/zero would never end) of at most ``MAX_AGENT_FILE`` bytes."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            warnings.append(f"{file_label(path)}: not a regular file; skipping it")
            return None
        if info.st_size > MAX_AGENT_FILE:
            warnings.append(f"{file_label(path)}: larger than {MAX_AGENT_FILE // 1000} kB; skipping it")
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # replaced by a FIFO meanwhile: no wait
        with os.fdopen(fd, "rb") as f:
            data = f.read(MAX_AGENT_FILE + 1)
        if len(data) > MAX_AGENT_FILE:
            warnings.append(f"{file_label(path)}: larger than {MAX_AGENT_FILE // 1000} kB; skipping it")
            return None
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text does
    except PermissionError:
        warnings.append(f"{file_label(path)}: cannot read the file (permissions); skipping it")
    except UnicodeDecodeError as exc:
        where = f"byte 0x{exc.object[exc.start]:02x} at offset {exc.start}"
        warnings.append(f"{file_label(path)}: cannot read the file (not UTF-8 text: {where}); skipping it")
    except OSError as exc:
        warnings.append(f"{file_label(path)}: cannot read the file ({exc.strerror or exc}); skipping it")
    return None


def _why(exc: BaseException) -> str:
    text = " ".join(str(exc).split())[:160]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _load(path: Path, *, builtin: bool, warnings: list[str], suffix: str) -> AgentDef | None:
    text = _read(path, warnings)
    if text is None:
        return None
    try:
        return parse_agent_file(text, path, builtin=builtin, warnings=warnings)
    except ConfigError as exc:
        warnings.append(exc.message + suffix)
    except Exception as exc:  # noqa: BLE001 - see reload
        warnings.append(f"{file_label(path)}: cannot read it ({_why(exc)}){suffix}")
    return None
