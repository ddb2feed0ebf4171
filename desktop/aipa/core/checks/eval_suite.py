"""The ``aipa eval`` suite: directives with verifiable requirements, read from a TOML file
(the shipped one is resources/eval/suite.toml; its documents lie beside it in docs/).

Each ``[[directive]]`` has ``id``, ``text``, optionally ``attach`` (files relative to the
suite file) and ``expect`` (the kinds of the measured checks the finder must find: the
suite's own test holds the finder to them). A file that cannot be read or says something
wrong is a ``UsageError`` naming the file and the entry, so ``aipa eval`` exits 2 with it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from aipa import errors
from aipa.core.checks.model import CheckKind

_MEASURED = {str(k) for k in CheckKind if k not in (CheckKind.JUDGED, CheckKind.CITED_NUMBERS)}
FORMAT_HINT = (
    'each [[directive]] needs id = "…" and text = "…"; optional attach = ["docs/file.md"] and '
    'expect = ["words", …] (see resources/eval/suite.toml)'
)


@dataclass(frozen=True)
class Entry:
    """One directive of the suite. ``attach``: absolute paths; ``expect``: check kinds."""

    id: str
    text: str
    attach: tuple[Path, ...] = ()
    expect: tuple[str, ...] = ()


@dataclass(frozen=True)
class Suite:
    path: Path
    entries: tuple[Entry, ...]

    def limited(self, limit: int | None) -> Suite:
        """The first ``limit`` entries (all for None or 0)."""
        return Suite(self.path, self.entries[:limit] if limit else self.entries)


def shipped() -> Path:
    """The suite AIPA ships (resources/eval/suite.toml)."""
    from aipa.core.config.paths import shipped_dir

    return shipped_dir("resources") / "eval" / "suite.toml"


def load(path: Path | str | None = None) -> Suite:
    """The suite at ``path`` (the shipped one when None). Raises UsageError."""
    where = Path(path) if path else shipped()
    try:
        data = tomllib.loads(where.read_text(encoding="utf-8"))
    except FileNotFoundError:
        hint = "give an existing file with --suite, or leave it out for the shipped suite"
        raise errors.UsageError(f"no suite file {where}", hint) from None
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        raise errors.UsageError(f"cannot read the suite {where}: {why}", "check the path and its permissions") from None
    except tomllib.TOMLDecodeError as exc:
        raise errors.UsageError(f"the suite {where} is not valid TOML: {exc}", FORMAT_HINT) from None
    raw = data.get("directive")
    if not isinstance(raw, list) or not raw:
        raise errors.UsageError(f"the suite {where} has no [[directive]] entries", FORMAT_HINT)
    entries: list[Entry] = []
    for n, item in enumerate(raw, 1):
        entries.append(_entry(where, n, item, {e.id for e in entries}))
    return Suite(where, tuple(entries))


def _entry(where: Path, n: int, item: object, seen: set[str]) -> Entry:
    def bad(what: str) -> errors.UsageError:
        return errors.UsageError(f"the suite {where}, directive {n}: {what}", FORMAT_HINT)

    if not isinstance(item, dict):
        raise bad("is not a table")
    ident, text = item.get("id"), item.get("text")
    if not isinstance(ident, str) or not ident.strip():
        raise bad("has no id")
    if ident in seen:
        raise bad(f"the id {ident!r} is used twice")
    if not isinstance(text, str) or not text.strip():
        raise bad(f"({ident}) has no text")
    attach, expect = item.get("attach", []), item.get("expect", [])
    if not isinstance(attach, list) or not all(isinstance(a, str) for a in attach):
        raise bad(f"({ident}) attach is not a list of file names")
    if not isinstance(expect, list) or not all(isinstance(k, str) for k in expect):
        raise bad(f"({ident}) expect is not a list of check kinds")
    unknown = [k for k in expect if k not in _MEASURED]
    if unknown:
        known = ", ".join(sorted(_MEASURED))
        raise bad(f"({ident}) expects unknown check kinds: {', '.join(unknown)} (known: {known})")
    files = tuple((where.parent / a).resolve() for a in attach)
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise bad(f"({ident}) attaches a file that does not exist: {', '.join(missing)}")
    return Entry(ident.strip(), text.strip(), files, tuple(expect))
