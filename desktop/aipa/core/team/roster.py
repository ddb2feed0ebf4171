"""The team roster: a living markdown file in the user's agents folder, one row per agent
(name, role, provider, model, tools, when recruited and last changed) and a short log of
changes. The recruiter's tools and the agent editor keep it current; the Principal reads
it there, with ``aipa agents --roster`` or through the recruiter's ``read_roster`` tool.

Its name starts with ``_``, which no agent file name can (an agent name starts with a
letter or a digit), and the registry skips it: it is never taken for an agent.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

log = logging.getLogger("aipa.roster")

ROSTER_FILE = "_roster.md"
MAX_CHANGES = 50
HEADER = ("Agent", "Role", "Provider", "Model", "Tools", "Recruited", "Changed")
NONE = "—"
_INTRO = (
    "The agency's team, kept by the recruiter's tools and the agent editor: one row per agent. "
    "Edits to this file are overwritten; change agents through the recruiter or the editor."
)
_CELL_SPLIT = re.compile(r"(?<!\\)\|")

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Entry:
    """One row of the roster."""

    name: str
    role: str = ""
    provider: str = ""
    model: str = ""
    tools: tuple[str, ...] = ()
    recruited: str = ""
    changed: str = ""

    @property
    def key(self) -> str:
        return self.name.casefold()

    def same_job(self, other: Entry) -> bool:
        """Same role, provider, model and tools (the dates aside)."""
        return (self.role, self.provider, self.model, self.tools) == (
            other.role,
            other.provider,
            other.model,
            other.tools,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "provider": self.provider or "(default)",
            "model": self.model or "(provider default)",
            "tools": list(self.tools),
            "recruited": self.recruited,
            "changed": self.changed,
        }


@dataclass(frozen=True)
class Roster:
    entries: tuple[Entry, ...] = ()
    changes: tuple[str, ...] = ()  # "2026-11-30 19:40 Nova recruited", oldest first


def roster_path(user_dir: Path) -> Path:
    return Path(user_dir) / ROSTER_FILE


def entry_of(agent: Any) -> Entry:
    """The row for an agent (anything with name, title, provider, model and tools)."""
    return Entry(agent.name, agent.title, agent.provider, agent.model, tuple(agent.tools))


# --- reading and writing ---------------------------------------------------------------------


def _unescape(cell: str) -> str:
    return cell.strip().replace("\\|", "|")


def _escape(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def parse(text: str) -> Roster:
    """The roster written by ``render`` (rows that do not parse are skipped)."""
    entries: list[Entry] = []
    changes: list[str] = []
    in_changes = False
    for line in text.splitlines():
        if line.startswith("## "):
            in_changes = line.strip() == "## Changes"
            continue
        if in_changes and line.startswith("- "):
            changes.append(line[2:].strip())
            continue
        if not line.startswith("|"):
            continue
        cells = [_unescape(c) for c in _CELL_SPLIT.split(line.strip().strip("|"))]
        if len(cells) != len(HEADER) or tuple(cells) == HEADER or set(cells[0]) <= set("-: "):
            continue
        name, role, provider, model, tools, recruited, changed = cells
        entries.append(
            Entry(
                name=name,
                role="" if role == NONE else role,
                provider="" if provider == "(default)" else provider,
                model="" if model == "(provider default)" else model,
                tools=() if tools == NONE else tuple(t.strip() for t in tools.split(",") if t.strip()),
                recruited=recruited,
                changed=changed,
            )
        )
    return Roster(tuple(entries), tuple(changes))


def render(roster: Roster) -> str:
    lines = ["# Team roster", "", _INTRO, "", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for e in roster.entries:
        cells = (
            e.name,
            e.role or NONE,
            e.provider or "(default)",
            e.model or "(provider default)",
            ", ".join(e.tools) or NONE,
            e.recruited,
            e.changed,
        )
        lines.append("| " + " | ".join(_escape(c) for c in cells) + " |")
    lines += ["", "## Changes", ""]
    lines += [f"- {c}" for c in roster.changes] or ["- (none yet)"]
    return "\n".join(lines) + "\n"


def read(user_dir: Path) -> Roster:
    """The roster as written (empty when there is none or it cannot be read)."""
    try:
        return parse(roster_path(user_dir).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return Roster()


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- keeping it current -------------------------------------------------------------------


def _stamp(now: Clock | None) -> str:
    return (now or (lambda: datetime.now().astimezone()))().strftime("%Y-%m-%d %H:%M")


def _changed_fields(old: Entry, new: Entry) -> str:
    names = [n for n in ("role", "provider", "model", "tools") if getattr(old, n) != getattr(new, n)]
    return ", ".join(names)


def update(
    user_dir: Path,
    *,
    upsert: Iterable[Any] = (),
    remove: Iterable[str] = (),
    only: bool = False,
    now: Clock | None = None,
) -> Roster:
    """Put these agents' rows in the roster (a new one is "recruited", a changed one gets
    today's "changed" date), drop the ``remove`` names, and with ``only`` drop every agent
    not in ``upsert`` (the whole team was given). Writes the file when something changed;
    a failed write is logged, never raised (an agent save must not fail on its roster)."""
    old = read(user_dir)
    when = _stamp(now)
    rows = {e.key: e for e in old.entries}
    order = [e.key for e in old.entries]
    changes = list(old.changes)
    given: set[str] = set()
    for agent in upsert:
        new = entry_of(agent)
        given.add(new.key)
        before = rows.get(new.key)
        if before is None:
            rows[new.key] = replace(new, recruited=when, changed=when)
            order.append(new.key)
            changes.append(f"{when} {new.name} recruited" + (f" as {new.role}" if new.role else ""))
        elif not before.same_job(new) or before.name != new.name:
            rows[new.key] = replace(new, recruited=before.recruited, changed=when)
            what = _changed_fields(before, new)
            changes.append(f"{when} {new.name} changed" + (f" ({what})" if what else ""))
    gone = {n.casefold() for n in remove}
    if only:
        gone |= {k for k in rows if k not in given}
    for key in [k for k in order if k in gone and k in rows]:
        changes.append(f"{when} {rows.pop(key).name} removed")
    roster = Roster(tuple(rows[k] for k in order if k in rows), tuple(changes[-MAX_CHANGES:]))
    if roster != old or not roster_path(user_dir).exists():
        try:
            _write(roster_path(user_dir), render(roster))
        except OSError as exc:
            log.warning("could not update the roster %s: %s", roster_path(user_dir), exc)
    return roster


def sync(user_dir: Path, agents: Iterable[Any], *, now: Clock | None = None) -> Roster:
    """The roster of exactly these agents (the registry's whole team)."""
    return update(user_dir, upsert=list(agents), only=True, now=now)
